import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { scoreResponses } from '@pid5/instrument';
import type { Db } from '@pid5/server';
import {
  assessments,
  users,
  createRandomToken,
  hashToken,
  ensureDefaultDocuments,
  findCurrentDocument,
  createLocalUser,
  passwordHashFor,
} from '@pid5/server/testing';
import type { BenchDatabase } from './databases';

// Seeding for the benchmarks: run in the bench process against the bench database before the server starts
// (PGlite is single-process), with plain multi-row or generate_series inserts so even 100,000 rows take seconds.

/** The tables a bulk insert of tests writes: the tests, and their search keys (a trigger's, migration 0015). */
const SEEDED_TABLES = ['assessments', 'assessment_patient_ids'] as const;
const SEEDED_TABLES_SQL = sql.raw(`(${SEEDED_TABLES.map((table) => `'${table}'`).join(', ')})`);

export const BENCH_PASSWORD = 'bench password 1234';
const DAY_MS = 24 * 3_600_000;

/** A fixed, plausible answer string (deterministic): every item answered 0-3. */
export function benchResponses(seed = 7): string {
  let a = seed >>> 0;
  let out = '';
  for (let i = 0; i < 220; i++) {
    a = (Math.imul(a, 1_103_515_245) + 12_345) >>> 0;
    const r = (a >>> 16) % 100;
    out += r < 35 ? '0' : r < 65 ? '1' : r < 88 ? '2' : '3';
  }
  return out;
}

export interface SeedContext {
  db: Db;
  docs: { termsId: number; consentId: number };
  /** The signed-in clinician each part seeds for. */
  clinicianId: string;
}

/**
 * Seeds a fresh bench database before its server starts: opens and migrates it, adds the default documents and a
 * clinician with a local account (`clinicianUsername`), runs `seed`, and closes it again (PGlite is single-process).
 */
export async function seedBenchDatabase<T>(
  database: BenchDatabase,
  clinicianUsername: string,
  seed: (context: SeedContext) => Promise<T>,
): Promise<T> {
  const opened = await database.open();
  try {
    await opened.migrate();
    const docs = await prepareDocuments(opened.db);
    const clinicianId = await createBenchUser(opened.db, { username: clinicianUsername, role: 'user' });
    return await seed({ db: opened.db, docs, clinicianId });
  } finally {
    await opened.close();
  }
}

async function prepareDocuments(db: Db): Promise<{ termsId: number; consentId: number }> {
  await ensureDefaultDocuments(db);
  const terms = await findCurrentDocument(db, 'terms');
  const consent = await findCurrentDocument(db, 'consent');
  if (!terms || !consent) {
    throw new Error('default documents missing');
  }
  return { termsId: terms.id, consentId: consent.id };
}

/** A local account (to sign in through POST /auth/local/login), optionally an admin. */
export async function createBenchUser(db: Db, options: { username: string; role: 'user' | 'admin' }): Promise<string> {
  const passwordHash = await passwordHashFor(BENCH_PASSWORD);
  const user = await createLocalUser(db, { username: options.username, passwordHash, role: options.role });
  if (!user) {
    throw new Error(`user ${options.username} exists`);
  }
  return user.id;
}

/** Many clinicians without credentials (they own rows; only a few sign in), in one insert. */
export async function insertClinicians(db: Db, count: number, prefix = 'clinician'): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    username: `${prefix}-${String(i).padStart(4, '0')}`,
    role: 'user' as const,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(users).values(rows.slice(i, i + 500));
  }
  return rows.map((r) => r.id);
}

/** Completed tests (all 220 answers, scores frozen as at submission) for the PDF report; returns their ids. */
export async function insertCompletedTests(
  db: Db,
  options: { clinicianId: string; count: number; termsId: number; consentId: number },
): Promise<number[]> {
  const now = Date.now();
  const rows = Array.from({ length: options.count }, (_, i) => {
    // Each patient answered differently: reports of one clinic differ in every score.
    const responses = benchResponses(100 + i);
    const scores = scoreResponses(responses);
    const code = createRandomToken(16);
    return {
      testCode: code,
      testCodeHash: hashToken(code),
      clinicianId: options.clinicianId,
      patientId: `R-${String(i).padStart(6, '0')}`,
      age: 34,
      gender: 'Male',
      race: 'Asian',
      postalCode: '80331',
      country: 'Germany',
      dsmCodes: ['F60.3', 'F41.1'],
      primaryDsm: 'F60.3',
      termsId: options.termsId,
      createdAt: new Date(now - 3 * DAY_MS),
      dueAt: new Date(now + 27 * DAY_MS),
      consentId: options.consentId,
      consentAgreedAt: new Date(now - 3 * DAY_MS),
      responses,
      answeredCount: 220,
      finishedAt: new Date(now - 2 * DAY_MS),
      itemSetId: 'demo-en-1',
      instrumentVersion: scores.instrumentVersion,
      normsVersion: scores.normsVersion,
      scores,
    };
  });
  const inserted = await db.insert(assessments).values(rows).returning({ id: assessments.id });
  return inserted.map((r) => r.id);
}

/**
 * `count` assessments spread round-robin over `clinicianIds`, created over the last two years, in one
 * generate_series statement per 10,000 rows (100,000 with `rebuildIndexes`): a quarter completed (with the same frozen scores), the rest at
 * every stage from not started to nearly done; a few past their due date. `completedEvery: 1` submits every one.
 */
export async function insertManyAssessments(
  db: Db,
  options: {
    clinicianIds: string[];
    count: number;
    termsId: number;
    consentId: number;
    /**
     * Drop the secondary indexes of the table and of its search table (filled by a trigger, migration 0015) for the
     * inserts and build them again after (a million rows: minutes less).
     */
    rebuildIndexes?: boolean;
    /** Every how many-th test is completed (4: a quarter, the default; 1: all). */
    completedEvery?: number;
  },
): Promise<void> {
  const every = options.completedEvery ?? 4;
  // The migrations' own index definitions, read back, so the rebuilt indexes are exactly theirs.
  const { rows: indexes } = options.rebuildIndexes
    ? ((await db.execute(sql`
        select indexname, indexdef from pg_indexes
        where tablename in ${SEEDED_TABLES_SQL} and indexname not in (
          select conname from pg_constraint where conrelid::regclass::text in ${SEEDED_TABLES_SQL})
      `)) as unknown as {
        rows: { indexname: string; indexdef: string }[];
      })
    : { rows: [] };
  for (const index of indexes) {
    await db.execute(sql.raw(`DROP INDEX ${index.indexname}`));
  }
  const responses = benchResponses();
  const scores = scoreResponses(responses);
  const scoresJson = JSON.stringify(scores);
  const clinicians = `{${options.clinicianIds.join(',')}}`;
  const n = options.clinicianIds.length;
  const now = new Date().toISOString();
  // Created over the last two years whatever the count (100,000: one every 10 minutes).
  const spacingMinutes = 1_000_000 / options.count;
  const batch = options.rebuildIndexes ? 100_000 : 10_000;
  for (let from = 1; from <= options.count; from += batch) {
    const to = Math.min(options.count, from + batch - 1);
    await db.execute(sql`
      INSERT INTO assessments (test_code_hash, test_code, clinician_id, patient_id, age, gender, race, postal_code,
        country, dsm_codes, primary_dsm, terms_id, created_at, due_at, consent_id, consent_agreed_at, responses,
        answered_count, finished_at, item_set_id, instrument_version, norms_version, scores)
      SELECT md5('bench-' || i), 'bench-code-' || i, (${clinicians}::text[])[1 + (i % ${n})],
        'P-' || lpad(((i::bigint * 7919) % 1000003)::text, 7, '0'), 18 + i % 60,
        (array['Female','Male','Non-binary','Unspecified'])[1 + i % 4], 'Unspecified', lpad((i % 99999)::text, 5, '0'),
        'Germany', array['F41.1','F32.0'], 'F41.1', ${options.termsId},
        c.created_at, c.created_at + interval '30 days', ${options.consentId}, c.created_at,
        CASE WHEN i % ${every} = 0 THEN ${responses} ELSE repeat('1', a.k) || repeat('9', 220 - a.k) END,
        CASE WHEN i % ${every} = 0 THEN 220 ELSE a.k END,
        CASE WHEN i % ${every} = 0 THEN c.created_at + interval '2 days' END,
        CASE WHEN i % ${every} = 0 THEN 'demo-en-1' END,
        CASE WHEN i % ${every} = 0 THEN ${scores.instrumentVersion} END,
        CASE WHEN i % ${every} = 0 THEN ${scores.normsVersion} END,
        CASE WHEN i % ${every} = 0 THEN ${scoresJson}::jsonb END
      FROM generate_series(${from}::int, ${to}::int) AS i
      CROSS JOIN LATERAL (SELECT ${now}::timestamptz - (i * ${spacingMinutes}::float8 * interval '1 minute') AS created_at) AS c
      CROSS JOIN LATERAL (SELECT (i * 37) % 220 AS k) AS a
    `);
  }
  for (const index of indexes) {
    await db.execute(sql.raw(index.indexdef));
  }
  // A settled table, as autovacuum leaves it on PostgreSQL (visibility map set: index-only scans work).
  await db.execute(sql.raw(`VACUUM ANALYZE ${SEEDED_TABLES.join(', ')}`));
}
