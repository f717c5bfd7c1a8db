import { and, gt, isNotNull, isNull, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PatientTestStatus } from '@pid5/contract';
import { assessments } from '../../db/schema';

// The assessment lifecycle (DESIGN.md §4), decided here and nowhere else:
//   created → consent given → answering → completed (submitted: finished_at set, scores frozen).
//   An unfinished test whose due date has come is expired; finishing wins over the due date.
// Each rule is written twice, side by side: in TypeScript for a row already read, and in SQL for the guarded
// statements that must decide in the same UPDATE that changes the row (a save, consent, submission, extension).
// assessment-lifecycle.int.test.ts checks that both halves agree on the same rows.

/** The columns the lifecycle is decided from. */
export interface LifecycleFacts {
  dueAt: Date;
  finishedAt: Date | null;
  consentAgreedAt: Date | null;
  answeredCount: number;
}

/** A test's status as staff see it (the CSV's Status column). */
export type AssessmentStatus = 'not-started' | 'in-progress' | 'completed' | 'expired';

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

/** What the patient's link shows (spec §4): finished wins, then the due date, then consent. */
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
