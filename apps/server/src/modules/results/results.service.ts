import type { FastifyBaseLogger } from 'fastify';
import { ANONYMOUS_REPORT_NAME, type TAssessmentResults, type ViewMode } from '@pid5/contract';
import { demoItemSets } from '../../i18n/language-files';
import {
  assessValidity,
  bfmProtocol,
  isPid5Form,
  scoreBfmForm,
  scoreResponses,
  type AnyScoreResult,
  type BfmScoreResult,
  type FormId,
  type NormTables,
  type ValidityVerdict,
} from '@pid5/instrument';
import { recordAudit } from '../../audit/audit-log-writer';
import type { ActiveSession } from '../../identity/sessions';
import { AppError } from '../../errors';
import { PdfRenderError, type PdfPool } from '../../reports/pdf-pool';
import type { PdfReportInput } from '../../reports/pdf-worker';
import { resolveReportName } from '../../reports/report-name';
import { withNormWordingIn } from '../../reports/score-report/norm-wording';
import {
  findReadableAssessment,
  getAssessment,
  resolveView,
  type AssessmentRow,
  type AssessmentWithClinician,
} from '../assessments/assessments.service';
import type { ActiveItemSet, ItemSets } from '../item-sets/load-item-set';
import { presentAnyResults, presentBfmFormResults } from './results-by-form';
import { reportDate, reportFooter, testLanguage, type ReportRequest } from './report-request';
import { readStoredBfmScores, readStoredFormScores } from './stored-scores';
import { normReferenceOf, withTraitModels } from './trait-models';
import { bfmValidityWordingOptions, withVerdictIn } from './verdict-language';
import type { Language } from '@pid5/i18n';
import type { AuditedServiceContext, ServiceContext } from '../service-context';

// Reads of results and reports are audited here, like every read of patient data (DESIGN.md "Data model").

/** What results are built from, loaded once at start (app.deps): every service that builds results takes both. */
export interface ResultSources {
  /** The item sets loaded: the test's language's is the one its patient answered (DESIGN.md "Languages"). */
  itemSets: ItemSets;
  normTables: NormTables;
}

/**
 * The assessment if this session may see it in its own view, else 404: the owning clinician, or an admin in the
 * admin view (the raw-answer routes). Reads of a patient's data use findReadableAssessment, which adds the
 * colleagues the patient is shared with.
 */
export async function findOwnedAssessment(
  options: ServiceContext & {
    id: number;
  },
): Promise<{ found: AssessmentWithClinician; view: ViewMode }> {
  const { view, scope } = resolveView(options.session);
  const found = await getAssessment({ db: options.db, id: options.id, scope });
  return { found, view };
}

export function testIncomplete(): AppError {
  return new AppError('TEST_INCOMPLETE', 'errors.results.testIncomplete');
}

function describeItemSet(id: string | null, active: ActiveItemSet): TAssessmentResults['itemSet'] {
  if (id === null) {
    return { id: null, title: null, isDemo: null };
  }
  return {
    id,
    title: id === active.id ? active.title : null,
    isDemo: demoItemSets().some((set) => set.id === id),
    language: id === active.id ? active.language : null,
    answerLabels: id === active.id ? [...active.answerLabels] : null,
  };
}

/**
 * The scores of an assessment: for a finished test those frozen at submission (recomputed from the stored
 * answers only if the stored value is missing or unreadable); for an unfinished one computed now from the answers
 * so far, with the instrument's missing-item rules.
 */
export function scoreAssessment(
  row: Pid5AssessmentRow,
  normTables: NormTables,
): { score: AnyScoreResult; source: TAssessmentResults['scoresSource'] } {
  // The test's own form: its scorer, missing-data rules and tables.
  const score = (): AnyScoreResult => scoreResponses(row.responses, { form: row.form, normTables });
  if (!row.finishedAt) {
    return { score: score(), source: 'live' };
  }
  const stored = readStoredFormScores(row.scores, row.form);
  // Scores stored before T, percentiles and the verdict (scoring-1) are scored again from the stored answers, which
  // never change after submission; the page says so ('recomputed').
  return stored ? { score: stored, source: 'frozen' } : { score: score(), source: 'recomputed' };
}

/** A test of one of the PID-5's own three forms (US tables, facets and domains), as against the PID5BF+M. */
export type Pid5AssessmentRow = AssessmentRow & { form: FormId };

export function isPid5Assessment(row: AssessmentRow): row is Pid5AssessmentRow {
  return isPid5Form(row.form);
}

/** The scores of a PID5BF+M test, frozen or computed now, as scoreAssessment gives those of the other forms. */
export function scoreBfmAssessment(row: AssessmentRow): {
  score: BfmScoreResult;
  source: TAssessmentResults['scoresSource'];
} {
  const score = () => scoreBfmForm(row.responses, { reference: normReferenceOf(row) });
  if (!row.finishedAt) {
    return { score: score(), source: 'live' };
  }
  const stored = readStoredBfmScores(row.scores);
  return stored ? { score: stored, source: 'frozen' } : { score: score(), source: 'recomputed' };
}

/**
 * Results for the results API and the report. Unfinished tests have results only in the admin view (the data
 * view); a clinician sees them once the test is submitted.
 */
export function buildResults(
  options: ResultSources & {
    row: AssessmentRow;
    view: ViewMode;
    /** The language of the validity words (the reader's, or the test's for the patient's report); English by default. */
    language?: Language;
    /** false: without the AMPD profiles (a reader that does not show them, e.g. the FHIR mapping). */
    ampd?: boolean;
  },
): TAssessmentResults {
  const { row } = options;
  if (!row.finishedAt && options.view !== 'admin') {
    throw testIncomplete();
  }
  const active = options.itemSets.forTest(row.language);
  const itemSetId = row.finishedAt ? row.itemSetId : active.id;
  const answerLabels = answerLabelsOf(row, options.itemSets);
  const presentOptions = (source: TAssessmentResults['scoresSource']) => ({
    assessmentId: row.id,
    isFinished: row.finishedAt !== null,
    finishedAt: row.finishedAt,
    scoresSource: source,
    itemSet: describeItemSet(itemSetId, active),
    // docs/product-spec.md §2: the raw test data string is part of the admin data view only.
    responses: options.view === 'admin' ? row.responses : null,
    normTables: options.normTables,
  });
  if (!isPid5Assessment(row)) {
    const { score, source } = scoreBfmAssessment(row);
    const verdict = bfmVerdictIn(score, options.language ?? 'en', answerLabels);
    return presentBfmFormResults(score, verdict, presentOptions(source));
  }
  const scored = scoreAssessment(row, options.normTables);
  const score = withVerdictIn(scored.score, options.language ?? 'en', answerLabels);
  const results = presentAnyResults(score, presentOptions(scored.source));
  // German T as published, ICD-11 trait domains, AMPD profiles: read from these scores, the answers and the
  // patient's gender and age as recorded with the test.
  return withTraitModels(results, row, { ampd: options.ampd });
}

/** The answers are quoted as the patient saw them: the labels of the test's own item set, when it is loaded. */
export function answerLabelsOf(row: AssessmentRow, itemSets: ItemSets): readonly string[] | undefined {
  const active = itemSets.forTest(row.language);
  const itemSetId = row.finishedAt ? row.itemSetId : active.id;
  return itemSetId === active.id ? active.answerLabels : undefined;
}

/** A PID5BF+M test's verdict worded in the reader's language (stored in English), by its own scales' names. */
function bfmVerdictIn(
  score: BfmScoreResult,
  language: Language,
  answerLabels: readonly string[] | undefined,
): ValidityVerdict {
  return assessValidity(bfmProtocol(score), bfmValidityWordingOptions(language, answerLabels));
}

/**
 * A submitted test's verdict exactly as its results word it, for the views that show the verdict alone (the
 * patient's timeline, the patient CSV): in `language`, a PID5BF+M test's by its own scales' names, answers quoted with
 * the test's item set's labels when `itemSets` is given.
 */
export function testVerdictIn(
  row: AssessmentRow,
  options: {
    normTables: NormTables;
    language?: Language;
    itemSets?: ItemSets;
    /** The test's scores when the caller has read them already (scoreAssessment, scoreBfmAssessment). */
    score?: AnyScoreResult | BfmScoreResult;
  },
): ValidityVerdict {
  const language = options.language ?? 'en';
  const answerLabels = options.itemSets ? answerLabelsOf(row, options.itemSets) : undefined;
  if (!isPid5Assessment(row)) {
    const score = (options.score as BfmScoreResult | undefined) ?? scoreBfmAssessment(row).score;
    return bfmVerdictIn(score, language, answerLabels);
  }
  const score = (options.score as AnyScoreResult | undefined) ?? scoreAssessment(row, options.normTables).score;
  return withVerdictIn(score, language, answerLabels).validityVerdict;
}

/** The results panel's read (`GET /api/assessments/{id}/results`); audited as `assessment.results`. */
export async function viewResults(
  options: AuditedServiceContext &
    ResultSources & {
      id: number;
      /** The reader's language (the request's): the validity sentences' words. */
      language?: Language;
    },
): Promise<TAssessmentResults> {
  const { found, view, access } = await findReadableAssessment(options);
  // The norms' words too in the reader's language, as the score report prints them.
  const results = withNormWordingIn(
    buildResults({
      row: found.assessment,
      view,
      itemSets: options.itemSets,
      normTables: options.normTables,
      language: options.language,
    }),
    options.language ?? 'en',
  );
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'assessment.results',
    assessmentId: found.assessment.id,
    ip: options.ip,
    at: options.now,
    details: { view, access, status: results.status, scoresSource: results.scoresSource },
  });
  return results;
}

/** What a report of one assessment (the patient's report, the score report) is drawn from. */
type AssessmentReportOptions = ServiceContext &
  ResultSources & {
    id: number;
    pdfPool: PdfPool;
  } & ReportRequest;

/**
 * The PDF report of a submitted test, drawn by the PDF pool from the stored scores; audited as `assessment.report`
 * with whether a name was printed, never the name itself (the audit log is not a second copy of patient data).
 */
export async function createReport(
  options: AssessmentReportOptions & {
    /** The name to print as asked for (admins in the admin view always get 'Anonymous'). */
    requestedName: string | undefined;
  },
): Promise<Uint8Array> {
  const { now } = options;
  const { found, view, access } = await findReadableAssessment(options);
  if (!found.assessment.finishedAt) {
    throw testIncomplete();
  }
  const name = resolveReportName({ requested: options.requestedName, isAdminView: view === 'admin' });
  // The patient's report speaks the test's language, whoever downloads it.
  const language = testLanguage(found.assessment);
  const results = buildResults({
    row: found.assessment,
    view,
    itemSets: options.itemSets,
    normTables: options.normTables,
    language,
  });
  const date = reportDate(options, now, language);
  const pdf = await renderInPool(options, found.assessment.id, {
    language,
    name,
    dateText: date.text,
    // The report never prints the raw answers.
    results: { ...results, responses: null },
    ...reportFooter(options),
  });
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'assessment.report',
    assessmentId: found.assessment.id,
    ip: options.ip,
    at: now,
    details: {
      view,
      access,
      report: 'profile',
      isAnonymous: name === ANONYMOUS_REPORT_NAME,
      locale: date.locale,
      scoresSource: results.scoresSource,
    },
  });
  return pdf;
}

/**
 * Draws a report (any kind: profile, score report, comparison) in the PDF pool; a failed drawing is logged (by
 * assessment id only) and answered as a 500.
 */
export async function renderInPool(
  options: { pdfPool: PdfPool; session: ActiveSession; log: FastifyBaseLogger },
  assessmentId: number,
  input: PdfReportInput,
): Promise<Uint8Array> {
  try {
    // Users take turns in the pool's queue, so one user's many reports do not hold up everyone else's.
    return await options.pdfPool.render(input, { requester: options.session.user.id });
  } catch (error) {
    if (error instanceof PdfRenderError) {
      options.log.error({ err: error, assessmentId }, 'PDF report failed');
      throw new AppError('INTERNAL', 'errors.results.reportFailed');
    }
    throw error;
  }
}

/**
 * The clinician's score report of a submitted test (score-report-pdf.ts): same access rule (a colleague the patient
 * is shared with included; docs/decisions/0056-shared-reader-reports.md), pool and audit action (`assessment.report`,
 * `report: 'score'`) as the patient's report. It prints the patient id and the answers by item number (never item
 * texts), and no name.
 */
export async function createScoreReport(options: AssessmentReportOptions): Promise<Uint8Array> {
  const { now } = options;
  const { found, view, access } = await findReadableAssessment(options);
  const row = found.assessment;
  if (!row.finishedAt) {
    throw testIncomplete();
  }
  // The score report is the reader's: its validity sentences too.
  const results = buildResults({
    row,
    view,
    itemSets: options.itemSets,
    normTables: options.normTables,
    language: options.language,
  });
  const dateOf = (date: Date) => reportDate(options, date);
  const date = dateOf(now);
  const pdf = await renderInPool(options, row.id, {
    kind: 'score-report',
    language: options.language,
    patientId: row.patientId,
    createdText: dateOf(row.createdAt).text,
    submittedText: dateOf(row.finishedAt).text,
    dateText: date.text,
    results: { ...results, responses: null },
    responses: row.responses,
    ...reportFooter(options),
  });
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'assessment.report',
    assessmentId: row.id,
    ip: options.ip,
    at: now,
    details: { view, access, report: 'score', locale: date.locale, scoresSource: results.scoresSource },
  });
  return pdf;
}
