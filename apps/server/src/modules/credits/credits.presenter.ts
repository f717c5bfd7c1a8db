import type { TAdminUser, TCreditEntry } from '@pid5/contract';
import type { users } from '../../db/schema';
import { availableTests, type CreditLedgerRow } from './credits.repo';

export function presentCreditEntry(row: CreditLedgerRow): TCreditEntry {
  return {
    id: row.credit.id,
    clinician: { id: row.credit.clinicianId, username: row.clinicianName },
    source: row.credit.source,
    quantity: row.credit.quantity,
    note: row.credit.note,
    createdAt: row.credit.createdAt.toISOString(),
    createdBy: row.grantorId && row.grantorName ? { id: row.grantorId, username: row.grantorName } : null,
  };
}

export function presentAdminUser(row: {
  user: typeof users.$inferSelect;
  purchased: number;
  used: number;
}): TAdminUser {
  return {
    id: row.user.id,
    username: row.user.username,
    email: row.user.email,
    role: row.user.role,
    isDisabled: row.user.disabledAt !== null,
    purchased: row.purchased,
    used: row.used,
    available: availableTests(row),
  };
}
