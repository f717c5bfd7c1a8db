import { and, eq, gt, isNotNull, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type AssessmentStatus,
  DAYS_TO_COMPLETE,
  EXTEND_CAP_DAYS,
  EXTEND_DAYS,
  EXTEND_WINDOW_DAYS,
  type PatientTestStatus,
} from '@pid5/contract';
import { assessments } from '../../db/schema';

// The assessment lifecycle (DESIGN.md "Assessment lifecycle"), decided here and nowhere else:
//   created → consent given → answering → completed (submitted: finished_at set, scores frozen).
//   An unfinished test whose due date has come is expired; finishing wins over the due date.
// Each rule is written twice, side by side: in TypeScript for a row already read, and in SQL for the guarded
// statements that must decide in the same UPDATE that changes the row (a save, consent, submission, extension).
// assessment-lifecycle.int.test.ts checks that both halves agree on the same rows.

/** The columns the lifecycle is decided from. */
export interface LifecycleFacts {
  createdAt: Date;
  dueAt: Date;
  finishedAt: Date | null;
  consentAgreedAt: Date | null;
  answeredCount: number;
}

/** A test's status as staff see it (the CSV's Status column, the dashboard's badges and status filter). */
export type { AssessmentStatus };

/** Submitted by the patient: answers read-only, scores frozen. 220 answers without submitting is not completed. */
export function isCompleted(test: Pick<LifecycleFacts, 'finishedAt'>): boolean {
  return test.finishedAt !== null;
}

/** Unfinished and its due date has come (at the due instant itself the test is expired). */
export function isExpired(test: Pick<LifecycleFacts, 'finishedAt' | 'dueAt'>, now: Date): boolean {
  return !isCompleted(test) && now.getTime() >= test.dueAt.getTime();
}

/** Neither completed nor expired: consent may be given, and the clinician may still extend it. */
export function isOpen(test: Pick<LifecycleFacts, 'finishedAt' | 'dueAt'>, now: Date): boolean {
  return !isCompleted(test) && !isExpired(test, now);
}

/** Takes answers (and a submission): open, and the patient has accepted the consent. */
export function isOpenForAnswers(test: Pick<LifecycleFacts, 'finishedAt' | 'dueAt' | 'consentAgreedAt'>, now: Date) {
  return isOpen(test, now) && test.consentAgreedAt !== null;
}

/** What the patient's link shows (docs/product-spec.md §4): finished wins, then the due date, then consent. */
export function patientTestStatus(
  test: Pick<LifecycleFacts, 'finishedAt' | 'dueAt' | 'consentAgreedAt'>,
  now: Date,
): PatientTestStatus {
  if (isCompleted(test)) {
    return 'completed';
  }
  if (isExpired(test, now)) {
    return 'expired';
  }
  return test.consentAgreedAt === null ? 'consent-required' : 'in-progress';
}

/** The status staff see: completed, expired, then whether any answer has been given yet. */
export function assessmentStatus(
  test: Pick<LifecycleFacts, 'finishedAt' | 'dueAt' | 'answeredCount'>,
  now: Date,
): AssessmentStatus {
  if (isCompleted(test)) {
    return 'completed';
  }
  if (isExpired(test, now)) {
    return 'expired';
  }
  return test.answeredCount > 0 ? 'in-progress' : 'not-started';
}

const DAY_MS = 24 * 3_600_000;

// Extension (DESIGN.md "Assessment lifecycle"): offered only when the test is expired or due within EXTEND_WINDOW_DAYS
// (7); each adds EXTEND_DAYS (30) to the later of the due date and now; never past the limit, EXTEND_CAP_DAYS
// (90) after the first due date. The first due date is created_at + DAYS_TO_COMPLETE (createAssessment sets it so;
// extensions change only due_at), so it needs no column of its own.

/** The first due date, the one the test was created with. */
export function firstDueAt(test: Pick<LifecycleFacts, 'createdAt'>): Date {
  return new Date(test.createdAt.getTime() + DAYS_TO_COMPLETE * DAY_MS);
}

/** The latest due date extensions can reach: EXTEND_CAP_DAYS after the first due date. */
export function extensionLimit(test: Pick<LifecycleFacts, 'createdAt'>): Date {
  return new Date(firstDueAt(test).getTime() + EXTEND_CAP_DAYS * DAY_MS);
}

/** Why a test cannot be extended now, or null when it can. */
export type ExtensionRefusal = 'completed' | 'not-yet' | 'limit-reached';

export function extensionRefusal(
  test: Pick<LifecycleFacts, 'createdAt' | 'dueAt' | 'finishedAt'>,
  now: Date,
): ExtensionRefusal | null {
  if (isCompleted(test)) {
    return 'completed';
  }
  if (now.getTime() < test.dueAt.getTime() - EXTEND_WINDOW_DAYS * DAY_MS) {
    return 'not-yet';
  }
  if (Math.max(test.dueAt.getTime(), now.getTime()) >= extensionLimit(test).getTime()) {
    return 'limit-reached';
  }
  return null;
}

/** The due date an extension now would set (later of due date and now, + 30 days, at most the limit), or null. */
export function extendedDueAt(
  test: Pick<LifecycleFacts, 'createdAt' | 'dueAt' | 'finishedAt'>,
  now: Date,
): Date | null {
  if (extensionRefusal(test, now) !== null) {
    return null;
  }
  const from = Math.max(test.dueAt.getTime(), now.getTime());
  return new Date(Math.min(from + EXTEND_DAYS * DAY_MS, extensionLimit(test).getTime()));
}

/** `now` as a value, or a prepared statement's placeholder. */
type SqlTime = Date | SQLWrapper;

/** SQL of `isCompleted(...) === false`. */
export function whereNotCompleted(): SQL {
  return isNull(assessments.finishedAt);
}

/** SQL of `isOpen(row, now)`: not finished and the due date still ahead. */
export function whereOpen(now: SqlTime): SQL {
  return and(whereNotCompleted(), gt(assessments.dueAt, now)) as SQL;
}

/** SQL of `isOpenForAnswers(row, now)`: the guard of every answer save. */
export function whereOpenForAnswers(now: SqlTime): SQL {
  return and(whereOpen(now), isNotNull(assessments.consentAgreedAt)) as SQL;
}

const days = (n: number) => sql`make_interval(days => ${n}::int)`;
const firstDueSql = () => sql`(${assessments.createdAt} + ${days(DAYS_TO_COMPLETE)})`;
const limitSql = () => sql`(${firstDueSql()} + ${days(EXTEND_CAP_DAYS)})`;

/** SQL of `extensionRefusal(row, now) === null`: the guard of the extension's UPDATE. */
export function whereExtendable(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return and(
    whereNotCompleted(),
    sql`${assessments.dueAt} - ${days(EXTEND_WINDOW_DAYS)} <= ${at}`,
    sql`greatest(${assessments.dueAt}, ${at}) < ${limitSql()}`,
  ) as SQL;
}

/** SQL of `extendedDueAt(row, now)` for a row `whereExtendable` matched: the extension's new due_at. */
export function extendedDueAtSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`least(greatest(${assessments.dueAt}, ${at}) + ${days(EXTEND_DAYS)}, ${limitSql()})`;
}

/** SQL of `assessmentStatus(row, now) === status`: the dashboard's status filter. */
export function whereStatus(status: AssessmentStatus, now: Date): SQL {
  switch (status) {
    case 'completed':
      return isNotNull(assessments.finishedAt);
    case 'expired':
      return and(whereNotCompleted(), lte(assessments.dueAt, now)) as SQL;
    case 'in-progress':
      return and(whereOpen(now), gt(assessments.answeredCount, 0)) as SQL;
    case 'not-started':
      return and(whereOpen(now), eq(assessments.answeredCount, 0)) as SQL;
  }
}
