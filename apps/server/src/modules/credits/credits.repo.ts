import { alias } from 'drizzle-orm/pg-core';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assessments, erasures, testCredits, users } from '../../db/schema';

export type CreditRow = typeof testCredits.$inferSelect;

export interface CreditLedgerRow {
  credit: CreditRow;
  clinicianName: string;
  grantorId: string | null;
  grantorName: string | null;
}

export interface TestBalance {
  purchased: number;
  used: number;
}

/**
 * Tests purchased (sum of the ledger) and used (assessments created, including those erased since: `erasures`) by
 * one clinician (DESIGN.md "Data model").
 * Inside the create transaction this runs after the clinician's row is locked, so it sees every
 * committed create (READ COMMITTED takes a fresh snapshot per statement).
 */
export async function readTestBalance(db: Db, clinicianId: string): Promise<TestBalance> {
  const [purchased] = await db
    .select({ n: sql<number>`coalesce(sum(${testCredits.quantity}), 0)`.mapWith(Number) })
    .from(testCredits)
    .where(eq(testCredits.clinicianId, clinicianId));
  const [used] = await db.select({ n: count() }).from(assessments).where(eq(assessments.clinicianId, clinicianId));
  const [erased] = await db
    .select({ n: sql<number>`coalesce(sum(${erasures.tests}), 0)`.mapWith(Number) })
    .from(erasures)
    .where(eq(erasures.clinicianId, clinicianId));
  return { purchased: purchased?.n ?? 0, used: (used?.n ?? 0) + (erased?.n ?? 0) };
}

export function availableTests(balance: TestBalance): number {
  return Math.max(0, balance.purchased - balance.used);
}

const grantor = alias(users, 'grantor');

function ledgerQuery(db: Db) {
  return db
    .select({
      credit: testCredits,
      clinicianName: users.username,
      grantorId: grantor.id,
      grantorName: grantor.username,
    })
    .from(testCredits)
    .innerJoin(users, eq(users.id, testCredits.clinicianId))
    .leftJoin(grantor, eq(grantor.id, testCredits.createdBy));
}

/** The ledger, newest first; one clinician's when `clinicianId` is given. */
export async function listCreditLedger(
  db: Db,
  options: { clinicianId?: string; limit: number; offset: number },
): Promise<{ rows: CreditLedgerRow[]; total: number }> {
  const where = options.clinicianId === undefined ? undefined : eq(testCredits.clinicianId, options.clinicianId);
  const [total] = await db.select({ n: count() }).from(testCredits).where(where);
  const rows = await ledgerQuery(db)
    .where(where)
    .orderBy(desc(testCredits.createdAt), desc(testCredits.id))
    .limit(options.limit)
    .offset(options.offset);
  return { rows, total: total?.n ?? 0 };
}

export async function findCreditLedgerRow(db: Db, id: number): Promise<CreditLedgerRow | null> {
  const rows = await ledgerQuery(db).where(eq(testCredits.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertAdminGrant(
  db: Db,
  options: { clinicianId: string; quantity: number; note: string | null; grantedBy: string; at: Date },
): Promise<CreditRow> {
  const [row] = await db
    .insert(testCredits)
    .values({
      clinicianId: options.clinicianId,
      source: 'admin',
      externalRef: null,
      quantity: options.quantity,
      note: options.note,
      createdAt: options.at,
      createdBy: options.grantedBy,
    })
    .returning();
  if (!row) {
    throw new Error('credit insert returned nothing');
  }
  return row;
}

export async function findUserById(db: Db, id: string) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Every user with their purchased and used tests, by name (the admin's clinician picker). */
export async function listUsersWithBalances(db: Db) {
  const purchased = db
    .select({
      clinicianId: testCredits.clinicianId,
      n: sql<number>`sum(${testCredits.quantity})`.as('purchased_n'),
    })
    .from(testCredits)
    .groupBy(testCredits.clinicianId)
    .as('purchased');
  const used = db
    .select({ clinicianId: assessments.clinicianId, n: sql<number>`count(*)`.as('used_n') })
    .from(assessments)
    .groupBy(assessments.clinicianId)
    .as('used');
  // Erased tests stay used (0017_erasures.sql).
  const erased = db
    .select({ clinicianId: erasures.clinicianId, n: sql<number>`sum(${erasures.tests})`.as('erased_n') })
    .from(erasures)
    .groupBy(erasures.clinicianId)
    .as('erased');
  return db
    .select({
      user: users,
      purchased: sql<number>`coalesce(${purchased.n}, 0)`.mapWith(Number),
      used: sql<number>`coalesce(${used.n}, 0) + coalesce(${erased.n}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(purchased, eq(purchased.clinicianId, users.id))
    .leftJoin(used, eq(used.clinicianId, users.id))
    .leftJoin(erased, eq(erased.clinicianId, users.id))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

/** Records that an erasure deleted `tests` of the clinician's tests: they stay used (0017_erasures.sql). */
export async function insertErasure(
  db: Db,
  erasure: { clinicianId: string; tests: number; reason: 'request' | 'retention'; erasedBy: string; at: Date },
): Promise<void> {
  await db.insert(erasures).values({
    clinicianId: erasure.clinicianId,
    tests: erasure.tests,
    reason: erasure.reason,
    erasedBy: erasure.erasedBy,
    erasedAt: erasure.at,
  });
}
