import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZWixSyncRequest, ZWixSyncResponse } from '@pid5/contract';
import { AppError } from '../../errors';
import { requireSession } from '../../http/access';

/** `POST /api/admin/credits/sync-wix`: the admin's 'Sync orders' for one clinician or every Wix-linked one. */
export function registerWixSyncRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
        throw new AppError('NOT_FOUND', 'errors.wix.notConfigured');
      }
      const results = await sync.syncForAdmin({
        adminId: session.user.id,
        clinicianId: request.body.clinicianId,
        ip: request.ip,
        log: request.log,
      });
      return { results };
    },
  );
}
