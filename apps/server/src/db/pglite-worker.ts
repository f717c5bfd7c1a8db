import { mkdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  toWorkerErrorData,
  type PgliteReadyMessage,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol';

// Worker-thread side of pglite-thread.ts: owns the embedded database, so its WebAssembly work (1.5-2.3 ms of CPU per
// answer save) runs on this thread and the event loop stays free for HTTP (DESIGN.md decision log). Requests are
// started in the order they arrive; PGlite itself runs one statement at a time and holds other statements back
// while a transaction is open, exactly as when it ran in the server's own thread.

const port = parentPort;
if (!port) {
  throw new Error('pglite-worker.ts runs only as a worker thread');
}

const { dataDir, loadDataDir, wasmModule } = workerData as PgliteWorkerData;

if (dataDir !== 'memory') {
  mkdirSync(dataDir, { recursive: true });
}
// pg_trgm: the dashboard's patient-id search index (migration 0004), as on PostgreSQL.
const extensions = { pg_trgm };
const options = {
  extensions,
  ...(loadDataDir === undefined ? {} : { loadDataDir: new Blob([readFileSync(loadDataDir)]) }),
  ...(wasmModule === undefined ? {} : { wasmModule }),
};
const client = dataDir === 'memory' ? new PGlite(options) : new PGlite(dataDir, options);

interface OpenTransaction {
  tx: Transaction;
  /** Settles PGlite's transaction callback: resolve commits, reject rolls back. */
  finish(commit: boolean): void;
  /** PGlite's transaction() promise: settles once COMMIT or ROLLBACK has run. */
  done: Promise<unknown>;
}

class Rollback extends Error {}

const keepText = (value: string) => value;
const openTransactions = new Map<number, OpenTransaction>();

function reply(message: PgliteReply): void {
  port?.postMessage(message);
}

function target(txId: number | null): PGlite | Transaction {
  if (txId === null) {
    return client;
  }
  const open = openTransactions.get(txId);
  if (!open) {
    throw new Error('The transaction has already ended');
  }
  return open.tx;
}

/** Opens transaction `txId` and answers request `id` once BEGIN has run. */
function begin(id: number, txId: number): void {
  let started = false;
  const done = client.transaction(
    (tx) =>
      new Promise((resolve, reject) => {
        openTransactions.set(txId, {
          tx,
          finish: (commit) => (commit ? resolve(undefined) : reject(new Rollback())),
          done,
        });
        started = true;
        reply({ id, ok: true });
      }),
  );
  // BEGIN itself failed: the caller is still waiting for its answer.
  done.catch((error: unknown) => {
    if (!started) {
      reply({ id, ok: false, error: toWorkerErrorData(error) });
    }
  });
}

async function end(id: number, txId: number, commit: boolean): Promise<void> {
  const open = openTransactions.get(txId);
  if (!open) {
    throw new Error('The transaction has already ended');
  }
  openTransactions.delete(txId);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (!(error instanceof Rollback)) {
      throw error;
    }
  }
  reply({ id, ok: true });
}

async function handle(request: PgliteRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      // Columns the caller parses itself come back as PostgreSQL's text; every other type PGlite parses here.
      const parsers = Object.fromEntries(request.rawTypes.map((type) => [type, keepText]));
      const result = await target(request.tx).query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      reply({
        id: request.id,
        ok: true,
        result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows },
      });
      return;
    }
    case 'exec': {
      const results = await target(request.tx).exec(request.text);
      reply({
        id: request.id,
        ok: true,
        result: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
      });
      return;
    }
    case 'begin':
      begin(request.id, request.tx);
      return;
    case 'end':
      await end(request.id, request.tx, request.commit);
      return;
    case 'close':
      await client.close();
      reply({ id: request.id, ok: true });
      return;
  }
}

port.on('message', (request: PgliteRequest) => {
  handle(request).catch((error: unknown) => reply({ id: request.id, ok: false, error: toWorkerErrorData(error) }));
});

client.waitReady.then(
  () => port.postMessage({ id: 0, ok: true } satisfies PgliteReadyMessage),
  (error: unknown) =>
    port.postMessage({ id: 0, ok: false, error: toWorkerErrorData(error) } satisfies PgliteReadyMessage),
);
