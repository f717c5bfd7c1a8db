import { z } from 'zod';

// Purchased tests from the institute's Wix site: `POST /api/admin/credits/sync-wix`.

/** One clinician (by user id), or every clinician who has signed in with Wix when omitted. */
export const ZWixSyncRequest = z.object({
  clinicianId: z.string().trim().min(1, 'Please choose a clinician').max(100).optional(),
});
export type TWixSyncRequest = z.infer<typeof ZWixSyncRequest>;

export const ZWixSyncResult = z.object({
  clinicianId: z.string(),
  username: z.string(),
  ok: z.boolean(),
  ordersSeen: z.number().int(),
  /** Purchases newly added to the ledger by this run. */
  granted: z.number().int(),
  /** Refunds newly deducted by this run. */
  refunded: z.number().int(),
  /** Partially refunded orders whose tests were kept (check them by hand). */
  partiallyRefunded: z.array(z.string()),
  error: z.string().nullable(),
});
export type TWixSyncResult = z.infer<typeof ZWixSyncResult>;

export const ZWixSyncResponse = z.object({ results: z.array(ZWixSyncResult) });
export type TWixSyncResponse = z.infer<typeof ZWixSyncResponse>;
