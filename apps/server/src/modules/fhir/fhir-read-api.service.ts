import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import type { SystemIdentity } from '../../identity/system-tokens';
import { submittedTestById, submittedTestsOfPatient } from '../assessments/assessments.service';
import { buildResults, type ResultSources } from '../results/results.service';
import { buildAssessmentEntries, parseResourceId } from './fhir-bundle';
import type { FhirSettings } from './fhir-code-systems';
import { searchPage, type SearchedType, type TokenParam } from './fhir-search';
import type { Bundle, ExportedResource, Questionnaire } from './fhir-types';
import { PRODUCT_VERSION } from './fhir.service';

// The FHIR read API's searches for machine clients (DESIGN.md "FHIR"; decision 0059): a patient's submitted
// tests, each mapped exactly as its per-test Bundle, filtered and paged; every search audited with the client as the
// actor, one row per test it sent resources of, and never the patient identifier.

/** The audit actor of a machine client: its id, marked so it is never taken for a user's. */
export function clientActor(client: SystemIdentity): string {
  return `fhir-client:${client.clientId}`;
}

export async function searchPatientResources(
  options: ResultSources & {
    db: Db;
    client: SystemIdentity;
    type: SearchedType;
    patient: TokenParam;
    codes: readonly TokenParam[] | null;
    count: number;
    cursor: string | undefined;
    linkFor: (cursor: string | undefined) => string;
    nextCursor: (position: string) => string;
    settings: FhirSettings;
    now: Date;
    ip: string;
  },
): Promise<Bundle> {
  const { patient, settings } = options;
  // Our resources name the patient in one system only: another (or none, `|value`) matches nothing.
  const sameSystem = patient.system === undefined || patient.system === settings.patientIdSystem;
  const rows = sameSystem ? await submittedTestsOfPatient({ db: options.db, patientId: patient.value }) : [];
  const tests = rows.map((row) => ({ id: row.id, entries: entriesOf(row, options) }));
  const { bundle, testIds } = searchPage({ ...options, tests });
  const audit = (assessmentId: number | null) =>
    recordAudit(options.db, {
      actor: clientActor(options.client),
      action: 'fhir.search',
      assessmentId,
      ip: options.ip,
      at: options.now,
      details: { resourceType: options.type, byCode: options.codes !== null, total: bundle.total ?? 0 },
    });
  // A search that found nothing is a read too (it says the patient has no such results).
  for (const id of testIds.length > 0 ? testIds : [null]) {
    await audit(id);
  }
  return bundle;
}

type TestRow = Awaited<ReturnType<typeof submittedTestsOfPatient>>[number];

/** A submitted test's resources as its per-test Bundle has them (what a search, a read and an export send). */
export function entriesOf(
  row: TestRow,
  options: ResultSources & {
    settings: FhirSettings;
    questionnaires?: Map<string, Questionnaire>;
  },
) {
  return buildAssessmentEntries({
    questionnaires: options.questionnaires,
    settings: options.settings,
    productVersion: PRODUCT_VERSION,
    results: buildResults({
      row,
      view: 'clinician',
      itemSets: options.itemSets,
      normTables: options.normTables,
      ampd: false,
    }),
    assessment: { id: row.id, patientId: row.patientId, responses: row.responses },
    itemSet: options.itemSets.forTest(row.language),
  });
}

export type ReadType = 'Observation' | 'QuestionnaireResponse';

/**
 * One resource of a submitted test by its id (decision "FHIR resources readable by id"): the same resource a search
 * or an export sends, or null when no submitted test has it (a malformed id is refused before). Audited as a search
 * is, with the client as the actor and the test read, never the patient identifier.
 */
export async function readPatientResource(
  options: ResultSources & {
    db: Db;
    client: SystemIdentity;
    type: ReadType;
    id: string;
    settings: FhirSettings;
    now: Date;
    ip: string;
  },
): Promise<ExportedResource | null> {
  const parsed = parseResourceId(options.id);
  const row = parsed ? await submittedTestById({ db: options.db, id: parsed.assessmentId }) : null;
  const resource =
    row === null
      ? undefined
      : entriesOf(row, options).find((e) => e.resource.resourceType === options.type && e.resource.id === options.id)
          ?.resource;
  await recordAudit(options.db, {
    actor: clientActor(options.client),
    // The same action as a search ("a machine client read results"), told apart by its interaction.
    action: 'fhir.search',
    assessmentId: resource ? row!.id : null,
    ip: options.ip,
    at: options.now,
    details: { interaction: 'read', resourceType: options.type, found: resource !== undefined },
  });
  return resource ?? null;
}
