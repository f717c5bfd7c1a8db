import type { LoginErrorKey } from '@pid5/contract';

/**
 * The provider messages of the spec (§5 Provider rules, §8 Provider errors), word for word as the
 * Wix SDK throws them. They are written to the server log; the person signing in is sent to
 * `/login?error=<key>` and sees the matching LOGIN_ERROR_MESSAGES text instead.
 */
export const PROVIDER_MESSAGES = {
  missingCodeOrState: 'Missing code or _state',
  invalidState: 'Invalid _state',
  noContactId: 'You do not have access to this page',
} as const;

export function verifierLengthMessage(length: number): string {
  return `Expected a length between 43 and 128. Received ${length}.`;
}

export function tokenFetchFailedMessage(statusText: string, requestId: string | null): string {
  return `Failed to fetch tokens from OAuth API: ${statusText}. request id: ${requestId}`;
}

/**
 * Why an OpenID Connect sign-in failed, told apart for the person and the operator:
 * - `unreachable`: the provider did not answer (network error, our time limit) or answered with a server error (5xx);
 * - `configuration`: the provider answered and refuses our set-up (discovery 4xx, `invalid_client`,
 *   `unauthorized_client`, a redirect URI it does not know, an ID token signed with an algorithm we do not accept);
 * - `sign-in`: this person's own sign-in did not finish (consent denied, a callback expired or used twice).
 */
export type ProviderFailureCause = 'unreachable' | 'configuration' | 'sign-in';

/** The step of the sign-in that failed; named in the log line. */
export type ProviderStep = 'discovery' | 'authorization' | 'token exchange' | 'ID token check' | 'userinfo';

/** What the log line says about a failed call: never a code, a secret, a token or a query value. */
export interface ProviderFailure {
  step: ProviderStep;
  cause: ProviderFailureCause;
  /** The URL called, without its query, fragment or credentials. */
  url: string | null;
  status: number | null;
  /** The provider's OAuth `error` and `error_description`, as it sent them (shortened). */
  error: string | null;
  errorDescription: string | null;
  /** What went wrong when the provider's answer names no `error` (e.g. "unexpected JWT alg header parameter"). */
  detail: string | null;
}

/**
 * A sign-in that cannot finish. `key` picks the message the user sees; `redirectTo` (optional)
 * is where the browser goes instead of straight to /login, e.g. the provider's logout page,
 * which then returns to /login?error=<key>. `failure` (OpenID Connect) says which step failed and
 * what the provider answered: the log line is made from it alone, once.
 */
export class InstituteLoginError extends Error {
  readonly key: LoginErrorKey;
  readonly redirectTo: string | null;
  readonly failure: ProviderFailure | null;

  constructor(
    key: LoginErrorKey,
    message: string,
    options: { cause?: unknown; redirectTo?: string | null; failure?: ProviderFailure } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'InstituteLoginError';
    this.key = key;
    this.redirectTo = options.redirectTo ?? null;
    this.failure = options.failure ?? null;
  }
}

/** The provider refused to renew a session (revoked or expired refresh token): the user signs in again. */
export class ProviderSessionEndedError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ProviderSessionEndedError';
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * True when the provider could not be reached at all (refused, reset, DNS, or our timeout),
 * as opposed to answering with an error: the user is told to try again later (`unavailable`).
 */
export function isUnreachableError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, message } = e as { name?: unknown; code?: unknown; message?: unknown };
    if (name === 'TimeoutError' || name === 'AbortError' || name === 'ProviderUnreachableError') {
      return true;
    }
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
      return true;
    }
    if (name === 'TypeError' && message === 'fetch failed') {
      return true;
    }
  }
  return false;
}

/** Every outbound call to a provider carries this signal: a provider that hangs becomes a clear error. */
export function timeoutSignal(seconds: number): AbortSignal {
  return AbortSignal.timeout(Math.round(seconds * 1000));
}
