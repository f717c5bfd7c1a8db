import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@pid5/server';
import { onCleanup } from './cleanup';

export type BackendKind = 'pglite' | 'postgres';

/** How a back end is named in the results table. */
export function backendLabel(kind: BackendKind): string {
  return kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
}

/** The local PostgreSQL of this machine (trust auth); bench databases are created in it and dropped after. */
const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database for one benchmark: a temp folder for PGlite, or `pid5_bench_*` in PostgreSQL. */
export interface BenchDatabase {
  kind: BackendKind;
  /** The server's environment for this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Open it in this process (seeding, limits). PGlite is single-process: close it before the server starts. */
  open(options?: { poolSize?: number }): Promise<Database>;
  /** PostgreSQL's connection URL (null for PGlite). */
  url: string | null;
  /** PGlite's data folder (null for PostgreSQL). */
  dataDir: string | null;
  drop(): Promise<void>;
}

export async function isPostgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createBenchDatabase(kind: BackendKind): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'pid5-bench-'));
    const dataDir = join(dir, 'data');
    const drop = onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      url: null,
      dataDir,
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop,
    };
  }
  const name = `pid5_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const drop = onCleanup(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  return {
    kind,
    env: { DATABASE_URL: url },
    url,
    dataDir: null,
    open: (options) => openDatabase({ kind: 'postgres', url, poolSize: options?.poolSize ?? 4 }),
    drop,
  };
}
