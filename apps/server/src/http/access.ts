import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ProviderSessionRenewal } from '../identity/provider-session';
import { findActiveSession, SESSION_COOKIE, type ActiveSession, type SessionPolicy } from '../identity/sessions';
import type { Db } from '../db/database';
import { AppError } from '../errors';
import type { Clock } from '../lib/clock';

/**
 * Every route under /api, /auth and /fhir declares who may call it (DESIGN.md "Security and reliability"); the server refuses
 * to start with a route that does not, and the authorisation test walks this same table.
 * - public: anyone (health, login start/callback, documents).
 * - patient: anyone holding a test link; the code in the path is the credential.
 * - signed-in: a clinician or admin session.
 * - admin: a session whose user has the admin role (in either view).
 */
export const ROUTE_ACCESS = ['public', 'patient', 'signed-in', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A public route a mail client posts a form to (RFC 8058 one-click opt-out), from no origin of ours: exempt from
     * the same-origin and JSON-only checks (http/security.ts). Only for a route whose one effect its token names.
     */
    acceptsFormPost?: boolean;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
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
}

export function registerAccessControl(app: FastifyInstance, sessions: SessionLookup): void {
  app.decorateRequest('auth', null);
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
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routeTable.push({ method, url: route.url, access, schema: route.schema });
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'signed-in' || access === 'admin') {
      const session = await loadSession(request, sessions);
      if (!session) {
        throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
      }
      if (access === 'admin' && session.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'This page is for administrators.');
      }
    }
  });
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
    throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please log in again.');
  }
  return request.auth;
}
