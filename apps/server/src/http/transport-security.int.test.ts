import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../identity/passwords';
import { createLocalUser } from '../modules/users/users.repo';
import { startTestServer, type TestServer } from '../../test/test-server';

// DESIGN.md "Roles and identity" and "Security and reliability": HSTS in production, and the session cookie marked Secure whenever the public address is
// https (the browser then never sends it over plain http). Three servers: production behind https, production
// on a plain-http address, and a non-production server on an https address. (auth.int.test.ts covers the
// cookie's HttpOnly and SameSite=Lax and the absence of Secure on the default http test server.)

const PASSWORD = 'long enough password';
const HSTS = 'max-age=31536000; includeSubDomains';

// Production refuses the bundled development login: a dummy issuer (discovery is lazy, never called here).
const PRODUCTION = {
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://issuer.example.invalid',
  OIDC_CLIENT_ID: 'pid5-test',
  DEMO_DATA: 'false',
  ENABLE_LOCAL_ACCOUNTS: 'true',
};

let productionHttps: TestServer;
let productionHttp: TestServer;
let testHttps: TestServer;

beforeAll(async () => {
  // One after another: migrating one in-process PGlite blocks the event loop and would time out another's start.
  productionHttps = await startTestServer({ env: { ...PRODUCTION, PUBLIC_URL: 'https://pid5.example.org' } });
  productionHttp = await startTestServer({ env: { ...PRODUCTION, PUBLIC_URL: 'http://pid5.internal.example' } });
  testHttps = await startTestServer({ env: { NODE_ENV: 'test', PUBLIC_URL: 'https://pid5-staging.example.org' } });
});

afterAll(async () => {
  for (const server of [productionHttps, productionHttp, testHttps]) {
    await server?.close();
  }
});

/** Signs a new local account in and returns the session cookie's Set-Cookie line. */
async function sessionCookieLine(server: TestServer): Promise<string> {
  const username = `transport-${Math.random().toString(36).slice(2, 10)}`;
  await createLocalUser(server.database.db, { username, passwordHash: await hashPassword(PASSWORD), role: 'user' });
  const client = server.client();
  const login = await client.post('/auth/local/login', { username, password: PASSWORD });
  expect(login.status).toBe(200);
  const line = login.headers.getSetCookie().find((c) => c.startsWith('session='));
  expect(line).toBeDefined();
  // The cookie works: the transport test is about its flags, not a broken login.
  expect((await client.get('/api/me')).status).toBe(200);
  return line ?? '';
}

describe('HSTS', () => {
  it('is sent on every response in production behind an https public address', async () => {
    const client = productionHttps.client();
    for (const path of ['/healthz', '/api/me', '/api/does-not-exist', '/auth/methods']) {
      const response = await client.get(path);
      expect(response.headers.get('strict-transport-security'), path).toBe(HSTS);
      await response.arrayBuffer();
    }
    const refused = await client.post('/auth/local/login', { username: 'nobody', password: 'wrong password' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('strict-transport-security')).toBe(HSTS);
  });

  it('is not sent outside production or on a plain-http public address', async () => {
    for (const server of [productionHttp, testHttps]) {
      const response = await server.client().get('/healthz');
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security'), server.config.publicUrl).toBeNull();
    }
  });
});

describe('the session cookie over an https public address', () => {
  it('is Secure, HttpOnly, SameSite=Lax and for the whole site in production', async () => {
    const line = await sessionCookieLine(productionHttps);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Lax/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
  });

  it('is Secure whenever the public address is https, in any environment', async () => {
    expect(await sessionCookieLine(testHttps)).toMatch(/;\s*Secure/i);
  });

  it('is not Secure on a plain-http public address (it would never be sent back)', async () => {
    expect(await sessionCookieLine(productionHttp)).not.toMatch(/;\s*Secure/i);
  });

  it('is cleared at logout and the session ends', async () => {
    const client = productionHttps.client();
    const username = `transport-logout-${Math.random().toString(36).slice(2, 10)}`;
    await createLocalUser(productionHttps.database.db, {
      username,
      passwordHash: await hashPassword(PASSWORD),
      role: 'user',
    });
    expect((await client.post('/auth/local/login', { username, password: PASSWORD })).status).toBe(200);
    const logout = await client.post('/auth/logout');
    expect(logout.status).toBe(200);
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(cleared).toMatch(/^session=;/);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});
