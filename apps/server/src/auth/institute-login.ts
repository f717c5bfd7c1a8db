import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../config';
import { InstituteLoginError, isUnreachableError } from './login-errors';

/**
 * The institute's login, behind one small interface so the routes do not care which provider
 * it is (bundled development provider, a generic OIDC provider, Wix Headless members).
 */
export interface InstituteLogin {
  readonly kind: 'dev' | 'oidc' | 'wix';
  /** Where to send the browser, and what must be kept (server-side) until the callback. */
  begin(): Promise<{ authorizationUrl: string; pending: PendingLogin }>;
  /**
   * Exchange the callback for a verified profile. Throws on any mismatch or provider failure,
   * preferably an InstituteLoginError saying which message the user sees.
   */
  complete(callbackUrl: URL, pending: PendingLogin): Promise<LoginResult>;
  /** The provider's logout URL (RP-initiated logout, Wix logout redirect session), when it offers one. */
  endSessionUrl(options: {
    idTokenHint: string | null;
    providerTokens: ProviderTokens | null;
    postLogoutRedirectUri: string;
  }): Promise<string | null>;
  /**
   * For providers whose sessions carry member tokens (Wix): a fresh access token. Throws
   * ProviderSessionEndedError when the provider refuses (the user signs in again); any other
   * error means the provider could not be asked.
   */
  renewTokens?(tokens: ProviderTokens): Promise<ProviderTokens>;
}

/** Who the provider says signed in; the users module turns it into a user row. */
export interface ExternalProfile {
  provider: string;
  subject: string;
  username: string;
  email: string | null;
  photoUrl: string | null;
  /** true/false when the provider's claims decide admin (OIDC_ADMIN_CLAIM); undefined when they don't. */
  isAdminByClaim?: boolean;
}

/** Someone has just signed in through the institute's provider, and their session exists. */
export interface SignInEvent {
  userId: string;
  profile: ExternalProfile;
  ip: string;
  log: FastifyBaseLogger;
}

/**
 * Told of every institute sign-in (the Wix order sync, integrations/wix), handed to the sign-in by the composition
 * root so that auth knows no integration. It must not throw: a failure of its own never blocks the sign-in.
 */
export type SignInListener = (event: SignInEvent) => Promise<void>;

/** A member's tokens at the provider; they stay on the server (sealed with the session), never in the browser. */
export interface ProviderTokens {
  accessToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  refreshToken: string;
}

export interface LoginResult {
  profile: ExternalProfile;
  /** For RP-initiated logout (OIDC `id_token_hint`). */
  idToken: string | null;
  providerTokens: ProviderTokens | null;
}

export interface PendingLogin {
  state: string;
  codeVerifier: string;
  nonce: string;
}

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

export function createOidcLogin(settings: OidcLoginSettings): InstituteLogin {
  let configuration: Promise<oidc.Configuration> | null = null;

  // Discovery is cached after the first success; a failure is retried at the next login.
  const getConfiguration = () => {
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
        throw error;
      });
    return configuration;
  };

  return {
    kind: settings.kind,
    async begin() {
      const config = await getConfiguration();
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
    },
    async complete(callbackUrl, pending) {
      try {
        const config = await getConfiguration();
        // Checks state, PKCE, and the ID token (issuer, audience, signature, expiry, nonce).
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) {
          throw new Error('The provider returned no ID token');
        }
        let claims: Record<string, unknown> = { ...idClaims };
        if (config.serverMetadata().userinfo_endpoint) {
          const userInfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...userInfo, ...idClaims, ...pickDefined(userInfo) };
        }
        return { profile: profileFromClaims(settings, claims), idToken: tokens.id_token ?? null, providerTokens: null };
      } catch (error) {
        if (isUnreachableError(error)) {
          throw new InstituteLoginError('unavailable', `The identity provider did not answer: ${errorText(error)}`, {
            cause: error,
          });
        }
        throw new InstituteLoginError('callback', `The login callback was refused: ${errorText(error)}`, {
          cause: error,
        });
      }
    },
    async endSessionUrl({ idTokenHint, postLogoutRedirectUri }) {
      if (settings.kind === 'dev') {
        return null; // the dev provider asks for a member at every login anyway
      }
      const config = await getConfiguration().catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) {
        return null;
      }
      const parameters: Record<string, string> = { post_logout_redirect_uri: postLogoutRedirectUri };
      if (idTokenHint) {
        parameters.id_token_hint = idTokenHint;
      } else {
        parameters.client_id = settings.clientId;
      }
      return oidc.buildEndSessionUrl(config, parameters).href;
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
