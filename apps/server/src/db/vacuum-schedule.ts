import { repeatInBackground, type BackgroundLog, type RepeatOptions } from '../lib/repeat-in-background';
import type { Database } from './database';

// PGlite runs no autovacuum. Every answer save writes a new version of the test's row (the answered count is
// indexed, so the old version is not pruned in place), so without VACUUM an embedded database grows by about one row
// per saved answer and its planner statistics stay those of an empty database. A VACUUM (ANALYZE) holds other
// statements back while it runs: 0.5-0.7 s for 100,000 tests on a 2-core machine, milliseconds for a practice's
// few thousand, hence a few times a day rather than continuously.

export type VacuumLog = BackgroundLog;
export type VacuumScheduleOptions = RepeatOptions;

const VACUUM_FIRST_AFTER_MS = 5 * 60_000;
const VACUUM_EVERY_MS = 6 * 60 * 60_000;

/** Runs `database.vacuum` on a schedule, if it has one; returns a function that stops the schedule. */
export function scheduleVacuum(database: Database, log: VacuumLog, options: VacuumScheduleOptions = {}): () => void {
  const vacuum = database.vacuum;
  if (!vacuum) {
    return () => undefined;
  }
  return repeatInBackground(vacuum, {
    firstAfterMs: options.firstAfterMs ?? VACUUM_FIRST_AFTER_MS,
    everyMs: options.everyMs ?? VACUUM_EVERY_MS,
    log,
    messages: { done: 'embedded database vacuumed', failed: 'embedded database vacuum failed' },
  });
}
