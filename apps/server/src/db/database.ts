import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock';
import { applyMigrations, type ScriptRunner } from './migrate';
import type { CompiledWasm } from './pglite-protocol';
import { PgliteThread } from './pglite-thread';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One database handle for the whole app. PGlite (embedded, a data folder) by default,
 * PostgreSQL when DATABASE_URL is set; both run the same SQL migrations and the same code.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies pending migrations; returns the names it applied. */
  migrate(): Promise<string[]>;
  /**
   * Runs start-up work (default documents, demo data) holding a database-wide lock, so that server processes
   * starting together on one PostgreSQL do it once, one after another (each checks what is there first).
   */
  runExclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * One SELECT's rows as arrays of column values in the select's order, as the driver parses them (bigint as text on
   * PostgreSQL) and never mapped by Drizzle into objects: for the CSV export's batches (assessments.repo.ts
   * listAssessmentsAfter), where a per-row object costs the server more than the row's own work.
   */
  selectArrays(query: SQL): Promise<unknown[][]>;
  /** Throws when the database cannot answer (for /readyz). */
  ping(): Promise<void>;
  /**
   * `listener` is called if the database is gone for good: the embedded database's worker thread stopped. (A
   * PostgreSQL connection that drops is replaced by the pool and never reported here.)
   */
  onLost(listener: (error: Error) => void): void;
  /**
   * Reclaims the space of old row versions and refreshes the planner's statistics, where nothing else does:
   * PGlite runs no autovacuum (db/vacuum-schedule.ts runs this every few hours). Null on PostgreSQL, whose
   * autovacuum does it.
   */
  readonly vacuum: (() => Promise<void>) | null;
  /** Where the job queue (db/job-queue.ts) connects: the same embedded database, or the same PostgreSQL by URL. */
  readonly jobQueueConnection: { kind: 'pglite'; client: PgliteThread } | { kind: 'postgres'; url: string };
  /** The PostgreSQL pool's connections (open, idle) and requests waiting for one; null on PGlite (one thread). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export type DatabaseOptions =
  // loadDataDir: a tar of a data folder (PGlite's dumpDataDir) to start an empty one from (tests: a migrated copy).
  // wasmModule: PGlite's WebAssembly compiled already (tests open many databases in one process).
  | { kind: 'pglite'; dataDir: string | 'memory'; loadDataDir?: string; wasmModule?: CompiledWasm }
  | { kind: 'postgres'; url: string; poolSize?: number; timeoutSeconds?: number; onPoolError?: (error: Error) => void };

/** DATABASE_TIMEOUT_SECONDS's default: longer than any query of a request, shorter than a person's patience. */
export const DEFAULT_DATABASE_TIMEOUT_SECONDS = 30;

/** Drizzle's SQL as text and parameters ($1, $2...), for the drivers' own query calls (selectArrays). */
const dialect = new PgDialect();

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
}

async function openPglite({
  dataDir,
  loadDataDir,
  wasmModule,
}: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> {
  // One process per data folder: a second one (server or operator command) would keep its own copy of the pages and
  // overwrite the other's acknowledged writes.
  const lock = dataDir === 'memory' ? null : await lockDataFolder(dataDir);
  // PGlite runs in a worker thread of its own (pglite-thread.ts), so its WebAssembly work leaves the event loop free.
  const client = await PgliteThread.start(dataDir, { loadDataDir, wasmModule }).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  // Drizzle's PGlite driver calls only query() and transaction(), which PgliteThread answers as PGlite does.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  // PGlite is one connection in this process: nothing else can run migrations concurrently.
  const runner: ScriptRunner = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    migrate: () => applyMigrations(runner),
    // PGlite is one connection in one process: nothing else starts against it.
    runExclusively: (work) => work(),
    selectArrays: async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
    },
    ping: async () => {
      await client.query('select 1');
    },
    onLost: (listener) => client.onLost(listener),
    vacuum: async () => {
      await client.exec('VACUUM (ANALYZE)');
    },
    poolStats: () => null,
    jobQueueConnection: { kind: 'pglite', client },
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

// Keys of PostgreSQL advisory locks (any numbers, the same in every process of this app).
const MIGRATIONS_LOCK = 727220005;
const START_UP_LOCK = 727220006;

/**
 * Runs `work` while a connection of its own holds the advisory lock `key` (waiting for it if another process holds
 * it). Not a pooled one: the pool's statement and query timeouts would cut short a long wait or a long migration.
 */
async function withAdvisoryLock<T>(url: string, key: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on('error', () => undefined); // a connection lost here fails the query in flight, which reports it
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** How long a new connection may take before the attempt fails (the server down or unreachable). */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(options: {
  url: string;
  poolSize?: number;
  timeoutSeconds?: number;
  onPoolError?: (error: Error) => void;
}) {
  const timeoutMs = (options.timeoutSeconds ?? DEFAULT_DATABASE_TIMEOUT_SECONDS) * 1000;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // A statement PostgreSQL works on longer is cancelled by PostgreSQL itself; a connection that hangs silently (a
    // dropped network path, a frozen server) answers nothing at all, so the client gives up a little later on its own;
    // TCP keep-alive finds a dead peer of an idle connection.
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 5_000,
    idle_in_transaction_session_timeout: timeoutMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    kind: 'postgres',
    db,
    // Several server processes may start at once against one PostgreSQL: one migrates, the others wait.
    migrate: () =>
      withAdvisoryLock(options.url, MIGRATIONS_LOCK, (client) =>
        applyMigrations({
          exec: async (text) => {
            await client.query(text);
          },
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
        }),
      ),
    // `work` runs on pooled connections while a connection of its own holds the lock.
    runExclusively: (work) => withAdvisoryLock(options.url, START_UP_LOCK, () => work()),
    selectArrays: async (query) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      return (await pool.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    onLost: () => undefined,
    vacuum: null,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    jobQueueConnection: { kind: 'postgres', url: options.url },
    close: () => pool.end(),
  };
  return database;
}
