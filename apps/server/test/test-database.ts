import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import type { CompiledWasm } from '../src/db/pglite-protocol';
import { applyMigrations, listMigrations } from '../src/db/migrate';

/** Which back end the integration tests run on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export function testBackend(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabaseOptions {
  /**
   * Run every migration on an empty database, as a new installation does. Otherwise the database is a copy of one
   * migrated that way once (per set of migration files): starting PGlite empty and migrating it took seconds per
   * test file. Tests of the migrations themselves run them for real.
   */
  runMigrations?: boolean;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `drop`). On the run's back end (TEST_DB) unless
 * `backend` names one (a test of something only PostgreSQL has).
 */
export async function createTestDatabase(
  backend: 'pglite' | 'postgres' = testBackend(),
  options: TestDatabaseOptions = {},
): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const wasmModule = await compiledPglite();
    const database = options.runMigrations
      ? await openDatabase({ kind: 'pglite', dataDir: 'memory', wasmModule })
      : await openDatabase({ kind: 'pglite', dataDir: 'memory', loadDataDir: await migratedPgliteDump(), wasmModule });
    // A no-op on the copy (its schema_migrations lists every file), unless a migration was added since: then it runs.
    await database.migrate();
    return { database, url: null, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  }
  const name = `pid5_test_${randomBytes(6).toString('hex')}`;
  const template = options.runMigrations ? null : await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) =>
    admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
  );
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolSize: 10 });
  await database.migrate();
  return {
    database,
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await database.close().catch(() => undefined);
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Names the migrated copy after the migration files, so a changed or added file makes a new one. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const { name, sql } of listMigrations()) {
    hash.update(`${name}\0${sql}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

// Outside the repository's tracked files, and gone with node_modules (CI starts without it).
const NODE_MODULES = new URL('../../../node_modules/', import.meta.url);
const CACHE_DIR = fileURLToPath(new URL('.cache/pid5-test-databases/', NODE_MODULES));

/** Node's WebAssembly, which TypeScript declares only in its browser libraries. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> };
};

let pgliteWasm: Promise<CompiledWasm> | null = null;

/** PGlite's WebAssembly compiled once for the process: compiling it was a fifth of each database's start. */
function compiledPglite(): Promise<CompiledWasm> {
  pgliteWasm ??= wasm.compile(
    readFileSync(fileURLToPath(new URL('@electric-sql/pglite/dist/pglite.wasm', NODE_MODULES))),
  );
  return pgliteWasm;
}

let pgliteDump: Promise<string> | null = null;

/**
 * The path of a tar of a PGlite data folder with every migration applied (PGlite's dumpDataDir), made on first use
 * and kept for later runs. Test files running at once may each make it: each writes a file of its own and renames it
 * into place, so none reads a half-written one.
 */
function migratedPgliteDump(): Promise<string> {
  pgliteDump ??= (async () => {
    const { version } = JSON.parse(
      readFileSync(fileURLToPath(new URL('@electric-sql/pglite/package.json', NODE_MODULES)), 'utf8'),
    ) as { version: string };
    const file = `${CACHE_DIR}pglite-${version}-${migrationsKey()}.tar`;
    if (existsSync(file)) {
      return file;
    }
    const pglite = new PGlite({ extensions: { pg_trgm } });
    try {
      await applyMigrations({
        exec: async (text) => {
          await pglite.exec(text);
        },
        query: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows,
      });
      const dump = await pglite.dumpDataDir('none');
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await pglite.close();
    }
    return file;
  })();
  return pgliteDump;
}

/** Session-level advisory lock key for making the PostgreSQL template (any number, distinct from the app's). */
const TEMPLATE_LOCK = 727220099;

/**
 * The name of a database on the PostgreSQL server with every migration applied, to copy (CREATE DATABASE ...
 * TEMPLATE) rather than migrate each test file's database. Made once per set of migration files, by whichever test
 * file comes first while the others wait on an advisory lock; migrated under a temporary name and renamed when
 * complete, so a run stopped halfway leaves no template that looks whole. It takes no connections, as copying needs.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `pid5_template_${migrationsKey()}`;
  const partial = `${template}_partial`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) {
        return;
      }
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${partial}`);
      const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, partial), poolSize: 2 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${partial} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
      // The pool's sessions may take a moment to end after close(), and a database with sessions cannot be renamed.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await admin.query(`ALTER DATABASE ${partial} RENAME TO ${template}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt === 50) {
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
