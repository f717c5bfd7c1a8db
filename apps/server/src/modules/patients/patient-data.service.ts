import { exportMessagesOf } from '../messages/message-export';
import {
  PATIENT_DATA_EXPORT_FORMAT,
  type TErasePatientRequest,
  type TPatientDataExport,
  type TPatientDataQuery,
} from '@pid5/contract';
import { getDocumentsById } from '../documents/documents.service';
import type { ResultSources } from '../results/results.service';
import { exportRetestSeriesOf } from '../retests/retests.service';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { ActiveSession } from '../../identity/sessions';
import { resolveView } from '../assessments/assessments.service';
import { recordErasedTests } from '../credits/credits.service';
import {
  clearAuditDetailsOf,
  deleteAdministrations,
  deleteAnswerChangesOf,
  deletePatientShares,
  findClinician,
  lastSeenOf,
  listAnswerChangesOf,
  listAuditEventsOf,
  listPatientShares,
  lockClinicianRow,
} from './patient-data.repo';
import {
  answerLegend,
  presentAdministration,
  presentAnswerChange,
  presentAuditEvent,
  presentDocument,
  presentRetestSeries,
  presentShare,
} from './patient-data.presenter';
import { listPatientAdministrations, type PatientKey } from './patients.repo';
import type { AuditedServiceContext } from '../service-context';

// A patient's data as a whole (DESIGN.md "Erasure, access and retention"): the admin's export of everything stored
// about one patient, and its erasure, by request or by the retention sweep (patient-retention.ts).

export type ErasureReason = 'request' | 'retention';

/** The actor of the retention sweep's erasures, in the audit log and the erasures table. */
export const RETENTION_ACTOR = 'retention';

function noSuchPatient(): AppError {
  return new AppError('NOT_FOUND', 'errors.patientData.noTests');
}

/**
 * The patient the request names, if the session may act on it: admins only (the route says so); in the clinician
 * view only their own patients, as every view decides what a session sees (DESIGN.md "Roles and identity").
 */
function patientKeyFor(session: ActiveSession, request: { clinicianId: string; patientId: string }): PatientKey {
  const { scope } = resolveView(session);
  if (scope.kind !== 'all' && scope.clinicianId !== request.clinicianId) {
    throw new AppError('FORBIDDEN', 'errors.patientData.adminView');
  }
  return { ownerId: request.clinicianId, patientId: request.patientId };
}

/**
 * `GET /api/admin/patients/export`: everything stored about one patient (GDPR access and portability): every
 * administration with its answers, scores and frozen validity verdict, the answer changes, the shares and the audit
 * entries about those tests. Never the link code or its nonce (they open the test, they say nothing of the patient).
 * Audited `patient.export` on the newest test, with how many tests, never the identifier.
 */
export async function exportPatientData(
  options: AuditedServiceContext &
    ResultSources & {
      query: TPatientDataQuery;
    },
): Promise<TPatientDataExport> {
  const { db, session, now } = options;
  const key = patientKeyFor(session, options.query);
  const clinician = await findClinician(db, key.ownerId);
  const rows = clinician ? await listPatientAdministrations(db, key) : [];
  if (!clinician || rows.length === 0) {
    throw noSuchPatient();
  }
  const ids = rows.map((row) => row.id);
  const documentIds = rows.flatMap((row) => [row.termsId, row.consentId]).filter((id): id is number => id !== null);
  const [changes, shares, events, messages, series, documentRows] = await Promise.all([
    listAnswerChangesOf(db, ids),
    listPatientShares(db, key),
    listAuditEventsOf(db, ids),
    exportMessagesOf(db, ids),
    exportRetestSeriesOf(db, ids),
    getDocumentsById(db, documentIds),
  ]);
  await recordAudit(db, {
    actor: session.user.id,
    action: 'patient.export',
    assessmentId: rows[0]!.id,
    ip: options.ip,
    at: now,
    details: { format: 'json', clinicianId: key.ownerId, tests: rows.length },
  });
  return {
    format: PATIENT_DATA_EXPORT_FORMAT.name,
    formatVersion: PATIENT_DATA_EXPORT_FORMAT.version,
    exportedAt: now.toISOString(),
    answerLegend: answerLegend(),
    clinician,
    patientId: key.patientId,
    administrations: rows.map((row) => presentAdministration(row, options)),
    answerChanges: changes.map(presentAnswerChange),
    shares: shares.map(presentShare),
    documents: documentRows.map(presentDocument),
    retestSeries: series.map(presentRetestSeries),
    messages,
    auditEvents: events.map(presentAuditEvent),
  };
}

/**
 * Erases one patient in one transaction: the tests (with their search key; the dashboard counts follow by trigger),
 * the answer changes, the shares; the audit entries about those tests keep who, what and when but lose their details
 * (patient-data.repo.ts clearAuditDetailsOf). The tests stay used purchased tests (`erasures`), and the erasure is
 * audited `patient.erase` with how many tests and why, never the identifier. Returns how many tests were erased
 * (0: the patient had none, and nothing was written).
 */
export async function erasePatient(
  db: Db,
  erasure: {
    key: PatientKey;
    reason: ErasureReason;
    actor: string;
    ip: string | null;
    now: Date;
    /** The retention sweep's condition, checked again under the lock: a test created since keeps the patient. */
    lastSeenBefore?: Date;
  },
): Promise<number> {
  const { key, now } = erasure;
  return db.transaction(async (tx) => {
    // Creates take the same lock, so no test of this clinician is added between the check and the deletes.
    await lockClinicianRow(tx, key.ownerId);
    if (erasure.lastSeenBefore) {
      const lastSeen = await lastSeenOf(tx, key);
      if (!lastSeen || lastSeen >= erasure.lastSeenBefore) {
        return 0;
      }
    }
    const ids = await deleteAdministrations(tx, key);
    if (ids.length === 0) {
      return 0;
    }
    await deleteAnswerChangesOf(tx, ids);
    await clearAuditDetailsOf(tx, ids);
    await deletePatientShares(tx, key);
    await recordErasedTests(tx, {
      clinicianId: key.ownerId,
      tests: ids.length,
      reason: erasure.reason,
      erasedBy: erasure.actor,
      at: now,
    });
    await recordAudit(tx, {
      actor: erasure.actor,
      action: 'patient.erase',
      ip: erasure.ip,
      at: now,
      details: { clinicianId: key.ownerId, tests: ids.length, reason: erasure.reason },
    });
    return ids.length;
  });
}

/** `POST /api/admin/patients/erase`: an admin erases one patient (a request, or a withdrawn consent). */
export async function erasePatientOnRequest(
  options: AuditedServiceContext & {
    request: TErasePatientRequest;
  },
): Promise<{ erasedTests: number }> {
  const key = patientKeyFor(options.session, options.request);
  const erasedTests = await erasePatient(options.db, {
    key,
    reason: 'request',
    actor: options.session.user.id,
    ip: options.ip,
    now: options.now,
  });
  if (erasedTests === 0) {
    throw noSuchPatient();
  }
  return { erasedTests };
}
