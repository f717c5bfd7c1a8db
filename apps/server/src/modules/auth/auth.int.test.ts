import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createSignedInAdmin, createSignedInClinician, signInWithDevProvider } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'boss@example.org' } });
});
afterAll(async () => {
  await server.close();
});

describe('institute login through the bundled OIDC provider', () => {
  it('signs in the demo admin over real redirects and lands on /login-local with a session', async () => {
    const { client, finalLocation } = await signInWithDevProvider(server, 'demo-admin');
    expect(finalLocation).toBe('/login-local');
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'Dr. Ada Admin',
      role: 'admin',
      viewMode: 'admin',
      email: 'admin@demo.institute',
    });
  });

  it('signs in a demo clinician as role user in clinician view', async () => {
    const { client } = await signInWithDevProvider(server, 'demo-clinician-a');
    expect(await (await client.get('/api/me')).json()).toMatchObject({ role: 'user', viewMode: 'clinician' });
  });

  it('refuses a callback whose state does not match and clears the pending login', async () => {
    const client = server.client();
    const start = await client.get('/auth/login');
    expect(start.status).toBe(302);
    expect(client.cookie('login_state')).toBeTruthy();
    const callback = await client.get('/auth/callback?code=abc&state=not-the-state');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=sign_in_again');
    expect(client.cookie('login_state')).toBeUndefined();
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('refuses a callback with no code or state', async () => {
    const response = await server.client().get('/auth/callback');
    expect(response.headers.get('location')).toBe('/login?error=sign_in_again');
  });

  it('refuses a replayed callback (same code and state twice)', async () => {
    const { finalLocation, callbackUrl } = await signInWithDevProvider(server, 'demo-clinician-b');
    expect(finalLocation).toBe('/login-local');
    // A second browser replays the same callback URL with a forged login_state cookie.
    const attacker = server.client();
    attacker.setCookie('login_state', new URL(callbackUrl!).searchParams.get('state')!);
    const replay = await attacker.get(callbackUrl!);
    expect(replay.headers.get('location')).toBe('/login?error=sign_in_again');
    expect((await attacker.get('/api/me')).status).toBe(401);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax cookie named session, stored only as a hash', async () => {
    const client = server.client();
    const username = `cookie-${Date.now()}`;
    await client.post('/auth/local/register', { username, password: 'long enough password' });
    const login = await client.post('/auth/local/login', { username, password: 'long enough password' });
    const setCookie = login.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // served over http in this test
    const token = client.cookie('session')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(stored).toHaveLength(1);
    const plain = await server.database.db.select({ n: count() }).from(sessions).where(eq(sessions.tokenHash, token));
    expect(plain[0]?.n).toBe(0);
  });

  it('issues a new token at every login (no fixation) and logout deletes it server-side', async () => {
    const user = await createSignedInClinician(server);
    const first = user.client.cookie('session')!;
    await user.client.post('/auth/local/login', { username: user.username, password: 'correct horse battery' });
    const second = user.client.cookie('session')!;
    expect(second).not.toBe(first);
    const stale = server.client();
    stale.setCookie('session', first);
    expect((await stale.get('/api/me')).status).toBe(401);

    const logout = await user.client.post('/auth/logout');
    expect(await logout.json()).toEqual({ redirectTo: '/login' });
    const replay = server.client();
    replay.setCookie('session', second);
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('expires after 30 idle minutes and after 12 hours in any case', async () => {
    const user = await createSignedInClinician(server);
    server.clock.advance(29 * 60_000);
    expect((await user.client.get('/api/me')).status).toBe(200);
    for (let hour = 0; hour < 12; hour += 0.4) {
      server.clock.advance(24 * 60_000);
      const me = await user.client.get('/api/me');
      if (me.status !== 200) {
        break;
      }
    }
    expect((await user.client.get('/api/me')).status).toBe(401);

    const idle = await createSignedInClinician(server);
    server.clock.advance(31 * 60_000);
    expect((await idle.client.get('/api/me')).status).toBe(401);
  });

  it('answers 401 to a tampered cookie', async () => {
    const client = server.client();
    client.setCookie('session', 'x'.repeat(43));
    const response = await client.get('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('admin view switch', () => {
  it('lets an admin switch views, stored in the session; clinicians get 403', async () => {
    const admin = await createSignedInAdmin(server);
    const toClinician = await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    expect(await toClinician.json()).toMatchObject({ viewMode: 'clinician', role: 'admin' });
    expect(await (await admin.client.get('/api/me')).json()).toMatchObject({ viewMode: 'clinician' });
    await admin.client.put('/api/me/view-mode', { viewMode: 'admin' });
    expect(await (await admin.client.get('/api/me')).json()).toMatchObject({ viewMode: 'admin' });

    const clinician = await createSignedInClinician(server);
    const refused = await clinician.client.put('/api/me/view-mode', { viewMode: 'admin' });
    expect(refused.status).toBe(403);
  });
});

describe('local accounts', () => {
  it("shows the spec's messages for a wrong password and a taken username", async () => {
    const user = await createSignedInClinician(server);
    const wrong = await server
      .client()
      .post('/auth/local/login', { username: user.username, password: 'wrong password!' });
    expect(wrong.status).toBe(401);
    expect((await readError(wrong)).message).toBe("Oops! The username and password didn't match. Try again!");
    const taken = await server
      .client()
      .post('/auth/local/register', { username: user.username.toUpperCase(), password: 'another long password' });
    expect(taken.status).toBe(409);
    expect((await readError(taken)).message).toBe(
      "Oops! That didn't work. The username might already be taken. Try again!",
    );
  });

  it('rejects missing input with a field message, never a 500', async () => {
    const empty = await server.client().post('/auth/local/login', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect((await readError(empty)).fields?.username).toBe('Enter your username and password!');
    const malformed = await server.client().fetch('/auth/local/login', {
      method: 'POST',
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await readError(malformed)).code).toBe('MALFORMED_JSON');
  });
});

describe('requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const user = await createSignedInClinician(server);
    const response = await user.client.post('/auth/logout', undefined, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await readError(response)).code).toBe('CROSS_SITE_REQUEST');
    expect((await user.client.get('/api/me')).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 and sends the security headers', async () => {
    const response = await server.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'ROUTE_NOT_FOUND' } });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('reports health and readiness', async () => {
    expect(await (await server.client().get('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await server.client().get('/readyz')).json()).toMatchObject({ status: 'ready' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = (await (await server.client().get('/api/docs')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/me', '/auth/local/login', '/readyz']));
  });
});
