import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreResponses } from '@pid5/instrument';
import { assessments, users } from '../db/schema';
import { findCurrentDocument } from '../modules/documents/documents.repo';
import { insertShare } from '../modules/patients/patients.repo';
import { setUserRole } from '../modules/users/users.repo';
import { grantOverApi } from '../../test/assessment-api';
import { insertAssessment } from '../../test/assessment-factories';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  type Caller,
  type ExpectedStatus,
  type MatrixContext,
  type MatrixRow,
} from '../../test/authorization-matrix.expected';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../test/factories';
import type { TestClient } from '../../test/test-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { RouteEntry } from './access';
import { SYSTEM_SCOPES } from '../identity/system-clients';
import { craftAccessToken, keyClient, keyRegistration, tokenFor, type KeyClient } from '../../test/fhir-clients';

// The authorisation matrix (DESIGN.md "Security and reliability": "an authorisation test covers every route for anonymous, patient
// link, clinician A, clinician B and admin"). Every route of the server's own route table is called as each
// of eight callers against fresh data; the statuses are compared with test/authorization-matrix.expected.ts
// and leaks are counted from who may see which test (see that file's header for the data and the callers).

// test/factories.ts signs every user in with this password.
const PASSWORD = 'correct horse battery';

type TestName = 'X' | 'Y' | 'Z' | 'W';

/** The tests a caller's session may see (DESIGN.md "Roles and identity"): own tests; every test for an admin in the admin view. */
const SESSION_SEES: Record<Caller, readonly TestName[]> = {
  anonymous: [],
  patientOwn: [],
  patientOther: [],
  clinicianA: ['X', 'Y', 'W'],
  clinicianB: ['Z'],
  adminAdminView: ['X', 'Y', 'Z', 'W'],
  adminClinicianView: [],
  // Y's patient is shared with them: Y and W, its second administration.
  sharedReader: ['Y', 'W'],
};

/** Each caller comes from its own address (TRUST_PROXY and X-Forwarded-For), as on the internet. */
const ADDRESS: Record<Caller, string> = {
  anonymous: '203.0.113.10',
  patientOwn: '203.0.113.11',
  patientOther: '203.0.113.12',
  clinicianA: '203.0.113.13',
  clinicianB: '203.0.113.14',
  adminAdminView: '203.0.113.15',
  adminClinicianView: '203.0.113.16',
  sharedReader: '203.0.113.17',
};

interface SignedInCaller {
  user: SignedInUser;
  client: TestClient;
  viewMode: 'admin' | 'clinician' | null;
}

interface MadeTest {
  id: number;
  code: string;
  patientId: string;
  answers: string;
}

let server: TestServer;
let clinicianA: SignedInUser;
let clinicianB: SignedInUser;
let clinicianC: SignedInUser;
let admin: SignedInUser;
let sessions: Partial<Record<Caller, SignedInCaller>>;
let termsId: number;
/** One machine client per system scope, holding that scope only; and one holding them all. */
let machineClients: KeyClient[];
let allScopesClient: KeyClient;
let consentId: number;

function routeKey(route: Pick<RouteEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

function randomAnswers(): string {
  return Array.from({ length: 220 }, () => String(randomInt(4))).join('');
}

function request(caller: Caller, method: string, path: string, body?: unknown): Promise<Response> {
  const client = sessions[caller]?.client ?? server.client();
  return client.fetch(path, {
    method,
    headers: { 'x-forwarded-for': ADDRESS[caller] },
    ...(body === undefined ? {} : { json: body }),
  });
}

/** Signs a caller in again when a route (logout) ended its session, and puts an admin session back in its view. */
async function keepSignedIn(caller: Caller): Promise<void> {
  const signedIn = sessions[caller];
  if (!signedIn) {
    return;
  }
  let me = await request(caller, 'GET', '/api/me');
  if (me.status === 401) {
    const login = await request(caller, 'POST', '/auth/local/login', {
      username: signedIn.user.username,
      password: PASSWORD,
    });
    expect(login.status, `${caller} signs in again`).toBe(200);
    me = await request(caller, 'GET', '/api/me');
  }
  const current = (await me.json()) as { id: string; viewMode: string };
  expect(current.id, `${caller} is still ${signedIn.user.username}`).toBe(signedIn.user.id);
  if (signedIn.viewMode && current.viewMode !== signedIn.viewMode) {
    const switched = await request(caller, 'PUT', '/api/me/view-mode', { viewMode: signedIn.viewMode });
    expect(switched.status, `${caller} switches to the ${signedIn.viewMode} view`).toBe(200);
  }
}

async function makeTests(unique: string): Promise<Record<TestName, MadeTest>> {
  const make = async (name: TestName, clinicianId: string, finished: boolean, patientOf = name): Promise<MadeTest> => {
    const answers = randomAnswers();
    const made = await insertAssessment(server, {
      clinicianId,
      patientId: `${patientOf}-${unique}`,
      responses: answers,
      consented: true,
      // Open tests are due in 5 days, so that their owner may extend them (extension opens 7 days before the due date).
      createdAt: new Date(server.clock.now().getTime() - (finished ? 0 : 25 * 86_400_000)),
      ...(finished ? { finishedAt: server.clock.now(), scores: scoreResponses(answers) } : {}),
    });
    return { id: made.row.id, code: made.code, patientId: made.row.patientId, answers };
  };
  const made = {
    X: await make('X', clinicianA.id, false),
    Y: await make('Y', clinicianA.id, true),
    Z: await make('Z', clinicianB.id, false),
    // Y's patient again, submitted: a second administration for the patient routes (timeline, comparison).
    W: await make('W', clinicianA.id, true, 'Y'),
  };
  await insertShare(server.database.db, {
    ownerId: clinicianA.id,
    patientId: made.Y.patientId,
    granteeId: clinicianC.id,
    createdBy: clinicianA.id,
    now: server.clock.now(),
  });
  return made;
}

async function snapshotRows(tests: Record<TestName, MadeTest>): Promise<Map<number, string>> {
  const ids = Object.values(tests).map((t) => t.id);
  const rows = await server.database.db.select().from(assessments).where(inArray(assessments.id, ids));
  return new Map(rows.map((row) => [row.id, JSON.stringify(row)]));
}

function matches(expected: ExpectedStatus, status: number): boolean {
  return typeof expected === 'number' ? expected === status : expected.includes(status);
}

function describeExpected(expected: ExpectedStatus): string {
  return typeof expected === 'number' ? String(expected) : expected.join('|');
}

function fillPath(url: string, values: { id: number; code: string }): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    switch (name) {
      case 'id':
        return String(values.id);
      case 'code':
        return values.code;
      case 'item':
        return '1';
      case 'language':
        return 'de';
      case 'area':
        return 'staff';
      case 'file':
        return 'Observation.ndjson';
      case 'token':
        // An opt-out token of the right shape that no server made.
        return `${values.id}.${'A'.repeat(32)}`;
      default:
        throw new Error(`${url}: the authorization matrix does not know the path parameter :${name}; teach fillPath`);
    }
  });
}

interface CallOutcome {
  status: number;
  leaks: string[];
  mismatches: string[];
}

/**
 * The last call's data while it is as made: a read that changed none of its rows hands it to the next read, so that
 * each read does not insert four more tests (which also made the exports of every test slower as the walk went on).
 */
let unchangedByReads: { unique: string; tests: Record<TestName, MadeTest> } | null = null;

/** One route as one caller on fresh data (or a read's unchanged data): the status, the leaks, and where it differs from the table. */
async function callAs(route: RouteEntry, row: MatrixRow, caller: Caller): Promise<CallOutcome> {
  const key = routeKey(route);
  const isRead = route.method === 'GET';
  const unique = isRead && unchangedByReads ? unchangedByReads.unique : randomBytes(6).toString('hex');
  const tests = isRead && unchangedByReads ? unchangedByReads.tests : await makeTests(unique);
  const usesId = route.url.includes(':id');
  const usesCode = route.url.includes(':code');
  const codeTest: TestName = caller === 'patientOther' ? 'Z' : 'X';
  const idTest: TestName = row.target ?? 'X';
  const target = usesId ? idTest : usesCode ? codeTest : null;
  // Who may see what: the session's own tests, plus the one test whose link code the caller sends.
  const visible = new Set<TestName>(SESSION_SEES[caller]);
  if (usesCode) {
    visible.add(codeTest);
  }

  const ctx: MatrixContext = {
    caller,
    unique,
    termsId,
    consentId,
    clinicianBId: clinicianB.id,
    clinicianAId: clinicianA.id,
    target: { id: tests[idTest].id, patientId: tests[idTest].patientId },
    secondAdministrationId: tests.W.id,
  };
  const path = fillPath(route.url, { id: tests[idTest].id, code: tests[codeTest].code }) + (row.query?.(ctx) ?? '');
  const before = await snapshotRows(tests);
  const response = await request(caller, route.method, path, route.method === 'GET' ? undefined : row.body?.(ctx));
  const body = Buffer.from(await response.arrayBuffer()).toString('utf8');
  const after = await snapshotRows(tests);
  const changed = [...before].some(([id, snapshot]) => after.get(id) !== snapshot);
  unchangedByReads = isRead && !changed ? { unique, tests } : null;
  const isSuccess = response.status >= 200 && response.status < 300;

  const leaks: string[] = [];
  const where = `${key} as ${caller}`;
  if (target && !visible.has(target) && isSuccess) {
    leaks.push(`${where}: ${response.status} for test ${target}, which ${caller} may not see`);
  }
  for (const name of ['X', 'Y', 'Z', 'W'] as const) {
    if (visible.has(name)) {
      continue;
    }
    const test = tests[name];
    // Item 1 is the one the answer routes change; the other 219 random answers identify the test.
    const secrets = { 'patient id': test.patientId, 'link code': test.code, answers: test.answers.slice(1) };
    for (const [what, secret] of Object.entries(secrets)) {
      if (body.includes(secret)) {
        leaks.push(`${where}: the response contains test ${name}'s ${what}`);
      }
    }
    if (before.get(test.id) !== after.get(test.id)) {
      leaks.push(`${where}: test ${name}, which ${caller} may not see, was changed`);
    }
  }

  const mismatches: string[] = [];
  const expected = row.expect[caller];
  if (!matches(expected, response.status)) {
    mismatches.push(`${where}: expected ${describeExpected(expected)}, got ${response.status} ${body.slice(0, 160)}`);
  }
  const shown = target ?? idTest;
  if (row.revealsTarget && visible.has(shown) && isSuccess && !body.includes(tests[shown].patientId)) {
    mismatches.push(`${where}: the response should contain test ${shown}'s patient id (positive control)`);
  }
  // Someone else's test answers exactly like a missing one: same status, same body, nothing to tell them apart.
  if (usesId && response.status === 404) {
    const missingPath =
      fillPath(route.url, { id: 999_999_999_999, code: tests[codeTest].code }) + (row.query?.(ctx) ?? '');
    const missing = await request(caller, route.method, missingPath, row.body?.(ctx));
    const missingBody = await missing.text();
    if (missing.status !== 404 || missingBody !== body) {
      mismatches.push(`${where}: 404 body ${body} differs from a missing test's ${missing.status} ${missingBody}`);
    }
  }
  return { status: response.status, leaks, mismatches };
}

beforeAll(async () => {
  machineClients = await Promise.all(SYSTEM_SCOPES.map((scope) => keyClient(`matrix-${scope.split('/')[1]}`)));
  allScopesClient = await keyClient('matrix-all-scopes');
  const registrations = [
    ...machineClients.map((client, i) => keyRegistration(client, [SYSTEM_SCOPES[i]!])),
    keyRegistration(allScopesClient, [...SYSTEM_SCOPES]),
  ];
  server = await startTestServer({ env: { TRUST_PROXY: 'true', FHIR_CLIENTS: JSON.stringify(registrations) } });
  clinicianA = await createSignedInClinician(server, 'clinician-a');
  clinicianB = await createSignedInClinician(server, 'clinician-b');
  clinicianC = await createSignedInClinician(server, 'clinician-c');
  admin = await createSignedInAdmin(server);
  // The same admin in a second session, switched to the clinician view: the view lives in the session.
  const adminInClinicianView = server.client();
  const login = await adminInClinicianView.post('/auth/local/login', { username: admin.username, password: PASSWORD });
  expect(login.status).toBe(200);
  sessions = {
    clinicianA: { user: clinicianA, client: clinicianA.client, viewMode: null },
    clinicianB: { user: clinicianB, client: clinicianB.client, viewMode: null },
    adminAdminView: { user: admin, client: admin.client, viewMode: 'admin' },
    adminClinicianView: { user: admin, client: adminInClinicianView, viewMode: 'clinician' },
    sharedReader: { user: clinicianC, client: clinicianC.client, viewMode: null },
  };
  for (const caller of CALLERS) {
    await keepSignedIn(caller);
  }
  for (const user of [clinicianA, clinicianB, clinicianC, admin]) {
    await grantOverApi(admin, user.id, 1000, 'authorization matrix');
  }
  const terms = await findCurrentDocument(server.database.db, 'terms');
  const consent = await findCurrentDocument(server.database.db, 'consent');
  if (!terms || !consent) {
    throw new Error('the default terms and consent are missing');
  }
  termsId = terms.id;
  consentId = consent.id;
});

afterAll(async () => {
  await server?.close();
});

describe('authorization matrix', () => {
  it('has exactly one expected row for every route in the route table', () => {
    const routes = server.running.app.routeTable.map(routeKey);
    const rows = Object.keys(AUTHORIZATION_MATRIX);
    expect(
      routes.filter((key) => !rows.includes(key)),
      'routes without a row: add one to apps/server/test/authorization-matrix.expected.ts',
    ).toEqual([]);
    expect(
      rows.filter((key) => !routes.includes(key)),
      'rows for routes that do not exist: remove them from apps/server/test/authorization-matrix.expected.ts',
    ).toEqual([]);
    expect(new Set(routes).size, 'each route once').toBe(routes.length);
  });

  it('answers every route as expected for every caller, with no leaks', async () => {
    const routes = server.running.app.routeTable.filter((route) => AUTHORIZATION_MATRIX[routeKey(route)]);
    const leaks: string[] = [];
    const mismatches: string[] = [];
    const actual: string[] = [];
    for (const route of routes) {
      const row = AUTHORIZATION_MATRIX[routeKey(route)]!;
      const statuses: number[] = [];
      for (const caller of CALLERS) {
        const outcome = await callAs(route, row, caller);
        statuses.push(outcome.status);
        leaks.push(...outcome.leaks);
        mismatches.push(...outcome.mismatches);
        // A call may end the caller's own session (logout): signed in again, in its view, for the next route.
        await keepSignedIn(caller);
      }
      actual.push(`${routeKey(route).padEnd(40)} ${statuses.join(' ')}`);
    }
    const calls = routes.length * CALLERS.length;
    console.log(
      `authorization matrix: ${routes.length} routes × ${CALLERS.length} callers = ${calls} calls, ${leaks.length} leaks`,
    );
    if (mismatches.length > 0 || leaks.length > 0) {
      console.log(`actual statuses (${CALLERS.join(' ')}):\n${actual.join('\n')}`);
    }
    expect(leaks, 'leaks').toEqual([]);
    expect(mismatches, 'differences from apps/server/test/authorization-matrix.expected.ts').toEqual([]);
  }, 300_000);
});

// The callers above hold sessions, never a machine client's token; the system routes (the FHIR read API) are walked
// here with tokens: the one with the route's scope reads, every other token or none is refused, as an OperationOutcome.
describe('machine clients on every system route', () => {
  it('an authorised client 200; lacking the scope 403; no, expired, forged or wrong-audience token 401', async () => {
    // The Bulk Data export's routes answer 202s and files, not a patient's resources: fhir-bulk-export.int.test.ts
    // walks them with tokens (its own, another client's, none).
    const routes = server.running.app.routeTable.filter(
      (route) => route.access === 'system' && !route.url.includes('$export'),
    );
    expect(routes.length).toBeGreaterThan(0);
    const tests = await makeTests(randomBytes(6).toString('hex'));
    const allScopes = SYSTEM_SCOPES.join(' ');
    const outcomes: string[] = [];
    for (const route of routes) {
      // A search by GET (the patient in the query) or POST (in a form body), or a read of one of Y's resources.
      const patient = `patient:identifier=${encodeURIComponent(tests.Y.patientId)}`;
      const resourceId = route.url.startsWith('/fhir/R4/Observation')
        ? `pid5-${tests.Y.id}-VERDICT`
        : `pid5-${tests.Y.id}`;
      const path = route.url.endsWith('/:id')
        ? route.url.replace(':id', resourceId)
        : route.method === 'POST'
          ? route.url
          : `${route.url}?${patient}`;
      const call = async (token: string | null) => {
        const response = await fetch(`${server.url}${path}`, {
          method: route.method,
          headers: {
            ...(token === null ? {} : { authorization: `Bearer ${token}` }),
            ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(route.method === 'POST' ? { body: patient } : {}),
        });
        return { status: response.status, body: await response.text() };
      };
      const scoped = machineClients[SYSTEM_SCOPES.indexOf(route.scope!)]!;
      const lacking = machineClients.find((client) => client !== scoped)!;
      const allowed = await call(await tokenFor(server, scoped, route.scope!));
      expect(allowed.status, `${route.url} with its scope`).toBe(200);
      expect(allowed.body, `${route.url}: Y's resources (positive control)`).toContain(tests.Y.patientId);
      expect((await call(await tokenFor(server, allScopesClient, allScopes))).status).toBe(200);
      const refusals: [string, string | null, number][] = [
        [
          'lacking the scope',
          await tokenFor(
            server,
            lacking,
            SYSTEM_SCOPES.find((s) => s !== route.scope)!,
          ),
          403,
        ],
        ['no token', null, 401],
        [
          'expired',
          await craftAccessToken(server, { sub: scoped.clientId, scope: route.scope!, expiresInSeconds: -1 }),
          401,
        ],
        [
          'forged',
          await craftAccessToken(server, {
            sub: scoped.clientId,
            scope: route.scope!,
            secret: 'not-the-app-secret-0123456789abcdefghijkl',
          }),
          401,
        ],
        [
          'wrong audience',
          await craftAccessToken(server, {
            sub: scoped.clientId,
            scope: route.scope!,
            aud: 'https://other.example/R4',
          }),
          401,
        ],
      ];
      for (const [what, token, status] of refusals) {
        const refused = await call(token);
        outcomes.push(`${route.url} ${what}: ${refused.status}`);
        expect(refused.status, `${route.url} ${what}`).toBe(status);
        expect(JSON.parse(refused.body), `${route.url} ${what}`).toMatchObject({ resourceType: 'OperationOutcome' });
        for (const test of Object.values(tests)) {
          expect(refused.body, `${route.url} ${what}`).not.toContain(test.patientId);
        }
      }
    }
    console.log(`system routes: ${routes.length} routes × 6 tokens; ${outcomes.length} refusals`);
  });
});

describe('role changes take effect on the next request, in sessions already open', () => {
  it('a demoted admin loses every test but their own and the admin routes; a disabled user is signed out', async () => {
    const former = await createSignedInAdmin(server);
    const { row } = await insertAssessment(server, { clinicianId: clinicianA.id, consented: true });
    expect((await former.client.get(`/api/assessments/${row.id}`)).status).toBe(200);

    await setUserRole(server.database.db, { emailOrUsername: former.username, role: 'user' });
    expect((await former.client.get(`/api/assessments/${row.id}`)).status).toBe(404);
    expect((await former.client.get('/api/admin/users')).status).toBe(403);
    expect(await (await former.client.get('/api/me')).json()).toMatchObject({ role: 'user', viewMode: 'clinician' });

    await server.database.db.update(users).set({ disabledAt: server.clock.now() }).where(eq(users.id, former.id));
    expect((await former.client.get('/api/me')).status).toBe(401);
  });
});
