import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessments, patientShares, users } from '../../db/schema';

// SQL of the patients module (issue 19): a patient's administrations and its shares. A patient is the exact patient
// identifier within the owning clinician's scope (DESIGN.md §2 "Patients"), so every query names both.

export interface PatientKey {
  ownerId: string;
  patientId: string;
}

export type PatientAdministrationRow = typeof assessments.$inferSelect;

/** Every administration of one patient, newest first (ties by id). */
export function listPatientAdministrations(db: Db, patient: PatientKey): Promise<PatientAdministrationRow[]> {
  return db
    .select()
    .from(assessments)
    .where(and(eq(assessments.clinicianId, patient.ownerId), eq(assessments.patientId, patient.patientId)))
    .orderBy(desc(assessments.createdAt), desc(assessments.id));
}

export interface ShareRow {
  granteeId: string;
  granteeName: string;
  createdAt: Date;
}

/** The colleagues one patient is shared with, by name. */
export function listShares(db: Db, patient: PatientKey): Promise<ShareRow[]> {
  return db
    .select({ granteeId: patientShares.granteeId, granteeName: users.username, createdAt: patientShares.createdAt })
    .from(patientShares)
    .innerJoin(users, eq(users.id, patientShares.granteeId))
    .where(and(eq(patientShares.ownerId, patient.ownerId), eq(patientShares.patientId, patient.patientId)))
    .orderBy(users.username, patientShares.granteeId);
}

/** Grants read access; sharing twice is harmless (the first grant stays). True when a share was added. */
export async function insertShare(
  db: Db,
  share: PatientKey & { granteeId: string; createdBy: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(patientShares)
    .values({
      ownerId: share.ownerId,
      patientId: share.patientId,
      granteeId: share.granteeId,
      createdBy: share.createdBy,
      createdAt: share.now,
    })
    .onConflictDoNothing()
    .returning({ granteeId: patientShares.granteeId });
  return rows.length > 0;
}

/** Revokes read access. True when there was a share to revoke. */
export async function deleteShare(db: Db, share: PatientKey & { granteeId: string }): Promise<boolean> {
  const rows = await db
    .delete(patientShares)
    .where(
      and(
        eq(patientShares.ownerId, share.ownerId),
        eq(patientShares.patientId, share.patientId),
        eq(patientShares.granteeId, share.granteeId),
      ),
    )
    .returning({ granteeId: patientShares.granteeId });
  return rows.length > 0;
}
