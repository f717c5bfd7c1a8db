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

/** The database was migrated by a newer version of the app: this version does not know its schema. */
export class NewerSchemaError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `This database was migrated by a newer version of the app: its migrations ${unknownMigrations.join(', ')} ` +
        'are unknown to this version, which would misread the data. Start the version that migrated it, or restore ' +
        'the backup taken before the upgrade (docs/operations.md "Upgrading").',
    );
    this.name = 'NewerSchemaError';
  }
}

/** The schema version this build brings: the name of its last migration. */
export function schemaVersion(dir = MIGRATIONS_DIR): string {
  return (
    listMigrations(dir)
      .at(-1)
      ?.name.replace(/\.sql$/, '') ?? 'none'
  );
}

/**
 * Applies the migrations the database does not have yet and returns their names. Refuses, before changing anything,
 * a database that has migrations this version does not know (a newer version migrated it).
 */
export async function applyMigrations(runner: ScriptRunner, dir = MIGRATIONS_DIR): Promise<string[]> {
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await runner.query('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const migrations = listMigrations(dir);
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = [...done].filter((name) => !known.has(name)).sort();
  if (unknown.length > 0) {
    throw new NewerSchemaError(unknown);
  }
  const applied: string[] = [];
  for (const migration of migrations) {
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
