import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../config';
import type { ExternalProfile, InstituteLogin, LoginResult, PendingLogin } from './institute-login';
import { InstituteLoginError, type ProviderFailure, type ProviderStep } from './login-errors';
import {
  describeForLog,
  describeProviderFailure,
  LOG_LEVEL_FOR,
  LOGIN_ERROR_KEY_FOR,
  urlForLog,
} from './provider-failure';

// The institute's login through an OpenID Connect issuer (openid-client): the institute's own or the bundled
// development provider. Discovery is cached; each sign-in is the authorization code flow with PKCE, state and nonce.

/** An OIDC issuer as configured (config.ts), or the bundled development provider set up the same way. */
export interface OidcLoginSettings extends Omit<OidcProviderConfig, 'kind'> {
  kind: 'dev' | 'oidc';
  /** Stored with each identity so subjects of different issuers never mix. */
  providerName: string;
  /** The development provider always shows its member picker, so demo users can switch. */
  forceLoginPrompt?: boolean;
  /** Seconds for every call to the provider (discovery, token, JWKS, userinfo); openid-client applies it to each. */
  timeoutSeconds?: number;
}

/** What discovery found, for the start-up log line; `failure` when it could not be read. */
export type DiscoveryReport =
  | {
      ok: true;
      issuer: string;
      authorizationEndpoint: string | null;
      tokenEndpoint: string | null;
      userinfoEndpoint: string | null;
      jwksUri: string | null;
      endSessionEndpoint: string | null;
      pkceMethods: string[] | null;
      idTokenSigningAlgs: string[] | null;
    }
  | { ok: false; failure: ProviderFailure };

export interface OidcLogin extends InstituteLogin {
  /** Reads discovery (cached for the sign-ins after it, like a login's own) and says what it found or why not. */
  checkDiscovery(): Promise<DiscoveryReport>;
}

/** The discovery document's address for an issuer (OpenID Connect Discovery §4). */
function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/** openid-client's error codes for a check of the ID token (signature, alg, claims, timestamps, keys). */
const ID_TOKEN_CODES = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
]);

/**
 * True when openid-client refused the callback's own parameters (RFC 9207 `iss` missing or another issuer's, `state`
 * not the expected one): its check carries them as `parameters`. A tampered or mixed-up callback, not our set-up.
 */
function isCallbackMismatch(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if ((e as { parameters?: unknown }).parameters instanceof URLSearchParams) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Which step of `authorizationCodeGrant` failed: the callback, the token request, or the ID token's checks. */
function codeGrantStep(error: unknown, metadata: oidc.ServerMetadata): ProviderStep {
  const failure = describeProviderFailure('token exchange', error);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR' || isCallbackMismatch(error)) {
    return 'authorization';
  }
  if (failure.url && failure.url === urlForLog(metadata.jwks_uri)) {
    return 'ID token check';
  }
  if (failure.url && failure.url === urlForLog(metadata.token_endpoint)) {
    return 'token exchange';
  }
  if (typeof code === 'string' && ID_TOKEN_CODES.has(code)) {
    return 'ID token check';
  }
  return /\bJWT\b|ID Token|id_token/i.test(failure.detail ?? '') ? 'ID token check' : 'token exchange';
}

/** The error a failed step becomes: its cause picks the person's message, its description is the log line. */
function providerError(step: ProviderStep, error: unknown, url: string | null | undefined): InstituteLoginError {
  const failure = describeProviderFailure(step, error, url);
  if (isCallbackMismatch(error)) {
    failure.cause = 'sign-in';
    failure.url = null; // the callback is our own address; the provider was not called
  }
  return new InstituteLoginError(LOGIN_ERROR_KEY_FOR[failure.cause], describeForLog(failure), {
    cause: error,
    failure,
  });
}

/**
 * Asks the provider's authorization endpoint whether it answers, before the browser is sent there: discovery is
 * cached, so a provider that went down since would otherwise meet the person as the browser's own "This site can't be
 * reached", with nothing in our log. Any HTTP answer will do; the wait is short, as the person is waiting.
 */
async function probeAuthorizationEndpoint(url: string, timeoutSeconds: number): Promise<void> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(Math.min(timeoutSeconds, 5) * 1000),
    });
    await response.body?.cancel();
  } catch (error) {
    throw providerError('authorization', error, url);
  }
}

export function createOidcLogin(settings: OidcLoginSettings): OidcLogin {
  const getConfiguration = cachedDiscovery(settings);
  return {
    kind: settings.kind,
    retryKey: 'sign_in_again',
    checkDiscovery: () => discoveryReport(getConfiguration, settings.issuer),
    begin: async () => beginLogin(await getConfiguration(), settings),
    complete: async (callbackUrl, pending) => completeLogin(await getConfiguration(), settings, callbackUrl, pending),
    async endSessionUrl({ idTokenHint, postLogoutRedirectUri }) {
      if (settings.kind === 'dev') {
        return null; // the dev provider asks for a member at every login anyway
      }
      const config = await getConfiguration().catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) {
        return null;
      }
      // `state` too: some providers (Glewlwyd) send the browser back only when it is there.
      const parameters: Record<string, string> = {
        post_logout_redirect_uri: postLogoutRedirectUri,
        state: oidc.randomState(),
      };
      if (idTokenHint) {
        parameters.id_token_hint = idTokenHint;
      } else {
        parameters.client_id = settings.clientId;
      }
      return oidc.buildEndSessionUrl(config, parameters).href;
    },
  };
}

/** The issuer's discovery, read at the first need and cached after its first success; a failure is retried next time. */
function cachedDiscovery(settings: OidcLoginSettings): () => Promise<oidc.Configuration> {
  let configuration: Promise<oidc.Configuration> | null = null;
  return () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? undefined : oidc.None(),
        {
          timeout: settings.timeoutSeconds ?? 10,
          execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        configuration = null;
        throw providerError('discovery', error, discoveryUrl(settings.issuer));
      });
    return configuration;
  };
}

async function discoveryReport(
  getConfiguration: () => Promise<oidc.Configuration>,
  issuer: string,
): Promise<DiscoveryReport> {
  try {
    const metadata = (await getConfiguration()).serverMetadata();
    const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : null);
    return {
      ok: true,
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint ?? null,
      tokenEndpoint: metadata.token_endpoint ?? null,
      userinfoEndpoint: metadata.userinfo_endpoint ?? null,
      jwksUri: metadata.jwks_uri ?? null,
      endSessionEndpoint: metadata.end_session_endpoint ?? null,
      pkceMethods: list(metadata.code_challenge_methods_supported),
      idTokenSigningAlgs: list(metadata.id_token_signing_alg_values_supported),
    };
  } catch (error) {
    return {
      ok: false,
      failure:
        error instanceof InstituteLoginError && error.failure
          ? error.failure
          : describeProviderFailure('discovery', error, discoveryUrl(issuer)),
    };
  }
}

/** Where the browser is sent to sign in, and the state, PKCE verifier and nonce the callback is checked against. */
async function beginLogin(
  config: oidc.Configuration,
  settings: OidcLoginSettings,
): Promise<{ authorizationUrl: string; pending: PendingLogin }> {
  const authorizationEndpoint = config.serverMetadata().authorization_endpoint;
  if (authorizationEndpoint) {
    await probeAuthorizationEndpoint(authorizationEndpoint, settings.timeoutSeconds ?? 10);
  }
  const pending: PendingLogin = {
    state: oidc.randomState(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
  };
  const parameters: Record<string, string> = {
    redirect_uri: settings.redirectUri,
    scope: settings.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  };
  if (settings.forceLoginPrompt) {
    parameters.prompt = 'login';
  }
  return { authorizationUrl: oidc.buildAuthorizationUrl(config, parameters).href, pending };
}

/** The callback's code exchanged and checked, the claims read (with userinfo's when offered), the profile made. */
async function completeLogin(
  config: oidc.Configuration,
  settings: OidcLoginSettings,
  callbackUrl: URL,
  pending: PendingLogin,
): Promise<LoginResult> {
  const metadata = config.serverMetadata();
  let tokens;
  try {
    // Checks state, PKCE, and the ID token (issuer, audience, signature, expiry, nonce).
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    const step = codeGrantStep(error, metadata);
    throw providerError(step, error, step === 'ID token check' ? metadata.jwks_uri : metadata.token_endpoint);
  }
  const idClaims = tokens.claims();
  if (!idClaims) {
    throw providerError('ID token check', new Error('The provider returned no ID token'), metadata.token_endpoint);
  }
  let claims: Record<string, unknown> = { ...idClaims };
  if (metadata.userinfo_endpoint) {
    let userInfo;
    try {
      userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    } catch (error) {
      throw providerError('userinfo', error, metadata.userinfo_endpoint);
    }
    claims = { ...userInfo, ...idClaims, ...pickDefined(userInfo) };
  }
  try {
    return { profile: profileFromClaims(settings, claims), idToken: tokens.id_token ?? null, providerTokens: null };
  } catch (error) {
    throw providerError('ID token check', error, metadata.token_endpoint);
  }
}

/** The start-up log line of an OIDC issuer: what discovery found, or why it could not be read. */
export async function logDiscovery(login: OidcLogin, log: FastifyBaseLogger): Promise<void> {
  const report = await login.checkDiscovery();
  if (!report.ok) {
    log[LOG_LEVEL_FOR[report.failure.cause]](
      { instituteLogin: report.failure },
      `${describeForLog(report.failure)}; the server keeps running and tries again at the next sign-in`,
    );
    return;
  }
  const { ok: _ok, ...found } = report;
  const hasS256 = report.pkceMethods === null || report.pkceMethods.includes('S256');
  const warnings = [
    hasS256 ? null : 'the provider does not list PKCE S256, which the app uses',
    report.endSessionEndpoint ? null : 'no end_session_endpoint: logout ends only the session here',
  ].filter((w): w is string => w !== null);
  (warnings.length > 0 ? log.warn.bind(log) : log.info.bind(log))(
    { discovery: found },
    `institute login discovery: issuer ${report.issuer}, authorization ${report.authorizationEndpoint}, ` +
      `token ${report.tokenEndpoint}, userinfo ${report.userinfoEndpoint ?? 'none'}, ` +
      `end session ${report.endSessionEndpoint ?? 'none'}, PKCE ${report.pkceMethods?.join(' ') ?? 'not listed'}, ` +
      `ID token algorithms ${report.idTokenSigningAlgs?.join(' ') ?? 'not listed'}` +
      (warnings.length > 0 ? `; ${warnings.join('; ')}` : ''),
  );
}

function pickDefined(claims: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined && v !== null));
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Maps standard claims to our user; `sub` is the identity (never the email, which can change hands). */
export function profileFromClaims(
  settings: Pick<OidcLoginSettings, 'providerName' | 'adminClaim' | 'adminValue'>,
  claims: Record<string, unknown>,
): ExternalProfile {
  const subject = stringClaim(claims, 'sub');
  if (!subject) {
    throw new Error('The ID token has no subject');
  }
  const email = stringClaim(claims, 'email');
  const username =
    stringClaim(claims, 'name') ??
    stringClaim(claims, 'preferred_username') ??
    email ??
    `member-${subject.slice(0, 8)}`;
  let isAdminByClaim: boolean | undefined;
  if (settings.adminClaim && settings.adminValue) {
    const value = claims[settings.adminClaim];
    isAdminByClaim = Array.isArray(value)
      ? value.map(String).includes(settings.adminValue)
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value) === settings.adminValue
        : false;
  }
  return {
    provider: settings.providerName,
    subject,
    username: username.slice(0, 200),
    email: email?.toLowerCase() ?? null,
    photoUrl: stringClaim(claims, 'picture'),
    isAdminByClaim,
  };
}
