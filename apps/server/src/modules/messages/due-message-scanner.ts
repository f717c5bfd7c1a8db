import type { MailConfig } from '../../config';
import { eraseEndedContactEmails, listReminderCandidates } from './messages.repo';
import { emailAddress, phoneNumber, queueMessage, SYSTEM_ACTOR } from './message-queue';
import type { MessagingDeps } from './messaging';

// The scan the message-scan job runs every minute: the addresses of tests that ended erased, and each reminder that
// has come due queued (once, whatever the number of scans or processes).

const DAY_MS = 24 * 3_600_000;

/** The reminder slots of a test: days after the invitation, days before the due date. */
export function reminderSlots(
  schedule: MailConfig['reminders'],
  invitedAt: Date,
  dueAt: Date,
): { key: string; at: Date }[] {
  return [
    ...schedule.daysAfterInvitation.map((d) => ({ key: `after-${d}`, at: new Date(invitedAt.getTime() + d * DAY_MS) })),
    ...schedule.daysBeforeDue.map((d) => ({ key: `before-${d}`, at: new Date(dueAt.getTime() - d * DAY_MS) })),
  ].filter((slot) => slot.at > invitedAt && slot.at < dueAt);
}

export async function scanMessages(deps: MessagingDeps): Promise<{ reminders: number; erased: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  const erased = await eraseEndedContactEmails(db, now);
  let reminders = 0;
  for (const candidate of await listReminderCandidates(db, now)) {
    // The latest slot that is due: one reminder, not one per slot missed (a server down for days sends one).
    const due = reminderSlots(deps.config.reminders, candidate.invitedAt, candidate.dueAt)
      .filter((slot) => slot.at <= now)
      .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    if (!due) {
      continue;
    }
    // At most one message a day to a patient about one test.
    if (candidate.lastPatientMessageAt && now.getTime() - candidate.lastPatientMessageAt.getTime() < DAY_MS) {
      continue;
    }
    const queued = await db.transaction(async (tx) => {
      const reminder = {
        assessmentId: candidate.assessmentId,
        clinicianId: candidate.clinicianId,
        kind: 'reminder' as const,
        recipient: 'patient' as const,
        // The slot's key: a second scan, in this process or another, finds it taken and queues nothing.
        dedupeKey: `reminder:${candidate.assessmentId}:${due.key}`,
        now,
        actor: SYSTEM_ACTOR,
      };
      const id = await queueMessage(tx, deps, { ...reminder, address: emailAddress(candidate.email) });
      if (id !== null && candidate.phone && deps.sms) {
        await queueMessage(tx, deps, {
          ...reminder,
          channel: 'sms',
          dedupeKey: `${reminder.dedupeKey}:sms`,
          address: phoneNumber(candidate.phone),
        });
      }
      return id;
    });
    reminders += queued === null ? 0 : 1;
  }
  return { reminders, erased };
}
