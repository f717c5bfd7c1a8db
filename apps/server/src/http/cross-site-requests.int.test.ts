import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessments,
  auditEvents,
  documents,
  identities,
  localCredentials,
  loginRequests,
  sessions,
  testCredits,
  users,
} from '../db/schema';
import { grantOverApi } from '../../test/assessment-api';
import { insertAssessment } from '../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { RouteEntry } from './access';

// DESIGN.md "Security and reliability": "Mutations need the session cookie and a same-origin check (Origin header or CSRF token)."
// A page on another site can make the victim's browser send a form post with the victim's cookie (SameSite=Lax
// stops most, not all: same-site subdomains, old browsers, top-level navigations). Every state-changing route
// in the route table must refuse such a request before it reads a body or a session, and change nothing.
// (auth.int.test.ts covers a JSON logout from another origin; this walks every route and the other shapes.)

let server: TestServer;
let victim: SignedInUser;
let clinician: SignedInUser;
let target: { id: number; code: string };

const EVIL = 'https://evil.example';

beforeAll(async () => {
  server = await startTestServer();
  // The victim is an admin in the admin view: every route would accept their session if the check let it through.
  victim = await createSignedInAdmin(server);
  clinician = await createSignedInClinician(server);
  await grantOverApi(victim, victim.id, 5);
  const made = await insertAssessment(server, {
    clinicianId: clinician.id,
    consented: true,
    responses: '2'.repeat(220),
  });
  target = { id: made.row.id, code: made.code };
});

afterAll(async () => {
  await server?.close();
});

// The opt-out a mail client posts (RFC 8058 one-click) is a cross-site form post by design: its token is the
// credential and stopping one test's reminders its only effect (http/security.ts, acceptsFormPost).
const CROSS_SITE_BY_DESIGN = new Set(['/api/messages/opt-out/:token']);

function stateChangingRoutes(): RouteEntry[] {
  return server.running.app.routeTable.filter(
    (route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method) && !CROSS_SITE_BY_DESIGN.has(route.url),
  );
}

function pathFor(route: RouteEntry): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) =>
    name === 'id' ? String(target.id) : name === 'code' ? target.code : name === 'item' ? '1' : 'x',
  );
}

/** A form an attacker's page would post: every field any route takes, valid where it matters. */
const FORM_FIELDS = {
  viewMode: 'clinician',
  value: '2',
  consentId: '1',
  quantity: '5',
  clinicianId: '',
  note: 'csrf',
  username: 'csrf-victim',
  password: 'long enough password',
  age: '34',
  patientId: 'CSRF-1',
};

/** Everything a forged request could change: compared before and after. */
async function snapshot(): Promise<string> {
  const db = server.database.db;
  const tables = {
    users: await db.select().from(users),
    identities: await db.select().from(identities),
    localCredentials: await db.select().from(localCredentials),
    sessions: await db.select().from(sessions),
    loginRequests: await db.select().from(loginRequests),
    documents: await db.select().from(documents),
    testCredits: await db.select().from(testCredits),
    assessments: await db.select().from(assessments),
    auditEvents: await db.select().from(auditEvents),
  };
  const sorted = Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, rows.map((row) => JSON.stringify(row)).sort()]),
  );
  return JSON.stringify(sorted);
}

/** A request as the victim's browser would send it, with only the headers given (no Origin unless given). */
function forged(route: RouteEntry, headers: Record<string, string>, body?: string): Promise<Response> {
  return fetch(new URL(pathFor(route), server.url), {
    method: route.method,
    headers: { cookie: `session=${victim.client.cookie('session')}`, ...headers },
    body,
    redirect: 'manual',
  });
}

/**
 * The OAuth token endpoint of machine clients (decision 0057) answers in RFC 6749's error shape, and a form body is its
 * protocol: it reads no cookie, so a forged post finds no session to use. It still refuses another site's origin.
 */
const TOKEN_ENDPOINT = 'POST /auth/token';

async function expectRefused(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(403);
  const message = 'This request came from another site and was refused.';
  // Under the FHIR base every refusal is an OperationOutcome (http/fhir-errors.ts).
  expect(await response.json(), what).toEqual(
    what.startsWith(TOKEN_ENDPOINT)
      ? { error: 'invalid_request', error_description: message }
      : what.includes(' /fhir/')
        ? {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'forbidden', diagnostics: message }],
          }
        : { error: { code: 'CROSS_SITE_REQUEST', message } },
  );
}

describe('cross-site requests', () => {
  it('refuses a cross-site form post to every state-changing route and changes nothing', async () => {
    const routes = stateChangingRoutes();
    expect(routes.length).toBeGreaterThan(10);
    FORM_FIELDS.clinicianId = clinician.id;
    const before = await snapshot();
    for (const route of routes) {
      const what = `${route.method} ${route.url}`;
      const form = new URLSearchParams(FORM_FIELDS).toString();
      await expectRefused(
        await forged(route, { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' }, form),
        `${what} (form post)`,
      );
      // <form enctype="text/plain"> can carry a JSON-looking body.
      const json = JSON.stringify({ ...FORM_FIELDS, value: 2, consentId: 1, quantity: 5, age: 34 });
      await expectRefused(await forged(route, { origin: EVIL, 'content-type': 'text/plain' }, json), `${what} (text)`);
      // fetch() from the attacker's page with a JSON body (no-cors cannot send it, but nothing relies on that).
      await expectRefused(await forged(route, { origin: EVIL, 'content-type': 'application/json' }, json), what);
      // Sandboxed frames and some redirects send `Origin: null`.
      await expectRefused(await forged(route, { origin: 'null', 'content-type': 'text/plain' }, json), `${what} null`);
    }
    expect(await snapshot(), 'no table changed').toBe(before);
    const me = await victim.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: victim.id, viewMode: 'admin' });
    console.log(`cross-site: ${routes.length} state-changing routes × 4 forged shapes refused, nothing changed`);
  });

  it('refuses Sec-Fetch-Site: cross-site without an Origin header on every state-changing route', async () => {
    const before = await snapshot();
    for (const route of stateChangingRoutes()) {
      const response = await forged(
        route,
        { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
        'viewMode=clinician&value=2',
      );
      await expectRefused(response, `${route.method} ${route.url}`);
    }
    expect(await snapshot()).toBe(before);
  });

  // A browser sends text/plain, form and multipart bodies cross-site without a preflight; old browsers and some
  // extensions send neither Origin nor Sec-Fetch-Site. State-changing routes take JSON or no body, nothing else
  // Body-less routes (logout, submit, extend) used to accept a text/plain post.
  it('refuses every body type but JSON on every state-changing route, even without Origin or Sec-Fetch-Site', async () => {
    const before = await snapshot();
    for (const route of stateChangingRoutes()) {
      const what = `${route.method} ${route.url}`;
      for (const [type, body] of [
        ['text/plain', ''],
        ['text/plain;charset=UTF-8', '{"value":2}'],
        ['application/x-www-form-urlencoded', 'value=2'],
        ['multipart/form-data; boundary=x', '--x--\r\n'],
      ] as const) {
        const response = await forged(route, { 'content-type': type }, body);
        if (what === TOKEN_ENDPOINT) {
          // Its own protocol: a form without grant_type, or another body type, is RFC 6749's invalid_request.
          expect(response.status, `${what} (${type})`).toBe(400);
          expect(await response.json(), `${what} (${type})`).toMatchObject({ error: 'invalid_request' });
          continue;
        }
        if (route.url.startsWith('/fhir/')) {
          // The FHIR API: a form is a search by POST's protocol, and a session cookie counts for nothing there (401);
          // any other body type is refused (415). Both as OperationOutcomes.
          const isSearchForm = route.url.endsWith('/_search') && type === 'application/x-www-form-urlencoded';
          expect(response.status, `${what} (${type})`).toBe(isSearchForm ? 401 : 415);
          expect(await response.json(), `${what} (${type})`).toMatchObject({ resourceType: 'OperationOutcome' });
          continue;
        }
        expect(response.status, `${what} (${type})`).toBe(415);
        expect(await response.json(), `${what} (${type})`).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'Send the request as application/json.' },
        });
      }
    }
    expect(await snapshot(), 'no table changed').toBe(before);
    const me = await victim.client.get('/api/me');
    expect(me.status, 'the victim is still signed in').toBe(200);
  });

  it('refuses origins that only look like ours', async () => {
    const route: RouteEntry = { method: 'PUT', url: '/api/me/view-mode', access: 'admin' };
    const own = new URL(server.url);
    const lookalikes = [
      `https://${own.host}`, // another scheme
      `http://${own.hostname}:${Number(own.port) + 1}`, // another port
      `http://${own.host}.evil.example`,
      `${server.url}/`,
    ];
    for (const origin of lookalikes) {
      const response = await forged(route, { origin, 'content-type': 'application/json' }, '{"viewMode":"clinician"}');
      await expectRefused(response, origin);
    }
  });

  it('accepts the same requests from our own pages (the check is not a blanket refusal)', async () => {
    const route: RouteEntry = { method: 'PUT', url: '/api/me/view-mode', access: 'admin' };
    const body = '{"viewMode":"admin"}';
    const json = { 'content-type': 'application/json' };
    expect((await forged(route, { ...json, origin: server.url })).status).toBe(400); // no body: reached validation
    expect((await forged(route, { ...json, origin: server.url }, body)).status).toBe(200);
    expect((await forged(route, { ...json, 'sec-fetch-site': 'same-origin' }, body)).status).toBe(200);
    // A non-browser client sends neither header; it cannot hold a victim's cookie.
    expect((await forged(route, json, body)).status).toBe(200);
  });

  it('lets no other site read API responses (no CORS headers, even for a cross-origin read)', async () => {
    const response = await fetch(new URL('/api/me', server.url), {
      headers: { cookie: `session=${victim.client.cookie('session')}`, origin: EVIL },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const preflight = await fetch(new URL('/api/me/view-mode', server.url), {
      method: 'OPTIONS',
      headers: { origin: EVIL, 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    await preflight.arrayBuffer();
  });
});
