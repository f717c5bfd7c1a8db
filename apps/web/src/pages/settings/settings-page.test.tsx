import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { CLINICIAN } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

// The clinician's own settings: the completion notice by e-mail, on by default, and the language of the messages to
// them (English by default).

describe('Settings', () => {
  it('shows the completion notice on, turns it off, and says so', async () => {
    signInAs(CLINICIAN);
    const reply = heldReply({ completionNotices: true, messageLanguage: 'en' as const, mailConfigured: true });
    onApi('getMySettings', reply.respond);
    const saved = onApi('updateMySettings', () => ({
      completionNotices: false,
      messageLanguage: 'en',
      mailConfigured: true,
    }));
    const { user } = renderRoute('/settings');
    expect(await screen.findByLabelText('Loading your settings')).toBeInTheDocument();
    reply.release();
    const toggle = await screen.findByRole('switch', { name: /E-mail me when a patient completes a test/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(saved[0]?.body).toEqual({ completionNotices: false }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('saves the language of the e-mails to the clinician', async () => {
    signInAs(CLINICIAN);
    onApi('getMySettings', { completionNotices: true, messageLanguage: 'en', mailConfigured: true });
    const saved = onApi('updateMySettings', () => ({
      completionNotices: true,
      messageLanguage: 'de',
      mailConfigured: true,
    }));
    const { user } = renderRoute('/settings');
    const select = await screen.findByRole('textbox', { name: 'Language of e-mails to you' });
    expect(select).toHaveValue('English');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    await waitFor(() => expect(saved[0]?.body).toEqual({ messageLanguage: 'de' }));
    await waitFor(() => expect(select).toHaveValue('Deutsch'));
  });

  it('says when e-mail is not set up on the server', async () => {
    signInAs(CLINICIAN);
    onApi('getMySettings', { completionNotices: true, messageLanguage: 'en', mailConfigured: false });
    renderRoute('/settings');
    expect(await screen.findByText(/E-mail is not set up on this server/)).toBeVisible();
  });

  it("shows the server's message when the settings cannot be loaded", async () => {
    signInAs(CLINICIAN);
    onApiError('getMySettings', 503, 'SERVICE_UNAVAILABLE', 'The service is starting. Please try again shortly.');
    renderRoute('/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is starting');
  });
});
