import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZWixSyncRequest, ZWixSyncResponse, type TWixSyncResult } from '@pid5/contract';
import { recordAudit } from '../../audit/audit';
import { AppError } from '../../errors';
import { isUnreachableError } from '../../auth/login-errors';
import { requireSession } from '../../http/access';
import { WixHttpError } from './wix-api';
import type { WixClinician } from './wix-order-sync';

/** `POST /api/admin/credits/sync-wix`: the admin's 'Sync orders' for one clinician or every Wix-linked one. */
export function registerWixSyncRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = app.deps;

  r.post(
    '/api/admin/credits/sync-wix',
    {
      config: { access: 'admin', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: "Read purchased tests from the Wix site's orders into the ledger (idempotent)",
        body: ZWixSyncRequest,
        response: { 200: ZWixSyncResponse },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const sync = app.deps.wixOrders;
      if (!sync) {
        throw new AppError(
          'NOT_FOUND',
          'Wix order sync is not configured on this server (WIX_API_KEY, WIX_SITE_ID, WIX_TEST_PRODUCT_ID).',
        );
      }
      const { clinicianId } = request.body;
      const clinicians = await sync.listWixClinicians({ clinicianId });
      if (clinicianId !== undefined && clinicians.length === 0) {
        throw new AppError('VALIDATION_FAILED', 'This clinician has not signed in through the Wix site yet.', {
          fields: { clinicianId: 'No Wix member is linked to this clinician' },
        });
      }
      const results: TWixSyncResult[] = [];
      // One after another: a site's order API is rate-limited, and an admin waits for the summary.
      // Once Wix is unreachable or failing, the rest are reported as not synced instead of each
      // waiting for its own timeout.
      let outage: string | null = null;
      for (const clinician of clinicians) {
        if (!outage) {
          try {
            const outcome = await sync.syncClinician(clinician);
            results.push({ ...outcome, username: clinician.username, ok: true, error: null });
            continue;
          } catch (error) {
            request.log.warn({ err: error, clinicianId: clinician.clinicianId }, 'Wix order sync failed');
            if (isUnreachableError(error) || (error instanceof WixHttpError && error.status >= 500)) {
              outage = 'The Wix site did not answer. Please try again in a minute.';
            }
            results.push(notSynced(clinician, outage ?? `Wix refused the order search (${errorText(error)}).`));
            continue;
          }
        }
        results.push(notSynced(clinician, outage));
      }
      await recordAudit(database.db, {
        actor: session.user.id,
        action: 'credits.sync',
        ip: request.ip,
        details: {
          source: 'wix',
          trigger: 'admin',
          clinicianId: clinicianId ?? null,
          results: results.map((result) => ({
            clinicianId: result.clinicianId,
            ok: result.ok,
            ordersSeen: result.ordersSeen,
            granted: result.granted,
            refunded: result.refunded,
            partiallyRefunded: result.partiallyRefunded,
          })),
        },
      });
      return { results };
    },
  );
}

function notSynced(clinician: WixClinician, error: string): TWixSyncResult {
  return {
    clinicianId: clinician.clinicianId,
    username: clinician.username,
    ok: false,
    ordersSeen: 0,
    granted: 0,
    refunded: 0,
    partiallyRefunded: [],
    error,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
