import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

// The counts /metrics gives of the requests answered: every request by route template, method and status code, and
// the answer saves, PDF reports and sign-ins by outcome. Labels are never a path as requested (it may hold a link
// code or a typed id), a user or anything else a request carried.

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

export interface RequestMetrics {
  /** Counts an answered request (Fastify's onResponse). */
  count(request: FastifyRequest, reply: FastifyReply): void;
}

export function createRequestMetrics(registry: Registry): RequestMetrics {
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
  return {
    count(request, reply) {
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
    },
  };
}
