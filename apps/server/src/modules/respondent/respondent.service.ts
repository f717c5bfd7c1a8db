import { onTestSubmitted } from '../messages/messages.service';
import type { Messaging } from '../messages/messaging';
import {
  FORM_ITEM_COUNTS,
  TEST_CODE_PATTERN,
  type TPatientConsent,
  type TPatientTest,
  type TSaveAnswersResponse,
} from '@pid5/contract';
import { languageName, type Language } from '@pid5/i18n';
import type { NormTables } from '@pid5/instrument';
import { scoreTest } from '../results/score-test';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { patientTestStatus } from '../assessments/assessment-lifecycle';
import { getCurrentDocumentIn } from '../documents/documents.service';
import {
  findNormReference,
  findTestByCodeHash,
  markFinished,
  recordConsent,
  setTestLanguage,
  saveAnswer as saveAnswerRow,
  saveAnswers as saveAnswerRows,
  firstAnswerTimes,
  withLockedTest,
  type AnswerAuthor,
  type PatientTestRow,
  type SavedAnswers,
} from './respondent.repo';
import { patientLanguageChoices, presentPatientTest, type PatientLanguages } from './respondent.presenter';

// The patient link (DESIGN.md "Roles and identity" and "Assessment lifecycle"): the code in the path is the credential for that one test.
// Messages are written for the patient; the page may show them as they are.

export const linkNotFound = () => new AppError('LINK_NOT_FOUND', 'errors.respondent.linkNotFound');
const testCompleted = () => new AppError('TEST_COMPLETED', 'errors.respondent.testCompleted');
const linkExpired = () => new AppError('LINK_EXPIRED', 'errors.respondent.linkExpired');
const consentRequired = () => new AppError('CONSENT_REQUIRED', 'errors.respondent.consentRequired');

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

export async function getPatientTest(options: PatientRequestContext & PatientLanguages): Promise<TPatientTest> {
  const row = await findTest(options.db, options.code);
  return presentPatientTest(row, options);
}

/**
 * The consent shown for a test: the current consent in the test's language, or the English one where none has been
 * published in it (DESIGN.md "Languages").
 */
function currentConsentFor(db: Db, row: PatientTestRow) {
  return getCurrentDocumentIn(db, 'consent', row.language);
}

export async function getConsent(options: PatientRequestContext): Promise<TPatientConsent> {
  const row = await findTest(options.db, options.code);
  const consent = await currentConsentFor(options.db, row);
  if (!consent) {
    throw new AppError('SERVICE_UNAVAILABLE', 'errors.respondent.consentUnavailable');
  }
  return { id: consent.id, html: consent.bodyHtml };
}

/** Records the accepted consent document and time; accepting again (another tab) changes nothing. */
export async function acceptConsent(
  options: PatientRequestContext & PatientLanguages & { consentId: number; ip: string },
): Promise<TPatientTest> {
  const { db, now } = options;
  const codeHash = hashLinkCode(options.code);
  const row = await findTest(db, options.code);
  // The consent of the test's language is the one the patient was shown; its id names its language.
  const current = await currentConsentFor(db, row);
  const recorded =
    current?.id === options.consentId ? await recordConsent(db, { codeHash, consentId: current.id, now }) : null;
  if (recorded && current) {
    await recordAudit(db, {
      actor: 'patient',
      action: 'assessment.consent',
      assessmentId: recorded.id,
      ip: options.ip,
      details: { consentId: current.id, language: current.language },
      at: now,
    });
    return presentPatientTest(recorded, options);
  }
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
  throw new AppError('STALE_CONSENT', 'errors.respondent.staleConsent');
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
      throw new AppError('VALIDATION_FAILED', 'errors.respondent.itemRange', {
        values: { itemCount },
        fields: { item: 'errors.respondent.itemRangeField' },
      });
    }
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'errors.respondent.answerNotSaved');
}

/** One answer, one atomic statement (DESIGN.md "Assessment lifecycle") that also records the change and who made it. */
export async function saveAnswer(
  options: PatientRequestContext & { item: number; value: number; answeredMsAgo?: number; author: AnswerAuthor },
) {
  return saveGuarded({ ...options, highestItem: options.item }, (codeHash) =>
    saveAnswerRow(options.db, {
      codeHash,
      item: options.item,
      value: options.value,
      answeredAt: answeredAtOf(options.answeredMsAgo, options.now),
      now: options.now,
      author: options.author,
    }),
  );
}

/** Answers queued in the browser while offline, applied (and their changes recorded) in one statement. */
export async function saveAnswers(
  options: PatientRequestContext & {
    answers: { item: number; value: number; answeredMsAgo?: number | undefined }[];
    author: AnswerAuthor;
  },
) {
  const highestItem = Math.max(...options.answers.map((answer) => answer.item));
  const answers = options.answers.map(({ item, value, answeredMsAgo }) => ({
    item,
    value,
    answeredAt: answeredAtOf(answeredMsAgo, options.now),
  }));
  return saveGuarded({ ...options, highestItem }, (codeHash) =>
    saveAnswerRows(options.db, { codeHash, answers, now: options.now, author: options.author }),
  );
}

/**
 * When an answer was given, on the server's clock: the browser sends the answer's age, never its own clock's time,
 * so a wrong clock on the patient's device cannot misplace it, and a queued answer keeps the time it was given.
 */
function answeredAtOf(answeredMsAgo: number | undefined, now: Date): Date | null {
  return answeredMsAgo === undefined ? null : new Date(now.getTime() - answeredMsAgo);
}

/**
 * Submits a fully answered test: in one transaction, with the test locked so no save slips in, sets
 * finished_at and freezes the scores with the item set, instrument and norms versions they came from.
 * Submitting again answers as completed.
 */
export async function submitTest(
  options: PatientRequestContext &
    PatientLanguages & {
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
    // Every item of the test's own form (220, 100, 25 or 36).
    const missing = FORM_ITEM_COUNTS[row.form] - row.answeredCount;
    if (missing > 0) {
      throw new AppError('TEST_INCOMPLETE', 'errors.respondent.questionsMissing', {
        values: { missing },
        fields: { answers: 'errors.respondent.missingCount' },
      });
    }
    // Scored by the form's own scorer, key, missing-data rules and tables (DESIGN.md "Scoring (packages/instrument)").
    const answerTimes = await firstAnswerTimes(tx, row.id, FORM_ITEM_COUNTS[row.form]);
    const reference = await findNormReference(tx, row.id);
    const scores = scoreTest(
      { form: row.form, responses: row.responses, ...reference },
      { normTables: options.normTables, answerTimes },
    );
    // The item set the patient answered: the one of the test's language (DESIGN.md "Languages").
    const itemSet = options.itemSets.forTest(row.language);
    await markFinished(tx, {
      id: row.id,
      now,
      scores,
      itemSetId: itemSet.id,
      instrumentVersion: scores.instrumentVersion,
      normsVersion: scores.normsVersion,
    });
    await onTestSubmitted(tx, { messaging: options.messaging ?? null, assessmentId: row.id, now });
    await recordAudit(tx, {
      actor: 'patient',
      action: 'assessment.submit',
      assessmentId: row.id,
      ip: options.ip,
      details: { itemSetId: itemSet.id, form: row.form },
      at: now,
    });
    return { ...row, finishedAt: now };
  });
  return presentPatientTest(finished, options);
}

/**
 * The patient's choice of language (DESIGN.md "Languages"): only one of the languages offered to this test (an item
 * set loaded, and the institute allows switching), and only while the test is open. The answers stay: item numbers
 * mean the same statement in every language. Audited with the languages only.
 */
export async function setPatientLanguage(
  options: PatientRequestContext & PatientLanguages & { language: Language; ip: string },
): Promise<TPatientTest> {
  const { db, now, language } = options;
  const row = await findTest(db, options.code);
  const status = patientTestStatus(row, now);
  if (status === 'completed') {
    throw testCompleted();
  }
  if (status === 'expired') {
    throw linkExpired();
  }
  // Completed and expired were refused above: the test is open.
  const offered = patientLanguageChoices(options, true);
  if (!offered.includes(language)) {
    const key = offered.length === 0 ? 'errors.language.notSwitchable' : 'errors.language.notOffered';
    const values = { language: languageName(language), offered: offered.map((l) => languageName(l)).join(', ') };
    throw new AppError('VALIDATION_FAILED', key, { values, fields: { language: key } });
  }
  if (row.language === language) {
    return presentPatientTest(row, options);
  }
  const changed = await setTestLanguage(db, { codeHash: hashLinkCode(options.code), language, now });
  if (!changed) {
    // Submitted or expired in between: say which.
    const closed = whyClosedForAnswers(await findTest(db, options.code), now);
    throw closed ?? new AppError('SERVICE_UNAVAILABLE', 'errors.language.changeFailed');
  }
  await recordAudit(db, {
    actor: 'patient',
    action: 'assessment.language',
    assessmentId: changed.id,
    ip: options.ip,
    details: { from: row.language, to: language },
    at: now,
  });
  return presentPatientTest(changed, options);
}
