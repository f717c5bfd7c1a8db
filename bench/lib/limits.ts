import { runIntoWc } from './into-wc';
import type { Database } from '@pid5/server';
import { hashToken, saveAnswer } from '@pid5/server/testing';
import { percentile } from './stats';

// The database's own limits measured in the same run (bench/README.md): the same statement the server runs, from a
// client in this process with nothing of the server around it.

/**
 * The answer save's guarded UPDATE (respondent.repo.ts saveAnswer, the same prepared statement) run in `concurrency`
 * loops for `durationS`, round-robin over `codes`: saves/s and the p99 of one statement. On PostgreSQL through a
 * pg pool of `concurrency` connections, on PGlite through its worker thread, as the server runs it.
 */
export async function measureSaveStatement(
  database: Database,
  codes: readonly string[],
  options: { concurrency: number; durationS: number },
): Promise<{ perSecond: number; p99: number; count: number }> {
  const hashes = codes.map((code) => hashToken(code));
  let next = 0;
  const save = () => {
    const codeHash = hashes[next++ % hashes.length] ?? '';
    return saveAnswer(database.db, {
      codeHash,
      item: 1 + Math.floor(Math.random() * 220),
      value: Math.floor(Math.random() * 4),
      now: new Date(),
      author: { actor: 'patient', linkSession: 'bench-limit-session00' },
    });
  };
  // Warm-up: the pool's connections and the prepared statement on each, and a just-opened PGlite's caches (its first
  // seconds ran at 60 % of its later rate: 446 against 718 saves/s at 10 loops after a 1 s warm-up).
  const warmUntil = performance.now() + 3000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < warmUntil) {
        await save();
      }
    }),
  );
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const until = started + options.durationS * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        if ((await save()) === null) {
          failed++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  if (failed > 0) {
    throw new Error(`save statement: ${failed} saves found no open test`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / seconds, p99: percentile(latencies, 99), count: latencies.length };
}

/**
 * PostgreSQL's own `COPY (select) TO STDOUT WITH CSV`, run by psql (the C client) into `wc` (lib/into-wc.ts): the
 * limit for getting those rows out of PostgreSQL. Time from start to exit.
 */
export async function timePostgresCopy(url: string, select: string): Promise<{ ms: number; bytes: number }> {
  const copy = await runIntoWc('psql', [
    url,
    '-X',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `COPY (${select}) TO STDOUT WITH (FORMAT csv)`,
  ]);
  if (copy.exitCode !== 0) {
    throw new Error(`psql COPY exited ${copy.exitCode}: ${copy.stderr.trim()}`);
  }
  return { ms: copy.ms, bytes: copy.bytes };
}

/**
 * The export's columns as plain columns, in the CSV's order (assessments.repo.ts listAssessmentsAfter builds the
 * same values into one JSON array per row), the whole table by id: what `COPY` writes as the limit.
 */
export const EXPORT_COLUMNS_SELECT = `
  select a.id, a.patient_id, u.username, a.clinician_id, a.created_at, a.due_at, a.finished_at, a.answered_count,
    a.age, a.gender, a.race, a.postal_code, a.country, array_to_string(a.dsm_codes, '; '), a.primary_dsm, a.responses,
    a.instrument_version, a.norms_version, array_to_string(a.score_values, ',', '')
  from assessments a inner join users u on u.id = a.clinician_id
  order by a.id`;
