import type { FastifyBaseLogger } from 'fastify';
import type { LoginErrorKey } from '@pid5/contract';
import { recordAudit } from '../../audit/audit-log-writer';
import type { InstituteLogin, ProviderTokens, SignInListener } from '../../identity/institute-login';
import { InstituteLoginError, isUnreachableError, PROVIDER_MESSAGES } from '../../identity/login-errors';
import { causeOfOAuthError, LOG_LEVEL_FOR, LOGIN_ERROR_KEY_FOR } from '../../identity/provider-failure';
import { createSession, deleteSession, type ActiveSession, type SessionPolicy } from '../../identity/sessions';
import type { Db } from '../../db/database';
import { hashToken, safeEqual } from '../../lib/tokens';
import { findOrCreateUserForProfile, verifyLocalCredentials, type UserRow } from '../users/users.service';
import { insertLoginRequest, takeLoginRequest } from './auth.repo';
import type { ServiceContext } from '../service-context';

// Signing in and out (DESIGN.md "Roles and identity"): the institute's provider (OIDC, Wix members, the development provider) and local
// accounts. The routes carry cookies and redirects; the sequence, the pending logins and the audit rows are here.

/** A pending institute login is honoured this long after it began. */
export const LOGIN_REQUEST_TTL_MS = 10 * 60_000;

/** A new session's cookie token (shown to the browser once, stored only hashed) and when it ends. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** What a sign-in needs to open a session. */
export interface SessionStart {
  db: Db;
  now: Date;
  policy: SessionPolicy;
  ip: string;
  /** The browser's current session, if any: ended when the new one starts. */
  loadPrevious(): Promise<ActiveSession | null>;
}

/** Where the browser goes next after the provider's callback. */
export type CallbackOutcome =
  | { kind: 'signed-in'; session: NewSession }
  /** Back to /login?error=<key>. */
  | { kind: 'failed'; key: LoginErrorKey }
  /** Elsewhere first, e.g. the Wix logout page, which then returns to /login?error=<key>. */
  | { kind: 'redirect'; to: string };

/** Starts a session for a user: a fresh token every time (no session fixation), ending the previous one; audited. */
async function startSession(
  start: SessionStart,
  user: UserRow,
  provider: { idToken: string | null; providerTokens: ProviderTokens | null } = { idToken: null, providerTokens: null },
): Promise<NewSession> {
  const previous = await start.loadPrevious();
  if (previous) {
    await deleteSession(start.db, previous.tokenHash);
  }
  const session = await createSession(start.db, {
    userId: user.id,
    viewMode: user.role === 'admin' ? 'admin' : 'clinician',
    now: start.now,
    policy: start.policy,
    idTokenHint: provider.idToken,
    providerTokens: provider.providerTokens,
  });
  await recordAudit(start.db, { actor: user.id, action: 'login', ip: start.ip });
  return session;
}

/**
 * Starts an institute login: asks the provider where to send the browser and keeps what the callback will need
 * (state hash, PKCE verifier, nonce) in login_requests. The state goes to the browser in a cookie.
 */
export async function beginInstituteLogin(options: {
  db: Db;
  login: InstituteLogin | null;
  now: Date;
  log: FastifyBaseLogger;
}): Promise<{ kind: 'started'; authorizationUrl: string; state: string } | { kind: 'failed'; key: LoginErrorKey }> {
  if (!options.login) {
    return { kind: 'failed', key: 'unavailable' };
  }
  let started;
  try {
    started = await options.login.begin();
  } catch (error) {
    return { kind: 'failed', key: logLoginFailure(options.log, error, 'institute login unavailable') ?? 'unavailable' };
  }
  await insertLoginRequest(options.db, {
    stateHash: hashToken(started.pending.state),
    codeVerifier: started.pending.codeVerifier,
    nonce: started.pending.nonce,
    createdAt: options.now,
  });
  return { kind: 'started', authorizationUrl: started.authorizationUrl, state: started.pending.state };
}

/**
 * The provider's callback: the state must match the browser's cookie and a pending login (used once, within
 * LOGIN_REQUEST_TTL_MS); the provider's answer is verified, the user found or created, a session started, and
 * `onSignedIn` told (after the session exists, never blocking the sign-in).
 */
export async function completeInstituteLogin(
  options: SessionStart & {
    login: InstituteLogin | null;
    callbackUrl: URL;
    query: { code?: string; state?: string; error?: string; error_description?: string };
    cookieState: string | undefined;
    adminEmails: string[];
    onSignedIn: SignInListener | null;
    log: FastifyBaseLogger;
  },
): Promise<CallbackOutcome> {
  const { db, login, cookieState, log, now } = options;
  const { code, state, error: providerError } = options.query;
  // The provider's own words, shortened for the log (the browser brings them, so anyone can write them).
  const providerErrorDescription = options.query.error_description?.slice(0, 300);
  if (!login) {
    log.warn({ reason: 'no institute login is configured' }, 'institute login callback refused');
    return { kind: 'failed', key: 'callback' };
  }
  if (providerError) {
    // Only an error that answers a sign-in of ours (its state, this browser's cookie, a pending login) is the
    // provider's word; anyone can link to /auth/callback?error=…, so anything else is a failed sign-in of the
    // person at most, logged without the caller's text and never as a configuration problem.
    const answersOurs = cookieState !== undefined && state !== undefined && safeEqual(state, cookieState);
    const pending = cookieState ? await takeLoginRequest(db, hashToken(cookieState)) : null;
    if (!answersOurs || !pending) {
      log.warn({ reason: 'an error callback for no sign-in of ours in progress' }, 'institute login callback refused');
      return { kind: 'failed', key: login.retryKey };
    }
    // The provider sent the browser back with an OAuth error (RFC 6749 §4.1.2.1): the person refused, or the
    // provider refuses our request (unauthorized_client, invalid_scope, …), or it is in trouble (server_error).
    const cause = causeOfOAuthError(providerError);
    log[LOG_LEVEL_FOR[cause]](
      {
        instituteLogin: {
          step: 'authorization',
          cause,
          error: providerError,
          errorDescription: providerErrorDescription,
        },
      },
      `institute login failed at authorization: the provider returned ${providerError}` +
        (providerErrorDescription ? ` (${providerErrorDescription})` : ''),
    );
    return { kind: 'failed', key: cause === 'sign-in' ? login.retryKey : LOGIN_ERROR_KEY_FOR[cause] };
  }
  if (!code || !state || !cookieState || !safeEqual(state, cookieState)) {
    // The spec's provider messages (§5), for the operator.
    log.warn(
      { reason: !code || !state ? PROVIDER_MESSAGES.missingCodeOrState : PROVIDER_MESSAGES.invalidState },
      'institute login callback refused',
    );
    if (cookieState) {
      await takeLoginRequest(db, hashToken(cookieState));
    }
    return { kind: 'failed', key: login.retryKey };
  }
  // One use only: taking the pending login refuses a replayed callback.
  const pending = await takeLoginRequest(db, hashToken(state));
  if (!pending || now.getTime() - pending.createdAt.getTime() > LOGIN_REQUEST_TTL_MS) {
    log.warn(
      { reason: pending ? 'the sign-in took longer than 10 minutes' : 'no pending sign-in (used already)' },
      'institute login callback refused',
    );
    return { kind: 'failed', key: login.retryKey };
  }
  let result;
  try {
    result = await login.complete(options.callbackUrl, {
      state,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
    });
  } catch (error) {
    const key = logLoginFailure(log, error, 'institute login callback failed');
    if (error instanceof InstituteLoginError) {
      if (error.redirectTo) {
        return { kind: 'redirect', to: error.redirectTo };
      }
      return { kind: 'failed', key: error.failure?.cause === 'sign-in' ? login.retryKey : error.key };
    }
    return { kind: 'failed', key: key ?? (isUnreachableError(error) ? 'unavailable' : 'callback') };
  }
  const user = await findOrCreateUserForProfile(db, { profile: result.profile, adminEmails: options.adminEmails });
  if (user.disabledAt) {
    return { kind: 'failed', key: 'no_access' };
  }
  const session = await startSession(options, user, {
    idToken: result.idToken,
    providerTokens: result.providerTokens,
  });
  await options.onSignedIn?.({ userId: user.id, profile: result.profile, ip: options.ip, log });
  return { kind: 'signed-in', session };
}

/**
 * Writes one log line for a failed sign-in. An OpenID Connect failure carries its description (step, URL, HTTP
 * status, the provider's error and error_description) and is logged from that alone, without the error chain that
 * repeats it; returns the key its cause picks. Anything else is logged with its error, and null returned.
 */
function logLoginFailure(log: FastifyBaseLogger, error: unknown, fallbackMessage: string): LoginErrorKey | null {
  if (error instanceof InstituteLoginError && error.failure) {
    log[LOG_LEVEL_FOR[error.failure.cause]]({ instituteLogin: error.failure }, error.message);
    return error.key;
  }
  log.warn({ err: error }, fallbackMessage);
  return error instanceof InstituteLoginError ? error.key : null;
}

/** Local account sign-in (username and password); refused alike for an unknown name, a wrong password or disabled. */
export async function signInLocal(options: SessionStart & { username: string; password: string }): Promise<NewSession> {
  const user = await verifyLocalCredentials(options.db, options);
  return startSession(options, user);
}

/**
 * Ends the session (audited) and says where the browser goes next: the provider's logout page when it has one,
 * else /login. A provider that cannot be asked does not keep anyone signed in here.
 */
export async function signOut(
  options: ServiceContext & {
    login: InstituteLogin | null;
    postLogoutRedirectUri: string;
    ip: string;
    log: FastifyBaseLogger;
  },
): Promise<{ redirectTo: string }> {
  const { db, session } = options;
  await deleteSession(db, session.tokenHash);
  await recordAudit(db, { actor: session.user.id, action: 'logout', ip: options.ip });
  const endSession = await options.login
    ?.endSessionUrl({
      idTokenHint: session.idTokenHint,
      providerTokens: session.providerTokens,
      postLogoutRedirectUri: options.postLogoutRedirectUri,
    })
    .catch((error: unknown) => {
      options.log.warn({ err: error }, "could not end the session at the institute's provider");
      return null;
    });
  return { redirectTo: endSession ?? '/login' };
}
