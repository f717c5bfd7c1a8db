import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../modules/users/users.repo';
import { openDatabase, type Database } from './database';
import { PgliteThread } from './pglite-thread';

// The embedded database in its worker thread (pglite-thread.ts): the same answers, transactions and errors as PGlite
// in the server's own thread, with the event loop free while a statement runs.

describe('PGlite in its worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await database.db.execute(sql`create table notes (id int primary key, body text not null, at timestamptz)`);
  });

  afterAll(async () => {
    await database.close();
  });

  async function noteIds(): Promise<number[]> {
    const result = await database.db.execute(sql`select id from notes order by id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  }

  it('keeps what a committed transaction wrote and nothing of a rolled-back one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (1, 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (2, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await noteIds()).toEqual([1]);
  });

  it('rolls back only the inner part of a nested transaction (savepoint)', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (3, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into notes (id, body) values (4, 'inner')`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await noteIds()).toEqual([1, 3]);
  });

  it('holds statements from outside back until an open transaction ends, so they never run inside it', async () => {
    let outside: Promise<number[]> | null = null;
    let outsideDone = false;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (5, 'in a transaction')`);
      outside = noteIds().finally(() => (outsideDone = true));
      await tx.execute(sql`select pg_sleep(0.05)`);
      expect(outsideDone).toBe(false);
      await tx.execute(sql`delete from notes where id = 5`);
    });
    // Run inside the transaction, it would have seen note 5.
    expect(await outside).toEqual([1, 3]);
  });

  it('passes PostgreSQL error fields through (a unique violation is 23505 with its constraint)', async () => {
    const failure = await database.db.execute(sql`insert into notes (id, body) values (1, 'again')`).catch((e) => e);
    // Drizzle wraps the driver's error as its cause, as it does for PostgreSQL's.
    expect(isUniqueViolation(failure)).toBe(true);
    const cause = (failure as Error).cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: '23505', constraint: 'notes_pkey', detail: 'Key (id)=(1) already exists.' });
    expect((cause as Error).message).toContain('duplicate key');
  });

  it('leaves columns the caller parses as text and parses the rest (timestamps, numbers, JSON)', async () => {
    const thread = await PgliteThread.start('memory');
    try {
      const result = await thread.query<[string, number, { a: number[] }]>(
        `select '2026-01-02 03:04:05+00'::timestamptz, 2.5::float8, '{"a":[1,2]}'::jsonb`,
        [],
        { rowMode: 'array', parsers: { 1184: (text) => `parsed:${text}` } },
      );
      expect(result.rows).toEqual([['parsed:2026-01-02 03:04:05+00', 2.5, { a: [1, 2] }]]);
    } finally {
      await thread.close();
    }
  });

  it('keeps the event loop turning while a long statement runs', async () => {
    let turns = 0;
    let running = true;
    const spin = (): void => {
      if (running) {
        turns += 1;
        setImmediate(spin);
      }
    };
    setImmediate(spin);
    await database.db.execute(sql`select sum(g) from generate_series(1, 3000000) as g`);
    running = false;
    // In the server's own thread the statement held the loop: a handful of turns at most.
    expect(turns).toBeGreaterThan(100);
  });

  it('refuses statements after close with a message that says so', async () => {
    const other = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
    await other.ping();
    await other.close();
    await expect(other.ping()).rejects.toThrow('The embedded database is closed');
  });

  it('fails waiting and later statements with a clear message and reports the loss when the worker stops', async () => {
    // The real worker, plus a listener that ends the thread when asked (as a crash of the WebAssembly module would).
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      const entry = join(dir, 'stopping-worker.ts');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
      writeFileSync(
        entry,
        `import { parentPort } from 'node:worker_threads';\n` +
          `await import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)});\n` +
          `parentPort.on('message', (m) => { if (m.text === 'select 1 as stop') process.exit(7); });\n`,
      );
      const thread = await PgliteThread.start('memory', { workerUrl: pathToFileURL(entry) });
      const lost: Error[] = [];
      thread.onLost((error) => lost.push(error));
      expect((await thread.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
      await expect(thread.query('select 1 as stop')).rejects.toThrow('The embedded database stopped (exit code 7)');
      await expect(thread.query('select 2 as n')).rejects.toThrow('The embedded database stopped');
      expect(lost.map((error) => error.message)).toEqual(['The embedded database stopped (exit code 7)']);
      await thread.close();
      expect(lost).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not report a loss when closed on purpose', async () => {
    const thread = await PgliteThread.start('memory');
    const lost: Error[] = [];
    thread.onLost((error) => lost.push(error));
    await thread.close();
    expect(lost).toEqual([]);
  });
});
