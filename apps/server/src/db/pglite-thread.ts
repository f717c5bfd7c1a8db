import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/start-worker';
import { workerEntry } from '../lib/server-files';
import type {
  CompiledWasm,
  PgliteReadyMessage,
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
  QueryResult,
  RowMode,
  WorkerErrorData,
} from './pglite-protocol';

// The embedded database in its own worker thread (pglite-worker.ts), behind the part of PGlite's interface that
// Drizzle's PGlite driver and our migrations use: query, exec and transaction. PGlite runs PostgreSQL compiled to
// WebAssembly; in the server's own thread each answer save held the event loop for 1.5-2.3 ms, so at a steady 500
// saves/s every other request queued behind it (bench/README.md, answers). Here the event loop only posts messages.

type Parser = (value: string, typeId: number) => unknown;

export interface QueryOptions {
  rowMode?: RowMode;
  /** Parsers by column type id, run on this side (functions cannot be posted to the worker). */
  parsers?: Record<number, Parser>;
}

/** What a transaction callback receives: statements run inside the transaction. */
export interface PgliteThreadTransaction {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  exec(text: string): Promise<QueryResult[]>;
}

/** A database error raised in the worker, with PostgreSQL's fields (`code`, `constraint`, `detail`...) kept. */
class PgliteError extends Error {
  [field: string]: unknown;

  constructor(data: WorkerErrorData) {
    super(data.message);
    Object.assign(this, data.fields);
    this.name = 'PgliteError';
  }
}

type RequestBody = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(result: QueryResult | QueryResult[] | undefined): void;
  reject(error: Error): void;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransactionId = 1;
  private stopped: Error | null = null;
  private isClosing = false;
  private readonly lostListeners: ((error: Error) => void)[] = [];

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: PgliteReply) => {
      const pending = this.pending.get(message.id);
      if (!pending) {
        return;
      }
      this.settled(message.id);
      if (message.ok) {
        pending.resolve(message.result);
      } else {
        pending.reject(new PgliteError(message.error));
      }
    });
    worker.on('error', (error) => this.stop(new Error(`The embedded database stopped: ${error.message}`)));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /**
   * Starts the worker and waits until the database in `dataDir` (or in memory) is open. `workerUrl`: the worker
   * entry (tests point it at one that stops on demand). `loadDataDir`: a dumped data folder (tar) to start from.
   * `wasmModule`: PGlite's WebAssembly compiled already (see PgliteWorkerData).
   */
  static async start(
    dataDir: string | 'memory',
    options: { workerUrl?: URL; loadDataDir?: string; wasmModule?: CompiledWasm } = {},
  ): Promise<PgliteThread> {
    const workerData: PgliteWorkerData = {
      dataDir,
      loadDataDir: options.loadDataDir,
      wasmModule: options.wasmModule,
    };
    const workerUrl = options.workerUrl ?? workerEntry('db', 'pglite-worker');
    const worker = startWorker(workerUrl, { workerData });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database did not start (exit code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: PgliteReadyMessage) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ok) {
          resolve();
        } else {
          void worker.terminate();
          reject(new PgliteError(message.error));
        }
      });
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  query<Row = Record<string, unknown>>(text: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.runQuery<Row>(null, text, params, options);
  }

  exec(text: string): Promise<QueryResult[]> {
    return this.request({ op: 'exec', tx: null, text }) as Promise<QueryResult[]>;
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. As when PGlite ran
   * in the server's own thread, statements outside the transaction wait until it ends.
   */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTransactionId++;
    await this.request({ op: 'begin', tx: txId });
    const tx: PgliteThreadTransaction = {
      query: (text, params = [], options = {}) => this.runQuery(txId, text, params, options),
      exec: (text) => this.request({ op: 'exec', tx: txId, text }) as Promise<QueryResult[]>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is the one worth reporting; a failed rollback (the worker gone) adds nothing to it.
      await this.request({ op: 'end', tx: txId, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.request({ op: 'end', tx: txId, commit: true });
    return result;
  }

  /** `listener` is called once if the worker stops without close() (nothing in this process can bring it back). */
  onLost(listener: (error: Error) => void): void {
    this.lostListeners.push(listener);
  }

  async close(): Promise<void> {
    this.isClosing = true;
    if (!this.stopped) {
      await this.request({ op: 'close' });
    }
    this.stop(new Error('The embedded database is closed'));
    await this.worker.terminate();
  }

  private async runQuery<Row>(
    tx: number | null,
    text: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<QueryResult<Row>> {
    const parsers = options.parsers ?? {};
    const rawTypes = Object.keys(parsers).map(Number);
    const rowMode = options.rowMode ?? 'object';
    const result = (await this.request({ op: 'query', tx, text, params, rowMode, rawTypes })) as QueryResult;
    if (rawTypes.length > 0) {
      parseColumns(result, rowMode, parsers);
    }
    return result as QueryResult<Row>;
  }

  private request(body: RequestBody): Promise<QueryResult | QueryResult[] | undefined> {
    if (this.stopped) {
      return Promise.reject(this.stopped);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) {
        this.worker.ref();
      }
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...body, id } as PgliteRequest);
    });
  }

  /** An idle database never holds the process open; one with statements in flight does. */
  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) {
      this.worker.unref();
    }
  }

  /** The worker is gone: every waiting statement fails, and so does every later one (/readyz reports it). */
  private stop(reason: Error): void {
    if (this.stopped) {
      return;
    }
    this.stopped = reason;
    for (const pending of this.pending.values()) {
      pending.reject(reason);
    }
    this.pending.clear();
    if (!this.isClosing) {
      for (const listener of this.lostListeners) {
        listener(reason);
      }
    }
  }
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseColumns(result: QueryResult, rowMode: RowMode, parsers: Record<number, Parser>): void {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) {
      return;
    }
    const key = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (typeof value === 'string') {
        row[key] = parse(value, field.dataTypeID);
      }
    }
  });
}
