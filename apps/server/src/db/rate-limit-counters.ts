import { sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Fixed-window counters in the database, so that a limit holds for the whole service however many
 * server processes share it (DESIGN.md "Architecture"). One statement per hit: the row is created, counted, or
 * restarted when its window has ended, atomically, so concurrent hits from several processes all count.
 */

export interface CounterState {
  hits: number;
  /** Milliseconds until the window ends (at least 0). */
  remainingMs: number;
}

type Row = { hits: number; ends_at_ms: number };

/** Both drivers answer { rows }. */
function firstRow(result: unknown): Row | undefined {
  return (result as { rows: Row[] }).rows[0];
}

function toState(row: Row | undefined, now: Date): CounterState {
  if (!row) {
    return { hits: 0, remainingMs: 0 };
  }
  const endsAt = Number(row.ends_at_ms);
  return { hits: Number(row.hits), remainingMs: Math.max(0, endsAt - now.getTime()) };
}

/** Counts one hit for (scope, subject) in a window of `windowMs` and returns the window's count so far. */
export async function countHit(
  db: Db,
  counter: { scope: string; subject: string; windowMs: number; now: Date },
): Promise<CounterState> {
  const { scope, subject, windowMs, now } = counter;
  const endsAt = new Date(now.getTime() + windowMs);
  const result = await db.execute(sql`
    INSERT INTO rate_limit_counters AS c (scope, subject, hits, window_ends_at)
    VALUES (${scope}, ${subject}, 1, ${endsAt.toISOString()}::timestamptz)
    ON CONFLICT (scope, subject) DO UPDATE SET
      hits = CASE WHEN c.window_ends_at <= ${now.toISOString()}::timestamptz THEN 1 ELSE c.hits + 1 END,
      window_ends_at = CASE WHEN c.window_ends_at <= ${now.toISOString()}::timestamptz
        THEN excluded.window_ends_at ELSE c.window_ends_at END
    RETURNING hits, (extract(epoch from window_ends_at) * 1000)::float8 AS ends_at_ms`);
  return toState(firstRow(result), now);
}

/** The current window's count for (scope, subject), without counting (0 when none or ended). */
export async function readCounter(
  db: Db,
  counter: { scope: string; subject: string; now: Date },
): Promise<CounterState> {
  const { scope, subject, now } = counter;
  const result = await db.execute(sql`
    SELECT hits, (extract(epoch from window_ends_at) * 1000)::float8 AS ends_at_ms FROM rate_limit_counters
    WHERE scope = ${scope} AND subject = ${subject} AND window_ends_at > ${now.toISOString()}::timestamptz`);
  return toState(firstRow(result), now);
}

/** Deletes counters whose window ended before `now` (run now and then: a flood of addresses leaves rows behind). */
export async function pruneCounters(db: Db, now: Date): Promise<number> {
  const result = await db.execute(sql`
    WITH deleted AS (
      DELETE FROM rate_limit_counters WHERE window_ends_at <= ${now.toISOString()}::timestamptz RETURNING 1
    )
    SELECT count(*)::int AS n FROM deleted`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Prunes ended counters every `everyMs` (10 minutes) until the returned function is called. */
export function scheduleCounterPruning(
  db: Db,
  options: { now: () => Date; log: { warn(details: object, message: string): void }; everyMs?: number },
): () => void {
  const timer = setInterval(
    () => {
      pruneCounters(db, options.now()).catch((error: unknown) => {
        options.log.warn({ err: error }, 'pruning rate-limit counters failed');
      });
    },
    options.everyMs ?? 10 * 60_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
