import { onTestSubmitted, type Messaging } from '../messages/messages.service';
import {
  FORM_ITEM_COUNTS,
  TEST_CODE_PATTERN,
  type TPatientConsent,
  type TPatientTest,
  type TSaveAnswersResponse,
} from '@pid5/contract';
import { scoreResponses, type NormTables } from '@pid5/instrument';
import { recordAudit } from '../../audit/audit';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { patientTestStatus } from '../assessments/assessment-lifecycle';
import { getCurrentDocument } from '../documents/documents.service';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import {
  findTestByCodeHash,
  markFinished,
  recordConsent,
  saveAnswer as saveAnswerRow,
  saveAnswers as saveAnswerRows,
  withLockedTest,
  type AnswerAuthor,
  type PatientTestRow,
  type SavedAnswers,
} from './respondent.repo';
import { presentPatientTest } from './respondent.presenter';

// The patient link (DESIGN.md "Roles and identity" and "Assessment lifecycle"): the code in the path is the credential for that one test.
// Messages are written for the patient; the page may show them as they are.

export const linkNotFound = () =>
  new AppError('LINK_NOT_FOUND', 'This link is not valid. Please check it, or ask your clinician for a new link.');
const testCompleted = () =>
  new AppError('TEST_COMPLETED', 'This test has been completed, so its answers can no longer be changed.');
const linkExpired = () =>
  new AppError('LINK_EXPIRED', 'This test is Expired. Please contact your clinician, who can reopen it.');
const consentRequired = () =>
  new AppError('CONSENT_REQUIRED', 'Please read and accept the consent before answering the questions.');

/** The SHA-256 the test is stored under; a code of the wrong shape is unknown without asking the database. */
export function hashLinkCode(code: string): string {
  if (!TEST_CODE_PATTERN.test(code)) {
    throw linkNotFound();
  }
  return hashToken(code);
}

async function findTest(db: Db, code: string): Promise<PatientTestRow> {
  const row = await findTestByCodeHash(db, hashLinkCode(code));
  if (!row) {
    throw linkNotFound();
  }
  return row;
}

/** Why a test does not take answers now, or null when it does. */
function whyClosedForAnswers(row: PatientTestRow, now: Date): AppError | null {
  switch (patientTestStatus(row, now)) {
    case 'completed':
      return testCompleted();
    case 'expired':
      return linkExpired();
    case 'consent-required':
      return consentRequired();
    case 'in-progress':
      return null;
  }
}

export interface PatientRequestContext {
  db: Db;
  code: string;
  now: Date;
}

export async function getPatientTest(
  options: PatientRequestContext & { itemSet: ActiveItemSet },
): Promise<TPatientTest> {
  const row = await findTest(options.db, options.code);
  return presentPatientTest(row, options);
}

export async function getConsent(options: PatientRequestContext): Promise<TPatientConsent> {
  await findTest(options.db, options.code);
  const consent = await getCurrentDocument(options.db, 'consent');
  if (!consent) {
    throw new AppError('SERVICE_UNAVAILABLE', 'The consent text is not available right now. Please try again later.');
  }
  return { id: consent.id, html: consent.bodyHtml };
}

/** Records the accepted consent document and time; accepting again (another tab) changes nothing. */
export async function acceptConsent(
  options: PatientRequestContext & { consentId: number; ip: string; itemSet: ActiveItemSet },
): Promise<TPatientTest> {
  const { db, now } = options;
  const codeHash = hashLinkCode(options.code);
  const current = await getCurrentDocument(db, 'consent');
  const recorded =
    current?.id === options.consentId ? await recordConsent(db, { codeHash, consentId: current.id, now }) : null;
  if (recorded) {
    await recordAudit(db, {
      actor: 'patient',
      action: 'assessment.consent',
      assessmentId: recorded.id,
      ip: options.ip,
      details: { consentId: current?.id },
      at: now,
    });
    return presentPatientTest(recorded, options);
  }
  const row = await findTest(db, options.code);
  const status = patientTestStatus(row, now);
  if (status === 'completed') {
    throw testCompleted();
  }
  if (status === 'expired') {
    throw linkExpired();
  }
  if (status === 'in-progress') {
    return presentPatientTest(row, options);
  }
  throw new AppError(
    'STALE_CONSENT',
    'The consent text has been updated since this page was opened. Please read the new version and accept it.',
  );
}

/**
 * Runs a guarded save; when it changed nothing, reads the test to say which guard failed. A state that
 * changed in between (consent accepted a moment later) gets one more try.
 */
async function saveGuarded(
  options: PatientRequestContext & { highestItem: number },
  save: (codeHash: string) => Promise<SavedAnswers | null>,
): Promise<TSaveAnswersResponse> {
  const codeHash = hashLinkCode(options.code);
  for (let attempt = 0; attempt < 2; attempt++) {
    const saved = await save(codeHash);
    if (saved) {
      return { answeredCount: saved.answeredCount, answers: saved.responses };
    }
    const row = await findTestByCodeHash(options.db, codeHash);
    if (!row) {
      throw linkNotFound();
    }
    const closed = whyClosedForAnswers(row, options.now);
    if (closed) {
      throw closed;
    }
    const itemCount = FORM_ITEM_COUNTS[row.form];
    if (options.highestItem > itemCount) {
      // The API takes the form's own item numbers: a brief form has items 1-25.
      throw new AppError('VALIDATION_FAILED', `This test has ${itemCount} items: item numbers are 1 to ${itemCount}.`, {
        fields: { item: `Item numbers are 1 to ${itemCount}` },
      });
    }
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The answer could not be saved just now. Please try again.');
}

/** One answer, one atomic statement (DESIGN.md "Assessment lifecycle") that also records the change and who made it. */
export async function saveAnswer(
  options: PatientRequestContext & { item: number; value: number; author: AnswerAuthor },
) {
  return saveGuarded({ ...options, highestItem: options.item }, (codeHash) =>
    saveAnswerRow(options.db, {
      codeHash,
      item: options.item,
      value: options.value,
      now: options.now,
      author: options.author,
    }),
  );
}

/** Answers queued in the browser while offline, applied (and their changes recorded) in one statement. */
export async function saveAnswers(
  options: PatientRequestContext & { answers: { item: number; value: number }[]; author: AnswerAuthor },
) {
  const highestItem = Math.max(...options.answers.map((answer) => answer.item));
  return saveGuarded({ ...options, highestItem }, (codeHash) =>
    saveAnswerRows(options.db, { codeHash, answers: options.answers, now: options.now, author: options.author }),
  );
}

/**
 * Submits a fully answered test: in one transaction, with the test locked so no save slips in, sets
 * finished_at and freezes the scores with the item set, instrument and norms versions they came from.
 * Submitting again answers as completed.
 */
export async function submitTest(
  options: PatientRequestContext & {
    itemSet: ActiveItemSet;
    normTables: NormTables;
    ip: string;
    /** Erases the patient's address and queues the clinician's completion notice (DESIGN.md "Messages to patients and clinicians"). */
    messaging?: Messaging | null;
  },
): Promise<TPatientTest> {
  const { now } = options;
  const codeHash = hashLinkCode(options.code);
  const finished = await withLockedTest(options.db, codeHash, async (row, tx) => {
    if (!row) {
      throw linkNotFound();
    }
    if (row.finishedAt) {
      return row;
    }
    const closed = whyClosedForAnswers(row, now);
    if (closed) {
      throw closed;
    }
    // Every item of the test's own form (220, 100 or 25).
    const missing = FORM_ITEM_COUNTS[row.form] - row.answeredCount;
    if (missing > 0) {
      throw new AppError(
        'TEST_INCOMPLETE',
        missing === 1
          ? '1 question is not answered yet. Please answer it before submitting.'
          : `${missing} questions are not answered yet. Please answer them before submitting.`,
        { fields: { answers: `${missing} missing` } },
      );
    }
    // Scored by the form's own scorer, key, missing-data rules and tables (DESIGN.md "Scoring (packages/instrument)").
    const scores = scoreResponses(row.responses, { form: row.form, normTables: options.normTables });
    await markFinished(tx, {
      id: row.id,
      now,
      scores,
      itemSetId: options.itemSet.id,
      instrumentVersion: scores.instrumentVersion,
      normsVersion: scores.normsVersion,
    });
    await onTestSubmitted(tx, { messaging: options.messaging ?? null, assessmentId: row.id, now });
    await recordAudit(tx, {
      actor: 'patient',
      action: 'assessment.submit',
      assessmentId: row.id,
      ip: options.ip,
      details: { itemSetId: options.itemSet.id, form: row.form },
      at: now,
    });
    return { ...row, finishedAt: now };
  });
  return presentPatientTest(finished, options);
}
