import { z } from 'zod';
import { timeoutSignal, tokenFetchFailedMessage } from '../../identity/login-errors';

/**
 * The Wix Headless REST calls the member login makes, as the official SDK sends them
 * (docs/research/wix.md §2-§4), against a configurable base URL (WIX_API_BASE) so tests run them
 * against the contract double. Every call has a timeout. Member tokens go in
 * `Authorization: <raw token>` with no `Bearer ` prefix, as the SDK does.
 */

/** Wix answered with an error status. */
export class WixHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly requestId: string | null,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'WixHttpError';
  }
}

/** Wix could not be reached (refused, reset, DNS, or our timeout). */
export class ProviderUnreachableError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ProviderUnreachableError';
  }
}

export interface WixTokens {
  accessToken: string;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number;
  /** Absent when Wix renews an access token without issuing a new refresh token. */
  refreshToken: string | null;
}

const ZTokenResponse = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce
    .number()
    .int()
    .positive()
    .max(365 * 24 * 3600),
  refresh_token: z.string().min(1).optional(),
});

const ZRedirectSessionResponse = z.object({
  redirectSession: z.object({ id: z.string().optional(), fullUrl: z.url() }),
});

const ZMember = z.looseObject({
  id: z.string().min(1),
  contactId: z.string().nullish(),
  loginEmail: z.string().nullish(),
  status: z.string().nullish(),
  profile: z
    .looseObject({ nickname: z.string().nullish(), photo: z.looseObject({ url: z.string().nullish() }).nullish() })
    .nullish(),
  contact: z.looseObject({ firstName: z.string().nullish(), lastName: z.string().nullish() }).nullish(),
});
export type WixMember = z.infer<typeof ZMember>;
const ZMemberResponse = z.object({ member: ZMember });

export interface WixApiSettings {
  apiBase: string;
  clientId: string;
  timeoutSeconds: number;
  now: () => Date;
}

export type RedirectSessionRequest =
  | {
      auth: {
        authRequest: {
          redirectUri: string;
          clientId: string;
          codeChallenge: string;
          codeChallengeMethod: 'S256';
          responseMode: 'query';
          responseType: 'code';
          scope: 'offline_access';
          state: string;
        };
        prompt: 'login';
      };
    }
  | { logout: { clientId: string }; callbacks: { postFlowUrl: string } };

export function createWixApi(settings: WixApiSettings) {
  const call = (path: string, init: RequestInit): Promise<Response> =>
    fetchWix(`${settings.apiBase}${path}`, init, {
      timeoutSeconds: settings.timeoutSeconds,
      unreachable: `Wix did not answer ${init.method ?? 'GET'} ${path}`,
    });

  /** POST /oauth2/token. Any status but 200 is a failure, with the SDK's message (docs/research/wix.md §3). */
  const requestTokens = async (body: Record<string, string>): Promise<WixTokens> => {
    const response = await call('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ clientId: settings.clientId, ...body }),
    });
    const json = await readJson(response);
    if (response.status !== 200) {
      const requestId = response.headers.get('x-wix-request-id');
      throw new WixHttpError(
        tokenFetchFailedMessage(response.statusText, requestId),
        response.status,
        response.statusText,
        requestId,
        json,
      );
    }
    const parsed = ZTokenResponse.safeParse(json);
    if (!parsed.success) {
      throw new WixHttpError('Wix token response was not understood', 502, 'Bad Gateway', null, null);
    }
    return {
      accessToken: parsed.data.access_token,
      accessTokenExpiresAt: settings.now().getTime() + parsed.data.expires_in * 1000,
      refreshToken: parsed.data.refresh_token ?? null,
    };
  };

  return {
    /** An anonymous visitor token, needed to create the login redirect session. */
    visitorTokens: () => requestTokens({ grantType: 'anonymous' }),

    memberTokens: (options: { code: string; codeVerifier: string; redirectUri: string }) =>
      requestTokens({
        grantType: 'authorization_code',
        redirectUri: options.redirectUri,
        code: options.code,
        codeVerifier: options.codeVerifier,
      }),

    renewTokens: (refreshToken: string) => requestTokens({ grantType: 'refresh_token', refreshToken }),

    /** POST /_api/redirects-api/v1/redirect-session: the hosted login or logout page to send the browser to. */
    async createRedirectSession(accessToken: string, body: RedirectSessionRequest): Promise<{ fullUrl: string }> {
      const response = await call('/_api/redirects-api/v1/redirect-session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: accessToken },
        body: JSON.stringify(body),
      });
      const data = await expectOk(response, 'Wix redirect session', ZRedirectSessionResponse);
      const fullUrl = new URL(data.redirectSession.fullUrl);
      if (fullUrl.protocol !== 'https:' && !settings.apiBase.startsWith('http://')) {
        throw new WixHttpError('Wix redirect session: not an https URL', 502, 'Bad Gateway', null, null);
      }
      return { fullUrl: fullUrl.href };
    },

    /** GET /members/v1/members/my?fieldsets=FULL (FULL carries loginEmail and contactId; docs/research/wix.md §6). */
    async getCurrentMember(accessToken: string): Promise<WixMember> {
      const response = await call('/members/v1/members/my?fieldsets=FULL', {
        method: 'GET',
        headers: { accept: 'application/json', authorization: accessToken },
      });
      return (await expectOk(response, 'Wix current member', ZMemberResponse)).member;
    },
  };
}

export type WixApi = ReturnType<typeof createWixApi>;

/** A request to Wix with the timeout; no answer at all (refused, reset, DNS, timeout) is a ProviderUnreachableError. */
export async function fetchWix(
  url: string,
  init: RequestInit,
  options: { timeoutSeconds: number; unreachable: string },
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: timeoutSignal(options.timeoutSeconds) });
  } catch (error) {
    throw new ProviderUnreachableError(`${options.unreachable}: ${describe(error)}`, { cause: error });
  }
}

/** The body of a 200 answer, checked against `schema`; another status or a body not understood is a WixHttpError. */
export async function expectOk<T>(response: Response, what: string, schema: z.ZodType<T>): Promise<T> {
  const json = await readJson(response);
  const requestId = response.headers.get('x-wix-request-id');
  if (response.status !== 200) {
    throw new WixHttpError(
      `${what} failed: ${response.status} ${response.statusText}. request id: ${requestId}`,
      response.status,
      response.statusText,
      requestId,
      json,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new WixHttpError(`${what}: the response was not understood`, 502, 'Bad Gateway', requestId, null);
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) {
    return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
