import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { identities } from '../db/schema';
import { signInWithDevProvider } from '../../test/factories';
import { getFreePort } from '../../test/free-port';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { DemoMember } from './demo-members';
import { startDevIdentityProvider, type DevIdentityProvider } from './dev-identity-provider';

/**
 * Generic OpenID Connect, configured only through the OIDC_* variables, against the bundled
 * oidc-provider run as a separate issuer on its own port: real HTTP, real redirects.
 */
let idp: DevIdentityProvider;
let server: TestServer;
const members: DemoMember[] = [
  { sub: 'kc-admin-1', name: 'Dr. Iris Issuer', email: 'iris@idp.example', role: 'admin' },
  { sub: 'kc-user-1', name: 'Dr. Otto Oidc', email: 'otto@idp.example', role: 'clinician' },
];

beforeAll(async () => {
  const port = await getFreePort();
  const appUrl = `http://127.0.0.1:${port}`;
  idp = await startDevIdentityProvider({
    port: 0,
    members,
    clients: [
      {
        clientId: 'pid5-institute',
        clientSecret: 'institute-secret-for-tests',
        redirectUris: [`${appUrl}/auth/callback`],
        postLogoutRedirectUris: [`${appUrl}/login`],
      },
    ],
  });
  server = await startTestServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: appUrl,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: 'pid5-institute',
      OIDC_CLIENT_SECRET: 'institute-secret-for-tests',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ADMIN_CLAIM: 'groups',
      OIDC_ADMIN_VALUE: 'admins',
      PROVIDER_TIMEOUT_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await server.close();
  await idp.close();
});

describe('generic OIDC institute login', () => {
  it('uses discovery, the authorization code flow with PKCE S256, state and nonce', async () => {
    const start = await server.client().get('/auth/login');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(`${authorize.origin}`).toBe(idp.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'pid5-institute',
      response_type: 'code',
      redirect_uri: `${server.url}/auth/callback`,
      scope: 'openid email profile groups',
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
  });

  it('maps the groups claim to the admin role, with sub as the identity', async () => {
    const admin = await signInWithDevProvider(server, 'kc-admin-1');
    expect(admin.finalLocation).toBe('/login-local');
    expect(await (await admin.client.get('/api/me')).json()).toMatchObject({
      username: 'Dr. Iris Issuer',
      email: 'iris@idp.example',
      role: 'admin',
      viewMode: 'admin',
    });
    const clinician = await signInWithDevProvider(server, 'kc-user-1');
    expect(await (await clinician.client.get('/api/me')).json()).toMatchObject({ role: 'user', viewMode: 'clinician' });
    const [identity] = await server.database.db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, idp.issuer), eq(identities.subject, 'kc-user-1')));
    expect(identity).toBeDefined();
  });

  it('refreshes name, e-mail and picture, and the admin role both ways, at every login', async () => {
    const member = members[1]!;
    Object.assign(member, {
      name: 'Dr. Otto Renamed',
      email: 'otto.new@idp.example',
      picture: 'https://idp.example/o.png',
    });
    member.role = 'admin';
    try {
      const promoted = await signInWithDevProvider(server, member.sub);
      expect(await (await promoted.client.get('/api/me')).json()).toMatchObject({
        username: 'Dr. Otto Renamed',
        email: 'otto.new@idp.example',
        photoUrl: 'https://idp.example/o.png',
        role: 'admin',
      });
    } finally {
      member.role = 'clinician';
    }
    const demoted = await signInWithDevProvider(server, member.sub);
    expect(await (await demoted.client.get('/api/me')).json()).toMatchObject({ role: 'user' });
  });

  it('refuses a replayed callback', async () => {
    const { client, finalLocation, callbackUrl } = await signInWithDevProvider(server, 'kc-user-1');
    expect(finalLocation).toBe('/login-local');
    expect((await client.get(callbackUrl!)).headers.get('location')).toBe('/login?error=sign_in_again');
    const attacker = server.client();
    attacker.setCookie('login_state', new URL(callbackUrl!).searchParams.get('state')!);
    expect((await attacker.get(callbackUrl!)).headers.get('location')).toBe('/login?error=sign_in_again');
    expect((await attacker.get('/api/me')).status).toBe(401);
  });

  it('refuses a forged code for a real pending login (the token endpoint says no)', async () => {
    const client = server.client();
    const start = await client.get('/auth/login');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const callback = await client.get(`/auth/callback?code=forged-code&state=${encodeURIComponent(state)}`);
    expect(callback.headers.get('location')).toBe('/login?error=sign_in_again');
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('logs out at the provider too (RP-initiated logout), then comes back to our /login', async () => {
    const { client } = await signInWithDevProvider(server, 'kc-user-1');
    const logout = await client.post('/auth/logout');
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(endSession.origin).toBe(idp.issuer);
    expect(endSession.pathname).toBe('/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${server.url}/login`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await client.get('/api/me')).status).toBe(401);

    // The provider asks for confirmation, then returns the browser to the app.
    const confirm = await client.get(redirectTo);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    const hops = await client.follow(new URL(action!, redirectTo).href, {
      method: 'POST',
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = hops.find((hop) => hop.headers.get('location')?.startsWith(`${server.url}/login`));
    expect(back).toBeDefined();
  });
});

describe('an issuer that is down or hangs', () => {
  let hangingServer: Server;

  beforeAll(async () => {
    // Accepts connections and never answers.
    hangingServer = createServer(() => undefined);
    await new Promise<void>((resolve) => hangingServer.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(async () => {
    hangingServer.close();
  });

  it('sends the browser to /login?error=unavailable, quickly, never a 500', async () => {
    const deadPort = await getFreePort();
    const hangingPort = (hangingServer.address() as { port: number }).port;
    for (const issuer of [`http://127.0.0.1:${deadPort}`, `http://127.0.0.1:${hangingPort}`]) {
      const app = await startTestServer({
        env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'x', PROVIDER_TIMEOUT_SECONDS: '1' },
      });
      try {
        const started = Date.now();
        const response = await app.client().get('/auth/login');
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe('/login?error=unavailable');
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        await app.close();
      }
    }
  });
});
