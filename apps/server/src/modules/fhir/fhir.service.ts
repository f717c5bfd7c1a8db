import type { AssessmentForm, AssessmentStatusFilter } from '@pid5/contract';
import serverPackage from '../../../package.json' with { type: 'json' };
import { recordAudit } from '../../audit/audit-log-writer';
import { AppError } from '../../errors';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import { findReadableAssessment, submittedTestsForExport } from '../assessments/assessments.service';
import { readSubmittedAdministrations } from '../patients/patients.service';
import { buildResults, testIncomplete, type ResultSources } from '../results/results.service';
import { buildAssessmentBundle, buildAssessmentEntries, buildPatientBundle } from './fhir-bundle';
import { createFhirNdjsonStream } from './fhir-ndjson';
import { buildCodeSystem, isCodeSystemId, type AnswerLabelSet, type FhirSettings } from './fhir-code-systems';
import { buildQuestionnaire, formOfQuestionnaireId } from './fhir-questionnaire';
import type { Bundle, CodeSystem, Questionnaire } from './fhir-types';
import type { AuditedServiceContext } from '../service-context';

// The FHIR export of one test: the results' own access rule and audit action (DESIGN.md "Results and reports"), the
// Bundle from the same results object the page shows.

export const PRODUCT_VERSION: string = serverPackage.version;

/** What a Bundle download of one test, or of its patient, is asked with. */
type FhirExportOptions = AuditedServiceContext &
  ResultSources & {
    id: number;
    settings: FhirSettings;
  };

/**
 * `GET /api/assessments/{id}/fhir`: whoever may read the test's results (owner, admin in the admin view, a colleague
 * the patient is shared with) gets its Bundle; a shared reader gets it without the answers, as the score report
 * keeps them from shared readers. Submitted tests only. Audited `assessment.results` with `format: 'fhir'`.
 */
export async function exportAssessmentFhir(options: FhirExportOptions): Promise<Bundle> {
  const { found, view, access } = await findReadableAssessment(options);
  const row = found.assessment;
  if (!row.finishedAt) {
    throw testIncomplete();
  }
  const results = buildResults({ row, view, itemSets: options.itemSets, normTables: options.normTables, ampd: false });
  const isShared = access === 'shared';
  const bundle = buildAssessmentBundle({
    settings: options.settings,
    productVersion: PRODUCT_VERSION,
    results,
    assessment: { id: row.id, patientId: row.patientId, responses: isShared ? null : row.responses },
    // The item set of the test's language: its texts and answer labels are what the patient saw.
    itemSet: options.itemSets.forTest(row.language),
    now: options.now,
  });
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'assessment.results',
    assessmentId: row.id,
    ip: options.ip,
    at: options.now,
    details: {
      view,
      status: results.status,
      scoresSource: results.scoresSource,
      format: 'fhir',
      access,
    },
  });
  return bundle;
}

/**
 * `GET /api/assessments/{id}/patient/fhir`: every submitted test of that test's patient as one Bundle, for whoever may
 * read the patient's page (the one read rule); a colleague the patient is shared with gets it without the answers.
 * Audited `patient.export` with `format: 'fhir'`, as the patient's long CSV, without the patient identifier.
 */
export async function exportPatientFhir(options: FhirExportOptions): Promise<Bundle> {
  const { patient, rows } = await readSubmittedAdministrations(options);
  const isShared = patient.access === 'shared';
  const bundle = buildPatientBundle({
    settings: options.settings,
    anchorId: patient.anchor.id,
    now: options.now,
    tests: rows.map((row) => ({
      productVersion: PRODUCT_VERSION,
      results: buildResults({
        row,
        view: patient.view,
        itemSets: options.itemSets,
        normTables: options.normTables,
        ampd: false,
      }),
      assessment: { id: row.id, patientId: row.patientId, responses: isShared ? null : row.responses },
      itemSet: options.itemSets.forTest(row.language),
    })),
  });
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'patient.export',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: options.now,
    details: { view: patient.view, access: patient.access, administrations: rows.length, format: 'fhir' },
  });
  return bundle;
}

/**
 * `GET /api/assessments/export.fhir.ndjson`: the submitted tests among those the CSV export would hold (the session's
 * view, the dashboard's filters), as NDJSON, one resource a line (fhir-ndjson.ts). The CSV's access and audit:
 * `assessment.export` when the export starts, with the filters but not the searched text, and `format: 'fhir-ndjson'`.
 */
export async function exportAssessmentsNdjson(
  options: AuditedServiceContext &
    ResultSources & {
      filters: { search: string; status: AssessmentStatusFilter; form: AssessmentForm | null };
      settings: FhirSettings;
      onError: (error: Error) => void;
    },
): Promise<NodeJS.ReadableStream> {
  const { db, filters, now } = options;
  const { view, fetchBatch } = submittedTestsForExport({ db, session: options.session, now, filters });
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'assessment.export',
    ip: options.ip,
    at: now,
    details: {
      view,
      format: 'fhir-ndjson',
      status: filters.status,
      form: filters.form,
      searched: filters.search.trim() !== '',
    },
  });
  // This export's own: each form's Questionnaire built once, not per test.
  const questionnaires = new Map<string, Questionnaire>();
  return createFhirNdjsonStream({
    fetchBatch,
    toEntries: (row) =>
      buildAssessmentEntries({
        settings: options.settings,
        productVersion: PRODUCT_VERSION,
        results: buildResults({ row, view, itemSets: options.itemSets, normTables: options.normTables, ampd: false }),
        assessment: { id: row.id, patientId: row.patientId, responses: row.responses },
        itemSet: options.itemSets.forTest(row.language),
        questionnaires,
      }),
    onError: options.onError,
  });
}

/** A FHIR "not found" (an OperationOutcome under /fhir/); the id asked for is not echoed back. */
export function fhirNotFound(resourceType: string): AppError {
  return new AppError('NOT_FOUND', 'errors.fhir.noSuchResource', { values: { resourceType } });
}

/** One of our CodeSystems (no patient data: public). */
export function readCodeSystem(
  settings: FhirSettings,
  id: string,
  answerLabelSets: readonly AnswerLabelSet[] = [],
): CodeSystem {
  if (!isCodeSystemId(id)) {
    throw fhirNotFound('CodeSystem');
  }
  return buildCodeSystem(settings, id, { answerLabelSets });
}

/** A form's Questionnaire (no patient data: public; `withTexts` false leaves a licensed set's wording out). */
export function readQuestionnaire(
  settings: FhirSettings,
  itemSet: ActiveItemSet,
  id: string,
  options: { withTexts: boolean },
): Questionnaire {
  const form = formOfQuestionnaireId(id);
  if (!form) {
    throw fhirNotFound('Questionnaire');
  }
  return buildQuestionnaire({ settings, form, itemSet, withTexts: options.withTexts });
}
