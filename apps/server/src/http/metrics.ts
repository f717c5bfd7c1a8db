import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors';
import { schemaVersion } from '../db/migrate';
import type { RunCounts } from '../lib/repeat-in-background';

// `/metrics` in Prometheus's text format, for the operator's monitoring (docs/operations.md "Monitoring"). Labels are route
// templates, methods, status codes and fixed outcome words: never a path as requested, a user, a patient id, a link
// code or anything else a request carried. Off unless METRICS_TOKEN is set; then a bearer token is required.

/** What the metrics read at scrape time from parts the composition root owns. */
export interface MetricsSources {
  /** The database connections: in use, idle, and requests waiting for one (PostgreSQL's pool; null on PGlite). */
  databasePool(): { total: number; idle: number; waiting: number } | null;
  /** The PDF pool: reports waiting for a worker and being drawn. */
  pdfQueue(): { waiting: number; drawing: number };
  /** Messages not yet settled, by state: queued, sending, failed (a retry due). Counted in the database at scrape. */
  mailQueue(): Promise<{ queued: number; sending: number; failed: number }>;
  /** The retention sweep's runs; null when no sweep is scheduled in this process. */
  retentionRuns(): RunCounts | null;
}

/** The answer-save routes, whose outcomes are counted on their own. */
const SAVE_ROUTES = new Set(['PUT /api/patient/:code/answers/:item', 'POST /api/patient/:code/answers']);
const REPORT_ROUTES = new Set([
  'GET /api/assessments/:id/report.pdf',
  'GET /api/assessments/:id/score-report.pdf',
  'GET /api/assessments/:id/compare.pdf',
]);
/** Sign-in outcomes by cause: the login page's error key (contract LOGIN_ERROR_MESSAGES) or `signed-in`. */
const SIGN_IN_ROUTES = new Set(['GET /auth/callback', 'POST /auth/local/login']);

function outcomeOf(statusCode: number): 'ok' | 'refused' | 'failed' {
  return statusCode < 400 ? 'ok' : statusCode < 500 ? 'refused' : 'failed';
}

/** The sign-in outcome a response says: where /auth/callback sends the browser, or the local login's status. */
function signInOutcome(route: string, reply: FastifyReply): string {
  if (route === 'POST /auth/local/login') {
    return reply.statusCode === 200 ? 'signed-in' : reply.statusCode === 429 ? 'rate_limited' : 'refused';
  }
  const location = String(reply.getHeader('location') ?? '');
  const key = /^\/login\?error=([a-z_]{1,40})$/.exec(location)?.[1];
  return key ?? (reply.statusCode < 400 ? 'signed-in' : 'refused');
}

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
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by route template, method and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const saves = new Counter({
    name: 'answer_saves_total',
    help: 'Answer saves (one item or a batch) by outcome: ok, refused (4xx) or failed (5xx).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const reports = new Histogram({
    name: 'pdf_report_seconds',
    help: 'Time to answer a PDF report request (waiting for a worker and drawing), by outcome.',
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'sign_ins_total',
    help: "Sign-in attempts by outcome: signed-in, or the cause the login page shows (the contract's error keys).",
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'pdf_queue_reports',
    help: 'PDF reports waiting for a worker (state=waiting) and being drawn (state=drawing).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const queue = options.sources.pdfQueue();
      this.set({ state: 'waiting' }, queue.waiting);
      this.set({ state: 'drawing' }, queue.drawing);
    },
  });
  new Gauge({
    name: 'database_pool_connections',
    help: 'PostgreSQL pool connections by state: open, and idle among them (PGlite: none).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = options.sources.databasePool();
      if (pool) {
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
      }
    },
  });
  // Requests, not connections: a series of its own, so no sum over the states above mixes the two.
  new Gauge({
    name: 'database_pool_waiting_requests',
    help: 'Requests waiting for a PostgreSQL pool connection (PGlite: none).',
    registers: [registry],
    collect() {
      const pool = options.sources.databasePool();
      if (pool) {
        this.set(pool.waiting);
      }
    },
  });
  // Counts by state only: the queue's depth says nothing of whom a message is for.
  new Gauge({
    name: 'mail_queue_messages',
    help: 'Messages not yet settled, by state: queued, sending, failed (waiting for a retry). Shared by all processes.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const queue = await options.sources.mailQueue();
      for (const state of ['queued', 'sending', 'failed'] as const) {
        this.set({ state }, queue[state]);
      }
    },
  });
  new Gauge({
    name: 'retention_sweep_runs',
    help: 'Retention sweep runs in this process since it started, by outcome: done or failed (none when RETENTION_YEARS is unset).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const runs = options.sources.retentionRuns();
      if (runs) {
        this.set({ outcome: 'done' }, runs.done);
        this.set({ outcome: 'failed' }, runs.failed);
      }
    },
  });
  new Gauge({
    name: 'retention_sweep_last_success_timestamp_seconds',
    help: 'When the retention sweep last completed in this process (Unix time); absent until it has.',
    registers: [registry],
    collect() {
      const last = options.sources.retentionRuns()?.lastDoneAt;
      if (last) {
        this.set(last.getTime() / 1000);
      }
    },
  });
  // Which build answers: its schema version (the name of its last migration, as the start log and the release notes
  // name versions). Always 1; the label is the information.
  new Gauge({
    name: 'app_info',
    help: 'The running build: version (its database schema version). Always 1.',
    labelNames: ['version'],
    registers: [registry],
  }).set({ version: schemaVersion() }, 1);

  app.addHook('onResponse', async (request, reply) => {
    // The route's template, never the path as requested (it may hold a link code or a typed id).
    const template = request.routeOptions.url;
    const route = template === undefined ? 'unmatched' : template;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    const key = `${request.method} ${route}`;
    if (SAVE_ROUTES.has(key)) {
      saves.inc({ outcome: outcomeOf(reply.statusCode) });
    } else if (REPORT_ROUTES.has(key)) {
      reports.observe({ outcome: outcomeOf(reply.statusCode) }, reply.elapsedTime / 1000);
    } else if (SIGN_IN_ROUTES.has(key)) {
      signIns.inc({ outcome: signInOutcome(key, reply) });
    }
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
