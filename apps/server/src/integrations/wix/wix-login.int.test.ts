import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { identities, sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { newMember, signInWithWix, startWixStack, WIX_TEST, type WixStack } from '../../../test/wix-stack';
import { createWixLogin } from './wix-login';
import { startWixContractDouble } from '../../../test/wix-contract-double';
import { getFreePort } from '../../../test/free-port';
import { startTestServer } from '../../../test/test-server';

let stack: WixStack;

beforeAll(async () => {
  stack = await startWixStack({ orders: false });
});
afterAll(async () => {
  await stack.close();
});

const hostOf = (url: string) => new URL(url).host;

describe('Wix Headless member login through the contract double', () => {
  it('signs a member in over real redirects, with the contactId as the identity', async () => {
    const { server, wix } = stack;
    const member = newMember({ photoUrl: 'https://static.wixstatic.com/media/photo.jpg' });
    wix.control({ members: [member] });
    const { client, finalLocation } = await signInWithWix(server, member.id);
    expect(finalLocation).toBe('/login-local');
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: member.nickname,
      email: member.loginEmail,
      photoUrl: member.photoUrl,
      role: 'user',
      viewMode: 'clinician',
    });
    const [identity] = await server.database.db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, 'wix'), eq(identities.subject, member.contactId!)));
    expect(identity).toBeDefined();
  });

  it('sends what the official SDK sends, endpoint by endpoint (docs/research/wix.md §2)', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    const before = wix.requests().length;
    await signInWithWix(server, member.id);
    const calls = wix.requests().slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /oauth2/token',
      'POST /_api/redirects-api/v1/redirect-session',
      'POST /oauth2/token',
      'GET /members/v1/members/my?fieldsets=FULL',
    ]);
    const [anonymous, redirect, exchange, current] = calls;
    expect(anonymous!.body).toEqual({ clientId: WIX_TEST.clientId, grantType: 'anonymous' });
    const authRequest = (redirect!.body as { auth: { authRequest: Record<string, string>; prompt: string } }).auth;
    expect(authRequest.prompt).toBe('login');
    expect(authRequest.authRequest).toMatchObject({
      redirectUri: `${server.url}/auth/callback`,
      clientId: WIX_TEST.clientId,
      codeChallengeMethod: 'S256',
      responseMode: 'query',
      responseType: 'code',
      scope: 'offline_access',
    });
    expect(authRequest.authRequest.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authRequest.authRequest.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Raw tokens, no "Bearer " (docs/research/wix.md §2).
    expect(redirect!.authorization).toMatch(/^OauthNG\.JWS\./);
    expect(current!.authorization).toMatch(/^OauthNG\.JWS\./);
    const exchangeBody = exchange!.body as Record<string, string>;
    expect(exchangeBody).toMatchObject({
      clientId: WIX_TEST.clientId,
      grantType: 'authorization_code',
      redirectUri: `${server.url}/auth/callback`,
    });
    expect(exchangeBody.codeVerifier!.length).toBeGreaterThanOrEqual(43);
    expect(exchangeBody.code).toBeTruthy();
  });

  it('keeps the member tokens on the server, sealed, and never in a cookie or a response', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    const { client, hops } = await signInWithWix(server, member.id);
    const tokens = wix
      .requests()
      .filter((r) => r.path === '/members/v1/members/my?fieldsets=FULL')
      .map((r) => r.authorization!);
    const accessToken = tokens.at(-1)!;
    const appHops = hops.filter((hop) => hostOf(hop.url) === hostOf(server.url));
    for (const hop of appHops) {
      expect(hop.headers.getSetCookie().join(';')).not.toContain(accessToken);
      expect(hop.headers.get('location') ?? '').not.toContain(accessToken);
    }
    const me = await client.get('/api/me');
    expect(await me.text()).not.toContain('OauthNG');
    const [row] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(client.cookie('session')!)));
    expect(row?.providerTokens).toBeTruthy();
    expect(row?.providerTokens).not.toContain(accessToken);
    expect(row?.providerTokens).not.toContain('JWS.');
  });

  it('refreshes name, e-mail and photo from Wix at every sign-in', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    await signInWithWix(server, member.id);
    wix.control({ members: [{ ...member, nickname: 'Dr. Renamed', loginEmail: 'renamed@example.org' }] });
    const again = await signInWithWix(server, member.id);
    expect(await (await again.client.get('/api/me')).json()).toMatchObject({
      username: 'Dr. Renamed',
      email: 'renamed@example.org',
    });
    const rows = await server.database.db
      .select({ id: users.id })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(eq(identities.subject, member.contactId!));
    expect(rows).toHaveLength(1);
  });

  it('refuses a member without a contactId: Wix logout, then /login?error=no_access, and no session', async () => {
    const { server, wix } = stack;
    const member = newMember({ contactId: null });
    wix.control({ members: [member] });
    const { client, callback, hops } = await signInWithWix(server, member.id);
    expect(callback?.headers.get('location')).toMatch(new RegExp(`^${wix.url}/__hosted/logout/`));
    const last = hops.at(-1)!;
    expect(new URL(last.url).pathname + new URL(last.url).search).toBe('/login?error=no_access');
    expect(wix.logouts()).toContain(member.id);
    expect(client.cookie('session')).toBeUndefined();
    expect((await client.get('/api/me')).status).toBe(401);
    const created = await server.database.db.select().from(users).where(eq(users.email, member.loginEmail));
    expect(created).toHaveLength(0);
  });

  it('refuses a blocked member the same way', async () => {
    const { server, wix } = stack;
    const member = newMember({ status: 'BLOCKED' });
    wix.control({ members: [member] });
    const { client, hops } = await signInWithWix(server, member.id);
    expect(hops.at(-1)!.url).toContain('/login?error=no_access');
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('refuses a callback whose state was changed (Invalid _state)', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member], faults: { wrongState: true } });
    try {
      const { client, finalLocation } = await signInWithWix(server, member.id);
      expect(finalLocation).toBe('/login?error=callback');
      expect((await client.get('/api/me')).status).toBe(401);
    } finally {
      wix.control({ faults: { wrongState: false } });
    }
  });

  it('returns to /login when the member cancels (no code)', async () => {
    const { client, finalLocation } = await signInWithWix(stack.server, null);
    expect(finalLocation).toBe('/login?error=callback');
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('refuses a replayed callback, in the same browser or another', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    const { client, callback } = await signInWithWix(server, member.id);
    expect(callback?.headers.get('location')).toBe('/login-local');
    const again = await client.get(callback!.url);
    expect(again.headers.get('location')).toBe('/login?error=callback');

    const attacker = server.client();
    attacker.setCookie('login_state', new URL(callback!.url).searchParams.get('state')!);
    const replay = await attacker.get(callback!.url);
    expect(replay.headers.get('location')).toBe('/login?error=callback');
    expect((await attacker.get('/api/me')).status).toBe(401);
  });

  it('sends a token failure back to /login (callback), and a Wix outage to /login (unavailable)', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    wix.control({
      faults: { tokenError: { status: 400, statusText: 'Bad Request', grantTypes: ['authorization_code'] } },
    });
    try {
      const refused = await signInWithWix(server, member.id);
      expect(refused.finalLocation).toBe('/login?error=callback');
      wix.control({
        faults: { tokenError: { status: 503, statusText: 'Service Unavailable', grantTypes: ['authorization_code'] } },
      });
      const down = await signInWithWix(server, member.id);
      expect(down.finalLocation).toBe('/login?error=unavailable');
      expect((await down.client.get('/api/me')).status).toBe(401);

      wix.control({ faults: { tokenError: { status: 503, statusText: 'Service Unavailable' } } });
      const start = await server.client().get('/auth/login');
      expect(start.headers.get('location')).toBe('/login?error=unavailable');
    } finally {
      wix.control({ faults: { tokenError: null } });
    }
  });

  it('gives up on a Wix API that hangs after the timeout, with a clear message', async () => {
    const { server, wix } = stack;
    wix.control({ faults: { tokenDelayMs: 5_000 } });
    try {
      const started = Date.now();
      const response = await server.client().get('/auth/login');
      expect(response.headers.get('location')).toBe('/login?error=unavailable');
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      wix.control({ faults: { tokenDelayMs: 0 } });
    }
  });
});

describe('member session at Wix', () => {
  it('renews an expired access token with the refresh token, never falling back to a visitor', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member], accessTokenTtlSeconds: 60 });
    try {
      const { client } = await signInWithWix(server, member.id);
      const before = wix.requests().length;
      server.clock.advance(2 * 60_000);
      expect((await client.get('/api/me')).status).toBe(200);
      const renewals = wix.requests().slice(before);
      expect(renewals).toHaveLength(1);
      expect(renewals[0]!.body).toMatchObject({ grantType: 'refresh_token', clientId: WIX_TEST.clientId });
      // Renewed: the next request does not ask again.
      expect((await client.get('/api/me')).status).toBe(200);
      expect(wix.requests().length).toBe(before + 1);

      // Revoked at Wix: the next renewal is refused, the session ends, and no anonymous token is taken.
      wix.control({ revokeRefreshTokens: member.id });
      server.clock.advance(2 * 60_000);
      const afterRevoke = wix.requests().length;
      expect((await client.get('/api/me')).status).toBe(401);
      const calls = wix.requests().slice(afterRevoke);
      expect(calls.map((c) => (c.body as { grantType?: string }).grantType)).toEqual(['refresh_token']);
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(client.cookie('session') ?? '')));
      expect(row).toBeUndefined();
    } finally {
      wix.control({ accessTokenTtlSeconds: 14_400 });
    }
  });

  it('ends the session when every refresh token is refused (expired), and keeps it when Wix is merely down', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member], accessTokenTtlSeconds: 60 });
    try {
      const down = await signInWithWix(server, member.id);
      const expired = await signInWithWix(server, member.id);
      server.clock.advance(2 * 60_000);
      wix.control({
        faults: { tokenError: { status: 503, statusText: 'Service Unavailable', grantTypes: ['refresh_token'] } },
      });
      expect((await down.client.get('/api/me')).status).toBe(200);
      wix.control({ faults: { tokenError: null, refreshRevoked: true } });
      expect((await expired.client.get('/api/me')).status).toBe(401);
    } finally {
      wix.control({ accessTokenTtlSeconds: 14_400, faults: { tokenError: null, refreshRevoked: false } });
    }
  });

  it('logs out through a Wix logout redirect session, which returns the browser to /login', async () => {
    const { server, wix } = stack;
    const member = newMember();
    wix.control({ members: [member] });
    const { client } = await signInWithWix(server, member.id);
    const before = wix.requests().length;
    const logout = await client.post('/auth/logout');
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    expect(redirectTo).toMatch(new RegExp(`^${wix.url}/__hosted/logout/`));
    const [call] = wix.requests().slice(before);
    expect(call).toMatchObject({ method: 'POST', path: '/_api/redirects-api/v1/redirect-session' });
    expect(call!.body).toEqual({
      logout: { clientId: WIX_TEST.clientId },
      callbacks: { postFlowUrl: `${server.url}/login` },
    });
    expect(call!.authorization).toMatch(/^OauthNG\.JWS\./);
    const hops = await client.follow(redirectTo);
    expect(hops[0]!.headers.get('location')).toBe(`${server.url}/login`);
    expect(wix.logouts()).toContain(member.id);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('the Wix login adapter on its own', () => {
  it("reports a token failure with the SDK's message: status text and x-wix-request-id", async () => {
    const wix = await startWixContractDouble({ clientId: 'c1', apiKey: 'k', siteId: 's' });
    const port = await getFreePort();
    const redirectUri = `http://127.0.0.1:${port}/auth/callback`;
    wix.control({
      redirectUris: [redirectUri],
      faults: {
        tokenError: {
          status: 400,
          statusText: 'Bad Request',
          requestId: 'req-1234',
          grantTypes: ['authorization_code'],
        },
      },
    });
    try {
      const login = createWixLogin({
        clientId: 'c1',
        redirectUri,
        apiBase: wix.url,
        loginPageUrl: `http://127.0.0.1:${port}/login`,
        timeoutSeconds: 2,
        now: () => new Date(),
      });
      const { pending } = await login.begin();
      const callback = new URL(`${redirectUri}?code=whatever&state=${pending.state}`);
      await expect(login.complete(callback, pending)).rejects.toMatchObject({
        key: 'callback',
        message: 'Failed to fetch tokens from OAuth API: Bad Request. request id: req-1234',
      });
      await expect(login.complete(new URL(`${redirectUri}?code=x&state=other`), pending)).rejects.toMatchObject({
        key: 'callback',
        message: 'Invalid _state',
      });
      await expect(login.complete(new URL(`${redirectUri}?state=${pending.state}`), pending)).rejects.toMatchObject({
        key: 'callback',
        message: 'Missing code or _state',
      });
      await expect(
        login.complete(new URL(`${redirectUri}?code=x&state=${pending.state}`), { ...pending, codeVerifier: 'short' }),
      ).rejects.toMatchObject({ key: 'callback', message: 'Expected a length between 43 and 128. Received 5.' });
    } finally {
      await wix.close();
    }
  });

  it('sends the browser to /login?error=unavailable when the Wix API is not there at all', async () => {
    const deadPort = await getFreePort();
    const server = await startTestServer({
      env: { WIX_CLIENT_ID: 'c1', WIX_API_BASE: `http://127.0.0.1:${deadPort}`, PROVIDER_TIMEOUT_SECONDS: '1' },
    });
    try {
      const response = await server.client().get('/auth/login');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=unavailable');
      expect(await (await server.client().get('/auth/methods')).json()).toMatchObject({
        institute: { enabled: true, kind: 'wix' },
      });
    } finally {
      await server.close();
    }
  });
});
