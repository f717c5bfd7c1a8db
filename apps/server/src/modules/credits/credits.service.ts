import type { TGrantCreditsRequest } from '@pid5/contract';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import {
  availableTests,
  findCreditLedgerRow,
  findUserById,
  insertAdminGrant,
  insertErasure,
  readTestBalance,
} from './credits.repo';

/** Tests the clinician may still create: purchased and granted minus created, never below 0 (DESIGN.md "Data model"). */
export async function countAvailableTests(db: Db, clinicianId: string): Promise<number> {
  return availableTests(await readTestBalance(db, clinicianId));
}

/**
 * Keeps erased tests used: an erasure deletes a patient's tests, which were purchased tests, so the balance records
 * how many (in the erasure's transaction, `db` being it).
 */
export async function recordErasedTests(
  db: Db,
  erasure: { clinicianId: string; tests: number; reason: 'request' | 'retention'; erasedBy: string; at: Date },
): Promise<void> {
  if (erasure.tests > 0) {
    await insertErasure(db, erasure);
  }
}

export interface GrantTestsOptions {
  db: Db;
  adminId: string;
  request: TGrantCreditsRequest;
  now: Date;
  ip: string;
}

/** An admin grants tests to a clinician: one ledger row with who and when, and an audit row, in one transaction. */
export async function grantTests({ db, adminId, request, now, ip }: GrantTestsOptions) {
  return db.transaction(async (tx) => {
    const clinician = await findUserById(tx, request.clinicianId);
    if (!clinician) {
      throw new AppError('VALIDATION_FAILED', 'errors.credits.chooseClinician', {
        fields: { clinicianId: 'errors.credits.noSuchClinician' },
      });
    }
    if (clinician.disabledAt) {
      throw new AppError('VALIDATION_FAILED', 'errors.credits.accountDisabled', {
        fields: { clinicianId: 'errors.credits.accountDisabledField' },
      });
    }
    const note = request.note?.trim() ? request.note.trim() : null;
    const credit = await insertAdminGrant(tx, {
      clinicianId: clinician.id,
      quantity: request.quantity,
      note,
      grantedBy: adminId,
      at: now,
    });
    await recordAudit(tx, {
      actor: adminId,
      action: 'credits.grant',
      ip,
      at: now,
      details: { creditId: credit.id, clinicianId: clinician.id, quantity: request.quantity, note },
    });
    const entry = await findCreditLedgerRow(tx, credit.id);
    if (!entry) {
      throw new Error('granted credit not found');
    }
    return { entry, available: await countAvailableTests(tx, clinician.id) };
  });
}
