import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/audit-log-writer';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';

/**
 * Refused reads are audited too: a signed-in caller who asks for a test by id and gets 404 (it
 * is another clinician's, outside their view, or does not exist; the answer is the same) leaves an
 * `assessment.refused` row naming the route and the id asked for, so an admin can see someone probing ids. One hook
 * for every route with an `:id`, written before the answer is sent, like the other audit rows.
 */
export function registerRefusedReadAudit(app: FastifyInstance, deps: { database: { db: Db }; clock: Clock }): void {
  app.addHook('onSend', async (request, reply) => {
    const route = request.routeOptions.url;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (reply.statusCode !== 404 || !request.auth || !route?.includes('/:id') || typeof id !== 'number') {
      return;
    }
    await recordAudit(deps.database.db, {
      actor: request.auth.user.id,
      action: 'assessment.refused',
      assessmentId: id,
      ip: request.ip,
      at: deps.clock.now(),
      details: { route: `${request.method} ${route}`, view: request.auth.viewMode },
    });
  });
}
