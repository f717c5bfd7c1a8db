import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../test/factories';
import { validCreateBody } from '../../test/assessment-api';
import { insertAssessment } from '../../test/assessment-factories';
import type { TestClient } from '../../test/test-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { RouteEntry } from './access';

// Property-based fuzzing of every route in the server's own route table (DESIGN.md "Security and reliability": bad input
// gets a clear 4xx, never a 5xx). Path parameters, query strings and bodies are drawn from
// fast-check's generators, mixed with real ids and codes so handlers get past their first checks.

let server: TestServer;
let clinician: SignedInUser;
let admin: SignedInUser;
let realIds: string[];
let realCodes: string[];
let inputsTried = 0;
const RUNS_PER_ROUTE = 40;

beforeAll(async () => {
  server = await startTestServer();
  clinician = await createSignedInClinician(server);
  admin = await createSignedInAdmin(server);
  const open = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
  const done = await insertAssessment(server, {
    clinicianId: clinician.id,
    consented: true,
    responses: '1'.repeat(220),
    finishedAt: server.clock.now(),
  });
  realIds = [String(open.row.id), String(done.row.id)];
  realCodes = [open.code, done.code];
});

afterAll(async () => {
  console.log(
    `fuzzing: ${inputsTried} requests over ${server.running.app.routeTable.length} routes, none answered 5xx`,
  );
  await server.close();
});

const weirdStrings = fc.oneof(
  fc.string(),
  // Any UTF-16 code unit: NUL, other controls and lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    '%00',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00',
    '\udbff\udbff',
    '..',
    '../../etc/passwd',
    "'; drop table users; --",
  ),
  fc.integer().map(String),
  fc.bigInt().map(String),
);

function pathParameterArbitrary(name: string): fc.Arbitrary<string> {
  if (name === 'id') {
    return fc.oneof(fc.constantFrom(...realIds), weirdStrings);
  }
  if (name === 'code') {
    return fc.oneof(fc.constantFrom(...realCodes), weirdStrings);
  }
  if (name === 'item') {
    return fc.oneof(fc.integer({ min: -5, max: 230 }).map(String), weirdStrings);
  }
  return weirdStrings;
}

const queryArbitrary = fc.dictionary(
  fc.oneof(
    fc.constantFrom('search', 'sort', 'page', 'q', 'name', 'action', 'actor', 'assessmentId', 'code', 'state'),
    fc.string(),
  ),
  weirdStrings,
  { maxKeys: 4 },
);

const bodyArbitrary = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: 'binary' }),
  fc.dictionary(
    fc.constantFrom(
      'value',
      'answers',
      'consentId',
      'viewMode',
      'username',
      'password',
      'age',
      'patientId',
      'dsmCodes',
      'primaryDsm',
      'termsId',
      'quantity',
      'clinicianId',
      'note',
    ),
    fc.oneof(fc.jsonValue(), weirdStrings),
  ),
);

function clientFor(route: RouteEntry): TestClient {
  if (route.url === '/auth/logout') {
    return server.client(); // never log the fuzzing users out
  }
  return route.access === 'admin' ? admin.client : route.access === 'signed-in' ? clinician.client : server.client();
}

/** A URL cannot carry an unpaired surrogate (encodeURIComponent throws): it goes as U+FFFD, as a browser sends it. */
const asUrlText = (value: string) => Buffer.from(value, 'utf8').toString('utf8');

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(asUrlText(values[name] ?? 'x')));
}

describe('every route survives random input', () => {
  it('never answers 5xx to random params, queries and bodies', async () => {
    const routes = server.running.app.routeTable;
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
      const paramsArbitrary = fc.record(Object.fromEntries(names.map((n) => [n, pathParameterArbitrary(n)])));
      await fc.assert(
        fc.asyncProperty(paramsArbitrary, queryArbitrary, bodyArbitrary, async (params, query, body) => {
          const search = new URLSearchParams(
            Object.entries(query as Record<string, string>).map(([k, v]): [string, string] => [
              asUrlText(k),
              asUrlText(v),
            ]),
          ).toString();
          const path = fillPath(route.url, params as Record<string, string>) + (search ? `?${search}` : '');
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const response = await clientFor(route).fetch(path, {
            method: route.method,
            ...(hasBody ? { json: body } : {}),
          });
          inputsTried += 1;
          await response.arrayBuffer();
          if (response.status >= 500) {
            throw new Error(`${route.method} ${path} answered ${response.status}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  }, 300_000);

  it('answers 413 to an oversized body and 400 to malformed JSON on every route that takes a body', async () => {
    const withBody = server.running.app.routeTable.filter(
      (r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH',
    );
    for (const route of withBody) {
      const path = fillPath(route.url, { id: realIds[0] ?? '1', code: realCodes[0] ?? 'x', item: '1' });
      const client = clientFor(route);
      const big = await client.fetch(path, {
        method: route.method,
        body: JSON.stringify({ padding: 'x'.repeat(400 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect.soft([413, 401, 403, 429], `${route.method} ${route.url} oversized`).toContain(big.status);
      const malformed = await client.fetch(path, {
        method: route.method,
        body: '{"unterminated": ',
        headers: { 'content-type': 'application/json' },
      });
      expect.soft([400, 401, 403, 429], `${route.method} ${route.url} malformed`).toContain(malformed.status);
      inputsTried += 2;
    }
  });
});

// Text the database cannot store (PostgreSQL refuses NUL in text and unpaired surrogates in JSON) answered 500 before
// Every text input, in a body, a query or a path, is now refused with 400 and a clear message.
describe('NUL characters and unpaired surrogates', () => {
  const REFUSED = {
    code: 'VALIDATION_FAILED',
    message: expect.stringMatching(/NUL character|unpaired surrogate/) as unknown,
  };

  it.each([
    ['a country with NUL', { country: 'a\u0000b' }, 'country'],
    ['a patient id with a lone high surrogate', { patientId: 'PT-\ud800' }, 'patientId'],
    ['a diagnosis with a lone low surrogate', { dsmCodes: ['F41.1', '\udc00'] }, 'dsmCodes.1'],
  ])('POST /api/assessments with %s: 400 naming the field', async (_what, overrides, field) => {
    const body = await validCreateBody(server, overrides);
    const response = await clinician.client.post('/api/assessments', body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { fields: Record<string, string> } }).error;
    expect(error).toMatchObject(REFUSED);
    expect(Object.keys(error.fields)).toEqual([field]);
  });

  it.each([
    ['a note of NUL', { clinicianId: 'x', quantity: 1, note: '\u0000' }],
    ['a note with a lone surrogate', { clinicianId: 'x', quantity: 1, note: '\ud800' }],
    ['a clinician id of NUL', { clinicianId: '\u0000', quantity: 1 }],
  ])('POST /api/admin/credits with %s: 400', async (_what, body) => {
    const grant = { ...body, clinicianId: body.clinicianId === 'x' ? clinician.id : body.clinicianId };
    const response = await admin.client.post('/api/admin/credits', grant);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject(REFUSED);
  });

  it.each([
    ['/api/assessments?search=%00', 'clinician'],
    ['/api/assessments?search=PT%00', 'clinician'],
    ['/api/admin/credits?clinicianId=%00', 'admin'],
    ['/api/admin/audit?actor=%00', 'admin'],
    ['/api/diagnoses?q=%00', 'clinician'],
  ])('GET %s: 400', async (path, who) => {
    const response = await (who === 'admin' ? admin : clinician).client.get(path);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject(REFUSED);
  });

  it('refuses NUL in a path parameter and in a report name, and an object key with NUL', async () => {
    const report = await clinician.client.get(`/api/assessments/${realIds[1]}/report.pdf?name=Jane%00Roe`);
    expect(report.status).toBe(400);
    expect(((await report.json()) as { error: unknown }).error).toMatchObject(REFUSED);
    const path = await clinician.client.get(`/api/assessments/${realIds[0]}%00`);
    expect(path.status).toBe(400);
    expect(((await path.json()) as { error: unknown }).error).toMatchObject(REFUSED);
    const key = await clinician.client.fetch('/api/assessments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a\\u0000b": 1}',
    });
    expect(key.status).toBe(400);
  });
});
