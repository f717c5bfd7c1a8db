import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findActiveSession, SESSION_COOKIE, type ActiveSession } from '../auth/sessions';
import { AppError } from '../errors';
import type { AppDeps } from './deps';

/**
 * Every route under /api and /auth declares who may call it (DESIGN.md §9); the server refuses
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
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** Every guarded route with its declared access: read by the authorisation and fuzz tests. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

export function isGuardedPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/auth/');
}

export function registerAccessControl(app: FastifyInstance): void {
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
        routeTable.push({ method, url: route.url, access });
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === 'signed-in' || access === 'admin') {
      const session = await loadSession(app, request);
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
export async function loadSession(app: FastifyInstance, request: FastifyRequest): Promise<ActiveSession | null> {
  if (request.auth) {
    return request.auth;
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) {
    return null;
  }
  const { database, clock, config } = app.deps;
  const session = await findActiveSession(database.db, { token, now: clock.now(), policy: config.session });
  request.auth = session
    ? await app.deps.providerSessions.keepFresh({ db: database.db, token, session, now: clock.now(), log: request.log })
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
