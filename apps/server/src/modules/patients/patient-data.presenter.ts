import type { TPatientDataExport } from '@pid5/contract';
import { translator } from '../../i18n/translator';
import { answerWording } from '../../reports/score-report/score-report-wording';
import type { getDocumentsById } from '../documents/documents.service';
import { buildResults, type ResultSources } from '../results/results.service';
import type { exportRetestSeriesOf } from '../retests/retests.service';
import type { AnswerChangeRow, AuditEventRow, PatientShareRow } from './patient-data.repo';
import type { PatientAdministrationRow } from './patients.repo';

// The parts of a patient's data export (patient-data.service.ts exportPatientData), each stored row as the export's
// format writes it: dates as ISO text, never the link code or its nonce.

type Export = TPatientDataExport;
type DocumentRow = Awaited<ReturnType<typeof getDocumentsById>>[number];
type RetestSeriesEntry = Awaited<ReturnType<typeof exportRetestSeriesOf>>[number];

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** What each stored answer value means, in the English the export is written in. */
export function answerLegend(): Export['answerLegend'] {
  const words = answerWording(translator('en'));
  return { '0': words[0], '1': words[1], '2': words[2], '3': words[3], '9': 'not answered' };
}

/** A test with its answers, its scores (submitted tests only) and its frozen validity verdict. */
export function presentAdministration(
  row: PatientAdministrationRow,
  sources: ResultSources,
): Export['administrations'][number] {
  return {
    id: row.id,
    form: row.form,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    age: row.age,
    gender: row.gender,
    race: row.race,
    postalCode: row.postalCode,
    country: row.country,
    diagnoses: row.dsmCodes,
    primaryDiagnosis: row.primaryDsm,
    termsId: row.termsId,
    consentId: row.consentId,
    consentAgreedAt: iso(row.consentAgreedAt),
    responses: row.responses,
    answers: [...row.responses].map((char, index) => ({
      item: index + 1,
      value: /^[0-3]$/.test(char) ? Number(char) : null,
    })),
    answeredCount: row.answeredCount,
    itemSetId: row.itemSetId,
    instrumentVersion: row.instrumentVersion,
    normsVersion: row.normsVersion,
    results: row.finishedAt
      ? buildResults({ row, view: 'admin', itemSets: sources.itemSets, normTables: sources.normTables })
      : null,
    validityVerdict: (row.scores as { validityVerdict?: unknown } | null)?.validityVerdict ?? null,
  };
}

export function presentAnswerChange(change: AnswerChangeRow): Export['answerChanges'][number] {
  return {
    assessmentId: change.assessmentId,
    item: change.item,
    oldValue: change.oldValue,
    newValue: change.newValue,
    changedAt: change.changedAt.toISOString(),
    actor: change.actor,
    linkSession: change.linkSession,
  };
}

export function presentShare(share: PatientShareRow): Export['shares'][number] {
  return {
    grantee: { id: share.granteeId, username: share.granteeName },
    createdAt: share.createdAt.toISOString(),
    createdBy: share.createdBy,
  };
}

/** A terms or consent document the patient's tests were taken under, as it was published. */
export function presentDocument(document: DocumentRow): Export['documents'][number] {
  return {
    id: document.id,
    kind: document.kind,
    version: document.version,
    language: document.language,
    publishedAt: document.publishedAt.toISOString(),
    bodyHtml: document.bodyHtml,
  };
}

export function presentRetestSeries({ series, runs }: RetestSeriesEntry): Export['retestSeries'][number] {
  return {
    id: series.id,
    sourceAssessmentId: series.sourceAssessmentId,
    everyWeeks: series.everyWeeks,
    times: series.times,
    runsDone: series.runsDone,
    nextRunAt: series.nextRunAt.toISOString(),
    state: series.state,
    email: series.email,
    emailMasked: series.emailMasked,
    createdAt: series.createdAt.toISOString(),
    runs,
  };
}

export function presentAuditEvent(event: AuditEventRow): Export['auditEvents'][number] {
  return {
    id: event.id,
    at: event.at.toISOString(),
    actor: event.actor,
    action: event.action,
    assessmentId: event.assessmentId,
    ip: event.ip,
    details: (event.details as Record<string, unknown> | null) ?? null,
  };
}
