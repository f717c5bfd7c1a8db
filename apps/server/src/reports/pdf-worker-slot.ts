import type { Worker } from 'node:worker_threads';
import { extraLanguageFolders } from '@pid5/i18n';
import { startWorker } from '../lib/start-worker';
import type { PdfJobMessage, PdfReportInput, PdfResultMessage } from './pdf-worker';

// One place of the PDF pool: a worker thread (started on first use and kept warm) and the report it draws, with the
// report's time limit. A worker that crashes or runs over its time is replaced; only the report it was drawing fails.

export class PdfRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfRenderError';
  }
}

/** A report asked for: whose it is, what to draw, and whom to answer. */
export interface PdfJob {
  id: number;
  requester: string;
  input: PdfReportInput;
  resolve(pdf: Uint8Array): void;
  reject(error: Error): void;
}

export interface PdfWorkerSlot {
  /** The report being drawn; null when the slot is free. */
  readonly job: PdfJob | null;
  /** Starts the worker ahead of need, when none runs. */
  warm(): void;
  /** Draws `job` on this slot's worker (started when none runs); the slot must be free. */
  draw(job: PdfJob): void;
  /** Answers the report being drawn with `error` and stops the worker (the pool closes). */
  stop(error: Error): Promise<void>;
}

export function createPdfWorkerSlot(options: {
  workerUrl: URL;
  timeoutMs: number;
  /** After a report is answered, drawn or failed (the slot is free again). */
  onReportEnded(job: PdfJob): void;
  /** After the slot is free for another report: a worker answered, or was replaced. */
  onFree(): void;
}): PdfWorkerSlot {
  let worker: Worker | null = null;
  let job: PdfJob | null = null;
  let timer: NodeJS.Timeout | undefined;

  function finish(outcome: { pdf: Uint8Array } | { error: Error }): void {
    const ended = job;
    if (!ended) {
      return;
    }
    clearTimeout(timer);
    job = null;
    worker?.unref();
    if ('pdf' in outcome) {
      ended.resolve(outcome.pdf);
    } else {
      ended.reject(outcome.error);
    }
    options.onReportEnded(ended);
  }

  /** Ends the worker's report with `error` and stops the worker; the next report starts a new one. */
  async function dropWorker(error: Error): Promise<void> {
    const dropped = worker;
    worker = null;
    finish({ error });
    if (dropped) {
      await stopQuietly(dropped);
    }
  }

  /** The worker failed or ran over: its report fails, and the slot is free for the next with a new worker. */
  function retire(error: Error): void {
    void dropWorker(error);
    options.onFree();
  }

  function spawn(): Worker {
    const started = startPdfWorker(options.workerUrl, {
      answer(message) {
        if (worker !== started || job?.id !== message.id) {
          return;
        }
        finish(message.ok ? { pdf: message.pdf } : { error: new PdfRenderError(message.message) });
        options.onFree();
      },
      failure(error) {
        if (worker === started) {
          retire(error);
        }
      },
    });
    return started;
  }

  return {
    get job() {
      return job;
    },
    warm() {
      worker ??= spawn();
    },
    draw(next) {
      worker ??= spawn();
      job = next;
      // Keep the process alive while a report is being drawn; an idle pool never holds it open.
      worker.ref();
      timer = setTimeout(() => {
        retire(new PdfRenderError(`The report took longer than ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      const message: PdfJobMessage = { id: next.id, input: next.input };
      worker.postMessage(message);
    },
    stop: (error) => dropWorker(error),
  };
}

/** A report worker thread, not holding the process open; its answers and its failures go to `on`. */
function startPdfWorker(
  workerUrl: URL,
  on: { answer(message: PdfResultMessage): void; failure(error: PdfRenderError): void },
): Worker {
  // The thread reads its own language registry: the folders of languages added from outside go with it.
  const worker = startWorker(workerUrl, {
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    workerData: { languageFolders: extraLanguageFolders() },
  });
  worker.on('message', (message: PdfResultMessage) => on.answer(message));
  worker.on('error', (error) => on.failure(new PdfRenderError(`The report worker failed: ${error.message}`)));
  worker.on('exit', (code) => on.failure(new PdfRenderError(`The report worker stopped (exit code ${code})`)));
  worker.unref();
  return worker;
}

/** Terminates a worker whose errors no longer matter (it is being replaced, or the pool closes). */
async function stopQuietly(worker: Worker): Promise<void> {
  worker.removeAllListeners();
  worker.on('error', () => undefined);
  await worker.terminate();
}
