import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import { startWorker } from '../lib/start-worker';
import type { PdfJobMessage, PdfResultMessage } from './pdf-worker';
import type { ReportInput } from './report-pdf';

// Reports are drawn off the event loop (DESIGN.md §1: "one slow report never stalls answer saving"): a small pool
// of 1-2 worker threads, started on first use and kept warm, with a bounded queue and a time limit per report.
// A worker that crashes or runs over its time is replaced; only the report it was drawing fails.

export interface PdfPool {
  render(input: ReportInput): Promise<Uint8Array>;
  /** Start a worker ahead of need (its first start loads pdfkit and compiles the TypeScript: about a second). */
  warm(): void;
  close(): Promise<void>;
  readonly size: number;
}

export interface PdfPoolOptions {
  /** Number of worker threads; default 1-2 depending on the CPUs. */
  size?: number;
  /** Time limit for one report, ms. */
  timeoutMs?: number;
  /** Reports waiting for a worker beyond which new requests are refused with 503. */
  maxQueued?: number;
  /** The worker entry (tests point it elsewhere). */
  workerUrl?: URL;
}

interface Job {
  id: number;
  input: ReportInput;
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
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
  const workerUrl = options.workerUrl ?? new URL('./pdf-worker.ts', import.meta.url);
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, job: null }));
  const queue: Job[] = [];
  let nextId = 1;
  let isClosed = false;

  function finish(slot: Slot, outcome: { pdf: Uint8Array } | { error: Error }): void {
    const job = slot.job;
    if (!job) {
      return;
    }
    clearTimeout(job.timer);
    slot.job = null;
    slot.worker?.unref();
    if ('pdf' in outcome) {
      job.resolve(outcome.pdf);
    } else {
      job.reject(outcome.error);
    }
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
    const worker = startWorker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
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
      if (slot.job || queue.length === 0) {
        continue;
      }
      const job = queue.shift();
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
    warm() {
      const slot = slots[0];
      if (!isClosed && slot && !slot.worker) {
        slot.worker = spawn(slot);
      }
    },
    render(input) {
      if (isClosed) {
        return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down. Please try again.'));
      }
      if (queue.length >= maxQueued) {
        return Promise.reject(
          new AppError(
            'SERVICE_UNAVAILABLE',
            'Many reports are being prepared right now. Please try again in a minute.',
          ),
        );
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) {
        job.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down. Please try again.'));
      }
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          finish(slot, {
            error: new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down. Please try again.'),
          });
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
