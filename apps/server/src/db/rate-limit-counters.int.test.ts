import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { countHit, pruneCounters, readCounter, scheduleCounterPruning } from './rate-limit-counters';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

const at = (iso: string) => new Date(`2026-03-01T${iso}Z`);

describe('shared rate-limit counters', () => {
  it('counts hits in a fixed window and starts a new window when it has ended', async () => {
    const counter = { scope: 'test', subject: '192.0.2.1', windowMs: 60_000 };
    expect(await countHit(database.db, { ...counter, now: at('10:00:00') })).toEqual({ hits: 1, remainingMs: 60_000 });
    expect(await countHit(database.db, { ...counter, now: at('10:00:30') })).toEqual({ hits: 2, remainingMs: 30_000 });
    expect(await readCounter(database.db, { ...counter, now: at('10:00:45') })).toEqual({
      hits: 2,
      remainingMs: 15_000,
    });
    // The window ended at 10:01:00: the next hit opens a new one.
    expect(await readCounter(database.db, { ...counter, now: at('10:01:00') })).toEqual({ hits: 0, remainingMs: 0 });
    expect(await countHit(database.db, { ...counter, now: at('10:01:00') })).toEqual({ hits: 1, remainingMs: 60_000 });
  });

  it('keeps scopes and subjects apart', async () => {
    const now = at('11:00:00');
    await countHit(database.db, { scope: 'a', subject: 'x', windowMs: 60_000, now });
    await countHit(database.db, { scope: 'a', subject: 'x', windowMs: 60_000, now });
    await countHit(database.db, { scope: 'b', subject: 'x', windowMs: 60_000, now });
    expect((await readCounter(database.db, { scope: 'a', subject: 'x', now })).hits).toBe(2);
    expect((await readCounter(database.db, { scope: 'b', subject: 'x', now })).hits).toBe(1);
    expect((await readCounter(database.db, { scope: 'a', subject: 'y', now })).hits).toBe(0);
  });

  it('counts every one of many concurrent hits (as several server processes send them)', async () => {
    const now = at('12:00:00');
    const counter = { scope: 'concurrent', subject: '198.51.100.7', windowMs: 60_000, now };
    const results = await Promise.all(Array.from({ length: 50 }, () => countHit(database.db, counter)));
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await readCounter(database.db, counter)).hits).toBe(50);
  });

  it('prunes the counters whose window has ended, and only those', async () => {
    const now = at('13:00:00');
    await countHit(database.db, { scope: 'prune', subject: 'old', windowMs: 1_000, now });
    await countHit(database.db, { scope: 'prune', subject: 'current', windowMs: 600_000, now });
    const later = new Date(now.getTime() + 5_000);
    expect(await pruneCounters(database.db, later)).toBeGreaterThanOrEqual(1);
    expect((await readCounter(database.db, { scope: 'prune', subject: 'current', now: later })).hits).toBe(1);
    expect(await pruneCounters(database.db, later)).toBe(0);
  });

  it('logs a failed pruning under `err`, the key the server logger passes through its redacting serializer', async () => {
    const broken = await createTestDatabase();
    await broken.drop();
    const logged: object[] = [];
    const stop = scheduleCounterPruning(broken.database.db, {
      now: () => at('14:00:00'),
      log: { warn: (details) => logged.push(details) },
      everyMs: 5,
    });
    try {
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThan(0);
    } finally {
      stop();
    }
    expect(Object.keys(logged[0] ?? {})).toEqual(['err']);
    expect((logged[0] as { err: unknown }).err).toBeInstanceOf(Error);
  });
});
