// Background work that repeats while the server runs (the embedded database's vacuum, the retention sweep): the
// first run a while after start (a server starting is busy enough), the next `everyMs` after each run ends, each
// run's outcome logged, never thrown. A run missed while the server was down is not made up; each task is written
// so that the next run covers it.

export interface BackgroundLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RepeatOptions {
  /** The first run, after start. */
  firstAfterMs?: number;
  everyMs?: number;
}

/** How a repeated task's runs went, for the metrics: counts by outcome and when the last one succeeded. */
export interface RunCounts {
  done: number;
  failed: number;
  lastDoneAt: Date | null;
}

export function createRunCounts(): RunCounts {
  return { done: 0, failed: 0, lastDoneAt: null };
}

/**
 * Runs `task` on that schedule; its result's fields are logged with the run's duration under `messages.done`, a
 * failure under `messages.failed` (as `err`, which the server's logger redacts). Returns a function that stops it.
 */
export function repeatInBackground(
  task: () => Promise<object | void>,
  options: Required<RepeatOptions> & {
    log: BackgroundLog;
    messages: { done: string; failed: string };
    /** Counted after each run, when given. */
    runs?: RunCounts;
  },
): () => void {
  const { log, messages } = options;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const run = async (): Promise<void> => {
    const started = performance.now();
    try {
      const details = (await task()) ?? {};
      log.info({ ...details, durationMs: Math.round(performance.now() - started) }, messages.done);
      if (options.runs) {
        options.runs.done += 1;
        options.runs.lastDoneAt = new Date();
      }
    } catch (error) {
      log.error({ err: error }, messages.failed);
      if (options.runs) {
        options.runs.failed += 1;
      }
    }
    if (!isStopped) {
      timer = setTimeout(() => void run(), options.everyMs).unref();
    }
  };
  timer = setTimeout(() => void run(), options.firstAfterMs).unref();
  return () => {
    isStopped = true;
    clearTimeout(timer);
  };
}
