import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { CLINICIAN } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

// `/shared`: the patients colleagues shared with the signed-in user.

describe('shared with me', () => {
  it('lists each shared patient with who shared it, linking to its newest test', async () => {
    signInAs(CLINICIAN);
    const reply = heldReply({
      items: [
        {
          owner: { id: 'u-a', username: 'dr-a' },
          patientId: 'PAT-9',
          sharedAt: '2026-03-21T10:00:00.000Z',
          administrations: 2,
          latestAssessmentId: 12,
        },
      ],
    });
    onApi('listSharedWithMe', reply.respond);
    renderRoute('/shared');
    expect(await screen.findByLabelText('Loading the patients shared with you')).toBeInTheDocument();
    reply.release();
    const table = await screen.findByRole('table', { name: 'Patients shared with you' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'PAT-9' })).toHaveAttribute('href', '/details/12');
    expect(within(row).getByText('dr-a')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('says when nothing is shared, and shows a failure', async () => {
    signInAs(CLINICIAN);
    onApi('listSharedWithMe', { items: [] });
    renderRoute('/shared');
    expect(await screen.findByText('No patient has been shared with you.')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    signInAs(CLINICIAN);
    onApiError('listSharedWithMe', 503, 'SERVICE_UNAVAILABLE', 'Please try again shortly.');
    renderRoute('/shared');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again shortly.');
  });
});
