import { eq } from 'drizzle-orm';
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
import { recordAudit } from '../audit/audit';
import { loginRequests } from '../db/schema';
import { AppError } from '../errors';
import { loadSession } from '../http/access';
import { WIX_PROVIDER_NAME } from '../integrations/wix/wix-login';
import { hashToken, safeEqual } from '../lib/tokens';
import {
  createLocalUser,
  findLocalCredential,
  upsertUserFromProfile,
  usernameKey,
  type UserRow,
} from '../modules/users/users.repo';
import type { ProviderTokens } from './institute-login';
import { InstituteLoginError, isUnreachableError, PROVIDER_MESSAGES } from './login-errors';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';

const LOGIN_STATE_COOKIE = 'login_state';
const LOGIN_REQUEST_TTL_MS = 10 * 60_000;

export function registerAuthRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, database, clock } = app.deps;
  const db = database.db;
  const secure = config.isHttps;

  const loginFailed = (reply: FastifyReply, key: LoginErrorKey) => {
    reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
    return reply.redirect(`/login?error=${key}`);
  };

  /** Starts a session for a user: a fresh token every time (no session fixation). */
  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    idToken: string | null,
    providerTokens: ProviderTokens | null = null,
  ) => {
    const previous = await loadSession(app, request);
    if (previous) {
      await deleteSession(db, previous.tokenHash);
    }
    const { token, expiresAt } = await createSession(db, {
      userId: user.id,
      viewMode: user.role === 'admin' ? 'admin' : 'clinician',
      now: clock.now(),
      policy: config.session,
      idTokenHint: idToken,
      providerTokens,
    });
    reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, expires: expiresAt });
    await recordAudit(db, { actor: user.id, action: 'login', ip: request.ip });
  };

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
      const login = app.deps.instituteLogin;
      if (!login) {
        return loginFailed(reply, 'unavailable');
      }
      let started;
      try {
        started = await login.begin();
      } catch (error) {
        request.log.warn({ err: error }, 'institute login unavailable');
        return loginFailed(reply, 'unavailable');
      }
      await db.insert(loginRequests).values({
        stateHash: hashToken(started.pending.state),
        codeVerifier: started.pending.codeVerifier,
        nonce: started.pending.nonce,
        createdAt: clock.now(),
      });
      reply.setCookie(LOGIN_STATE_COOKIE, started.pending.state, {
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
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const login = app.deps.instituteLogin;
      const { code, state, error: providerError } = request.query;
      const cookieState = request.cookies[LOGIN_STATE_COOKIE];
      if (!login || !code || !state || !cookieState || !safeEqual(state, cookieState)) {
        // The spec's provider messages (§5), for the operator; the user sees the 'callback' text.
        request.log.warn(
          {
            reason: !login
              ? 'no institute login is configured'
              : providerError
                ? `the provider returned ${providerError}`
                : !code || !state
                  ? PROVIDER_MESSAGES.missingCodeOrState
                  : PROVIDER_MESSAGES.invalidState,
          },
          'institute login callback refused',
        );
        if (cookieState) {
          await db.delete(loginRequests).where(eq(loginRequests.stateHash, hashToken(cookieState)));
        }
        return loginFailed(reply, 'callback');
      }
      // One use only: deleting the pending login refuses a replayed callback.
      const [pending] = await db
        .delete(loginRequests)
        .where(eq(loginRequests.stateHash, hashToken(state)))
        .returning();
      if (!pending || clock.now().getTime() - pending.createdAt.getTime() > LOGIN_REQUEST_TTL_MS) {
        return loginFailed(reply, 'callback');
      }
      let result;
      try {
        const callbackUrl = new URL(request.url, config.publicUrl);
        result = await login.complete(callbackUrl, { state, codeVerifier: pending.codeVerifier, nonce: pending.nonce });
      } catch (error) {
        request.log.warn({ err: error }, 'institute login callback failed');
        if (error instanceof InstituteLoginError) {
          if (error.redirectTo) {
            // e.g. the Wix logout page, which then returns the browser to /login?error=<key>.
            reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
            return reply.redirect(error.redirectTo);
          }
          return loginFailed(reply, error.key);
        }
        return loginFailed(reply, isUnreachableError(error) ? 'unavailable' : 'callback');
      }
      const user = await upsertUserFromProfile(db, { profile: result.profile, adminEmails: config.adminEmails });
      if (user.disabledAt) {
        return loginFailed(reply, 'no_access');
      }
      await startSession(request, reply, user, result.idToken, result.providerTokens);
      reply.clearCookie(LOGIN_STATE_COOKIE, { path: '/auth' });
      // Purchased tests from the Wix site: after the session exists, never blocking the sign-in.
      if (app.deps.wixOrders && result.profile.provider === WIX_PROVIDER_NAME) {
        await app.deps.wixOrders.syncAtSignIn({
          clinicianId: user.id,
          contactId: result.profile.subject,
          ip: request.ip,
          log: request.log,
        });
      }
      return reply.redirect('/login-local');
    },
  );

  r.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: ZLogoutResponse } },
    },
    async (request, reply) => {
      const session = await loadSession(app, request);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      if (!session) {
        return { redirectTo: '/login' };
      }
      await deleteSession(db, session.tokenHash);
      await recordAudit(db, { actor: session.user.id, action: 'logout', ip: request.ip });
      const endSession = await app.deps.instituteLogin
        ?.endSessionUrl({
          idTokenHint: session.idTokenHint,
          providerTokens: session.providerTokens,
          postLogoutRedirectUri: `${config.publicUrl}/login`,
        })
        .catch((error: unknown) => {
          request.log.warn({ err: error }, "could not end the session at the institute's provider");
          return null;
        });
      return { redirectTo: endSession ?? '/login' };
    },
  );

  const requireLocalAccounts = () => {
    if (!config.localAccounts) {
      throw new AppError('LOCAL_ACCOUNTS_DISABLED', 'Username and password sign-in is not enabled here.');
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
      const found = await findLocalCredential(db, request.body.username);
      const isValid = await verifyPassword(found?.passwordHash ?? null, request.body.password);
      if (!found || !isValid || found.user.disabledAt) {
        throw new AppError('INVALID_CREDENTIALS', "Oops! The username and password didn't match. Try again!");
      }
      await startSession(request, reply, found.user, null);
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
      const created = await createLocalUser(db, {
        username: request.body.username,
        passwordHash: await hashPassword(request.body.password),
        role: 'user',
      });
      if (!created) {
        throw new AppError('USERNAME_TAKEN', "Oops! That didn't work. The username might already be taken. Try again!");
      }
      return reply.status(201).send({ ok: true as const });
    },
  );
}
