import type {
  TAdministrationComparison,
  TPatientAccess,
  TPatientTimeline,
  TSharedWithMe,
  TShareResponse,
  TTrendDomain,
  ViewMode,
} from '@pid5/contract';
import {
  compareAdministrations,
  DOMAIN_KEYS,
  formatTScore,
  levelStartsInT,
  type AnyScoreResult,
  type BfmScoreResult,
  type FormId,
  type NormTables,
  type ReliabilityData,
  type ValidityVerdict,
} from '@pid5/instrument';
import { recordAudit } from '../../audit/audit-log-writer';
import { AppError, type ErrorMessageKey } from '../../errors';
import type { PdfPool } from '../../reports/pdf-pool';
import { assessmentStatus } from '../assessments/assessment-lifecycle';
import { findReadableAssessment, type AssessmentRow } from '../assessments/assessments.service';
import { reportDate, reportFooter, type ReportRequest } from '../results/report-request';
import {
  isPid5Assessment,
  renderInPool,
  scoreAssessment,
  scoreBfmAssessment,
  testIncomplete,
  testVerdictIn,
} from '../results/results.service';
import { bfmOfTest, germanReadingsOfScore } from '../results/trait-models';
import { validityWordingOptions } from '../results/verdict-language';
import type { ItemSets } from '../item-sets/load-item-set';
import type { Language } from '@pid5/i18n';
import { encodePatientCsv, type PatientCsvAdministration } from './patient-csv';
import { findEnabledUser, listEnabledUsers } from '../users/users.service';
import {
  deleteShare,
  insertShare,
  listPatientAdministrations,
  listSharedWith,
  listShares,
  type PatientKey,
  type ShareRow,
} from './patients.repo';
import type { AuditedServiceContext, ServiceContext } from '../service-context';

// One patient over time (DESIGN.md "Patients over time"). A patient is the exact patient identifier within the
// owning clinician's scope: two clinicians who use the same identifier have two patients, and neither sees the
// other's administrations unless one shares. Every route names one of the patient's tests; whoever may read that
// test (its owner, an admin in the admin view, or a colleague it is shared with) reaches the patient through it,
// and anyone else gets the same 404 as for a missing test. Sharing is the owner's (or an admin's); a colleague
// reads only. Every read and change is audited here, without the patient identifier in the details.

export interface ResolvedPatient {
  anchor: AssessmentRow;
  ownerName: string;
  key: PatientKey;
  view: ViewMode;
  access: TPatientAccess;
}

/** The patient of test `id` as this session may read it (findReadableAssessment, the one read rule), or 404. */
export async function resolvePatient(
  options: ServiceContext & {
    id: number;
  },
): Promise<ResolvedPatient> {
  const { found, view, access } = await findReadableAssessment(options);
  const anchor = found.assessment;
  return {
    anchor,
    ownerName: found.clinicianName,
    key: { ownerId: anchor.clinicianId, patientId: anchor.patientId },
    view,
    access,
  };
}

/**
 * The submitted administrations of test `id`'s patient, oldest first, as this session may read them (resolvePatient,
 * the one read rule), for an export that audits itself (the FHIR module's patient Bundle).
 */
export async function readSubmittedAdministrations(
  options: ServiceContext & {
    id: number;
  },
): Promise<{ patient: ResolvedPatient; rows: AssessmentRow[] }> {
  const patient = await resolvePatient(options);
  const rows = (await listPatientAdministrations(options.db, patient.key))
    .filter((row) => row.finishedAt !== null)
    .sort((a, b) => a.finishedAt!.getTime() - b.finishedAt!.getTime() || a.id - b.id);
  return { patient, rows };
}

function summariseVerdict(verdict: ValidityVerdict) {
  return { verdict: verdict.verdict, label: verdict.label, summary: verdict.summary };
}

function presentShares(rows: ShareRow[]): TShareResponse['shares'] {
  return rows.map((row) => ({
    grantee: { id: row.granteeId, username: row.granteeName },
    createdAt: row.createdAt.toISOString(),
  }));
}

const canShare = (patient: ResolvedPatient) => patient.access !== 'shared';

/**
 * The trend chart's data: each completed administration's domains in US T, and the reliable change from the one
 * completed before it, as the comparison decides it (compareAdministrations: only where it gives one).
 */
function domainTrend(rows: readonly AssessmentRow[], normTables: NormTables): Map<number, TTrendDomain[]> {
  // The PID5BF+M's domains are the ICD-11 ones with German T only: not on the US T trend of the five DSM-5 domains.
  const completed = rows
    .filter((row) => row.finishedAt !== null)
    .filter(isPid5Assessment)
    .sort((a, b) => a.finishedAt!.getTime() - b.finishedAt!.getTime() || a.id - b.id);
  const trend = new Map<number, TTrendDomain[]>();
  let previous: AnyScoreResult | null = null;
  for (const row of completed) {
    const { score } = scoreAssessment(row, normTables);
    const changes = previous ? compareAdministrations(previous, score) : null;
    const changeOf = (key: string) =>
      changes?.isChangeInterpretable
        ? (changes.scales.find((scale) => scale.key === key)?.reliableChange?.direction ?? null)
        : null;
    trend.set(
      row.id,
      DOMAIN_KEYS.map((key) => {
        const domain = score.domains[key];
        return {
          key,
          name: domain.name,
          t: domain.us?.t ?? null,
          tText: domain.us ? formatTScore(domain.us) : null,
          reliableChange: changeOf(key),
        };
      }),
    );
    previous = score;
  }
  return trend;
}

/** `GET /api/assessments/{id}/patient`: every administration of that test's patient; audited `patient.timeline`. */
export async function viewPatientTimeline(
  options: AuditedServiceContext & {
    id: number;
    /** The tables T and percentile are read with (app.deps.normTables). */
    normTables: NormTables;
    /** The reader's language (the request's): the validity summaries' words. */
    language?: Language;
    /** The item sets: each verdict quotes answers with its test's labels, as its results do. */
    itemSets?: ItemSets;
  },
): Promise<TPatientTimeline> {
  const { db, now } = options;
  const patient = await resolvePatient(options);
  const rows = await listPatientAdministrations(db, patient.key);
  const mayShare = canShare(patient);
  const [shares, users] = mayShare ? await Promise.all([listShares(db, patient.key), listEnabledUsers(db)]) : [[], []];
  const trend = domainTrend(rows, options.normTables);
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'patient.timeline',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: now,
    details: { view: patient.view, access: patient.access, administrations: rows.length },
  });
  return {
    patientId: patient.key.patientId,
    owner: { id: patient.key.ownerId, username: patient.ownerName },
    access: patient.access,
    administrations: rows.map((row) => ({
      id: row.id,
      form: row.form,
      createdAt: row.createdAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      status: assessmentStatus(row, now),
      answeredCount: row.answeredCount,
      validity: row.finishedAt
        ? summariseVerdict(
            testVerdictIn(row, {
              normTables: options.normTables,
              language: options.language,
              itemSets: options.itemSets,
            }),
          )
        : null,
      domains: trend.get(row.id) ?? null,
    })),
    canShare: mayShare,
    shares: presentShares(shares),
    colleagues: users.filter((user) => user.id !== patient.key.ownerId),
  };
}

function onlyOwnerShares(): AppError {
  return new AppError('FORBIDDEN', 'errors.patients.ownerOnly');
}

/**
 * Grants a colleague read access to every administration of the patient (the owner, or an admin in the admin view);
 * audited `patient.share` with the colleague's id.
 */
export async function sharePatient(
  options: AuditedServiceContext & {
    id: number;
    granteeId: string;
  },
): Promise<TShareResponse> {
  const { db, now } = options;
  const patient = await resolvePatient(options);
  if (!canShare(patient)) {
    throw onlyOwnerShares();
  }
  const grantee = await findEnabledUser(db, options.granteeId);
  if (!grantee || grantee.id === patient.key.ownerId) {
    const message = grantee ? 'errors.patients.alreadyOwn' : 'errors.patients.noColleague';
    throw new AppError('VALIDATION_FAILED', message, { fields: { granteeId: message } });
  }
  const isNew = await insertShare(db, {
    ...patient.key,
    granteeId: grantee.id,
    createdBy: options.session.user.id,
    now,
  });
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'patient.share',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: now,
    details: { view: patient.view, ownerId: patient.key.ownerId, granteeId: grantee.id, isNew },
  });
  return { shares: presentShares(await listShares(db, patient.key)) };
}

/** Ends a colleague's read access (the owner, or an admin); audited `patient.unshare`. Ending no share is harmless. */
export async function revokePatientShare(
  options: AuditedServiceContext & {
    id: number;
    granteeId: string;
  },
): Promise<TShareResponse> {
  const { db } = options;
  const patient = await resolvePatient(options);
  if (!canShare(patient)) {
    throw onlyOwnerShares();
  }
  const wasShared = await deleteShare(db, { ...patient.key, granteeId: options.granteeId });
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'patient.unshare',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: options.now,
    details: { view: patient.view, ownerId: patient.key.ownerId, granteeId: options.granteeId, wasShared },
  });
  return { shares: presentShares(await listShares(db, patient.key)) };
}

function startsOf(normTables: NormTables, form: FormId, key: string) {
  const table = normTables.tables[form][key];
  return table ? levelStartsInT(table.rows) : null;
}

function notSamePatient(message: ErrorMessageKey): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { with: message } });
}

/** Two completed administrations of one patient, the earlier first (not audited: the callers below audit). */
async function buildComparison(
  options: ServiceContext & {
    id: number;
    withId: number;
    normTables: NormTables;
    reliability: ReliabilityData;
    /** The reader's language: the comparison's sentences and validity words (English by default). */
    language?: Language;
    /** The item sets: each test's verdict quotes answers with its own labels, as its results do. */
    itemSets?: ItemSets;
  },
): Promise<{ patient: ResolvedPatient; otherId: number; comparison: TAdministrationComparison }> {
  const { db } = options;
  if (options.withId === options.id) {
    throw notSamePatient('errors.patients.sameTest');
  }
  const patient = await resolvePatient(options);
  const other = (await findReadableAssessment({ db, session: options.session, id: options.withId })).found.assessment;
  if (other.clinicianId !== patient.key.ownerId || other.patientId !== patient.key.patientId) {
    throw notSamePatient('errors.patients.notSamePatient');
  }
  if (!patient.anchor.finishedAt || !other.finishedAt) {
    throw testIncomplete();
  }
  const anchor = patient.anchor;
  if (!isPid5Assessment(anchor) || !isPid5Assessment(other)) {
    throw notSamePatient('errors.patients.bfmNotCompared');
  }
  const [earlier, later] =
    patient.anchor.finishedAt.getTime() <= other.finishedAt.getTime() ? [anchor, other] : [other, anchor];
  const earlierScore = scoreAssessment(earlier, options.normTables).score;
  const laterScore = scoreAssessment(later, options.normTables).score;
  // The German T of each test for the patient's group at its date (docs/decisions/0073-german-norms-as-published.md).
  const earlierDe = germanReadingsOfScore(earlierScore, earlier);
  const laterDe = germanReadingsOfScore(laterScore, later);
  const earlierBfm = bfmOfTest(earlier);
  const laterBfm = bfmOfTest(later);
  const comparison = compareAdministrations(
    earlierScore,
    laterScore,
    options.reliability,
    validityWordingOptions(options.language ?? 'en'),
  );
  // Each test's verdict worded as its own results word it (the same decision the comparison reads).
  const describe = (row: AssessmentRow) => ({
    id: row.id,
    form: row.form,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt!.toISOString(),
    validity: summariseVerdict(
      testVerdictIn(row, { normTables: options.normTables, language: options.language, itemSets: options.itemSets }),
    ),
  });
  return {
    patient,
    otherId: other.id,
    comparison: {
      patientId: patient.key.patientId,
      first: describe(earlier),
      second: describe(later),
      isChangeInterpretable: comparison.isChangeInterpretable,
      validityStatement: comparison.validityStatement,
      isSameForm: comparison.isSameForm,
      formsStatement: comparison.formsStatement,
      // Each reading with where the levels begin in T on its own form's table: the charts' level lines.
      scales: comparison.scales.map((scale) => ({
        ...scale,
        first: {
          ...scale.first,
          levelStarts: startsOf(options.normTables, earlier.form, scale.key),
          de: earlierDe.scales[scale.key] ?? null,
        },
        second: {
          ...scale.second,
          levelStarts: startsOf(options.normTables, later.form, scale.key),
          de: laterDe.scales[scale.key] ?? null,
        },
      })),
      rciRule: comparison.rciRule,
      reliabilityRule: comparison.reliabilityRule,
      germanGroups: { first: earlierDe.group, second: laterDe.group },
      icd11: earlierBfm && laterBfm ? { first: earlierBfm, second: laterBfm } : null,
    },
  };
}

/**
 * `GET /api/assessments/{id}/compare?with={id}` (DESIGN.md "Comparing two administrations"); audited
 * `patient.compare` with both ids. The second test must be readable too (else 404) and of the same patient.
 */
export async function comparePatientAdministrations(
  options: AuditedServiceContext & {
    id: number;
    withId: number;
    /** The tables T and percentile are read with (app.deps.normTables). */
    normTables: NormTables;
    /** The reliabilities of the reliable change index (app.deps.reliability). */
    reliability: ReliabilityData;
    /** The reader's language (the request's). */
    language?: Language;
    /** The item sets (app.deps.itemSets): each verdict quotes answers with its test's labels. */
    itemSets?: ItemSets;
  },
): Promise<TAdministrationComparison> {
  const { patient, otherId, comparison } = await buildComparison(options);
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'patient.compare',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: options.now,
    details: { view: patient.view, access: patient.access, withId: otherId },
  });
  return comparison;
}

/**
 * `GET /api/assessments/{id}/compare.pdf?with={id}`: the same comparison as its own small PDF, drawn in the report
 * threads (reports/comparison-report/); audited `patient.compare` with `format: 'pdf'`.
 */
export async function createComparisonReport(
  options: ServiceContext & {
    id: number;
    withId: number;
    normTables: NormTables;
    reliability: ReliabilityData;
    pdfPool: PdfPool;
    /** The item sets (app.deps.itemSets): each verdict quotes answers with its test's labels. */
    itemSets?: ItemSets;
  } & ReportRequest,
): Promise<Uint8Array> {
  const { now } = options;
  const { patient, otherId, comparison } = await buildComparison(options);
  const date = reportDate(options, now);
  const pdf = await renderInPool(options, patient.anchor.id, {
    kind: 'comparison',
    language: options.language,
    comparison,
    dateText: date.text,
    ...reportFooter(options),
  });
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'patient.compare',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: now,
    details: { view: patient.view, access: patient.access, withId: otherId, format: 'pdf' },
  });
  return pdf;
}

/**
 * `GET /api/assessments/{id}/patient.csv`: the patient's completed administrations in long format (patient-csv.ts);
 * audited `patient.export`.
 */
export async function exportPatientScores(
  options: AuditedServiceContext & {
    id: number;
    /** The tables T and percentile are read with (app.deps.normTables). */
    normTables: NormTables;
  },
): Promise<string> {
  const { db } = options;
  const patient = await resolvePatient(options);
  const rows = (await listPatientAdministrations(db, patient.key)).filter((row) => row.finishedAt !== null);
  await recordAudit(db, {
    actor: options.session.user.id,
    action: 'patient.export',
    assessmentId: patient.anchor.id,
    ip: options.ip,
    at: options.now,
    details: { view: patient.view, access: patient.access, administrations: rows.length },
  });
  return encodePatientCsv(
    rows.map((row): PatientCsvAdministration => {
      const common = {
        patientId: row.patientId,
        clinicianId: row.clinicianId,
        id: row.id,
        createdAt: row.createdAt,
        finishedAt: row.finishedAt!,
      };
      // Each test's scores read once, for its rows and its verdict. A PID5BF+M test: its trait domains with German
      // T; the PID-5's forms: facets, domains, US and German.
      const verdictOf = (score: AnyScoreResult | BfmScoreResult) =>
        testVerdictIn(row, { normTables: options.normTables, score }).label;
      if (isPid5Assessment(row)) {
        const { score } = scoreAssessment(row, options.normTables);
        const reference = { gender: row.gender, age: row.age };
        return { ...common, form: row.form, score, reference, validityLabel: verdictOf(score) };
      }
      const bfm = scoreBfmAssessment(row).score;
      return { ...common, form: 'BFM', bfm, validityLabel: verdictOf(bfm) };
    }),
  );
}

/**
 * `GET /api/patients/shared-with-me`: the patients other clinicians have shared with the caller, each with its newest
 * test to open; audited `patient.shared` (the list names patient identifiers).
 */
export async function listPatientsSharedWithMe(options: AuditedServiceContext): Promise<TSharedWithMe> {
  const rows = await listSharedWith(options.db, options.session.user.id);
  await recordAudit(options.db, {
    actor: options.session.user.id,
    action: 'patient.shared',
    ip: options.ip,
    at: options.now,
    details: { patients: rows.length },
  });
  return {
    items: rows.map((row) => ({
      owner: { id: row.ownerId, username: row.ownerName },
      patientId: row.patientId,
      sharedAt: row.sharedAt.toISOString(),
      administrations: row.administrations,
      latestAssessmentId: row.latestAssessmentId,
    })),
  };
}
