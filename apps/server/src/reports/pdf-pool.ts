import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { AppError, type ErrorMessageKey } from '../errors';
import type { MessageValues } from '../i18n/translator';
import { startWorker } from '../lib/start-worker';
import type { PdfJobMessage, PdfReportInput, PdfResultMessage } from './pdf-worker';
import { workerEntry } from '../lib/server-files';
import { extraLanguageFolders } from '@pid5/i18n';

// Reports are drawn off the event loop (DESIGN.md "Architecture": "one slow report never stalls answer saving"): a small pool
// of 1-2 worker threads, started on first use and kept warm, with a bounded queue and a time limit per report.
// A worker that crashes or runs over its time is replaced; only the report it was drawing fails.
// The queue is fair: each requester (a signed-in user) has a few reports in flight at most, and
// the next report drawn is that of the waiting requester served longest ago, so one clinician asking for 40 reports
// at once delays another's by one report, not forty. A refusal says when to retry (Retry-After).

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

interface Job {
  id: number;
  requester: string;
  input: PdfReportInput;
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
}

/** One requester's reports: waiting ones in order, how many are in flight, and when they were last served. */
interface Requester {
  waiting: Job[];
  inFlight: number;
  lastServed: number;
}

function poolBusy(message: ErrorMessageKey, values?: MessageValues): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, { values, retryAfterSeconds: PDF_RETRY_AFTER_SECONDS });
}

export class PdfRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRenderError';
  }
}

export function defaultPoolSize(): number {
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}

export function createPdfPool(options: PdfPoolOptions = {}): PdfPool {
  const size = options.size ?? defaultPoolSize();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxQueued = options.maxQueued ?? 20;
  const maxPerRequester = options.maxQueuedPerRequester ?? 4;
  const workerUrl = options.workerUrl ?? workerEntry('reports', 'pdf-worker');
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, job: null }));
  /** Requesters with reports in flight (kept only while they have some). */
  const requesters = new Map<string, Requester>();
  let waitingCount = 0;
  let servedCount = 0;
  let nextId = 1;
  let isClosed = false;
  /** Called whenever a report being drawn ends: close() waits for the last one within its grace. */
  let onReportEnded: (() => void) | null = null;

  /** The next report to draw: the first waiting one of the requester served longest ago (never: first). */
  function takeNextJob(): Job | undefined {
    let next: Requester | undefined;
    for (const requester of requesters.values()) {
      if (requester.waiting.length > 0 && (!next || requester.lastServed < next.lastServed)) {
        next = requester;
      }
    }
    if (!next) {
      return undefined;
    }
    servedCount += 1;
    next.lastServed = servedCount;
    waitingCount -= 1;
    return next.waiting.shift();
  }

  function release(job: Job): void {
    const requester = requesters.get(job.requester);
    if (requester) {
      requester.inFlight -= 1;
      if (requester.inFlight <= 0) {
        requesters.delete(job.requester);
      }
    }
  }

  function finish(slot: Slot, outcome: { pdf: Uint8Array } | { error: Error }): void {
    const job = slot.job;
    if (!job) {
      return;
    }
    clearTimeout(job.timer);
    release(job);
    slot.job = null;
    slot.worker?.unref();
    if ('pdf' in outcome) {
      job.resolve(outcome.pdf);
    } else {
      job.reject(outcome.error);
    }
    onReportEnded?.();
  }

  function retire(slot: Slot, error: Error): void {
    const worker = slot.worker;
    slot.worker = null;
    finish(slot, { error });
    if (worker) {
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
    }
    dispatch();
  }

  function spawn(slot: Slot): Worker {
    // The thread reads its own language registry: the folders of languages added from outside go with it.
    const worker = startWorker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      workerData: { languageFolders: extraLanguageFolders() },
    });
    worker.on('message', (message: PdfResultMessage) => {
      if (slot.worker !== worker || slot.job?.id !== message.id) {
        return;
      }
      finish(slot, message.ok ? { pdf: message.pdf } : { error: new PdfRenderError(message.message) });
      dispatch();
    });
    worker.on('error', (error) => {
      if (slot.worker === worker) {
        retire(slot, new PdfRenderError(`The report worker failed: ${error.message}`));
      }
    });
    worker.on('exit', (code) => {
      if (slot.worker === worker) {
        retire(slot, new PdfRenderError(`The report worker stopped (exit code ${code})`));
      }
    });
    worker.unref();
    return worker;
  }

  function dispatch(): void {
    if (isClosed) {
      return;
    }
    for (const slot of slots) {
      if (slot.job || waitingCount === 0) {
        continue;
      }
      const job = takeNextJob();
      if (!job) {
        break;
      }
      slot.worker ??= spawn(slot);
      slot.job = job;
      // Keep the process alive while a report is being drawn; an idle pool never holds it open.
      slot.worker.ref();
      job.timer = setTimeout(() => {
        retire(slot, new PdfRenderError(`The report took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      const message: PdfJobMessage = { id: job.id, input: job.input };
      slot.worker.postMessage(message);
    }
  }

  return {
    size,
    queue: () => ({ waiting: waitingCount, drawing: slots.filter((slot) => slot.job).length }),
    warm() {
      const slot = slots[0];
      if (!isClosed && slot && !slot.worker) {
        slot.worker = spawn(slot);
      }
    },
    render(input, { requester: requesterId = '' } = {}) {
      if (isClosed) {
        return Promise.reject(poolBusy('errors.reports.shuttingDown'));
      }
      const requester = requesters.get(requesterId) ?? { waiting: [], inFlight: 0, lastServed: 0 };
      if (requester.inFlight >= maxPerRequester) {
        return Promise.reject(poolBusy('errors.reports.yourReportsPending', { count: maxPerRequester }));
      }
      if (waitingCount >= maxQueued) {
        return Promise.reject(poolBusy('errors.reports.busy'));
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        requester.waiting.push({ id: nextId++, requester: requesterId, input, resolve, reject });
        requester.inFlight += 1;
        requesters.set(requesterId, requester);
        waitingCount += 1;
        dispatch();
      });
    },
    async close({ graceMs = 0 } = {}) {
      isClosed = true;
      for (const requester of requesters.values()) {
        for (const job of requester.waiting.splice(0)) {
          job.reject(poolBusy('errors.reports.shuttingDown'));
        }
      }
      waitingCount = 0;
      if (graceMs > 0 && slots.some((slot) => slot.job)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          onReportEnded = () => {
            if (!slots.some((slot) => slot.job)) {
              clearTimeout(timer);
              resolve();
            }
          };
        });
        onReportEnded = null;
      }
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          finish(slot, { error: poolBusy('errors.reports.shuttingDown') });
          if (worker) {
            worker.removeAllListeners();
            worker.on('error', () => undefined);
            await worker.terminate();
          }
        }),
      );
    },
  };
}
