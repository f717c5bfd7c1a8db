import type { MailConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { createJobQueue } from '../src/db/job-queue';
import { SEND_QUEUE } from '../src/modules/messages/message-queue';
import { queueInvitationFor } from '../src/modules/messages/messages.service';

/**
 * Queues invitations as the product does (row, contact and send job in one transaction each) while no server runs, so
 * a server started afterwards finds them as a backlog: the mail bench's N queued messages.
 */
export async function queueInvitationsWhileStopped(
  database: Database,
  mail: MailConfig,
  invitations: readonly { assessmentId: number; clinicianId: string; email: string }[],
): Promise<void> {
  const boss = createJobQueue(database);
  await boss.start();
  try {
    await boss.createQueue(SEND_QUEUE, { retryLimit: mail.retry.limit, retryDelay: mail.retry.delaySeconds });
    const now = new Date();
    for (const invitation of invitations) {
      await database.db.transaction((tx) => queueInvitationFor(tx, { boss, config: mail }, { ...invitation, now }));
    }
  } finally {
    await boss.stop({ graceful: true, timeout: 10_000 });
  }
}
