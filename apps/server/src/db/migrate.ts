import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER } from '../lib/server-files';

export interface ScriptRunner {
  exec(sql: string): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

const MIGRATIONS_DIR = fileURLToPath(MIGRATIONS_FOLDER);

/** Numbered, forward-only SQL files (`0001_initial.sql`), each applied once, in order, in its own transaction. */
export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}${name}`, 'utf8') }));
}

export async function applyMigrations(runner: ScriptRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (done.has(migration.name)) {
      continue;
    }
    await runner.exec('BEGIN');
    try {
      await runner.exec(migration.sql);
      await runner.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      await runner.exec('COMMIT');
    } catch (error) {
      await runner.exec('ROLLBACK');
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(migration.name);
  }
  return applied;
}
