import {
  countAnswered,
  fillUnanswered,
  loadQueueWithTimes,
  mergeQueuedAnswers,
  retryDelayMs,
  saveQueue,
  type QueueStorage,
} from './answer-queue';

// Keeps the page's answers and the server's in step (DESIGN.md "Assessment lifecycle" and "Screens"). Each answer is queued (and stored in
// localStorage) before it is sent, and leaves the queue only when the server has acknowledged that value.
// One request per item at a time, so an older value can never overtake a newer one; when a save fails or the
// browser is offline, the queue is re-sent in one batch with backoff, and at once when the connection returns.
// No DOM here: the transport, storage, timers and online state are passed in (unit tests use fakes).

export interface SavedAnswers {
  answers: string;
  answeredCount: number;
}

/** An answer as sent: with how long ago it was given (ms), when known. */
export interface SentAnswer {
  item: number;
  value: number;
  answeredMsAgo?: number;
}

export interface AnswerTransport {
  saveOne(item: number, value: number, answeredMsAgo?: number): Promise<SavedAnswers>;
  saveMany(answers: SentAnswer[]): Promise<SavedAnswers>;
}

/** What a failed request tells us: its HTTP status (0 = no connection) and the server's error code. */
export interface SaveFailure {
  status: number;
  code: string;
}

/** Codes after which the test takes no more answers: the page reloads its state from the server. */
export const CLOSED_CODES: ReadonlySet<string> = new Set([
  'TEST_COMPLETED',
  'LINK_EXPIRED',
  'LINK_NOT_FOUND',
  'CONSENT_REQUIRED',
]);

export type SyncStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'retrying' | 'closed';

export interface SyncSnapshot {
  /** The answers the page shows: the server's plus every one not yet acknowledged. */
  answers: string;
  answeredCount: number;
  /** Answers not yet acknowledged by the server (queued or in flight). */
  pendingCount: number;
  status: SyncStatus;
}

export interface AnswerSyncOptions {
  code: string;
  serverAnswers: string;
  transport: AnswerTransport;
  storage: QueueStorage | null;
  isOnline: () => boolean;
  /** setTimeout; returns a function that cancels it. */
  schedule: (run: () => void, ms: number) => () => void;
  /** The server said the test no longer takes answers (completed, expired, …). */
  onClosed?: (code: string) => void;
  random?: () => number;
  /** The browser's clock (Date.now), read when an answer is given and again when it is sent. */
  now?: () => number;
}

function toFailure(error: unknown): SaveFailure {
  const { status, code } = (error ?? {}) as Partial<SaveFailure>;
  return { status: typeof status === 'number' ? status : 0, code: typeof code === 'string' ? code : 'NETWORK' };
}

function isTransient(failure: SaveFailure): boolean {
  return failure.status === 0 || failure.status === 408 || failure.status === 429 || failure.status >= 500;
}

export class AnswerSync {
  private answers: string;
  private readonly queue: Map<number, number>;
  /** When each queued answer was given: its age goes with the save, however long it waited. */
  private readonly givenAt: Map<number, number>;
  private readonly inFlight = new Map<number, number>();
  private readonly listeners = new Set<() => void>();
  private attempt = 0;
  private cancelRetry: (() => void) | null = null;
  private lastFailure: SaveFailure | null = null;
  private hasAcknowledged = false;
  private isClosed = false;
  private isStopped = false;
  private snapshot: SyncSnapshot;

  constructor(private readonly options: AnswerSyncOptions) {
    ({ queue: this.queue, givenAt: this.givenAt } = loadQueueWithTimes(options.storage, options.code));
    this.answers = mergeQueuedAnswers(options.serverAnswers, this.queue);
    this.snapshot = this.buildSnapshot();
  }

  /** Sends what a previous visit left in the queue. Call once the page is shown (again after `stop`). */
  start(): void {
    this.isStopped = false;
    if (this.queue.size > 0) {
      this.flush();
    }
  }

  getSnapshot = (): SyncSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Records an answer; false when it is the answer already given (nothing to do). */
  answer(item: number, value: number): boolean {
    if (this.isClosed || this.answers.charAt(item - 1) === String(value)) {
      return false;
    }
    this.answers = this.answers.slice(0, item - 1) + String(value) + this.answers.slice(item);
    this.queue.set(item, value);
    this.givenAt.set(item, this.now());
    this.persist();
    if (!this.inFlight.has(item)) {
      if (this.options.isOnline()) {
        void this.sendOne(item, value);
      } else {
        this.lastFailure = { status: 0, code: 'NETWORK' };
      }
    }
    this.changed();
    return true;
  }

  /** Sends everything queued now (the connection came back, or a retry is due). */
  flush(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    if (this.isClosed || this.isStopped) {
      return;
    }
    const batch = [...this.queue]
      .filter(([item]) => !this.inFlight.has(item))
      .map(([item, value]) => this.sent(item, value));
    if (batch.length === 0) {
      return;
    }
    if (batch.length === 1 && batch[0]) {
      void this.sendOne(batch[0].item, batch[0].value);
      return;
    }
    void this.sendMany(batch);
  }

  /** The connection is back: forget the backoff and send at once. */
  online(): void {
    this.attempt = 0;
    this.flush();
    this.changed();
  }

  /** The browser says it is offline: show it now rather than after the next failure. */
  offline(): void {
    if (this.queue.size > 0 || this.inFlight.size > 0) {
      this.lastFailure = { status: 0, code: 'NETWORK' };
    }
    this.changed();
  }

  /** The page went away: no more retries (answers in flight still settle, the queue stays stored). */
  stop(): void {
    this.isStopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The answer with its age now (none when the queue was stored without its time). */
  private sent(item: number, value: number): SentAnswer {
    const at = this.givenAt.get(item);
    return at === undefined
      ? { item, value }
      : { item, value, answeredMsAgo: Math.max(0, Math.round(this.now() - at)) };
  }

  private async sendOne(item: number, value: number): Promise<void> {
    this.inFlight.set(item, value);
    this.changed();
    try {
      const saved = await this.options.transport.saveOne(item, value, this.sent(item, value).answeredMsAgo);
      this.acknowledge([{ item, value }], saved);
    } catch (error) {
      this.fail([{ item, value }], toFailure(error));
    }
  }

  private async sendMany(batch: SentAnswer[]): Promise<void> {
    for (const { item, value } of batch) {
      this.inFlight.set(item, value);
    }
    this.changed();
    try {
      const saved = await this.options.transport.saveMany(batch);
      this.acknowledge(batch, saved);
    } catch (error) {
      this.fail(batch, toFailure(error));
    }
  }

  private acknowledge(sent: { item: number; value: number }[], saved: SavedAnswers): void {
    for (const { item, value } of sent) {
      this.inFlight.delete(item);
      if (this.queue.get(item) === value) {
        this.queue.delete(item);
        this.givenAt.delete(item);
      }
    }
    this.persist();
    this.hasAcknowledged = true;
    this.lastFailure = null;
    this.attempt = 0;
    this.answers = fillUnanswered(this.answers, saved.answers);
    // Changed while in flight, or left waiting by an earlier failure: the connection works, send them now.
    this.flush();
    this.changed();
  }

  private fail(sent: { item: number; value: number }[], failure: SaveFailure): void {
    for (const { item } of sent) {
      this.inFlight.delete(item);
    }
    if (CLOSED_CODES.has(failure.code)) {
      this.isClosed = true;
      this.queue.clear();
      this.persist();
      this.cancelRetry?.();
      this.changed();
      this.options.onClosed?.(failure.code);
      return;
    }
    if (!isTransient(failure)) {
      // The server refused these values for good (cannot happen with the page's own buttons): drop them.
      for (const { item, value } of sent) {
        if (this.queue.get(item) === value) {
          this.queue.delete(item);
        }
      }
      this.persist();
      this.changed();
      return;
    }
    this.lastFailure = failure;
    this.scheduleRetry();
    this.changed();
  }

  private scheduleRetry(): void {
    if (this.cancelRetry || this.isStopped) {
      return;
    }
    const delay = retryDelayMs(this.attempt, this.options.random);
    this.attempt++;
    this.cancelRetry = this.options.schedule(() => {
      this.cancelRetry = null;
      this.flush();
    }, delay);
  }

  private persist(): void {
    saveQueue(this.options.storage, this.options.code, this.queue, this.givenAt);
  }

  private buildSnapshot(): SyncSnapshot {
    const pendingCount = new Set([...this.queue.keys(), ...this.inFlight.keys()]).size;
    let status: SyncStatus;
    if (this.isClosed) {
      status = 'closed';
    } else if (this.inFlight.size > 0) {
      status = 'saving';
    } else if (this.queue.size > 0) {
      status = !this.options.isOnline() || this.lastFailure?.status === 0 ? 'offline' : 'retrying';
    } else {
      status = this.hasAcknowledged ? 'saved' : 'idle';
    }
    return { answers: this.answers, answeredCount: countAnswered(this.answers), pendingCount, status };
  }

  private changed(): void {
    const next = this.buildSnapshot();
    const previous = this.snapshot;
    if (
      next.answers === previous.answers &&
      next.status === previous.status &&
      next.pendingCount === previous.pendingCount
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) {
      listener();
    }
  }
}
