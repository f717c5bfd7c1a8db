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

/**
 * Runs `task` on that schedule; its result's fields are logged with the run's duration under `messages.done`, a
 * failure under `messages.failed` (as `err`, which the server's logger redacts). Returns a function that stops it.
 */
export function repeatInBackground(
  task: () => Promise<object | void>,
  options: Required<RepeatOptions> & { log: BackgroundLog; messages: { done: string; failed: string } },
): () => void {
  const { log, messages } = options;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const run = async (): Promise<void> => {
    const started = performance.now();
    try {
      const details = (await task()) ?? {};
      log.info({ ...details, durationMs: Math.round(performance.now() - started) }, messages.done);
    } catch (error) {
      log.error({ err: error }, messages.failed);
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
