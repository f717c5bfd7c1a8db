import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { AppError } from '../errors';
import { createRequestMetrics } from './request-metrics';
import { registerScrapeGauges, type MetricsSources } from './scrape-gauges';

// `/metrics` in Prometheus's text format, for the operator's monitoring (docs/operations.md "Monitoring"). Labels are route
// templates, methods, status codes and fixed outcome words: never a path as requested, a user, a patient id, a link
// code or anything else a request carried. Off unless METRICS_TOKEN is set; then a bearer token is required. The
// requests' counts are in request-metrics.ts, what is read at scrape time in scrape-gauges.ts.

function bearerMatches(request: FastifyRequest, token: string): boolean {
  // The scheme's name is case-insensitive (RFC 9110 "Authentication Scheme").
  const given = Buffer.from(/^Bearer +(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Registers the hooks that count requests and the `/metrics` route; nothing when `token` is null. */
export function registerMetrics(app: FastifyInstance, options: { token: string | null; sources: MetricsSources }) {
  if (options.token === null) {
    // Not there: a plain 404, never the web app's page, which a scraper would take for metrics it cannot read.
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async () => {
      throw new AppError('NOT_FOUND', 'errors.notFound');
    });
    return;
  }
  const token = options.token;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestMetrics = createRequestMetrics(registry);
  registerScrapeGauges(registry, options.sources);

  app.addHook('onResponse', async (request, reply) => {
    requestMetrics.count(request, reply);
  });

  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!bearerMatches(request, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new AppError('UNAUTHENTICATED', 'errors.metricsToken');
      }
      void reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}
