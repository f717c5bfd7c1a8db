import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@pid5/contract';

/** How long /readyz waits for the database: a probe must get its answer before its own timeout, not hang with it. */
export const READY_TIMEOUT_SECONDS = 3;

/** Resolves with the ping, or rejects once `seconds` passed without an answer. */
async function withinSeconds(ping: Promise<void>, seconds: number): Promise<void> {
  ping.catch(() => undefined); // a ping that fails after the deadline is reported by nobody
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`the database did not answer within ${seconds} s`)), seconds * 1000);
  });
  try {
    await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Liveness: the process answers. It does not touch the database, so a database outage
  // does not get healthy processes restarted.
  r.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: the database answers; a load balancer stops sending traffic while it does not.
  r.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: ZApiError },
      },
    },
    async (request, reply) => {
      try {
        await withinSeconds(app.deps.database.ping(), READY_TIMEOUT_SECONDS);
        return { status: 'ready' as const, database: app.deps.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply
          .status(503)
          .send({ error: { code: 'SERVICE_UNAVAILABLE' as const, message: 'The database is not reachable.' } });
      }
    },
  );
}
