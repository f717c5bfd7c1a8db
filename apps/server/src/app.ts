import type { Server } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { prettyLogStream } from './lib/pretty-log-stream';
import { registerMetrics } from './http/metrics';
import { countUnsettledMessages } from './modules/messages/messages.repo';
import Fastify, { LogController, type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { registerAccessControl } from './http/access';
import { registerRefusedReadAudit } from './http/refused-read-audit';
import { registerFhirErrorOutcomes } from './http/fhir-errors';
import { limitConnectionsPerAddress } from './http/connection-limits';
import type { AppDeps } from './app-deps';
import { registerErrorHandling } from './http/error-handler';
import { registerJsonOnlyMutations, registerSameOriginCheck, registerSecurityHeaders } from './http/security';
import { registerTextInputCheck } from './http/text-input';
import { registerWixSyncRoutes } from './integrations/wix/wix-sync.routes';
import { DEFAULT_WEB_DIST, registerWebApp } from './http/web-static';
import { createRateLimitStore } from './http/rate-limit-store';
import { redactError, redactUrl } from './lib/redact';
import { PDF_CLOSE_GRACE_MS } from './reports/pdf-pool';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerAssessmentsRoutes } from './modules/assessments/assessments.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerCreditsRoutes } from './modules/credits/credits.routes';
import { registerDiagnosesRoutes } from './modules/diagnoses/diagnoses.routes';
import { registerLanguagesRoutes } from './modules/languages/languages.routes';
import { registerDocumentsRoutes } from './modules/documents/documents.routes';
import { registerMeRoutes } from './modules/me/me.routes';
import { registerResultsRoutes } from './modules/results/results.routes';
import { registerAnswerHistoryRoutes } from './modules/answer-history/answer-history.routes';
import { registerPatientDataRoutes } from './modules/patients/patient-data.routes';
import { registerPatientsRoutes } from './modules/patients/patients.routes';
import { registerFhirRoutes } from './modules/fhir/fhir.routes';
import { registerRespondentRoutes } from './modules/respondent/respondent.routes';
import { registerMessagesRoutes } from './modules/messages/messages.routes';
import { registerRetestsRoutes } from './modules/retests/retests.routes';

export interface BuildAppOptions {
  /** Pino logging; tests pass false to keep output quiet. */
  logger?: boolean;
  /** Where log lines go (standard output when absent); the log-privacy test reads them. */
  logStream?: { write(line: string): void };
  /**
   * Called first, before any plugin or route: a caller outside the product (the benchmarks' floor routes,
   * bench/lib/floor-routes.ts) can watch each route as it is declared, before plugins add their hooks to it.
   */
  extend?: (app: FastifyInstance) => void;
}

/** Fastify's trust function for `hops` proxies: the socket peer and the entries they appended, nothing further. */
function trustedProxyHops(hops: false | number): false | ((address: string, hop: number) => boolean) {
  return hops === false ? false : (_address, hop) => hop < hops;
}

/**
 * Fastify's settings: the log (redacted, readable at a terminal), the proxies trusted, the body limit, and the times
 * a slow client is given.
 */
function serverOptions(config: AppDeps['config'], options: BuildAppOptions): FastifyHttpOptions<Server> {
  return {
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Readable lines for a person at a terminal (LOG_FORMAT=pretty, development's default); JSON otherwise.
            ...(options.logStream
              ? { stream: options.logStream }
              : config.logFormat === 'pretty'
                ? { stream: prettyLogStream() }
                : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // No patient data in the log at any level (lib/redact.ts): no link codes or query values in request
            // lines, no values quoted by errors (statement parameters, database messages).
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: redactUrl(req.url),
              }),
              err: redactError,
            },
          },
    // TRUST_PROXY (config.ts): believe only the X-Forwarded-For entries our own proxies appended, counted from the
    // right; the client's own entries further left are never its address (a number here would trust nothing).
    trustProxy: trustedProxyHops(config.trustProxy),
    bodyLimit: 256 * 1024,
    // Slow clients (config.ts): a request must arrive whole within its time (408 otherwise), idle keep-alive
    // connections close. Node checks the first two every connectionsCheckingInterval, so check often enough.
    requestTimeout: config.connections.requestTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.connections.headersTimeoutMs / 4)),
    },
    forceCloseConnections: false,
    return503OnClosing: true,
    // A newcomer's console needs no line per request; JSON logs (production) keep them.
    logController: new LogController({ disableRequestLogging: config.logFormat === 'pretty' && !options.logStream }),
  };
}

/** The composition root: headers, auth, routes and the one error handler. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify(serverOptions(config, options));
  if (config.connections.maxPerAddress !== null) {
    limitConnectionsPerAddress(app.server, config.connections.maxPerAddress);
  }
  app.decorate('deps', deps);
  options.extend?.(app);
  // Before the server waits for the requests in flight (Fastify runs preClose first): reports being drawn get a few
  // seconds to finish, then are answered 503 (retry later), so a close never waits on a slow or queued report.
  app.addHook('preClose', async () => {
    await deps.pdfPool.close({ graceMs: PDF_CLOSE_GRACE_MS });
  });
  // The mail workers stop with the app (a message being sent finishes); queued messages wait in the database.
  app.addHook('onClose', async () => {
    await deps.messaging?.stop();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so a limit holds across every server process (http/rate-limit-store.ts).
    store: createRateLimitStore(deps.database.db, deps.clock),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 'errors.tooManyAttempts', { values: { seconds: Math.ceil(context.ttl / 1000) } }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PID-5 assessment API',
        version: '1.0.0',
        description: 'JSON API, cookie session, zod-validated.',
      },
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandling(app);
  registerMetrics(app, {
    token: config.metricsToken,
    sources: {
      databasePool: () => deps.database.poolStats(),
      pdfQueue: () => deps.pdfPool.queue(),
      mailQueue: () => countUnsettledMessages(deps.database.db),
      retentionRuns: () => deps.retentionRuns ?? null,
    },
  });
  registerSecurityHeaders(app, config);
  registerSameOriginCheck(app, config);
  registerJsonOnlyMutations(app);
  registerAccessControl(app, deps);
  registerTextInputCheck(app);
  registerRefusedReadAudit(app, deps);
  registerFhirErrorOutcomes(app);

  registerHealthRoutes(app);
  registerAuthRoutes(app);
  registerWixSyncRoutes(app);
  registerMeRoutes(app);
  registerResultsRoutes(app);
  registerAnswerHistoryRoutes(app);
  registerDocumentsRoutes(app);
  registerDiagnosesRoutes(app);
  registerLanguagesRoutes(app);
  registerCreditsRoutes(app);
  registerAssessmentsRoutes(app);
  registerAuditRoutes(app);
  registerRespondentRoutes(app);
  registerPatientsRoutes(app);
  registerPatientDataRoutes(app);
  registerFhirRoutes(app);
  registerMessagesRoutes(app);
  registerRetestsRoutes(app);

  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await registerWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}
