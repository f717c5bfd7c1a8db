import { recordAudit } from '../../audit/audit-log-writer';
import type { MailConfig } from '../../config';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/job-queue';
import { maskEmail, maskPhone } from './mask-email';
import { insertMessage, type NewMessage } from './messages.repo';
import type { Messaging } from './messaging';

// Messages about a test (DESIGN.md "Messages to patients and clinicians"). Every message is a row (its state is what
// the details page and the audit log show) and a job on the queue (db/job-queue.ts) created in the same transaction,
// so a message is queued exactly when its row commits, and survives a restart until a worker sends it.

export const SEND_QUEUE = 'message-send';
export const SCAN_QUEUE = 'message-scan';
/** The audit log's actor for what the server does on its own (reminders, sending, notices). */
export const SYSTEM_ACTOR = 'system';

/** Retries with back-off (by default 30 s, 1, 2, 4… minutes, at most an hour apart, for about a day). */
export function sendRetry(config: MailConfig) {
  return {
    retryLimit: config.retry.limit,
    retryDelay: config.retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  };
}

/** Queues one message: its row and its send job in the caller's transaction. Null when the dedupe key was taken. */
export async function queueMessage(
  tx: Db,
  messaging: Pick<Messaging, 'boss' | 'config'>,
  message: NewMessage & { actor: string; ip?: string | null },
): Promise<number | null> {
  const id = await insertMessage(tx, message);
  if (id === null) {
    return null;
  }
  await messaging.boss.send(SEND_QUEUE, { messageId: id }, { ...sendRetry(messaging.config), db: inTransaction(tx) });
  await recordAudit(tx, {
    actor: message.actor,
    action: 'message.queued',
    assessmentId: message.assessmentId,
    ip: message.ip ?? null,
    at: message.now,
    details: {
      messageId: id,
      kind: message.kind,
      recipient: message.recipient,
      channel: message.channel ?? 'email',
      ...(message.address ? { to: message.address.masked } : {}),
    },
  });
  return id;
}

/** A message's address as queueMessage takes it: the address itself and its masked form for the audit log. */
export const emailAddress = (address: string) => ({ address, masked: maskEmail(address) });
export const phoneNumber = (number: string) => ({ address: number, masked: maskPhone(number) });
