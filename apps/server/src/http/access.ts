import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ProviderSessionRenewal } from '../identity/provider-session';
import { findActiveSession, SESSION_COOKIE, type ActiveSession, type SessionPolicy } from '../identity/sessions';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';
import type { SystemScope } from '../identity/system-clients';
import type { SystemIdentity, SystemTokens } from '../identity/system-tokens';

/**
 * Every route under /api, /auth and /fhir declares who may call it (DESIGN.md "Security and reliability"); the server refuses
 * to start with a route that does not, and the authorisation test walks this same table.
 * - public: anyone (health, login start/callback, documents).
 * - patient: anyone holding a test link; the code in the path is the credential.
 * - signed-in: a clinician or admin session.
 * - admin: a session whose user has the admin role (in either view).
 * - system: a machine client's bearer token (the FHIR read API) granting the route's `scope`; a session cookie counts
 *   for nothing there, and a token for nothing anywhere else (decision 0057).
 */
export const ROUTE_ACCESS = ['public', 'patient', 'signed-in', 'admin', 'system'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** For `system` routes: the scope the token must grant. */
    scope?: SystemScope;
    /**
     * A public route a mail client posts a form to (RFC 8058 one-click opt-out), from no origin of ours: exempt from
     * the same-origin and JSON-only checks (http/security.ts). Only for a route whose one effect its token names.
     */
    acceptsFormPost?: boolean;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    /** On `system` routes: the machine client its verified token names. */
    systemClient: SystemIdentity | null;
  }
  interface FastifyInstance {
    /** Every guarded route with its declared access: read by the authorisation and fuzz tests. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** A system route's scope. */
  scope?: SystemScope;
  /** The route's zod schemas (body, querystring, response by status), for the API contract test. */
  schema?: FastifySchema;
}

export function isGuardedPath(url: string): boolean {
  // /fhir/: the FHIR code systems and questionnaires (public), the FHIR read API (machine clients).
  return url.startsWith('/api/') || url.startsWith('/auth/') || url.startsWith('/fhir/');
}

/** What finding a request's session needs; the composition root's AppDeps has all of it. */
export interface SessionLookup {
  database: { db: Db };
  clock: Clock;
  config: { session: SessionPolicy };
  providerSessions: ProviderSessionRenewal;
  /** Verifies machine clients' tokens (the FHIR read API). */
  systemTokens: Pick<SystemTokens, 'verify'>;
}

export function registerAccessControl(app: FastifyInstance, sessions: SessionLookup): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('systemClient', null);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    if (!isGuardedPath(route.url)) {
      return;
    }
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if ((access === 'system') !== (route.config?.scope !== undefined)) {
      throw new Error(`Route ${route.method} ${route.url}: a system route declares its scope, and only a system route`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routeTable.push({ method, url: route.url, access, scope: route.config?.scope, schema: route.schema });
      }
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === 'system') {
      request.systemClient = await requireSystemClient(request, reply, sessions.systemTokens);
      return;
    }
    if (access === 'signed-in' || access === 'admin') {
      const session = await loadSession(request, sessions);
      if (!session) {
        throw new AppError('UNAUTHENTICATED', 'errors.sessionEnded');
      }
      if (access === 'admin' && session.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'errors.forAdmins');
      }
    }
  });
}

/**
 * The machine client of a `system` route, from its bearer token only (RFC 6750: 401 without a valid token, 403 when
 * the token lacks the route's scope, each with WWW-Authenticate saying which).
 */
async function requireSystemClient(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: Pick<SystemTokens, 'verify'>,
): Promise<SystemIdentity> {
  const token = /^Bearer ([A-Za-z0-9\-._~+/]{1,4096}=*)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (token === undefined) {
    reply.header('www-authenticate', 'Bearer realm="fhir"');
    throw new AppError('UNAUTHENTICATED', 'errors.fhir.tokenMissing');
  }
  const client = await tokens.verify(token);
  if (!client) {
    reply.header('www-authenticate', 'Bearer realm="fhir", error="invalid_token"');
    throw new AppError('UNAUTHENTICATED', 'errors.fhir.tokenInvalid');
  }
  const scope = request.routeOptions.config.scope!;
  if (!client.scopes.includes(scope)) {
    reply.header('www-authenticate', `Bearer realm="fhir", error="insufficient_scope", scope="${scope}"`);
    throw new AppError('FORBIDDEN', 'errors.fhir.scopeMissing', { values: { scope } });
  }
  return client;
}

/** The session behind the request's cookie, cached on the request; never trusts anything else the client sends. */
export async function loadSession(request: FastifyRequest, sessions: SessionLookup): Promise<ActiveSession | null> {
  if (request.auth) {
    return request.auth;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) {
    return null;
  }
  const { database, clock, config, providerSessions } = sessions;
  const session = await findActiveSession(database.db, { token, now: clock.now(), policy: config.session });
  request.auth = session
    ? await providerSessions.keepFresh({ db: database.db, token, session, now: clock.now(), log: request.log })
    : null;
  return request.auth;
}

/** For handlers of signed-in routes: the session the access hook has already loaded. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.auth) {
    throw new AppError('UNAUTHENTICATED', 'errors.sessionEnded');
  }
  return request.auth;
}

/** For handlers of system routes: the machine client the access hook has already verified. */
export function requireMachineClient(request: FastifyRequest): SystemIdentity {
  if (!request.systemClient) {
    throw new AppError('UNAUTHENTICATED', 'errors.fhir.tokenMissing');
  }
  return request.systemClient;
}
