import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { ScoreResult } from '@pid5/instrument';
import type { Db } from '../../db/database';
import { assessments } from '../../db/schema';
import { whereNotCompleted, whereOpen, whereOpenForAnswers } from '../assessments/assessment-lifecycle';

// SQL only (STYLE.md). Every query finds a test by the SHA-256 of its link code, never by row id.

/** What the patient side reads: the lifecycle columns, never the clinician or the demographics. */
const patientColumns = {
  id: assessments.id,
  dueAt: assessments.dueAt,
  consentAgreedAt: assessments.consentAgreedAt,
  responses: assessments.responses,
  answeredCount: assessments.answeredCount,
  finishedAt: assessments.finishedAt,
};

export interface PatientTestRow {
  id: number;
  dueAt: Date;
  consentAgreedAt: Date | null;
  responses: string;
  answeredCount: number;
  finishedAt: Date | null;
}

export async function findTestByCodeHash(db: Db, codeHash: string): Promise<PatientTestRow | null> {
  const rows = await db.select(patientColumns).from(assessments).where(eq(assessments.testCodeHash, codeHash)).limit(1);
  return rows[0] ?? null;
}

/** Records consent once, while the test is open: a second accept (another tab) keeps the first document and time. */
export async function recordConsent(
  db: Db,
  options: { codeHash: string; consentId: number; now: Date },
): Promise<PatientTestRow | null> {
  const rows = await db
    .update(assessments)
    .set({ consentId: options.consentId, consentAgreedAt: options.now })
    .where(
      and(eq(assessments.testCodeHash, options.codeHash), isNull(assessments.consentAgreedAt), whereOpen(options.now)),
    )
    .returning(patientColumns);
  return rows[0] ?? null;
}

/**
 * The answers string with `patch` laid over it: `patch` is 220 characters, '-' where the stored answer stays.
 * It reads only the row being updated, so PostgreSQL re-evaluates it on the newest row version when a
 * concurrent save got there first (READ COMMITTED update semantics): no save overwrites another.
 */
function overlaidResponses(patch: string) {
  return sql<string>`(
    select string_agg(
      case when substr(${patch}::text, g.i, 1) = '-' then substr(${assessments.responses}::text, g.i, 1)
           else substr(${patch}::text, g.i, 1) end,
      '' order by g.i)
    from generate_series(1, 220) as g(i)
  )`;
}

/** Answered items of a response string: every character that is not the unanswered marker '9'. */
function answeredCountOf(responses: ReturnType<typeof sql>) {
  return sql<number>`length(replace(${responses}, '9', ''))`;
}

/** The test behind the code, if it takes answers (the lifecycle's guard; values, or a prepared query's placeholders). */
function openTestWithCode(codeHash: string | SQLWrapper, now: Date | SQLWrapper) {
  return and(eq(assessments.testCodeHash, codeHash), whereOpenForAnswers(now));
}

export interface SavedAnswers {
  responses: string;
  answeredCount: number;
}

/** The single-answer UPDATE, built once per database (on PostgreSQL also a named prepared statement, planned once). */
function prepareSaveAnswer(db: Db) {
  const next = sql`overlay(${assessments.responses}::text placing ${sql.placeholder('value')}::text from ${sql.placeholder('item')}::int for 1)`;
  return db
    .update(assessments)
    .set({ responses: next, answeredCount: answeredCountOf(next) })
    .where(openTestWithCode(sql.placeholder('codeHash'), sql`${sql.placeholder('now')}::timestamptz`))
    .returning({ responses: assessments.responses, answeredCount: assessments.answeredCount })
    .prepare('patient_save_answer');
}

const preparedSaves = new WeakMap<Db, ReturnType<typeof prepareSaveAnswer>>();

/**
 * Saves one answer in one UPDATE (DESIGN.md §4): overlay changes only that character, and the count is
 * recomputed from the new string in the same statement. Null when a guard failed (the caller says which).
 * The hottest statement of the app: prepared once, so a save neither rebuilds the SQL nor re-plans it.
 */
export async function saveAnswer(
  db: Db,
  options: { codeHash: string; item: number; value: number; now: Date },
): Promise<SavedAnswers | null> {
  let prepared = preparedSaves.get(db);
  if (!prepared) {
    prepared = prepareSaveAnswer(db);
    preparedSaves.set(db, prepared);
  }
  const rows = await prepared.execute({
    codeHash: options.codeHash,
    item: options.item,
    value: String(options.value),
    now: options.now.toISOString(),
  });
  return rows[0] ?? null;
}

/** Saves several answers (queued while offline) in one UPDATE, with the same guards as `saveAnswer`. */
export async function saveAnswers(
  db: Db,
  options: { codeHash: string; answers: readonly { item: number; value: number }[]; now: Date },
): Promise<SavedAnswers | null> {
  const patch = Array.from({ length: 220 }, () => '-');
  for (const { item, value } of options.answers) {
    patch[item - 1] = String(value);
  }
  const next = overlaidResponses(patch.join(''));
  const rows = await db
    .update(assessments)
    .set({ responses: next, answeredCount: answeredCountOf(next) })
    .where(openTestWithCode(options.codeHash, options.now))
    .returning({ responses: assessments.responses, answeredCount: assessments.answeredCount });
  return rows[0] ?? null;
}

/**
 * Runs `work` on the test locked for update (so no save lands between reading the answers and storing the
 * scores computed from them), in one transaction.
 */
export async function withLockedTest<T>(
  db: Db,
  codeHash: string,
  work: (row: PatientTestRow | null, tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(patientColumns)
      .from(assessments)
      .where(eq(assessments.testCodeHash, codeHash))
      .limit(1)
      .for('update');
    return work(rows[0] ?? null, tx);
  });
}

export async function markFinished(
  db: Db,
  options: {
    id: number;
    now: Date;
    scores: ScoreResult;
    itemSetId: string;
    instrumentVersion: string;
    normsVersion: string;
  },
): Promise<void> {
  await db
    .update(assessments)
    .set({
      finishedAt: options.now,
      scores: options.scores,
      itemSetId: options.itemSetId,
      instrumentVersion: options.instrumentVersion,
      normsVersion: options.normsVersion,
    })
    .where(and(eq(assessments.id, options.id), whereNotCompleted()));
}
