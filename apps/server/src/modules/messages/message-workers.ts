import type { Job, JobResult } from 'pg-boss';
import { scanMessages } from './due-message-scanner';
import { deliverMessage, deliverMessages } from './message-delivery';
import { SCAN_QUEUE, SEND_QUEUE, sendRetry } from './message-queue';
import type { Messaging, MessagingDeps } from './messaging';

// The messaging the server starts: the two queues, their workers in this process (send: message-delivery.ts; scan:
// due-message-scanner.ts) and the scan's schedule.

/**
 * Send workers in one process. Two, so that one batch is fetched, claimed and handed to the mail transport while the
 * other's last messages are still on the wire, and no connection waits for the database.
 */
const SEND_WORKERS = 2;

export function createMessaging(deps: MessagingDeps): Messaging {
  const { boss } = deps;
  // pg-boss reports trouble it recovers from (a lost connection, a slow query) as events; unheard, 'error' would end
  // the process.
  boss.on('error', (error: Error) => deps.log.warn({ err: error }, 'job queue error'));
  const messaging: Messaging = {
    config: deps.config,
    boss,
    optOutTokens: deps.optOutTokens,
    limitSubjects: deps.limitSubjects,
    smsConfigured: Boolean(deps.sms),
    start: async () => {
      await boss.start();
      await boss.createQueue(SEND_QUEUE, sendRetry(deps.config));
      // One scan at a time across processes, and a scan that fails is simply run by the next minute's.
      await boss.createQueue(SCAN_QUEUE, { policy: 'singleton', retryLimit: 0 });
      // Each worker takes 2 × MAIL_CONCURRENCY jobs at a time and hands them at once to the transport, whose pool
      // sends MAIL_CONCURRENCY at a time; while batches come back full it fetches again at once, so a backlog drains
      // at the mail server's pace and only an idle queue waits MAIL_POLL_SECONDS.
      await boss.work<{ messageId: number }>(
        SEND_QUEUE,
        {
          pollingIntervalSeconds: deps.config.pollSeconds,
          batchSize: 2 * deps.config.concurrency,
          burstWhenBatchFull: true,
          localConcurrency: SEND_WORKERS,
          perJobResults: true,
        },
        async (jobs: Job<{ messageId: number }>[]) => {
          const errors = await deliverMessages(
            deps,
            jobs.map((job) => ({
              messageId: job.data.messageId,
              isLastAttempt: job.retryCount >= deps.config.retry.limit,
            })),
          );
          // A failed message is tried again by the queue alone: the batch's other messages keep their outcome.
          return jobs.map((job, i): JobResult => {
            const error = errors[i];
            return error
              ? { id: job.id, status: 'failed', output: { message: error.message } }
              : { id: job.id, status: 'completed' };
          });
        },
      );
      await boss.work(SCAN_QUEUE, { pollingIntervalSeconds: deps.config.pollSeconds }, async () => {
        const done = await messaging.scan();
        if (done.reminders > 0 || done.erased > 0) {
          deps.log.info(done, 'message scan');
        }
      });
      await boss.schedule(SCAN_QUEUE, '* * * * *');
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      deps.transport.close();
    },
    requestScan: async () => {
      await boss.send(SCAN_QUEUE, {});
    },
    scan: () => scanMessages(deps),
    deliver: (messageId, options) => deliverMessage(deps, messageId, options),
  };
  return messaging;
}
