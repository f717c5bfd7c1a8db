import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, onApi, onApiError } from '../../test/api-mock';
import { CLINICIAN, anAssessmentDetails } from '../../test/fixtures';
import { aDelivery, someTestMessages } from '../../test/message-fixtures';
import { aPatientTimeline } from '../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// "E-mail to the patient" on the details page: sending the link (refused at entry when the address is not one),
// sending again, the reminders switch, and each message's delivery state with the mail server's reason.

beforeEach(() => {
  signInAs(CLINICIAN);
  onApi('getAssessment', anAssessmentDetails({ id: 7 }));
  onApi('getPatientTimeline', aPatientTimeline());
});

describe('E-mail to the patient', () => {
  it('refuses an address that is not one before asking the server, then sends the link', async () => {
    onApi('getTestMessages', someTestMessages());
    const sent = onApi('sendInvitation', () =>
      someTestMessages({
        contact: {
          emailMasked: 'j•••@example.org',
          phoneMasked: null,
          emailErased: false,
          remindersEnabled: true,
          optedOut: false,
        },
        messages: [aDelivery({ state: 'queued', lastResponse: null, sentAt: null })],
      }),
    );
    const { user } = renderRoute('/details/7');
    const field = await screen.findByLabelText("Patient's e-mail address");
    await user.type(field, 'jane.doe@');
    await user.click(screen.getByRole('button', { name: 'Send link by e-mail' }));
    expect(await screen.findByText('This is not an e-mail address: write it as name@example.org.')).toBeVisible();
    expect(sent).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' jane.doe@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send link by e-mail' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: 'jane.doe@example.org' });
    expect(await screen.findByText('Messages go to j•••@example.org.')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Messages' })).toHaveTextContent(/Invitation\s*j•••@example.org\s*Queued/);
  });

  it('shows each delivery state, the bounce reason, and sends again to the stored address', async () => {
    onApi(
      'getTestMessages',
      someTestMessages({
        contact: {
          emailMasked: 'j•••@example.org',
          phoneMasked: null,
          emailErased: false,
          remindersEnabled: true,
          optedOut: false,
        },
        messages: [
          aDelivery({
            id: 1,
            state: 'bounced',
            lastResponse: '550 No such user here: o•••@example.org',
            to: 'o•••@example.org',
          }),
          aDelivery({ id: 2, state: 'failed', attempts: 3, lastResponse: 'ECONNECTION: connect ECONNREFUSED' }),
          aDelivery({ id: 3, kind: 'reminder', state: 'sent' }),
          aDelivery({ id: 4, kind: 'completion', recipient: 'clinician', to: null }),
        ],
      }),
    );
    const again = onApi('sendInvitation', () => someTestMessages());
    const { user } = renderRoute('/details/7');
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(table).toHaveTextContent('Bounced');
    expect(table).toHaveTextContent('550 No such user here');
    expect(table).toHaveTextContent('Failed');
    expect(table).toHaveTextContent('(3 attempts)');
    expect(table).toHaveTextContent('Reminder');
    // Each row says where it went: the bounced address is not the one the reminder reached.
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell')[1]?.textContent ?? null)).toEqual([
      null,
      'o•••@example.org',
      'j•••@example.org',
      'j•••@example.org',
      'The clinician',
    ]);
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(again).toHaveLength(1));
    expect(again[0]?.body).toEqual({});
  });

  it('also sends a text message where they are set up, refusing a number not in international form', async () => {
    onApi('getTestMessages', someTestMessages({ smsConfigured: true }));
    const sent = onApi('sendInvitation', () => someTestMessages({ smsConfigured: true }));
    const { user } = renderRoute('/details/7');
    await user.type(await screen.findByLabelText("Patient's e-mail address"), 'jane@example.org');
    const phone = screen.getByLabelText('Mobile number for text messages (optional)');
    await user.type(phone, '0151 1234');
    await user.click(screen.getByRole('button', { name: 'Send link by e-mail' }));
    expect(await screen.findByText(/international form/)).toBeVisible();
    expect(sent).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '+49 151 12345678');
    await user.click(screen.getByRole('button', { name: 'Send link by e-mail' }));
    await waitFor(() => expect(sent[0]?.body).toEqual({ email: 'jane@example.org', phone: '+4915112345678' }));
  });

  it('turns the reminders off', async () => {
    const contact = {
      emailMasked: 'j•••@example.org',
      phoneMasked: null,
      emailErased: false,
      remindersEnabled: true,
      optedOut: false,
    };
    onApi('getTestMessages', someTestMessages({ contact }));
    const switched = onApi('setReminders', () =>
      someTestMessages({ contact: { ...contact, remindersEnabled: false } }),
    );
    const { user } = renderRoute('/details/7');
    const toggle = await screen.findByRole('switch', { name: /Send reminders/ });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(switched[0]?.body).toEqual({ enabled: false }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it("shows the reminders off, and not switchable, after the patient's opt-out", async () => {
    const contact = {
      emailMasked: 'j•••@example.org',
      phoneMasked: null,
      emailErased: false,
      remindersEnabled: true,
      optedOut: true,
    };
    onApi('getTestMessages', someTestMessages({ contact }));
    renderRoute('/details/7');
    const toggle = await screen.findByRole('switch', { name: /Send reminders/ });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Off: the patient stopped the reminders from the link in a message.')).toBeVisible();
  });

  it("says the server's refusal (the per-address limit) in its words", async () => {
    onApi('getTestMessages', someTestMessages());
    onApi('sendInvitation', () =>
      apiError(
        429,
        'RATE_LIMITED',
        'This address has been sent 5 messages today, the most allowed: try again tomorrow.',
      ),
    );
    const { user } = renderRoute('/details/7');
    await user.type(await screen.findByLabelText("Patient's e-mail address"), 'jane@example.org');
    await user.click(screen.getByRole('button', { name: 'Send link by e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('try again tomorrow');
  });

  it('says when e-mail is not set up, and when the address was erased, and offers no sending', async () => {
    onApi(
      'getTestMessages',
      someTestMessages({
        mailConfigured: false,
        canSend: false,
        contact: {
          emailMasked: 'j•••@example.org',
          phoneMasked: null,
          emailErased: true,
          remindersEnabled: true,
          optedOut: false,
        },
      }),
    );
    renderRoute('/details/7');
    expect(await screen.findByText(/E-mail is not set up on this server/)).toBeVisible();
    expect(screen.getByText(/was erased when the test was completed or expired/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send link by e-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('No messages yet.')).toBeVisible();
  });

  it("shows the messages' load failure", async () => {
    onApiError('getTestMessages', 500, 'INTERNAL', 'Something went wrong on our side.');
    renderRoute('/details/7');
    expect(await screen.findByText('Something went wrong on our side.')).toBeVisible();
  });
});

describe('E-mail to the patient, in German', () => {
  it('speaks the page language: labels, states, attempts and the contract message', async () => {
    // The reader chose German earlier (the header's language menu keeps it in this browser).
    window.localStorage.setItem('pid5_lang', 'de');
    onApi(
      'getTestMessages',
      someTestMessages({
        contact: {
          emailMasked: 'j•••@example.org',
          phoneMasked: null,
          emailErased: false,
          remindersEnabled: true,
          optedOut: true,
        },
        messages: [
          aDelivery({ id: 1, state: 'failed', attempts: 3, lastResponse: 'ECONNECTION' }),
          aDelivery({ id: 2, kind: 'reminder', state: 'sent' }),
        ],
      }),
    );
    const sent = onApi('sendInvitation', () => someTestMessages());
    const { user } = renderRoute('/details/7');

    expect(await screen.findByRole('heading', { name: 'E-Mail an die Testperson' })).toBeVisible();
    expect(
      screen.getByText(
        'Nachrichten gehen an j•••@example.org. Die Testperson hat die Erinnerungen über den Link in einer Nachricht abbestellt.',
      ),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Nachrichten' });
    expect(table).toHaveTextContent(/Einladung\s*j•••@example.org\s*Fehlgeschlagen\s*\(3 Versuche\)/);
    expect(table).toHaveTextContent(/Erinnerung\s*j•••@example.org\s*Gesendet/);
    expect(table).not.toHaveTextContent(/Invitation|Failed|attempts/);

    await user.type(screen.getByLabelText('An eine andere Adresse senden'), 'jane.doe@');
    await user.click(screen.getByRole('button', { name: 'Link per E-Mail senden' }));
    expect(
      await screen.findByText('Das ist keine E-Mail-Adresse: Schreiben Sie sie in der Form name@example.org.'),
    ).toBeVisible();
    expect(sent).toHaveLength(0);
  });
});
