import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ERROR_MESSAGES, type LoginErrorKey } from '@pid5/contract';
import { signInWithDevProvider } from '../../test/factories';
import { getFreePort } from '../../test/free-port';
import { startTestServer, type TestServer } from '../../test/test-server';
import { startDevIdentityProvider, type DevIdentityProvider } from './dev-identity-provider';

// An operator can tell a misconfigured institute login from an outage. Each case runs the real server,
// configured through the OIDC_* variables, against the bundled development provider (oidc-provider) as a separate
// issuer, reads the server's own log, and checks what the person is shown and the one log line that names the cause.

const CLIENT_ID = 'pid5-institute';
const CLIENT_SECRET = 'institute-secret-for-failure-tests';
const WRONG_SECRET = 'not-the-registered-secret-0123456789';

let idp: DevIdentityProvider;
const ports = { good: 0, wrongSecret: 0 };

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A server on the given issuer whose log (info and up) is kept in memory. */
async function startLoggedServer(env: Record<string, string>): Promise<{ server: TestServer; log: string[] }> {
  const log: string[] = [];
  const server = await startTestServer({
    env: {
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_SCOPES: 'openid email profile groups',
      PROVIDER_TIMEOUT_SECONDS: '2',
      LOG_LEVEL: 'info',
      ...env,
    },
    logStream: { write: (line) => void log.push(line) },
  });
  return { server, log };
}

function parsed(log: string[]): LogLine[] {
  return log.map((line) => JSON.parse(line) as LogLine);
}

function failureLines(log: string[], from = 0): LogLine[] {
  return parsed(log.slice(from)).filter((line) => line.msg.startsWith('institute login failed'));
}

/** Waits for the start-up discovery line (it is written after the server listens, without holding up the start). */
async function waitForLine(log: string[], pattern: RegExp): Promise<LogLine> {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const found = parsed(log).find((line) => pattern.test(line.msg));
    if (found) {
      return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no log line matching ${pattern}:\n${log.join('')}`);
}

/** What the login page shows for /login?error=<key> (apps/web login-page.tsx reads the same table). */
function shownMessage(location: string | null): string | undefined {
  const key = new URL(location ?? '/', 'http://app').searchParams.get('error');
  return key ? LOGIN_ERROR_MESSAGES[key as LoginErrorKey] : undefined;
}

const NOT_SET_UP = 'The institute login is not set up correctly; please tell your administrator.';
const NOT_REACHABLE = 'The institute login is not reachable right now. Please wait a minute and try again.';

beforeAll(async () => {
  ports.good = await getFreePort();
  ports.wrongSecret = await getFreePort();
  idp = await startDevIdentityProvider({
    port: 0,
    members: [{ sub: 'fail-user-1', name: 'Dr. Fay Failure', email: 'fay@idp.example', role: 'clinician' }],
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [ports.good, ports.wrongSecret].map((port) => `http://127.0.0.1:${port}/auth/callback`),
      },
    ],
  });
});
afterAll(async () => {
  await idp.close();
});

describe('the provider refuses our configuration', () => {
  it('wrong client secret: "not set up correctly", and one log line naming the token exchange and invalid_client', async () => {
    const { server, log } = await startLoggedServer({
      PORT: String(ports.wrongSecret),
      PUBLIC_URL: `http://127.0.0.1:${ports.wrongSecret}`,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_SECRET: WRONG_SECRET,
    });
    try {
      // At start: discovery worked, and the log says what it found.
      const found = await waitForLine(log, /^institute login discovery/);
      expect(found.msg).toContain(`issuer ${idp.issuer}`);
      expect(found.msg).toContain(`token ${idp.issuer}/token`);
      expect(found.msg).toMatch(/PKCE [^,]*S256/);
      expect(found.msg).toMatch(/ID token algorithms [^,;]*RS256/);

      const before = log.length;
      const { client, finalLocation, callbackUrl } = await signInWithDevProvider(server, 'fail-user-1');
      expect(finalLocation).toBe('/login?error=not_set_up');
      expect(shownMessage(finalLocation)).toBe(NOT_SET_UP);
      expect((await client.get('/api/me')).status).toBe(401);

      const lines = failureLines(log, before);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toBe(
        `institute login failed at token exchange: ${idp.issuer}/token: HTTP 401: ` +
          'invalid_client (client authentication failed) - the provider refuses our configuration',
      );
      expect(lines[0]!.level).toBe(50); // error: the operator must act
      expect(lines[0]!.instituteLogin).toMatchObject({
        step: 'token exchange',
        cause: 'configuration',
        status: 401,
        error: 'invalid_client',
      });
      // Never the secret or the code.
      const code = new URL(callbackUrl!).searchParams.get('code')!;
      expect(code.length).toBeGreaterThan(10);
      const whole = log.join('');
      expect(whole).not.toContain(WRONG_SECRET);
      expect(whole).not.toContain(code);
    } finally {
      await server.close();
    }
  });

  it('wrong issuer (discovery 404): "not set up correctly", the URL and status at start and at sign-in; /readyz ready', async () => {
    const issuer = `${idp.issuer}/realms/no-such-realm`;
    const { server, log } = await startLoggedServer({ OIDC_ISSUER: issuer, OIDC_CLIENT_SECRET: CLIENT_SECRET });
    try {
      const expected =
        `institute login failed at discovery: ${issuer}/.well-known/openid-configuration: HTTP 404: ` +
        'unexpected HTTP response status code - the provider refuses our configuration';
      const atStart = await waitForLine(log, /^institute login failed at discovery/);
      expect(atStart.msg).toBe(`${expected}; the server keeps running and tries again at the next sign-in`);
      expect((await server.client().get('/readyz')).status).toBe(200);

      const before = log.length;
      const response = await server.client().get('/auth/login');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/login?error=not_set_up');
      expect(shownMessage(response.headers.get('location'))).toBe(NOT_SET_UP);
      const lines = failureLines(log, before);
      expect(lines.map((line) => line.msg)).toEqual([expected]);
      expect(lines[0]!.instituteLogin).toMatchObject({ step: 'discovery', status: 404, cause: 'configuration' });
    } finally {
      await server.close();
    }
  });
});

describe('the provider is down', () => {
  it('closed port: "not reachable right now", a log line naming discovery and the refused connection; the server runs', async () => {
    const deadPort = await getFreePort();
    const issuer = `http://127.0.0.1:${deadPort}`;
    const { server, log } = await startLoggedServer({ OIDC_ISSUER: issuer, OIDC_CLIENT_SECRET: CLIENT_SECRET });
    try {
      const atStart = await waitForLine(log, /^institute login failed at discovery/);
      expect(atStart.msg).toMatch(
        new RegExp(
          `^institute login failed at discovery: ${issuer}/\\.well-known/openid-configuration: .*ECONNREFUSED.*` +
            ' - the provider did not answer or failed; the server keeps running',
        ),
      );
      expect((await server.client().get('/readyz')).status).toBe(200);

      const before = log.length;
      const response = await server.client().get('/auth/login');
      expect(response.headers.get('location')).toBe('/login?error=unavailable');
      expect(shownMessage(response.headers.get('location'))).toBe(NOT_REACHABLE);
      const lines = failureLines(log, before);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.instituteLogin).toMatchObject({ step: 'discovery', cause: 'unreachable', status: null });
      expect(lines[0]!.level).toBe(40); // warn
      expect(lines[0]!.msg).toContain('ECONNREFUSED');
    } finally {
      await server.close();
    }
  });
});

describe('the provider goes down after discovery', () => {
  it('"not reachable right now" at sign-in, and one warn line naming the authorization endpoint', async () => {
    const port = await getFreePort();
    const going = await startDevIdentityProvider({
      port: 0,
      members: [{ sub: 'gone-user', name: 'Dr. Gone', email: 'gone@idp.example', role: 'clinician' }],
      clients: [
        { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [`http://127.0.0.1:${port}/auth/callback`] },
      ],
    });
    const { server, log } = await startLoggedServer({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: going.issuer,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    });
    try {
      await waitForLine(log, /^institute login discovery/);
      const up = await server.client().get('/auth/login');
      expect(new URL(up.headers.get('location')!).origin).toBe(going.issuer);
      await going.close();

      const before = log.length;
      const response = await server.client().get('/auth/login');
      expect(response.headers.get('location')).toBe('/login?error=unavailable');
      expect(shownMessage(response.headers.get('location'))).toBe(NOT_REACHABLE);
      const lines = failureLines(log, before);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.instituteLogin).toMatchObject({ step: 'authorization', cause: 'unreachable' });
      expect(lines[0]!.level).toBe(40);
    } finally {
      await server.close();
    }
  });
});

describe('the provider hangs', () => {
  let hanging: Server;
  beforeAll(async () => {
    hanging = createServer(() => undefined); // accepts connections, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
  });
  afterAll(() => {
    hanging.close();
  });

  it('past PROVIDER_TIMEOUT_SECONDS: "not reachable right now", the log line says it timed out', async () => {
    const issuer = `http://127.0.0.1:${(hanging.address() as { port: number }).port}`;
    const { server, log } = await startLoggedServer({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PROVIDER_TIMEOUT_SECONDS: '1',
    });
    try {
      await waitForLine(log, /^institute login failed at discovery/);
      const before = log.length;
      const response = await server.client().get('/auth/login');
      expect(shownMessage(response.headers.get('location'))).toBe(NOT_REACHABLE);
      expect(failureLines(log, before).map((line) => line.msg)).toEqual([
        `institute login failed at discovery: ${issuer}/.well-known/openid-configuration: ` +
          'The operation was aborted due to timeout - the provider did not answer or failed',
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("the person's own sign-in did not finish (and, for contrast, a refusal in the callback)", () => {
  let server: TestServer;
  let log: string[];

  beforeAll(async () => {
    ({ server, log } = await startLoggedServer({
      PORT: String(ports.good),
      PUBLIC_URL: `http://127.0.0.1:${ports.good}`,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('cancelled at the provider (access_denied): back to the login page, "try again"', async () => {
    const client = server.client();
    const hops = await client.follow('/auth/login');
    const picker = hops.at(-1)!;
    const action = /action="([^"]+\/login)"/.exec(await picker.text())?.[1];
    expect(action).toBeTruthy();
    const before = log.length;
    const back = await client.follow(new URL(action!, picker.url).href, {
      method: 'POST',
      body: new URLSearchParams({ cancel: '1' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const callback = back.find((hop) => new URL(hop.url).pathname === '/auth/callback');
    expect(new URL(callback!.url).searchParams.get('error')).toBe('access_denied');
    const location = callback!.headers.get('location');
    expect(location).toBe('/login?error=sign_in_again');
    expect(shownMessage(location)).toMatch(/try again/);
    expect(shownMessage(location)).not.toMatch(/administrator|known issue/);
    expect(failureLines(log, before).map((line) => line.msg)).toEqual([
      'institute login failed at authorization: the provider returned access_denied (End-User aborted interaction)',
    ]);
    expect(failureLines(log, before)[0]!.level).toBe(30); // info: routine
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('a callback used twice: the second time back to the login page, "try again"', async () => {
    const { client, finalLocation, callbackUrl } = await signInWithDevProvider(server, 'fail-user-1');
    expect(finalLocation).toBe('/login-local');
    const replay = await client.get(callbackUrl!);
    expect(replay.headers.get('location')).toBe('/login?error=sign_in_again');
    expect(shownMessage(replay.headers.get('location'))).toMatch(/try again/);
  });

  it('a code the provider does not know (invalid_grant), or a callback without iss: "try again", each logged', async () => {
    const client = server.client();
    const start = async () => {
      const started = await client.get('/auth/login');
      return encodeURIComponent(new URL(started.headers.get('location')!).searchParams.get('state')!);
    };
    const iss = encodeURIComponent(idp.issuer);
    let before = log.length;
    const unknownCode = await client.get(`/auth/callback?code=unknown-code&state=${await start()}&iss=${iss}`);
    expect(unknownCode.headers.get('location')).toBe('/login?error=sign_in_again');
    let lines = failureLines(log, before);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(
      new RegExp(`^institute login failed at token exchange: ${idp.issuer}/token: HTTP 400: invalid_grant \\(`),
    );
    expect(lines[0]!.instituteLogin).toMatchObject({ cause: 'sign-in', error: 'invalid_grant', status: 400 });

    // The provider announces RFC 9207's iss parameter; a callback without it was not made by the provider.
    before = log.length;
    const noIss = await client.get(`/auth/callback?code=some-code&state=${await start()}`);
    expect(noIss.headers.get('location')).toBe('/login?error=sign_in_again');
    lines = failureLines(log, before);
    expect(lines.map((line) => line.msg)).toEqual([
      'institute login failed at authorization: response parameter "iss" (issuer) missing - ' +
        "the person's own sign-in did not finish",
    ]);
    expect(log.join('')).not.toContain('some-code');
  });

  it("logout where the provider has not registered our post_logout_redirect_uri: the app's session has ended", async () => {
    const { client } = await signInWithDevProvider(server, 'fail-user-1');
    expect((await client.get('/api/me')).status).toBe(200);
    const { redirectTo } = (await (await client.post('/auth/logout')).json()) as { redirectTo: string };
    const endSession = new URL(redirectTo);
    expect(endSession.origin).toBe(idp.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${server.url}/login`);
    expect(endSession.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    // Ended here first, whatever the provider says next.
    expect((await client.get('/api/me')).status).toBe(401);
    // This client registered no post-logout URIs: the provider refuses to send the browser back (its own page).
    const atProvider = await client.get(redirectTo);
    expect(atProvider.status).toBe(400);
    expect(await atProvider.text()).toMatch(/post_logout_redirect_uri/);
  });

  it('a callback carrying unauthorized_client (the provider refuses our request): "not set up correctly"', async () => {
    // What a provider sends back when the client may not use the code flow or a scope (RFC 6749 §4.1.2.1).
    const client = server.client();
    const started = await client.get('/auth/login');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const before = log.length;
    const callback = await client.get(
      `/auth/callback?error=unauthorized_client&error_description=${encodeURIComponent('Client not allowed')}` +
        `&state=${encodeURIComponent(state)}`,
    );
    expect(callback.headers.get('location')).toBe('/login?error=not_set_up');
    const lines = failureLines(log, before);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'institute login failed at authorization: the provider returned unauthorized_client (Client not allowed)'],
    ]);
  });

  it('an error callback that answers no sign-in of ours: a neutral retry message, one warn line without the caller text', async () => {
    // Anyone can link to /auth/callback?error=…: neither an operator's configuration alarm nor a "not set up" page.
    const client = server.client();
    const before = log.length;
    const forged = await client.get(
      `/auth/callback?error=unauthorized_client&error_description=${encodeURIComponent('FORGED admin role granted')}`,
    );
    expect(forged.headers.get('location')).toBe('/login?error=sign_in_again');
    // A sign-in in progress, but a state that is not its own: the same.
    await client.get('/auth/login');
    const wrongState = await client.get('/auth/callback?error=server_error&state=not-ours');
    expect(wrongState.headers.get('location')).toBe('/login?error=sign_in_again');
    const warnings = parsed(log.slice(before)).filter((line) => line.level >= 40);
    expect(warnings.map((line) => [line.level, line.msg])).toEqual([
      [40, 'institute login callback refused'],
      [40, 'institute login callback refused'],
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/FORGED|unauthorized_client|server_error/);
  });
});
