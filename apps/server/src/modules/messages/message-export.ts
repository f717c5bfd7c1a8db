import type { Db } from '../../db/database';
import { listContactsOf, listMessagesOf } from './messages.repo';

/** Everything stored about the messages of these tests, for the patient's data export (DESIGN.md "Erasure, access and retention"). */
export async function exportMessagesOf(db: Db, assessmentIds: number[]) {
  const [contacts, deliveries] = await Promise.all([
    listContactsOf(db, assessmentIds),
    listMessagesOf(db, assessmentIds),
  ]);
  return {
    contacts: contacts.map((c) => ({
      assessmentId: c.assessmentId,
      email: c.email,
      emailMasked: c.emailMasked,
      phone: c.phone,
      remindersEnabled: c.remindersEnabled,
      optedOutAt: c.optedOutAt?.toISOString() ?? null,
      invitedAt: c.invitedAt.toISOString(),
    })),
    deliveries: deliveries.map((m) => ({
      assessmentId: m.assessmentId ?? 0,
      kind: m.kind,
      recipient: m.recipient,
      channel: m.channel,
      state: m.state,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}
