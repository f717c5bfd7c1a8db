// Messages between the server's event loop (pglite-thread.ts) and the worker thread that owns PGlite
// (pglite-worker.ts). Everything here must survive structured cloning: no functions, so result parsers stay on the
// event loop's side and the worker is only told which column types to leave as text for them.

export interface PgliteWorkerData {
  dataDir: string | 'memory';
  /** A tar file of a data folder (PGlite's dumpDataDir) the new database starts as: the tests' migrated copy. */
  loadDataDir?: string;
  /** PGlite's WebAssembly, compiled already: a process that opens many databases (the tests) compiles it once. */
  wasmModule?: CompiledWasm;
}

/** A compiled WebAssembly.Module: Node has the type, but TypeScript declares it only in its browser libraries. */
export type CompiledWasm = object;

export type RowMode = 'array' | 'object';

/** `tx` names a transaction (chosen by the caller at `begin`); null runs the statement on its own. */
export type PgliteRequest =
  | {
      id: number;
      op: 'query';
      tx: number | null;
      text: string;
      params: unknown[];
      rowMode: RowMode;
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; tx: number | null; text: string }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface ResultField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<Row = unknown> {
  rows: Row[];
  fields: ResultField[];
  affectedRows?: number;
}

/** A database error's message and its PostgreSQL fields (code, constraint, detail...): what callers look at. */
export interface WorkerErrorData {
  message: string;
  fields: Record<string, string | number>;
}

export type PgliteReply =
  { id: number; ok: true; result?: QueryResult | QueryResult[] } | { id: number; ok: false; error: WorkerErrorData };

/** Posted once when the database is open (id 0), or with the reason it could not open. */
export type PgliteReadyMessage = { id: 0; ok: true } | { id: 0; ok: false; error: WorkerErrorData };

export function toWorkerErrorData(error: unknown): WorkerErrorData {
  if (!(error instanceof Error)) {
    return { message: String(error), fields: {} };
  }
  const fields: Record<string, string | number> = {};
  // Only plain values: PGlite also hangs the query's options (with parser functions) on its errors.
  for (const [key, value] of Object.entries(error)) {
    if ((typeof value === 'string' || typeof value === 'number') && key !== 'message' && key !== 'stack') {
      fields[key] = value;
    }
  }
  return { message: error.message, fields };
}
