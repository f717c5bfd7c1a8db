import type { Job, JobResult } from 'pg-boss';
import { scanMessages } from './due-message-scanner';
import { deliverMessage } from './message-delivery';
import { SCAN_QUEUE, SEND_QUEUE, sendRetry } from './message-queue';
import type { Messaging, MessagingDeps } from './messaging';

// The messaging the server starts: the two queues, their workers in this process (send: message-delivery.ts; scan:
// due-message-scanner.ts) and the scan's schedule.

/** Jobs one worker takes at a time; a full batch means a backlog, fetched again without waiting. */
const SEND_BATCH_SIZE = 5;

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
      // MAIL_CONCURRENCY workers, each taking a batch; while batches come back full the worker fetches again at
      // once, so a backlog drains at the mail server's pace and only an idle queue waits MAIL_POLL_SECONDS.
      await boss.work<{ messageId: number }>(
        SEND_QUEUE,
        {
          pollingIntervalSeconds: deps.config.pollSeconds,
          batchSize: SEND_BATCH_SIZE,
          burstWhenBatchFull: true,
          localConcurrency: deps.config.concurrency,
          perJobResults: true,
        },
        async (jobs: Job<{ messageId: number }>[]) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await deliverMessage(deps, job.data.messageId, {
                isLastAttempt: job.retryCount >= deps.config.retry.limit,
              });
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              // Failed (tried again by the queue) alone: the batch's other messages keep their outcome.
              results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
            }
          }
          return results;
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
