import type { TMessageDelivery, TTestMessages } from '@pid5/contract';

/** A test with no messages, on a server with e-mail set up (what the details page asks for). */
export function someTestMessages(overrides: Partial<TTestMessages> = {}): TTestMessages {
  return { mailConfigured: true, smsConfigured: false, canSend: true, contact: null, messages: [], ...overrides };
}

export function aDelivery(overrides: Partial<TMessageDelivery> = {}): TMessageDelivery {
  return {
    id: 1,
    kind: 'invitation',
    recipient: 'patient',
    channel: 'email',
    to: 'j•••@example.org',
    state: 'sent',
    attempts: 1,
    lastResponse: '250 OK',
    createdAt: '2026-03-01T10:00:00.000Z',
    sentAt: '2026-03-01T10:00:01.000Z',
    ...overrides,
  };
}
