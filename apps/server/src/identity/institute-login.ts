import type { FastifyBaseLogger } from 'fastify';
import type { LoginErrorKey } from '@pid5/contract';

/**
 * The institute's login, behind one small interface so the routes do not care which provider
 * it is (bundled development provider, a generic OIDC provider in oidc-login.ts, Wix Headless members).
 */
export interface InstituteLogin {
  readonly kind: 'dev' | 'oidc' | 'wix';
  /**
   * The message for a sign-in the person did not finish (cancelled, expired, the callback used twice):
   * 'sign_in_again' for OpenID Connect; the spec's 'callback' text for Wix (docs/product-spec.md §8).
   */
  readonly retryKey: LoginErrorKey;
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
