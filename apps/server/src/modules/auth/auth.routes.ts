import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAuthMethods,
  ZLocalLoginRequest,
  ZLocalRegisterRequest,
  ZLogoutResponse,
  ZOk,
  type LoginErrorKey,
} from '@pid5/contract';
import { SESSION_COOKIE } from '../../identity/sessions';
import { AppError } from '../../errors';
import { loadSession } from '../../http/access';
import { registerLocalUser, usernameKey } from '../users/users.service';
import {
  beginInstituteLogin,
  completeInstituteLogin,
  LOGIN_REQUEST_TTL_MS,
  signInLocal,
  signOut,
  type NewSession,
  type SessionStart,
} from './auth.service';

const LOGIN_STATE_COOKIE = 'login_state';

/** Sign-in and sign-out: cookies and redirects here, the sequence in auth.service.ts. */
export function registerAuthRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database, clock } = app.deps;
  const db = database.db;
  const secure = config.isHttps;

  const loginFailed = (reply: FastifyReply, key: LoginErrorKey) => {
    reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
    return reply.redirect(`/login?error=${key}`);
  };
  const setSessionCookie = (reply: FastifyReply, session: NewSession) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      expires: session.expiresAt,
    });
  const sessionStart = (request: FastifyRequest): SessionStart => ({
    db,
    now: clock.now(),
    policy: config.session,
    ip: request.ip,
    loadPrevious: () => loadSession(request, app.deps),
  });

  r.get(
    '/auth/methods',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: ZAuthMethods } } },
    async () => ({
      institute: { enabled: app.deps.instituteLogin !== null, kind: app.deps.instituteLogin?.kind ?? 'dev' },
      localAccounts: config.localAccounts,
    }),
  );

  r.get(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], summary: 'Start the institute login (redirects to the provider)' },
    },
    async (request, reply) => {
      const started = await beginInstituteLogin({
        db,
        login: app.deps.instituteLogin,
        now: clock.now(),
        log: request.log,
      });
      if (started.kind === 'failed') {
        return loginFailed(reply, started.key);
      }
      reply.setCookie(LOGIN_STATE_COOKIE, started.state, {
        path: '/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: LOGIN_REQUEST_TTL_MS / 1000,
      });
      return reply.redirect(started.authorizationUrl);
    },
  );

  r.get(
    '/auth/callback',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'The provider returns here with code and state',
        querystring: z
          .object({
            code: z.string().max(2048).optional(),
            state: z.string().max(512).optional(),
            error: z.string().max(200).optional(),
            error_description: z.string().max(1000).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const outcome = await completeInstituteLogin({
        ...sessionStart(request),
        login: app.deps.instituteLogin,
        callbackUrl: new URL(request.url, config.publicUrl),
        query: request.query,
        cookieState: request.cookies[LOGIN_STATE_COOKIE],
        adminEmails: config.adminEmails,
        onSignedIn: app.deps.onInstituteSignIn ?? null,
        log: request.log,
      });
      switch (outcome.kind) {
        case 'failed':
          return loginFailed(reply, outcome.key);
        case 'redirect':
          reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
          return reply.redirect(outcome.to);
        case 'signed-in':
          setSessionCookie(reply, outcome.session);
          reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
          return reply.redirect('/login-local');
      }
    },
  );

  r.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: ZLogoutResponse } },
    },
    async (request, reply) => {
      const session = await loadSession(request, app.deps);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      if (!session) {
        return { redirectTo: '/login' };
      }
      return signOut({
        db,
        session,
        login: app.deps.instituteLogin,
        postLogoutRedirectUri: `${config.publicUrl}/login`,
        ip: request.ip,
        log: request.log,
      });
    },
  );

  const requireLocalAccounts = () => {
    if (!config.localAccounts) {
      throw new AppError('LOCAL_ACCOUNTS_DISABLED', 'errors.auth.localAccountsDisabled');
    }
  };

  r.post(
    '/auth/local/login',
    {
      config: {
        access: 'public',
        // Per account and address (OWASP Authentication cheat sheet): a guessing run on one account
        // is slowed without locking the account's owner out from elsewhere.
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) =>
            `${request.ip}|${usernameKey(String((request.body as { username?: unknown })?.username ?? ''))}`,
        },
      },
      schema: { tags: ['auth'], body: ZLocalLoginRequest, response: { 200: ZOk } },
    },
    async (request, reply) => {
      requireLocalAccounts();
      const session = await signInLocal({ ...sessionStart(request), ...request.body });
      setSessionCookie(reply, session);
      return { ok: true as const };
    },
  );

  r.post(
    '/auth/local/register',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: ZLocalRegisterRequest, response: { 201: ZOk } },
    },
    async (request, reply) => {
      requireLocalAccounts();
      await registerLocalUser(db, request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );
}
