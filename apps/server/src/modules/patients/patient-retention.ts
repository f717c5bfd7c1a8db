import type { Database } from '../../db/database';
import {
  repeatInBackground,
  type BackgroundLog,
  type RepeatOptions,
  type RunCounts,
} from '../../lib/repeat-in-background';
import { listPatientsLastSeenBefore } from './patient-data.repo';
import { erasePatient, RETENTION_ACTOR } from './patient-data.service';

// RETENTION_YEARS (DESIGN.md "Erasure, access and retention"): a patient whose last administration is older than that
// is erased, as an admin would, with reason 'retention'. A daily sweep; one missed (the server was down) is made up
// by the next, since the sweep looks for everyone past the limit, not for who passed it since the last run.

export type RetentionLog = BackgroundLog;
export type RetentionScheduleOptions = RepeatOptions;

const RETENTION_FIRST_AFTER_MS = 5 * 60_000;
const RETENTION_EVERY_MS = 24 * 60 * 60_000;
/** Patients listed per query; each is erased in a transaction of its own. */
const BATCH = 200;

/** `years` calendar years before `now` (29 February goes to 1 March in a year without it). */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Erases every patient whose last administration (the later of created and finished, over their tests) is before
 * `years` years ago. Under the database's exclusive lock, so server processes sharing one PostgreSQL run it one after
 * another: the second finds nothing left (the sweep is idempotent). Returns how many patients and tests it erased.
 */
export async function sweepRetention(options: {
  database: Database;
  years: number;
  now: Date;
}): Promise<{ patients: number; tests: number }> {
  const { database, now } = options;
  const cutoff = retentionCutoff(now, options.years);
  return database.runExclusively(async () => {
    let patients = 0;
    let tests = 0;
    for (;;) {
      const batch = await listPatientsLastSeenBefore(database.db, cutoff, BATCH);
      let erasedInBatch = 0;
      for (const key of batch) {
        const erased = await erasePatient(database.db, {
          key,
          reason: 'retention',
          actor: RETENTION_ACTOR,
          ip: null,
          now,
          lastSeenBefore: cutoff,
        });
        if (erased > 0) {
          patients += 1;
          tests += erased;
          erasedInBatch += 1;
        }
      }
      // A short batch was the last; a batch of which none was erased (each kept by a new test) would come again.
      if (batch.length < BATCH || erasedInBatch === 0) {
        return { patients, tests };
      }
    }
  });
}

/** Runs the sweep daily (first a few minutes after start) when `years` is set; returns a function that stops it. */
export function scheduleRetention(
  database: Database,
  options: { years: number | null; now: () => Date; log: RetentionLog; runs?: RunCounts } & RetentionScheduleOptions,
): () => void {
  const { years, log } = options;
  if (years === null) {
    return () => undefined;
  }
  return repeatInBackground(
    // Counts only: the log holds no patient data.
    async () => ({ ...(await sweepRetention({ database, years, now: options.now() })), years }),
    {
      firstAfterMs: options.firstAfterMs ?? RETENTION_FIRST_AFTER_MS,
      everyMs: options.everyMs ?? RETENTION_EVERY_MS,
      log,
      messages: { done: 'retention sweep done', failed: 'retention sweep failed' },
      ...(options.runs ? { runs: options.runs } : {}),
    },
  );
}
