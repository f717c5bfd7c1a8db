import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../test/factories';
import { insertAssessment } from '../../test/assessment-factories';
import type { TestClient } from '../../test/test-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { RouteEntry } from './access';

// Property-based fuzzing of every route in the server's own route table (DESIGN.md §9: bad input
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
    fc.jsonValue(),
  ),
);

function clientFor(route: RouteEntry): TestClient {
  if (route.url === '/auth/logout') {
    return server.client(); // never log the fuzzing users out
  }
  return route.access === 'admin' ? admin.client : route.access === 'signed-in' ? clinician.client : server.client();
}

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
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
          const search = new URLSearchParams(query as Record<string, string>).toString();
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
