import type { NormTables } from '@pid5/instrument';
import serverPackage from '../../../package.json' with { type: 'json' };
import { recordAudit } from '../../audit/audit';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { ActiveSession } from '../../identity/sessions';
import type { ActiveItemSet, ItemSets } from '../item-sets/load-item-set';
import { findReadableAssessment } from '../assessments/assessments.service';
import { buildResults, testIncomplete } from '../results/results.service';
import { buildAssessmentBundle } from './fhir-bundle';
import { buildCodeSystem, isCodeSystemId, type FhirSettings } from './fhir-code-systems';
import { buildQuestionnaire, formOfQuestionnaireId } from './fhir-questionnaire';
import type { Bundle, CodeSystem, Questionnaire } from './fhir-types';

// The FHIR export of one test: the results' own access rule and audit action (DESIGN.md "Results and reports"), the
// Bundle from the same results object the page shows.

export const PRODUCT_VERSION: string = serverPackage.version;

/**
 * `GET /api/assessments/{id}/fhir`: whoever may read the test's results (owner, admin in the admin view, a colleague
 * the patient is shared with) gets its Bundle; a shared reader gets it without the answers, as the score report
 * keeps them from shared readers. Submitted tests only. Audited `assessment.results` with `format: 'fhir'`.
 */
export async function exportAssessmentFhir(options: {
  db: Db;
  session: ActiveSession;
  id: number;
  itemSets: ItemSets;
  normTables: NormTables;
  settings: FhirSettings;
  now: Date;
  ip: string;
}): Promise<Bundle> {
  const { found, view, access } = await findReadableAssessment(options);
  const row = found.assessment;
  if (!row.finishedAt) {
    throw testIncomplete();
  }
  const results = buildResults({ row, view, itemSets: options.itemSets, normTables: options.normTables });
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

/** A FHIR "not found" (an OperationOutcome under /fhir/); the id asked for is not echoed back. */
export function fhirNotFound(resourceType: string): AppError {
  return new AppError('NOT_FOUND', 'errors.fhir.noSuchResource', { values: { resourceType } });
}

/** One of our CodeSystems (no patient data: public). */
export function readCodeSystem(settings: FhirSettings, id: string): CodeSystem {
  if (!isCodeSystemId(id)) {
    throw fhirNotFound('CodeSystem');
  }
  return buildCodeSystem(settings, id);
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
