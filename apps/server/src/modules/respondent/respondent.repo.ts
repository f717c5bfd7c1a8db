import { and, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AssessmentForm } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import type { TestScores } from '../results/score-test';
import type { Db } from '../../db/database';
import { answerChanges, assessments } from '../../db/schema';
import { whereNotCompleted, whereOpen, whereOpenForAnswers } from '../assessments/assessment-lifecycle';

// SQL only. Every query finds a test by the SHA-256 of its link code, never by row id.

/** What the patient side reads: the lifecycle columns, never the clinician or the demographics. */
const patientColumns = {
  id: assessments.id,
  form: assessments.form,
  language: assessments.language,
  dueAt: assessments.dueAt,
  consentAgreedAt: assessments.consentAgreedAt,
  responses: assessments.responses,
  answeredCount: assessments.answeredCount,
  finishedAt: assessments.finishedAt,
};

export interface PatientTestRow {
  id: number;
  /** The form given: `responses` has its length (220, 100, 25 or 36), in its own numbering. */
  form: AssessmentForm;
  /** The language the test is given in (DESIGN.md "Languages"). */
  language: Language;
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

/** Sets the test's language while it is open (not submitted, not expired); null when the guard failed. */
export async function setTestLanguage(
  db: Db,
  options: { codeHash: string; language: Language; now: Date },
): Promise<PatientTestRow | null> {
  const rows = await db
    .update(assessments)
    .set({ language: options.language })
    .where(and(eq(assessments.testCodeHash, options.codeHash), whereOpen(options.now)))
    .returning(patientColumns);
  return rows[0] ?? null;
}

/**
 * The answers string with `patch` laid over it: `patch` is 220 characters, '-' where the stored answer stays; only the
 * form's own length of it is used (the guard refuses a patch reaching beyond it).
 * It reads only the row being updated, so PostgreSQL re-evaluates it on the newest row version when a
 * concurrent save got there first (READ COMMITTED update semantics): no save overwrites another.
 */
function overlaidResponses(patch: string) {
  return sql<string>`(
    select string_agg(
      case when substr(${patch}::text, g.i, 1) = '-' then substr(${assessments.responses}::text, g.i, 1)
           else substr(${patch}::text, g.i, 1) end,
      '' order by g.i)
    from generate_series(1, length(${assessments.responses})) as g(i)
  )`;
}

/** Answered items of a response string: every character that is not the unanswered marker '9'. */
function answeredCountOf(responses: ReturnType<typeof sql>) {
  return sql<number>`length(replace(${responses}, '9', ''))`;
}

/**
 * The test behind the code, if it takes answers (the lifecycle's guard; values, or a prepared query's placeholders)
 * and has an item `highestItem` (its form's length: 220, 100 or 25 items).
 */
function openTestWithCode(codeHash: string | SQLWrapper, now: Date | SQLWrapper, highestItem: SQLWrapper) {
  return and(
    eq(assessments.testCodeHash, codeHash),
    whereOpenForAnswers(now),
    sql`${highestItem} <= length(${assessments.responses})`,
  );
}

export interface SavedAnswers {
  responses: string;
  answeredCount: number;
}

/** Who saves (DESIGN.md "Data model" answer_changes): a signed-in user's id or 'patient', and the link's browser session. */
export interface AnswerAuthor {
  actor: string;
  linkSession: string | null;
}

/**
 * The test a save may change, locked for the rest of the statement (FOR NO KEY UPDATE: a concurrent save waits, and
 * this one then reads the answers that save left), with `oldValues` the answers before this save: an expression over
 * `responses` (one character, or all 220).
 */
function lockedOpenTest(db: Db, guard: SQL | undefined, oldValues: SQL) {
  return db.$with('target').as(
    db
      .select({ id: assessments.id, oldValues: sql<string>`${oldValues}`.as('old_values') })
      .from(assessments)
      .where(guard)
      .for('no key update'),
  );
}

/**
 * Inserts the changes of a save into answer_changes, in the save's own statement: one row per
 * item whose value differs from `oldValue`, so a repeated save records nothing. `changes` is a FROM list over
 * `target` yielding `item`, `old_value`, `new_value` and `answered_at`.
 */
function recordedChanges(
  db: Db,
  changes: SQL,
  author: { actor: SQLWrapper; linkSession: SQLWrapper; now: SQLWrapper },
) {
  return db.$with('recorded', { id: answerChanges.id }).as(sql`
    insert into ${answerChanges} (assessment_id, item, old_value, new_value, changed_at, actor, link_session, answered_at)
    select target.id, c.item, c.old_value, c.new_value, ${author.now}::timestamptz, ${author.actor}::text,
      ${author.linkSession}::text, c.answered_at
    from ${changes}
    where c.new_value <> c.old_value
    returning ${answerChanges.id}`);
}

/**
 * The single-answer statement, built once per database (on PostgreSQL also a named prepared statement, planned
 * once): lock the open test and read the item's old answer, record the change, and overlay the new answer, in one
 * statement.
 */
function prepareSaveAnswer(db: Db) {
  const item = sql`${sql.placeholder('item')}::int`;
  const value = sql`${sql.placeholder('value')}::text`;
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const target = lockedOpenTest(
    db,
    openTestWithCode(sql.placeholder('codeHash'), now, item),
    sql`substr(${assessments.responses}, ${item}, 1)`,
  );
  const recorded = recordedChanges(
    db,
    sql`target, lateral (
      select ${item}::smallint as item, target.old_values as old_value, ${value} as new_value,
        ${sql.placeholder('answeredAt')}::timestamptz as answered_at
    ) c`,
    { actor: sql.placeholder('actor'), linkSession: sql.placeholder('linkSession'), now },
  );
  const next = sql`overlay(${assessments.responses}::text placing ${value} from ${item} for 1)`;
  return db
    .with(target, recorded)
    .update(assessments)
    .set({ responses: next, answeredCount: answeredCountOf(next) })
    .from(target)
    .where(eq(assessments.id, target.id))
    .returning({ responses: assessments.responses, answeredCount: assessments.answeredCount })
    .prepare('patient_save_answer');
}

const preparedSaves = new WeakMap<Db, ReturnType<typeof prepareSaveAnswer>>();

/**
 * Saves one answer in one UPDATE (DESIGN.md "Assessment lifecycle"): overlay changes only that character, and the count is
 * recomputed from the new string in the same statement. Null when a guard failed (the caller says which).
 * The hottest statement of the app: prepared once, so a save neither rebuilds the SQL nor re-plans it.
 */
export async function saveAnswer(
  db: Db,
  options: { codeHash: string; item: number; value: number; answeredAt?: Date | null; now: Date; author: AnswerAuthor },
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
    answeredAt: options.answeredAt?.toISOString() ?? null,
    now: options.now.toISOString(),
    actor: options.author.actor,
    linkSession: options.author.linkSession,
  });
  return rows[0] ?? null;
}

/**
 * Saves several answers (queued while offline) in one statement, with the same guards as `saveAnswer`, recording
 * each changed item.
 */
export async function saveAnswers(
  db: Db,
  options: {
    codeHash: string;
    answers: readonly { item: number; value: number; answeredAt?: Date | null }[];
    now: Date;
    author: AnswerAuthor;
  },
): Promise<SavedAnswers | null> {
  const patchCharacters = Array.from({ length: 220 }, () => '-');
  const answeredAt: (string | null)[] = Array.from({ length: 220 }, () => null);
  for (const { item, value, answeredAt: at } of options.answers) {
    patchCharacters[item - 1] = String(value);
    answeredAt[item - 1] = at?.toISOString() ?? null;
  }
  const patch = patchCharacters.join('');
  const highestItem = Math.max(...options.answers.map((answer) => answer.item));
  const target = lockedOpenTest(
    db,
    openTestWithCode(options.codeHash, options.now, sql`${highestItem}::int`),
    sql`${assessments.responses}`,
  );
  const recorded = recordedChanges(
    db,
    sql`target, lateral (
      select g.i::smallint as item, substr(target.old_values, g.i, 1) as old_value,
        substr(${patch}::text, g.i, 1) as new_value,
        (${JSON.stringify(answeredAt)}::jsonb ->> (g.i - 1))::timestamptz as answered_at
      from generate_series(1, length(target.old_values)) as g(i)
      where substr(${patch}::text, g.i, 1) <> '-'
    ) c`,
    {
      actor: sql`${options.author.actor}`,
      linkSession: sql`${options.author.linkSession}`,
      now: sql`${options.now.toISOString()}`,
    },
  );
  const next = overlaidResponses(patch);
  const rows = await db
    .with(target, recorded)
    .update(assessments)
    .set({ responses: next, answeredCount: answeredCountOf(next) })
    .from(target)
    .where(eq(assessments.id, target.id))
    .returning({ responses: assessments.responses, answeredCount: assessments.answeredCount });
  return rows[0] ?? null;
}

/**
 * When each statement of a test was first answered (epoch ms; null where no change of it carries a time), for the
 * response-time check.
 */
export async function firstAnswerTimes(db: Db, assessmentId: number, itemCount: number): Promise<(number | null)[]> {
  const rows = await db
    .select({ item: answerChanges.item, at: sql<Date | string | null>`min(${answerChanges.answeredAt})` })
    .from(answerChanges)
    .where(eq(answerChanges.assessmentId, assessmentId))
    .groupBy(answerChanges.item);
  const times: (number | null)[] = Array.from({ length: itemCount }, () => null);
  for (const row of rows) {
    if (row.item >= 1 && row.item <= itemCount && row.at !== null) {
      times[row.item - 1] = new Date(row.at).getTime();
    }
  }
  return times;
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

/**
 * The gender and age the scorer reads for the German norms' reference group (the PID5BF+M's result holds its German
 * T); read inside the submit's transaction, never sent to the patient's pages.
 */
export async function findNormReference(db: Db, id: number): Promise<{ gender: string; age: number }> {
  const rows = await db
    .select({ gender: assessments.gender, age: assessments.age })
    .from(assessments)
    .where(eq(assessments.id, id))
    .limit(1);
  const row = rows[0];
  if (!row) {
    throw new Error(`test ${id} vanished inside its own transaction`);
  }
  return row;
}

export async function markFinished(
  db: Db,
  options: {
    id: number;
    now: Date;
    scores: TestScores;
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
