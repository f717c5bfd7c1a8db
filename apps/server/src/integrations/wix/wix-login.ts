import { calculatePKCECodeChallenge, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { ExternalProfile, InstituteLogin, LoginResult, ProviderTokens } from '../../identity/institute-login';
import {
  InstituteLoginError,
  isUnreachableError,
  PROVIDER_MESSAGES,
  ProviderSessionEndedError,
  verifierLengthMessage,
} from '../../identity/login-errors';
import { safeEqual } from '../../lib/tokens';
import { createWixApi, WixHttpError, type WixMember, type WixTokens } from './wix-api';

/** Stored with each identity: the member's contactId is the subject (docs/product-spec.md §1, DESIGN.md "Roles and identity"). */
export const WIX_PROVIDER_NAME = 'wix';

export interface WixLoginSettings {
  clientId: string;
  /** Must equal an allowed authorization redirect URI in the site's Headless settings. */
  redirectUri: string;
  apiBase: string;
  /** Our /login page, where Wix's logout page returns the browser. */
  loginPageUrl: string;
  timeoutSeconds: number;
  now: () => Date;
}

/**
 * Wix Headless member login (Wix-managed login page), the flow of the official SDK done over REST
 * on the server (docs/research/wix.md §1, §5): visitor token → redirect session with PKCE S256 and
 * `responseMode: 'query'` → hosted login → callback with code and state → member tokens →
 * current member (FULL). Tokens never reach the browser; the session keeps them sealed.
 */
export function createWixLogin(settings: WixLoginSettings): InstituteLogin {
  const api = createWixApi(settings);

  const renewTokens = async (tokens: ProviderTokens): Promise<ProviderTokens> => {
    try {
      // Wix keeps the refresh token; a new one in the answer replaces it (the SDK ignores it).
      return toProviderTokens(await api.renewTokens(tokens.refreshToken), tokens.refreshToken);
    } catch (error) {
      if (error instanceof WixHttpError && error.status >= 400 && error.status < 500) {
        throw new ProviderSessionEndedError(error.message, { cause: error });
      }
      throw error;
    }
  };

  /** The Wix logout page for this member, which returns the browser to `postFlowUrl`. */
  const logoutUrl = async (tokens: ProviderTokens, postFlowUrl: string): Promise<string> => {
    let current = tokens;
    if (current.accessTokenExpiresAt <= settings.now().getTime()) {
      current = await renewTokens(current);
    }
    const session = await api.createRedirectSession(current.accessToken, {
      logout: { clientId: settings.clientId },
      callbacks: { postFlowUrl },
    });
    return session.fullUrl;
  };

  return {
    kind: 'wix',
    // The spec's text for a failed callback (§8), also when the member cancelled or the callback came twice.
    retryKey: 'callback',

    begin: () => beginWixLogin(api, settings),

    async complete(callbackUrl, pending): Promise<LoginResult> {
      const code = codeFromCallback(callbackUrl, pending);

      let tokens: ProviderTokens;
      let member: WixMember;
      try {
        tokens = toProviderTokens(
          await api.memberTokens({ code, codeVerifier: pending.codeVerifier, redirectUri: settings.redirectUri }),
        );
        member = await api.getCurrentMember(tokens.accessToken);
      } catch (error) {
        throw failure(error);
      }

      const contactId = member.contactId?.trim();
      if (!contactId || member.status === 'BLOCKED') {
        // docs/product-spec.md §4, §6: refused, no session, and the member is logged out of the Wix site too;
        // Wix's logout page then returns the browser to /login with the message.
        const afterLogout = `${settings.loginPageUrl}?error=no_access`;
        const redirectTo = await logoutUrl(tokens, afterLogout).catch(() => null);
        throw new InstituteLoginError(
          'no_access',
          `${PROVIDER_MESSAGES.noContactId}: Wix member ${member.id} ${contactId ? 'is blocked' : 'has no contactId'}`,
          { redirectTo },
        );
      }
      return { profile: profileFromMember(member, contactId), idToken: null, providerTokens: tokens };
    },

    async endSessionUrl({ providerTokens, postLogoutRedirectUri }) {
      if (!providerTokens) {
        return null;
      }
      return logoutUrl(providerTokens, postLogoutRedirectUri);
    },

    renewTokens,
  };
}

/** Member tokens as the session keeps them; a refresh token is required (kept from before when Wix sends none). */
function toProviderTokens(tokens: WixTokens, previousRefreshToken?: string): ProviderTokens {
  const refreshToken = tokens.refreshToken ?? previousRefreshToken;
  if (!refreshToken) {
    throw new WixHttpError('Wix issued member tokens without a refresh token', 502, 'Bad Gateway', null, null);
  }
  return { accessToken: tokens.accessToken, accessTokenExpiresAt: tokens.accessTokenExpiresAt, refreshToken };
}

/** Which message the user sees for a failed call: unreachable or a Wix server error → try later. */
function failure(error: unknown): InstituteLoginError {
  const isUnavailable = isUnreachableError(error) || (error instanceof WixHttpError && error.status >= 500);
  const message = error instanceof Error ? error.message : String(error);
  return new InstituteLoginError(isUnavailable ? 'unavailable' : 'callback', message, { cause: error });
}

type WixApi = ReturnType<typeof createWixApi>;
type PendingLogin = Parameters<InstituteLogin['complete']>[1];

/** A visitor's redirect session to Wix's hosted login, with PKCE S256; the state and verifier wait in the session. */
async function beginWixLogin(api: WixApi, settings: WixLoginSettings): ReturnType<InstituteLogin['begin']> {
  // openid-client's PKCE helpers (RFC 7636: 32 random bytes, base64url, 43 characters; S256).
  const codeVerifier = randomPKCECodeVerifier();
  const state = randomState();
  const visitor = await api.visitorTokens();
  const session = await api.createRedirectSession(visitor.accessToken, {
    auth: {
      authRequest: {
        redirectUri: settings.redirectUri,
        clientId: settings.clientId,
        codeChallenge: await calculatePKCECodeChallenge(codeVerifier),
        codeChallengeMethod: 'S256',
        // 'query' so that code and state reach the server (docs/research/wix.md §5).
        responseMode: 'query',
        responseType: 'code',
        scope: 'offline_access',
        state,
      },
      prompt: 'login',
    },
  });
  return { authorizationUrl: session.fullUrl, pending: { state, codeVerifier, nonce: '' } };
}

/** The authorization code of a callback that answers this browser's pending login; refused otherwise. */
function codeFromCallback(callbackUrl: URL, pending: PendingLogin): string {
  const params = callbackUrl.searchParams;
  const providerError = params.get('error');
  if (providerError) {
    throw new InstituteLoginError(
      'callback',
      `Wix login returned ${providerError}: ${params.get('error_description') ?? 'no description'}`,
    );
  }
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) {
    throw new InstituteLoginError('callback', PROVIDER_MESSAGES.missingCodeOrState);
  }
  if (!safeEqual(state, pending.state)) {
    throw new InstituteLoginError('callback', PROVIDER_MESSAGES.invalidState);
  }
  // RFC 7636 §4.1 (and the spec's provider rules): a verifier has 43 to 128 characters.
  const verifierLength = pending.codeVerifier.length;
  if (verifierLength < 43 || verifierLength > 128) {
    throw new InstituteLoginError('callback', verifierLengthMessage(verifierLength));
  }
  return code;
}

/** Name, e-mail and photo refresh at every sign-in; the contactId is the identity. */
export function profileFromMember(member: WixMember, contactId: string): ExternalProfile {
  const email = member.loginEmail?.trim().toLowerCase() || null;
  const fullName = [member.contact?.firstName, member.contact?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const username = member.profile?.nickname?.trim() || fullName || email || `member-${contactId.slice(0, 8)}`;
  const photoUrl = member.profile?.photo?.url?.trim() || null;
  return {
    provider: WIX_PROVIDER_NAME,
    subject: contactId,
    username: username.slice(0, 200),
    email,
    photoUrl: photoUrl && /^https?:\/\//.test(photoUrl) ? photoUrl : null,
  };
}
