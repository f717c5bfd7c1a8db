import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { scheduleVacuum, type VacuumLog } from './vacuum-schedule';

// PGlite has no autovacuum: the server vacuums the embedded database on a schedule (here shortened to milliseconds).

function collectingLog() {
  const entries: { level: 'info' | 'error'; details: object; message: string }[] = [];
  const log: VacuumLog = {
    info: (details, message) => entries.push({ level: 'info', details, message }),
    error: (details, message) => entries.push({ level: 'error', details, message }),
  };
  return { log, entries };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the embedded database vacuum schedule', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.migrate();
  });

  afterAll(async () => {
    await database.close();
  });

  async function lastVacuum(table: string): Promise<unknown> {
    const result = await database.db.execute(
      sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = ${table}`,
    );
    return (result as unknown as { rows: { last_vacuum: unknown; last_analyze: unknown }[] }).rows[0];
  }

  it('vacuums and analyses every table, again after each interval, and stops when told', async () => {
    expect(await lastVacuum('assessments')).toEqual({ last_vacuum: null, last_analyze: null });
    const { log, entries } = collectingLog();
    const stop = scheduleVacuum(database, log, { firstAfterMs: 10, everyMs: 30 });
    await until(() => entries.length >= 2);
    stop();
    const runs = entries.length;

    expect(entries.slice(0, 2)).toEqual([
      { level: 'info', details: { durationMs: expect.any(Number) }, message: 'embedded database vacuumed' },
      { level: 'info', details: { durationMs: expect.any(Number) }, message: 'embedded database vacuumed' },
    ]);
    // Raw statements leave timestamps as PostgreSQL's text.
    expect(await lastVacuum('assessments')).toEqual({
      last_vacuum: expect.any(String),
      last_analyze: expect.any(String),
    });

    await new Promise((resolve) => setTimeout(resolve, 100));
    // At most the run already under way when stopped finishes; none is started after it.
    expect(entries.length).toBeLessThanOrEqual(runs + 1);
  });

  it('logs a failed run and keeps the schedule going', async () => {
    const { log, entries } = collectingLog();
    const closed = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await closed.close();
    const stop = scheduleVacuum(closed, log, { firstAfterMs: 5, everyMs: 10 });
    await until(() => entries.length >= 2);
    stop();
    expect(entries[0]?.level).toBe('error');
    expect(entries[0]?.message).toBe('embedded database vacuum failed');
    expect(entries[1]?.level).toBe('error');
  });
});
