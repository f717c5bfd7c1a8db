import type { LoginErrorKey } from '@pid5/contract';
import { isUnreachableError, type ProviderFailure, type ProviderFailureCause, type ProviderStep } from './login-errors';

/** The message the person sees for each cause (packages/contract, LOGIN_ERROR_MESSAGES). */
export const LOGIN_ERROR_KEY_FOR: Record<ProviderFailureCause, LoginErrorKey> = {
  unreachable: 'unavailable',
  configuration: 'not_set_up',
  'sign-in': 'sign_in_again',
};

// RFC 6749 §4.1.2.1 and §5.2, OpenID Connect Core §3.1.2.6: which OAuth error codes mean what.
/** The person's own sign-in: refused consent, no longer signed in at the provider, an expired or used code. */
const SIGN_IN_ERRORS = new Set([
  'access_denied',
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'invalid_grant',
]);
/** The provider is in trouble, not our set-up. */
const OUTAGE_ERRORS = new Set(['server_error', 'temporarily_unavailable']);

/**
 * The cause an OAuth `error` code stands for: the sign-in errors above, the outage errors, and everything else
 * (invalid_client, unauthorized_client, invalid_request with a redirect URI the provider does not know,
 * invalid_scope, unsupported_response_type, unsupported_grant_type, …) as the provider refusing our configuration.
 */
export function causeOfOAuthError(error: string): ProviderFailureCause {
  if (SIGN_IN_ERRORS.has(error)) {
    return 'sign-in';
  }
  return OUTAGE_ERRORS.has(error) ? 'unreachable' : 'configuration';
}

/**
 * The log level for each cause: the operator must act on a refused configuration (error), an outage is worth a
 * warning, and a person's own unfinished sign-in (cancelled, expired) is routine (info).
 */
export const LOG_LEVEL_FOR: Record<ProviderFailureCause, 'error' | 'warn' | 'info'> = {
  configuration: 'error',
  unreachable: 'warn',
  'sign-in': 'info',
};

/** A URL for the log: scheme, host and path only (no query values, fragment or user:password). */
export function urlForLog(url: string | URL | null | undefined): string | null {
  if (!url) {
    return null;
  }
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return null;
  }
}

function shorten(text: unknown, max = 300): string | null {
  return typeof text === 'string' && text.trim() !== '' ? text.trim().slice(0, max) : null;
}

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  status?: unknown;
  error?: unknown;
  error_description?: unknown;
  response?: unknown;
}

function isResponse(value: unknown): value is Response {
  return typeof Response !== 'undefined' && value instanceof Response;
}

/** The innermost message of an error chain that says something (openid-client wraps its checks' errors). */
function innermostMessage(error: unknown): string | null {
  let found: string | null = null;
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const fields = e as ErrorFields;
    if (fields instanceof Error && typeof fields.message === 'string' && fields.message) {
      found = fields.message;
    }
    e = fields.cause;
  }
  return found;
}

/** The first `error` and `error_description` of a WWW-Authenticate challenge (a 401 from the token endpoint). */
function challengeFields(cause: unknown): { error: string | null; description: string | null } {
  const first = Array.isArray(cause) ? (cause[0] as { parameters?: Record<string, unknown> } | undefined) : undefined;
  return { error: shorten(first?.parameters?.error, 100), description: shorten(first?.parameters?.error_description) };
}

/** The issuer a discovery document names, when openid-client refused it for not being OIDC_ISSUER. */
function namedIssuer(cause: unknown): string | null {
  const { attribute, body } = (typeof cause === 'object' && cause !== null ? cause : {}) as {
    attribute?: unknown;
    body?: { issuer?: unknown };
  };
  return attribute === 'issuer' ? urlForLog(typeof body?.issuer === 'string' ? body.issuer : null) : null;
}

/**
 * Describes an error thrown by openid-client during `step`: the URL, HTTP status and the provider's
 * `error`/`error_description` when it answered, and which of the three causes it is.
 */
export function describeProviderFailure(
  step: ProviderStep,
  error: unknown,
  fallbackUrl?: string | null,
): ProviderFailure {
  const failure: ProviderFailure = {
    step,
    cause: 'configuration',
    url: urlForLog(fallbackUrl),
    status: null,
    error: null,
    errorDescription: null,
    detail: null,
  };
  if (isUnreachableError(error)) {
    failure.cause = 'unreachable';
    failure.detail = shorten(innermostMessage(error));
    return failure;
  }
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : null;
  // The provider's error answer (oauth4webapi's ResponseBodyError / WWWAuthenticateChallengeError / a callback
  // with ?error=), or a response with a status we did not expect (RESPONSE_IS_NOT_CONFORM, the Response as cause).
  const response = isResponse(fields.response) ? fields.response : isResponse(fields.cause) ? fields.cause : null;
  if (response) {
    failure.url = urlForLog(response.url) ?? failure.url;
    failure.status = response.status;
  } else if (typeof fields.status === 'number') {
    failure.status = fields.status;
  }
  if (code === 'OAUTH_WWW_AUTHENTICATE_CHALLENGE') {
    const challenge = challengeFields(fields.cause);
    failure.error = challenge.error;
    failure.errorDescription = challenge.description;
  } else if (code === 'OAUTH_RESPONSE_BODY_ERROR' || code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR') {
    failure.error = shorten(fields.error, 100);
    failure.errorDescription = shorten(fields.error_description);
  }
  if (failure.error) {
    failure.cause = failure.status !== null && failure.status >= 500 ? 'unreachable' : causeOfOAuthError(failure.error);
    return failure;
  }
  failure.detail = shorten(innermostMessage(error));
  const named = namedIssuer(fields.cause);
  if (named) {
    failure.detail = `${failure.detail ?? 'issuer mismatch'} (the provider names itself ${named})`;
  }
  if (failure.status !== null && failure.status >= 500) {
    failure.cause = 'unreachable';
  } else if (step === 'ID token check' && /nonce/.test(failure.detail ?? '')) {
    // An ID token for another sign-in: a replayed or mixed-up callback, not our set-up.
    failure.cause = 'sign-in';
  }
  return failure;
}

/** The log line's message: step, URL, status and the provider's answer, each once. */
export function describeForLog(failure: ProviderFailure): string {
  const causeText = {
    unreachable: 'the provider did not answer or failed',
    configuration: 'the provider refuses our configuration',
    'sign-in': "the person's own sign-in did not finish",
  }[failure.cause];
  const parts = [`institute login failed at ${failure.step}`];
  if (failure.url) {
    parts.push(failure.url);
  }
  if (failure.status !== null) {
    parts.push(`HTTP ${failure.status}`);
  }
  if (failure.error) {
    parts.push(failure.errorDescription ? `${failure.error} (${failure.errorDescription})` : failure.error);
  } else if (failure.detail) {
    parts.push(failure.detail);
  }
  return `${parts.join(': ')} - ${causeText}`;
}
