import type { TAssessmentResults } from '@pid5/contract';
import { DE_NORM_TABLES } from '@pid5/instrument';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import { VERDICT_CODE, type FhirSettings } from './fhir-code-systems';
import { buildTestObservations } from './fhir-observations';
import { buildQuestionnaire } from './fhir-questionnaire';
import type {
  Bundle,
  BundleEntry,
  ExportedResource,
  Provenance,
  Questionnaire,
  QuestionnaireResponse,
  Reference,
} from './fhir-types';

// A submitted test as a FHIR R4 Bundle (type collection): the form's Questionnaire, the QuestionnaireResponse, one
// Observation per scale, the validity verdict and each indicator, and a Provenance naming product, instrument and
// norms. Pure: everything comes from the results API's own object (TAssessmentResults), so the export and the
// results page cannot disagree (DESIGN.md "FHIR"; the mapping table is there).

export const PRODUCT_NAME = 'PID-5 Personality Assessment';

export interface ExportedAssessment {
  id: number;
  patientId: string;
  /** The answer string; null when this reader may not see the answers (a shared patient's colleague). */
  responses: string | null;
}

export interface BundleInput {
  settings: FhirSettings;
  productVersion: string;
  /** The results of a completed test, as `GET /api/assessments/{id}/results` returns them. */
  results: TAssessmentResults;
  assessment: ExportedAssessment;
  itemSet: ActiveItemSet;
  now: Date;
  /**
   * Questionnaires already built, by form, version and whether they carry texts: an export of many tests builds each
   * once (a full form's is about 140 KB of objects, most of a test's mapping time). The caller's own, short-lived.
   */
  questionnaires?: Map<string, Questionnaire>;
}

/**
 * The ids of a submitted test's resources: the test's number, and for an Observation what it reports (a scale key,
 * VERDICT or an indicator key). Stable (the same test always gives the same ids), and they name the test a read by
 * id finds (parseResourceId).
 */
export function questionnaireResponseId(assessmentId: number): string {
  return `pid5-${assessmentId}`;
}
export function observationId(assessmentId: number, key: string): string {
  return `pid5-${assessmentId}-${key}`;
}
export function provenanceId(assessmentId: number): string {
  return `pid5-${assessmentId}`;
}

/** The test a resource id names and, for an Observation, its key; null when the id is none of ours. */
export function parseResourceId(id: string): { assessmentId: number; key: string | null } | null {
  const match = /^pid5-([1-9][0-9]{0,15})(?:-([A-Za-z][A-Za-z0-9]{0,40}))?$/.exec(id);
  if (!match) {
    return null;
  }
  const assessmentId = Number(match[1]);
  return Number.isSafeInteger(assessmentId) ? { assessmentId, key: match[2] ?? null } : null;
}

/** The patient as a logical reference: the institute's identifier in its system; no Patient resource is sent. */
export function patientReference(settings: FhirSettings, patientId: string): Reference {
  return { type: 'Patient', identifier: { system: settings.patientIdSystem, value: patientId } };
}

/**
 * A submitted test's resources in the Bundle's order (the Questionnaire first, the Provenance last), each with its
 * fullUrl: what the per-test Bundle, the patient's Bundle, the NDJSON export and the search API all send.
 */
export function buildAssessmentEntries(input: Omit<BundleInput, 'now'>): BundleEntry[] {
  const { settings, results, assessment, itemSet } = input;
  if (results.status !== 'completed' || results.finishedAt === null) {
    throw new Error(`assessment ${assessment.id}: only a submitted test is exported`);
  }
  const finishedAt = results.finishedAt;
  const subject = patientReference(settings, assessment.patientId);
  // Each resource's id is fixed by the test and what it is (decision "FHIR resources readable by id"): its fullUrl is
  // where a client reads it, and the references between a test's resources are relative (`Observation/<id>`), so
  // they resolve inside a Bundle (against the fullUrls) and outside one (by GET against the base).
  const located = <T extends ExportedResource>(resource: T, id: string): BundleEntry & { reference: string } => {
    const reference = `${resource.resourceType}/${id}`;
    return { fullUrl: `${settings.canonicalBase}/${reference}`, resource: { ...resource, id }, reference };
  };
  const identifierSystem = `${settings.canonicalBase}/identifier`;
  const entries: BundleEntry[] = [];

  // The Questionnaire with texts only when the test was answered with the item set loaded now.
  const withTexts = results.itemSet.id === itemSet.id;
  const questionnaireKey = `${results.form}|${results.instrument.version}|${itemSet.id}|${withTexts}`;
  const questionnaire =
    input.questionnaires?.get(questionnaireKey) ??
    buildQuestionnaire({ settings, form: results.form, itemSet, version: results.instrument.version, withTexts });
  input.questionnaires?.set(questionnaireKey, questionnaire);
  entries.push({ fullUrl: questionnaire.url, resource: questionnaire });

  const answerOptions = questionnaire.item[0]!.answerOption!.map((option) => option.valueCoding);
  let responseRef: Reference[] = [];
  if (assessment.responses !== null) {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      identifier: { system: `${identifierSystem}/assessment`, value: String(assessment.id) },
      // The Questionnaire sent with it, by url and version (a version names its language and item set).
      questionnaire: `${questionnaire.url}|${questionnaire.version}`,
      status: 'completed',
      subject,
      authored: finishedAt,
      // Unanswered items ('9', '.') have no item: FHIR has no answer for "not answered". Each answer is coded as
      // the Questionnaire's answer option (same display).
      item: [...assessment.responses].flatMap((answer, index) =>
        /^[0-3]$/.test(answer)
          ? [{ linkId: String(index + 1), answer: [{ valueCoding: answerOptions[Number(answer)]! }] }]
          : [],
      ),
    };
    const { reference, ...entry } = located(response, questionnaireResponseId(assessment.id));
    entries.push(entry);
    responseRef = [{ reference }];
  }

  const observations = buildTestObservations(
    {
      settings,
      results: { ...results, finishedAt },
      assessmentId: assessment.id,
      subject,
      responseRef,
      verdictRef: `Observation/${observationId(assessment.id, VERDICT_CODE)}`,
    },
    (resource, key) => located(resource, observationId(assessment.id, key)),
  );
  const targets = [...responseRef, ...observations.map((e) => ({ reference: e.reference }))];
  entries.push(...observations.map(({ fullUrl, resource }) => ({ fullUrl, resource })));

  const provenance = buildProvenance({ ...results, finishedAt }, targets, input.productVersion);
  const { reference: _provenanceRef, ...provenanceEntry } = located(provenance, provenanceId(assessment.id));
  entries.push(provenanceEntry);
  return entries;
}

/** Who assembled a test's resources and from what: the product, the instrument, the norms (with the German tables' credit) and the item set. */
function buildProvenance(
  results: TAssessmentResults & { finishedAt: string },
  targets: Reference[],
  productVersion: string,
): Provenance {
  const finishedAt = results.finishedAt;
  return {
    resourceType: 'Provenance',
    target: targets,
    recorded: finishedAt,
    agent: [
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'assembler' }],
        },
        who: { display: `${PRODUCT_NAME} ${productVersion}` },
      },
    ],
    entity: [
      { role: 'source', what: { display: `Instrument: ${results.instrument.name}, ${results.instrument.version}` } },
      {
        role: 'source',
        what: {
          display: results.normTables
            ? `Norms: ${results.normsVersion}; tables ${results.normTables.id} ${results.normTables.version}`
            : `Norms: ${results.normsVersion} (German tables only)`,
        },
      },
      ...(results.germanNorms || results.bfm
        ? [
            {
              role: 'source' as const,
              what: {
                display: `German norms: ${results.germanNorms?.version ?? DE_NORM_TABLES.version}; ${
                  results.germanNorms?.attribution ?? DE_NORM_TABLES.attribution
                }`,
              },
            },
          ]
        : []),
      { role: 'source', what: { display: `Item set: ${results.itemSet.id ?? 'unknown'}` } },
    ],
  };
}

export function buildAssessmentBundle(input: BundleInput): Bundle {
  return {
    resourceType: 'Bundle',
    identifier: { system: `${input.settings.canonicalBase}/identifier/bundle`, value: String(input.assessment.id) },
    type: 'collection',
    timestamp: input.now.toISOString(),
    entry: buildAssessmentEntries(input) as BundleEntry<ExportedResource>[],
  };
}

/**
 * Several submitted tests of one patient as one Bundle (collection): each test's resources in turn, a form's
 * Questionnaire once (the first time its fullUrl is met: a Bundle's fullUrls are unique, bdl-7).
 */
export function buildPatientBundle(options: {
  settings: FhirSettings;
  /** Names the Bundle (its identifier): the test the patient was reached through. */
  anchorId: number;
  tests: Omit<BundleInput, 'now' | 'settings'>[];
  now: Date;
}): Bundle {
  const seen = new Set<string>();
  const entry: BundleEntry[] = [];
  for (const test of options.tests) {
    for (const e of buildAssessmentEntries({ ...test, settings: options.settings })) {
      if (!seen.has(e.fullUrl)) {
        seen.add(e.fullUrl);
        entry.push(e);
      }
    }
  }
  return {
    resourceType: 'Bundle',
    identifier: {
      system: `${options.settings.canonicalBase}/identifier/patient-bundle`,
      value: String(options.anchorId),
    },
    type: 'collection',
    timestamp: options.now.toISOString(),
    entry,
  };
}
