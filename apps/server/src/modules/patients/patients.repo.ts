import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessments, patientShares, users } from '../../db/schema';

// SQL of the patients module: a patient's administrations and its shares. A patient is the exact patient
// identifier within the owning clinician's scope (DESIGN.md "Patients over time"), so every query names both.

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

export interface SharedWithMeRow {
  ownerId: string;
  ownerName: string;
  patientId: string;
  sharedAt: Date;
  administrations: number;
  /** The patient's newest test (by creation), the one the list links to; null if the patient has none left. */
  latestAssessmentId: number | null;
}

/** The patients other clinicians have shared with `granteeId`, newest share first. */
export async function listSharedWith(db: Db, granteeId: string): Promise<SharedWithMeRow[]> {
  const rows = await db
    .select({
      ownerId: patientShares.ownerId,
      ownerName: users.username,
      patientId: patientShares.patientId,
      sharedAt: patientShares.createdAt,
      administrations: sql<number>`count(${assessments.id})::int`,
      latestAssessmentId: sql<
        number | null
      >`(array_agg(${assessments.id} order by ${assessments.createdAt} desc, ${assessments.id} desc))[1]`,
    })
    .from(patientShares)
    .innerJoin(users, eq(users.id, patientShares.ownerId))
    .leftJoin(
      assessments,
      and(eq(assessments.clinicianId, patientShares.ownerId), eq(assessments.patientId, patientShares.patientId)),
    )
    .where(eq(patientShares.granteeId, granteeId))
    .groupBy(patientShares.ownerId, users.username, patientShares.patientId, patientShares.createdAt)
    .orderBy(desc(patientShares.createdAt), patientShares.patientId);
  // PGlite and PostgreSQL may return the bigint id as text.
  return rows.map((row) => ({
    ...row,
    latestAssessmentId: row.latestAssessmentId === null ? null : Number(row.latestAssessmentId),
  }));
}
