import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { answerChanges, assessments, auditEvents, patientShares, users } from '../../db/schema';
import type { PatientKey } from './patients.repo';

// SQL of a patient's data as a whole (DESIGN.md "Erasure, access and retention"): what the export reads and the
// erasure deletes. answer_changes has no foreign key to assessments and audit_events none either, so both are named
// here by the tests' ids; assessment_patient_ids goes with its test (ON DELETE CASCADE), assessment_counts follows by
// its trigger (0012).

export type AnswerChangeRow = typeof answerChanges.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;

export interface PatientShareRow {
  granteeId: string;
  granteeName: string;
  createdAt: Date;
  createdBy: string;
}

export async function findClinician(db: Db, clinicianId: string): Promise<{ id: string; username: string } | null> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, clinicianId))
    .limit(1);
  return rows[0] ?? null;
}

/** Every answer change of these tests, oldest first. */
export function listAnswerChangesOf(db: Db, assessmentIds: number[]): Promise<AnswerChangeRow[]> {
  return db
    .select()
    .from(answerChanges)
    .where(inArray(answerChanges.assessmentId, assessmentIds))
    .orderBy(asc(answerChanges.changedAt), asc(answerChanges.id));
}

/** Every share of the patient, with who granted it. */
export function listPatientShares(db: Db, patient: PatientKey): Promise<PatientShareRow[]> {
  return db
    .select({
      granteeId: patientShares.granteeId,
      granteeName: users.username,
      createdAt: patientShares.createdAt,
      createdBy: patientShares.createdBy,
    })
    .from(patientShares)
    .innerJoin(users, eq(users.id, patientShares.granteeId))
    .where(and(eq(patientShares.ownerId, patient.ownerId), eq(patientShares.patientId, patient.patientId)))
    .orderBy(asc(patientShares.createdAt), asc(patientShares.granteeId));
}

/** The audit log's entries about these tests, oldest first. */
export function listAuditEventsOf(db: Db, assessmentIds: number[]): Promise<AuditEventRow[]> {
  return db
    .select()
    .from(auditEvents)
    .where(inArray(auditEvents.assessmentId, assessmentIds))
    .orderBy(asc(auditEvents.id));
}

/**
 * Locks the clinician's user row until the transaction ends, as a create does (assessments.repo.ts lockClinician):
 * an erasure and a create of the same clinician then never interleave their counts of used tests.
 */
export async function lockClinicianRow(tx: Db, clinicianId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, clinicianId)).for('no key update');
  return rows.length > 0;
}

/** Deletes the patient's tests; their ids (the search key goes with them, the dashboard counts follow). */
export async function deleteAdministrations(tx: Db, patient: PatientKey): Promise<number[]> {
  const rows = await tx
    .delete(assessments)
    .where(and(eq(assessments.clinicianId, patient.ownerId), eq(assessments.patientId, patient.patientId)))
    .returning({ id: assessments.id });
  return rows.map((row) => Number(row.id));
}

export async function deleteAnswerChangesOf(tx: Db, assessmentIds: number[]): Promise<void> {
  await tx.delete(answerChanges).where(inArray(answerChanges.assessmentId, assessmentIds));
}

export async function deletePatientShares(tx: Db, patient: PatientKey): Promise<void> {
  await tx
    .delete(patientShares)
    .where(and(eq(patientShares.ownerId, patient.ownerId), eq(patientShares.patientId, patient.patientId)));
}

/**
 * Keeps who did what to these tests and when, and forgets the rest: `details` cleared (their shape differs per
 * action, so clearing all is the one way certain to miss nothing), and the address of the patient's own actions
 * (actor 'patient'), which is the patient's; a staff member's address stays, it is theirs and the record's.
 */
export async function clearAuditDetailsOf(tx: Db, assessmentIds: number[]): Promise<void> {
  await tx
    .update(auditEvents)
    .set({ details: null, ip: sql`CASE WHEN ${auditEvents.actor} = 'patient' THEN NULL ELSE ${auditEvents.ip} END` })
    .where(inArray(auditEvents.assessmentId, assessmentIds));
}

/**
 * The patients whose last administration (the later of created and finished, of their newest test) is before
 * `cutoff`, at most `limit` of them: the retention sweep's next batch.
 */
export async function listPatientsLastSeenBefore(db: Db, cutoff: Date, limit: number): Promise<PatientKey[]> {
  const lastSeen = sql`max(greatest(${assessments.createdAt}, ${assessments.finishedAt}))`;
  const rows = await db
    .select({ ownerId: assessments.clinicianId, patientId: assessments.patientId })
    .from(assessments)
    .groupBy(assessments.clinicianId, assessments.patientId)
    .having(sql`${lastSeen} < ${cutoff.toISOString()}::timestamptz`)
    .orderBy(asc(assessments.clinicianId), asc(assessments.patientId))
    .limit(limit);
  return rows;
}

/** The patient's last administration (the later of created and finished of any test); null when none is left. */
export async function lastSeenOf(db: Db, patient: PatientKey): Promise<Date | null> {
  const rows = await db
    .select({ at: sql<string | Date | null>`max(greatest(${assessments.createdAt}, ${assessments.finishedAt}))` })
    .from(assessments)
    .where(and(eq(assessments.clinicianId, patient.ownerId), eq(assessments.patientId, patient.patientId)));
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}
