import { availableParallelism } from 'node:os';
import { AppError, type ErrorMessageKey } from '../errors';
import type { MessageValues } from '../i18n/translator';
import { workerEntry } from '../lib/server-files';
import { createFairQueue } from './pdf-fair-queue';
import type { PdfReportInput } from './pdf-worker';
import { createPdfWorkerSlot, type PdfJob } from './pdf-worker-slot';

export { PdfRenderError } from './pdf-worker-slot';

// Reports are drawn off the event loop (DESIGN.md "Architecture": "one slow report never stalls answer saving"): a small pool
// of 1-2 worker threads, started on first use and kept warm, with a bounded queue and a time limit per report.
// A worker that crashes or runs over its time is replaced; only the report it was drawing fails (pdf-worker-slot.ts).
// The queue is fair (pdf-fair-queue.ts): each requester has a few reports in flight at most and requesters take
// turns. A refusal says when to retry (Retry-After).

/** Seconds a refused requester is told to wait (Retry-After): a few reports' time. */
export const PDF_RETRY_AFTER_SECONDS = 5;

/** What a closing server gives the reports being drawn to finish: well within main.ts's 15 s before it exits. */
export const PDF_CLOSE_GRACE_MS = 5_000;

export interface PdfPool {
  /** `requester`: whose report it is (the user id); requesters take turns and each has a bound of their own. */
  render(input: PdfReportInput, options?: { requester?: string }): Promise<Uint8Array>;
  /** Start a worker ahead of need (its first start loads pdfkit and compiles the TypeScript: about a second). */
  warm(): void;
  /**
   * Refuses new reports and answers the waiting ones at once (503, retry later); reports being drawn get `graceMs`
   * to finish (default none), then their workers are stopped and they are answered likewise.
   */
  close(options?: { graceMs?: number }): Promise<void>;
  readonly size: number;
  /** Reports waiting for a worker and being drawn now (for /metrics). */
  queue(): { waiting: number; drawing: number };
}

export interface PdfPoolOptions {
  /** Number of worker threads; default 1-2 depending on the CPUs. */
  size?: number;
  /** Time limit for one report, ms. */
  timeoutMs?: number;
  /** Reports waiting for a worker beyond which new requests are refused with 503. */
  maxQueued?: number;
  /** Reports one requester may have waiting or being drawn; more are refused with 503. */
  maxQueuedPerRequester?: number;
  /** The worker entry (tests point it elsewhere). */
  workerUrl?: URL;
}

function poolBusy(message: ErrorMessageKey, values?: MessageValues): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, { values, retryAfterSeconds: PDF_RETRY_AFTER_SECONDS });
}

export function defaultPoolSize(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const size = options.size ?? defaultPoolSize();
  const maxQueued = options.maxQueued ?? 20;
  const maxPerRequester = options.maxQueuedPerRequester ?? 4;
  const workerUrl = options.workerUrl ?? workerEntry('reports', 'pdf-worker');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const queue = createFairQueue<PdfJob>();
  let nextId = 1;
  let isClosed = false;
  const endings = reportEndings();
  const slots = Array.from({ length: size }, () =>
    createPdfWorkerSlot({
      workerUrl,
      timeoutMs,
      onReportEnded(job) {
        queue.release(job.requester);
        endings.notify();
      },
      onFree: () => dispatch(),
    }),
  );
  const drawing = () => slots.filter((slot) => slot.job).length;

  function dispatch(): void {
    if (isClosed) {
      return;
    }
    for (const slot of slots) {
      if (slot.job || queue.waiting === 0) {
        continue;
      }
      const job = queue.takeNext();
      if (!job) {
        break;
      }
      slot.draw(job);
    }
  }

  return {
    size,
    queue: () => ({ waiting: queue.waiting, drawing: drawing() }),
    warm() {
      if (!isClosed) {
        slots[0]?.warm();
      }
    },
    render(input, { requester = '' } = {}) {
      if (isClosed) {
        return Promise.reject(poolBusy('errors.reports.shuttingDown'));
      }
      if (queue.inFlight(requester) >= maxPerRequester) {
        return Promise.reject(poolBusy('errors.reports.yourReportsPending', { count: maxPerRequester }));
      }
      if (queue.waiting >= maxQueued) {
        return Promise.reject(poolBusy('errors.reports.busy'));
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.add(requester, { id: nextId++, requester, input, resolve, reject });
        dispatch();
      });
    },
    async close({ graceMs = 0 } = {}) {
      isClosed = true;
      for (const job of queue.takeAllWaiting()) {
        job.reject(poolBusy('errors.reports.shuttingDown'));
      }
      await endings.waitUntil(() => drawing() === 0, graceMs);
      await Promise.all(slots.map((slot) => slot.stop(poolBusy('errors.reports.shuttingDown'))));
    },
  };
}

/** Each report's end, told to close(), which waits within its grace until none is being drawn. */
function reportEndings() {
  let listener: (() => void) | null = null;
  return {
    notify: () => listener?.(),
    async waitUntil(done: () => boolean, graceMs: number): Promise<void> {
      if (graceMs <= 0 || done()) {
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        listener = () => {
          if (done()) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      listener = null;
    },
  };
}
