import { and, eq, like } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults } from '@pid5/contract';
import { getFormItemCount, scoreResponses } from '@pid5/instrument';
import { auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import {
  assertionForm,
  craftAccessToken,
  fhirGet,
  keyClient,
  keyRegistration,
  requestToken,
  secretRegistration,
  signAssertion,
  tokenFor,
  type KeyClient,
} from '../../../test/fhir-clients';
import { expectedScales, expectedValidity, readBackScales, readBackValidity } from '../../../test/fhir-read-back';
import { fhirContentProblems } from '../../../test/fhir-content-checks';
import { fhirErrors } from '../../../test/fhir-validation';
import { startTestServer, type TestServer } from '../../../test/test-server';
import type { BundleEntry } from './fhir-types';

// The FHIR read API for machine clients over real HTTP on the real database (DESIGN.md "FHIR"): the token endpoint
// (SMART Backend Services: signed assertions and Basic secrets), the searches, their paging and refusals, the
// CapabilityStatement. Every Bundle and resource is checked with medplum's R4 validator, and the resources found equal
// those of the per-test Bundle the staff download.

const PATIENT_SYSTEM = 'https://hospital.example.org/patient-ids';
const ALL_SCOPES = 'system/Observation.read system/QuestionnaireResponse.read';
const SECRET = 'a-generated-client-secret-0123456789abcdefghij';

let server: TestServer;
let owner: SignedInUser;
let ehr: KeyClient;
let ecEhr: KeyClient;
let answersOnly: KeyClient;

beforeAll(async () => {
  ehr = await keyClient('ehr-main');
  ecEhr = await keyClient('ehr-ec', 'ES384');
  answersOnly = await keyClient('answers-only');
  const clients = [
    keyRegistration(ehr, ['system/Observation.read', 'system/QuestionnaireResponse.read']),
    keyRegistration(ecEhr, ['system/Observation.read']),
    keyRegistration(answersOnly, ['system/QuestionnaireResponse.read']),
    secretRegistration('lab-basic', SECRET, ['system/Observation.read']),
  ];
  server = await startTestServer({
    env: { FHIR_PATIENT_ID_SYSTEM: PATIENT_SYSTEM, FHIR_CLIENTS: JSON.stringify(clients) },
  });
  owner = await createSignedInClinician(server, 'read-api-owner');
});
afterAll(async () => {
  await server?.close();
});

type AnyBundle = {
  resourceType: string;
  type: string;
  total?: number;
  link?: { relation: string; url: string }[];
  entry?: (BundleEntry & { search?: { mode: string } })[];
};

async function submitted(patientId: string, form: 'FULL' | 'SF' | 'BF', seed: number, clinicianId = owner.id) {
  const responses = Array.from({ length: getFormItemCount(form) }, (_, i) => String((i * 3 + seed) % 4)).join('');
  const { row } = await insertAssessment(server, {
    clinicianId,
    patientId,
    form,
    responses,
    consented: true,
    finishedAt: server.clock.now(),
    scores: scoreResponses(responses, { form }),
  });
  return row;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Every page of a search, following the next links as a client would. */
async function allPages(path: string, token: string): Promise<AnyBundle[]> {
  const pages: AnyBundle[] = [];
  let url: string | undefined = `${server.config.publicUrl}${path}`;
  while (url) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const page = await json<AnyBundle>(response);
    expect(fhirErrors(page), url).toEqual([]);
    pages.push(page);
    url = page.link?.find((l) => l.relation === 'next')?.url;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

async function testBundleEntries(id: number, user = owner): Promise<BundleEntry[]> {
  const response = await user.client.get(`/api/assessments/${id}/fhir`);
  expect(response.status).toBe(200);
  return (await json<AnyBundle>(response)).entry!;
}

describe('what the server says it supports', () => {
  it('metadata: a valid CapabilityStatement listing exactly the served interactions and the token endpoint', async () => {
    const response = await fhirGet(server, '/fhir/R4/metadata');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const statement = await json<{
      resourceType: string;
      rest: {
        security: { extension: { url: string; extension: { url: string; valueUri: string }[] }[] };
        resource: { type: string; interaction: { code: string }[]; searchParam?: { name: string }[] }[];
      }[];
    }>(response);
    expect(fhirErrors(statement)).toEqual([]);
    const rest = statement.rest[0]!;
    expect(
      rest.resource.map((r) => [r.type, r.interaction.map((i) => i.code), (r.searchParam ?? []).map((p) => p.name)]),
    ).toEqual([
      ['Observation', ['read', 'search-type'], ['patient', 'subject', 'code']],
      ['QuestionnaireResponse', ['read', 'search-type'], ['patient', 'subject']],
      ['Questionnaire', ['read'], []],
      ['CodeSystem', ['read'], []],
    ]);
    const tokenUrl = rest.security.extension[0]!.extension.find((e) => e.url === 'token')!.valueUri;
    expect(tokenUrl).toBe(`${server.config.publicUrl}/auth/token`);

    const smart = await json<Record<string, unknown>>(
      await fhirGet(server, '/fhir/R4/.well-known/smart-configuration'),
    );
    expect(smart).toMatchObject({
      token_endpoint: tokenUrl,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_basic'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      scopes_supported: [
        'system/Observation.read',
        'system/QuestionnaireResponse.read',
        'system/Observation.rs',
        'system/QuestionnaireResponse.rs',
      ],
    });
  });
});

describe('POST /auth/token (client credentials)', () => {
  it('issues a 5-minute bearer token for a signed assertion (RS384 and ES384), granting the allowed scopes asked for', async () => {
    const response = await requestToken(server, assertionForm(await signAssertion(server, ehr), ALL_SCOPES));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = await json<Record<string, unknown>>(response);
    expect(token).toMatchObject({ token_type: 'bearer', expires_in: 300, scope: ALL_SCOPES });

    const ec = await requestToken(server, assertionForm(await signAssertion(server, ecEhr), ALL_SCOPES));
    expect(ec.status).toBe(200);
    // Asked for more than allowed: granted only what the registration allows (RFC 6749 §3.3), and says so.
    expect(await json(ec)).toMatchObject({ scope: 'system/Observation.read' });
  });

  it('issues a token to a client_secret_basic client with its secret', async () => {
    const basic = `Basic ${Buffer.from(`lab-basic:${SECRET}`).toString('base64')}`;
    const response = await requestToken(
      server,
      { grant_type: 'client_credentials', scope: 'system/Observation.read' },
      { authorization: basic },
    );
    expect(response.status).toBe(200);
    const { access_token } = await json<{ access_token: string }>(response);
    const patient = await submitted('BASIC-1', 'BF', 1);
    const search = await fhirGet(server, `/fhir/R4/Observation?patient:identifier=${patient.patientId}`, access_token);
    expect(search.status).toBe(200);
  });

  it('refuses, in RFC 6749 JSON, every assertion or request that is not right', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('RS384');
    const cases: [string, () => Promise<Response>, number, string][] = [
      [
        'a reused assertion (jti)',
        async () => {
          const assertion = await signAssertion(server, ehr, { jti: 'once-only' });
          expect((await requestToken(server, assertionForm(assertion, ALL_SCOPES))).status).toBe(200);
          return requestToken(server, assertionForm(assertion, ALL_SCOPES));
        },
        401,
        'invalid_client',
      ],
      [
        'another audience',
        async () =>
          requestToken(
            server,
            assertionForm(await signAssertion(server, ehr, { aud: 'https://elsewhere.example/token' }), ALL_SCOPES),
          ),
        401,
        'invalid_client',
      ],
      [
        'an assertion living longer than 5 minutes',
        async () =>
          requestToken(server, assertionForm(await signAssertion(server, ehr, { expiresInSeconds: 900 }), ALL_SCOPES)),
        401,
        'invalid_client',
      ],
      [
        'an expired assertion',
        async () =>
          requestToken(server, assertionForm(await signAssertion(server, ehr, { expiresInSeconds: -120 }), ALL_SCOPES)),
        401,
        'invalid_client',
      ],
      [
        'a signature by another key (forged)',
        async () =>
          requestToken(server, assertionForm(await signAssertion(server, ehr, { key: strangerKey }), ALL_SCOPES)),
        401,
        'invalid_client',
      ],
      [
        'an unregistered client',
        async () =>
          requestToken(server, assertionForm(await signAssertion(server, ehr, { iss: 'nobody' }), ALL_SCOPES)),
        401,
        'invalid_client',
      ],
      [
        'a wrong secret',
        () =>
          requestToken(
            server,
            { grant_type: 'client_credentials', scope: 'system/Observation.read' },
            { authorization: `Basic ${Buffer.from('lab-basic:guess').toString('base64')}` },
          ),
        401,
        'invalid_client',
      ],
      [
        'no client authentication',
        () => requestToken(server, { grant_type: 'client_credentials', scope: ALL_SCOPES }),
        401,
        'invalid_client',
      ],
      [
        'another grant type',
        async () =>
          requestToken(server, {
            ...assertionForm(await signAssertion(server, ehr), ALL_SCOPES),
            grant_type: 'password',
          }),
        400,
        'unsupported_grant_type',
      ],
      [
        'no scope',
        async () => requestToken(server, assertionForm(await signAssertion(server, ehr), '')),
        400,
        'invalid_scope',
      ],
      [
        'only scopes the client may not have',
        async () =>
          requestToken(server, assertionForm(await signAssertion(server, answersOnly), 'system/Observation.read')),
        400,
        'invalid_scope',
      ],
      [
        'a JSON body',
        () =>
          fetch(`${server.config.publicUrl}/auth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ grant_type: 'client_credentials' }),
          }),
        400,
        'invalid_request',
      ],
      [
        'a field given twice',
        () =>
          fetch(`${server.config.publicUrl}/auth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'grant_type=client_credentials&grant_type=client_credentials',
          }),
        400,
        'invalid_request',
      ],
      ['no grant_type', () => requestToken(server, { scope: ALL_SCOPES }), 400, 'invalid_request'],
    ];
    for (const [what, send, status, error] of cases) {
      const response = await send();
      const body = await json<{ error: string; error_description: string }>(response);
      expect(response.status, what).toBe(status);
      expect(body.error, what).toBe(error);
      expect(body.error_description.length, what).toBeGreaterThan(10);
      expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
    }
  });
});

describe('the searches', () => {
  it("QuestionnaireResponse?patient:identifier=: the patient's answers, each equal to its per-test Bundle's, across clinicians", async () => {
    const other = await createSignedInClinician(server, 'read-api-other');
    const first = await submitted('PAT-API-1', 'FULL', 1);
    const second = await submitted('PAT-API-1', 'SF', 2, other.id);
    await insertAssessment(server, { clinicianId: owner.id, patientId: 'PAT-API-1', consented: true });
    await submitted('PAT-API-10', 'BF', 3);
    const token = await tokenFor(server, ehr, ALL_SCOPES);

    for (const patient of ['PAT-API-1', `${PATIENT_SYSTEM}|PAT-API-1`]) {
      const [page] = await allPages(
        `/fhir/R4/QuestionnaireResponse?patient:identifier=${encodeURIComponent(patient)}`,
        token,
      );
      expect(page!.type).toBe('searchset');
      expect(page!.total).toBe(2);
      const expected = [...(await testBundleEntries(first.id)), ...(await testBundleEntries(second.id, other))].filter(
        (e) => e.resource.resourceType === 'QuestionnaireResponse',
      );
      expect(page!.entry!.map(({ fullUrl, resource }) => ({ fullUrl, resource }))).toEqual(expected);
      expect(page!.entry!.every((e) => e.search?.mode === 'match')).toBe(true);
      for (const entry of page!.entry!) {
        expect(fhirErrors(entry.resource)).toEqual([]);
      }
    }
    // Another identifier system, or none, names another patient: nothing found.
    for (const patient of ['urn:other:system|PAT-API-1', '|PAT-API-1', 'pat-api-1']) {
      const [page] = await allPages(
        `/fhir/R4/QuestionnaireResponse?patient:identifier=${encodeURIComponent(patient)}`,
        token,
      );
      expect(page!.total, patient).toBe(0);
      expect(page!.entry ?? [], patient).toEqual([]);
    }
  });

  it('Observation?patient:identifier=: paged by _count through next links, every resource once, equal to the per-test Bundles; scores equal the results API', async () => {
    const first = await submitted('PAT-API-2', 'FULL', 4);
    const second = await submitted('PAT-API-2', 'BF', 5);
    const token = await tokenFor(server, ecEhr, 'system/Observation.read');
    const pages = await allPages('/fhir/R4/Observation?patient:identifier=PAT-API-2&_count=7', token);
    const expected = [...(await testBundleEntries(first.id)), ...(await testBundleEntries(second.id))].filter(
      (e) => e.resource.resourceType === 'Observation',
    );
    expect(pages.length).toBe(Math.ceil(expected.length / 7));
    expect(pages.every((p) => p.total === expected.length)).toBe(true);
    const found = pages.flatMap((p) => p.entry!.map(({ fullUrl, resource }) => ({ fullUrl, resource })));
    expect(found).toEqual(expected);
    expect(pages[0]!.link).toContainEqual({
      relation: 'self',
      url: `${server.config.publicUrl}/fhir/R4/Observation?patient%3Aidentifier=PAT-API-2&_count=7`,
    });

    // Read back by code, as an EHR would: the full form's scores and validity equal the results API's.
    const ofFirst = { entry: found.filter((e) => JSON.stringify(e.resource).includes(`"value":"${first.id}/`)) };
    const results = await json<TAssessmentResults>(await owner.client.get(`/api/assessments/${first.id}/results`));
    expect(readBackScales(ofFirst)).toEqual(expectedScales(results));
    expect(readBackValidity(ofFirst)).toEqual(expectedValidity(results));
  });

  it('Observation?code=: by system|code, by code, or any of several', async () => {
    const row = await submitted('PAT-API-3', 'FULL', 6);
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const scales = `${server.config.fhir.canonicalBase}/CodeSystem/pid5-scales`;
    const codesOf = async (code: string) => {
      const [page] = await allPages(
        `/fhir/R4/Observation?patient:identifier=PAT-API-3&code=${encodeURIComponent(code)}`,
        token,
      );
      return page!.entry!.map((e) => (e.resource as { code: { coding: { code: string }[] } }).code.coding[0]!.code);
    };
    expect(await codesOf(`${scales}|Anh`)).toEqual(['Anh']);
    expect(await codesOf('NegAf')).toEqual(['NegAf']);
    expect((await codesOf('VERDICT,Anh')).sort()).toEqual(['Anh', 'VERDICT']);
    expect(await codesOf('urn:other|Anh')).toEqual([]);
    void row;
  });

  it('audits each search with the client as the actor, one row per test sent, without the patient identifier', async () => {
    const row = await submitted('PAT-API-AUDIT', 'BF', 7);
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    expect(
      (await fhirGet(server, '/fhir/R4/QuestionnaireResponse?patient:identifier=PAT-API-AUDIT', token)).status,
    ).toBe(200);
    expect((await fhirGet(server, '/fhir/R4/Observation?patient:identifier=PAT-API-NONE', token)).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'fhir-client:ehr-main'), like(auditEvents.action, 'fhir.%')))
      .orderBy(auditEvents.id);
    const lastTwo = rows.slice(-2);
    expect(lastTwo.map((r) => [r.action, r.assessmentId, r.details])).toEqual([
      ['fhir.search', row.id, { resourceType: 'QuestionnaireResponse', byCode: false, total: 1 }],
      ['fhir.search', null, { resourceType: 'Observation', byCode: false, total: 0 }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('PAT-API');
  });
});

/** Every `reference` in a resource (derivedFrom, hasMember, Provenance.target, ...). */
function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap(referencesIn);
  }
  if (value !== null && typeof value === 'object') {
    const own =
      typeof (value as { reference?: unknown }).reference === 'string'
        ? [(value as { reference: string }).reference]
        : [];
    return [...own, ...Object.values(value).flatMap(referencesIn)];
  }
  return [];
}

describe('search as the spec writes it: identifiers, signed cursors, v2 scopes, POST, Accept', () => {
  it('subject:identifier finds what patient:identifier finds; a next link works, an altered or borrowed cursor is 400', async () => {
    await submitted('PAT-API-CUR', 'FULL', 9);
    await submitted('PAT-API-CUR2', 'BF', 9);
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const byPatient = await allPages('/fhir/R4/Observation?patient:identifier=PAT-API-CUR&_count=10', token);
    const bySubject = await allPages(
      `/fhir/R4/Observation?subject:identifier=${encodeURIComponent(`${PATIENT_SYSTEM}|PAT-API-CUR`)}&_count=10`,
      token,
    );
    const urls = (pages: AnyBundle[]) => pages.flatMap((p) => p.entry!.map((e) => e.fullUrl));
    expect(urls(bySubject)).toEqual(urls(byPatient));
    expect(byPatient.length).toBeGreaterThan(2);

    const next = new URL(byPatient[0]!.link!.find((l) => l.relation === 'next')!.url);
    const cursor = next.searchParams.get('_cursor')!;
    expect(cursor).toMatch(/^\d+\.\d+\.[A-Za-z0-9_-]{22}$/);
    const [testId, place, mac] = cursor.split('.');
    const attempts = {
      'another place': `${testId}.${Number(place) + 1}.${mac}`,
      'another test': `${Number(testId) + 1}.${place}.${mac}`,
      'another signature': `${testId}.${place}.${mac!.slice(0, 21)}${mac!.endsWith('A') ? 'B' : 'A'}`,
    };
    for (const [what, altered] of Object.entries(attempts)) {
      const response = await fhirGet(
        server,
        `/fhir/R4/Observation?patient:identifier=PAT-API-CUR&_count=10&_cursor=${altered}`,
        token,
      );
      expect(response.status, what).toBe(400);
      expect((await json<{ issue: { diagnostics: string }[] }>(response)).issue[0]!.diagnostics).toMatch(/_cursor/);
    }
    // A cursor is bound to its search: another patient's search, or another code filter, refuses it.
    for (const query of ['patient:identifier=PAT-API-CUR2', 'patient:identifier=PAT-API-CUR&code=Anh']) {
      const response = await fhirGet(server, `/fhir/R4/Observation?${query}&_count=10&_cursor=${cursor}`, token);
      expect(response.status, query).toBe(400);
    }
  });

  it('grants SMART v2 scopes (system/Observation.rs) beside v1, answering with the names asked', async () => {
    const answer = await requestToken(server, assertionForm(await signAssertion(server, ehr), 'system/Observation.rs'));
    expect(answer.status).toBe(200);
    const token = await json<{ access_token: string; scope: string }>(answer);
    expect(token.scope).toBe('system/Observation.rs');
    expect(
      (await fhirGet(server, '/fhir/R4/Observation?patient:identifier=PAT-API-CUR', token.access_token)).status,
    ).toBe(200);
    expect(
      (await fhirGet(server, '/fhir/R4/QuestionnaireResponse?patient:identifier=PAT-API-CUR', token.access_token))
        .status,
    ).toBe(403);
    // More than read and search is not offered; less neither (reads and searches go together).
    for (const scope of ['system/Observation.cruds', 'system/Observation.r']) {
      const refused = await requestToken(server, assertionForm(await signAssertion(server, ehr), scope));
      expect(refused.status, scope).toBe(400);
    }
  });

  it('POST _search with a form body answers as GET; JSON or a query string is 415 saying what to send', async () => {
    await submitted('PAT-API-POST', 'SF', 3);
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const post = (body: string, type = 'application/x-www-form-urlencoded', query = '') =>
      fetch(`${server.config.publicUrl}/fhir/R4/Observation/_search${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        body,
      });
    const [viaGet] = await allPages('/fhir/R4/Observation?patient:identifier=PAT-API-POST&code=Anh,NegAf', token);
    const response = await post('patient%3Aidentifier=PAT-API-POST&code=Anh,NegAf');
    expect(response.status).toBe(200);
    const viaPost = await json<AnyBundle>(response);
    expect(fhirErrors(viaPost)).toEqual([]);
    expect(viaPost.entry).toEqual(viaGet!.entry);
    for (const refused of [
      await post(JSON.stringify({ 'patient:identifier': 'PAT-API-POST' }), 'application/json'),
      await post('patient%3Aidentifier=PAT-API-POST', 'application/x-www-form-urlencoded', '?_count=5'),
    ]) {
      expect(refused.status).toBe(415);
      const outcome = await json<{ resourceType: string; issue: { diagnostics: string }[] }>(refused);
      expect(outcome.issue[0]!.diagnostics).toMatch(/x-www-form-urlencoded/);
    }
    const twice = await post('patient%3Aidentifier=A&patient%3Aidentifier=B');
    expect(twice.status).toBe(400);
  });

  it('406 for an Accept it cannot answer (XML), JSON and wildcards welcome', async () => {
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const get = (path: string, accept: string) =>
      fetch(`${server.config.publicUrl}${path}`, { headers: { authorization: `Bearer ${token}`, accept } });
    for (const path of [
      '/fhir/R4/Observation?patient:identifier=PAT-API-POST',
      '/fhir/R4/metadata',
      '/fhir/R4/CodeSystem/pid5-scales',
    ]) {
      for (const accept of [
        'application/fhir+xml',
        'application/xml, text/turtle',
        'application/fhir+json;q=0, application/xml',
      ]) {
        const response = await get(path, accept);
        expect(response.status, `${path} ${accept}`).toBe(406);
        expect((await json<{ resourceType: string }>(response)).resourceType).toBe('OperationOutcome');
      }
      for (const accept of [
        'application/fhir+json',
        'application/json',
        '*/*',
        'application/fhir+xml;q=0.9, application/fhir+json',
      ]) {
        expect((await get(path, accept)).status, `${path} ${accept}`).toBe(200);
      }
      // _format overrides Accept (the R4 RESTful API, "Content Types and encodings"): XML or Turtle there is a 406 too, JSON is welcome.
      const join = path.includes('?') ? '&' : '?';
      for (const format of ['xml', 'application/fhir%2Bxml', 'ttl', 'html']) {
        const response = await get(`${path}${join}_format=${format}`, 'application/fhir+json');
        expect(response.status, `${path} _format=${format}`).toBe(406);
        const outcome = await json<{ resourceType: string; issue: { code: string; diagnostics: string }[] }>(response);
        expect(outcome.issue[0]).toMatchObject({ code: 'not-supported' });
        expect(outcome.issue[0]!.diagnostics).toMatch(/_format/);
      }
      for (const format of ['json', 'application/fhir%2Bjson']) {
        expect((await get(`${path}${join}_format=${format}`, '*/*')).status, `${path} _format=${format}`).toBe(200);
      }
    }
  });
});

describe('read by id: every reference of a search page resolves by GET', () => {
  it('each entry is at its fullUrl and each reference (relative) reads the resource it names, under the same scope and audit', async () => {
    const base = server.config.fhir.canonicalBase;
    expect(base).toBe(`${server.config.publicUrl}/fhir/R4`);
    await submitted('PAT-API-REF', 'FULL', 8);
    // One answer throughout: not interpretable, so every scale also references the verdict.
    const { row } = await insertAssessment(server, {
      clinicianId: owner.id,
      patientId: 'PAT-API-REF',
      form: 'BF',
      responses: '3'.repeat(getFormItemCount('BF')),
      consented: true,
      finishedAt: server.clock.now(),
      scores: scoreResponses('3'.repeat(getFormItemCount('BF')), { form: 'BF' }),
    });
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const read = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
      return json<{ resourceType: string; id: string }>(response);
    };
    const pages = [
      ...(await allPages('/fhir/R4/Observation?patient:identifier=PAT-API-REF&_count=40', token)),
      ...(await allPages('/fhir/R4/QuestionnaireResponse?patient:identifier=PAT-API-REF', token)),
    ];
    const entries = pages.flatMap((p) => p.entry!);
    expect(entries.length).toBeGreaterThan(40);
    const references = new Set<string>();
    for (const entry of entries) {
      const { resourceType, id } = entry.resource as { resourceType: string; id: string };
      expect(entry.fullUrl).toBe(`${base}/${resourceType}/${id}`);
      expect(await read(entry.fullUrl)).toEqual(entry.resource);
      referencesIn(entry.resource).forEach((ref) => references.add(ref));
    }
    expect(
      fhirContentProblems(
        entries.map((e) => e.resource),
        { settings: server.config.fhir, resolves: () => true },
      ),
    ).toEqual([]);
    expect([...references].some((ref) => ref.startsWith('QuestionnaireResponse/'))).toBe(true);
    expect([...references].some((ref) => /^Observation\/pid5-\d+-VERDICT$/.test(ref))).toBe(true);
    for (const reference of references) {
      expect(reference, 'relative').toMatch(/^(Observation|QuestionnaireResponse)\/[A-Za-z0-9.-]+$/);
      const resource = await read(`${base}/${reference}`);
      expect(`${resource.resourceType}/${resource.id}`).toBe(reference);
      expect(fhirErrors(resource)).toEqual([]);
    }

    // The same scope as the search: a token for Observations only cannot read the answers.
    const observationsOnly = await tokenFor(server, ecEhr, 'system/Observation.read');
    const answers = `/fhir/R4/QuestionnaireResponse/pid5-${row.id}`;
    expect((await fhirGet(server, answers, observationsOnly)).status).toBe(403);
    expect((await fhirGet(server, answers)).status).toBe(401);
    expect((await fhirGet(server, `/fhir/R4/Observation/pid5-${row.id}-Total`, observationsOnly)).status).toBe(200);
    // Unknown, of an unfinished test, another type's id, or malformed: 404 or 400, as OperationOutcomes.
    const unfinished = await insertAssessment(server, {
      clinicianId: owner.id,
      patientId: 'PAT-API-REF',
      consented: true,
    });
    for (const path of [
      '/fhir/R4/Observation/pid5-99999999-Total',
      `/fhir/R4/Observation/pid5-${unfinished.row.id}-Total`,
      `/fhir/R4/Observation/pid5-${row.id}`,
      `/fhir/R4/Observation/pid5-${row.id}-NoSuchKey`,
      '/fhir/R4/Observation/12',
    ]) {
      const response = await fhirGet(server, path, token);
      expect(response.status, path).toBe(404);
      expect((await json<{ resourceType: string }>(response)).resourceType).toBe('OperationOutcome');
    }
    expect((await fhirGet(server, '/fhir/R4/Observation/not%20an%20id', token)).status).toBe(400);

    // Audited as a search is: the client, the test, no patient identifier.
    const audits = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, 'fhir-client:ehr-main'), eq(auditEvents.assessmentId, row.id)))
      .orderBy(auditEvents.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'fhir.search',
      details: { interaction: 'read', resourceType: 'Observation', found: true },
    });
    expect(JSON.stringify(audits)).not.toContain('PAT-API');
  });
});

describe('who may search: only a verified token with the scope; refusals are OperationOutcomes', () => {
  async function expectRefused(response: Response, status: number, what: string) {
    expect(response.status, what).toBe(status);
    expect(response.headers.get('content-type'), what).toMatch(/^application\/fhir\+json/);
    const outcome = await json<{ resourceType: string; issue: { diagnostics: string }[] }>(response);
    expect(outcome.resourceType, what).toBe('OperationOutcome');
    expect(fhirErrors(outcome), what).toEqual([]);
    expect(response.headers.get('www-authenticate'), what).toMatch(/^Bearer realm="fhir"/);
    return outcome.issue[0]!.diagnostics;
  }

  it('gives an authorised client 200 and refuses no token, expired, forged, wrong-audience and foreign tokens (401) and a missing scope (403)', async () => {
    await submitted('PAT-API-4', 'BF', 8);
    const path = '/fhir/R4/Observation?patient:identifier=PAT-API-4';
    expect((await fhirGet(server, path, await tokenFor(server, ehr, ALL_SCOPES))).status).toBe(200);
    // The server's own kind of token, made for the test: accepted, so the refusals below are for their one difference.
    expect(
      (await fhirGet(server, path, await craftAccessToken(server, { sub: 'ehr-main', scope: ALL_SCOPES }))).status,
    ).toBe(200);

    expect(await expectRefused(await fhirGet(server, path), 401, 'no token')).toMatch(/access token/);
    const expired = await craftAccessToken(server, { sub: 'ehr-main', scope: ALL_SCOPES, expiresInSeconds: -60 });
    await expectRefused(await fhirGet(server, path, expired), 401, 'expired');
    const forged = await craftAccessToken(server, {
      sub: 'ehr-main',
      scope: ALL_SCOPES,
      secret: 'another-secret-0123456789abcdefghijkl',
    });
    await expectRefused(await fhirGet(server, path, forged), 401, 'forged');
    const elsewhere = await craftAccessToken(server, {
      sub: 'ehr-main',
      scope: ALL_SCOPES,
      aud: 'https://other.example/fhir',
    });
    await expectRefused(await fhirGet(server, path, elsewhere), 401, 'wrong audience');
    const unregistered = await craftAccessToken(server, { sub: 'removed-client', scope: ALL_SCOPES });
    await expectRefused(await fhirGet(server, path, unregistered), 401, 'a client no longer registered');
    await expectRefused(await fhirGet(server, path, 'not.a.token'), 401, 'garbage');
    // A token that expires while in use: valid now, refused after its 5 minutes.
    const shortLived = await tokenFor(server, ehr, ALL_SCOPES);
    server.clock.advance(301_000);
    await expectRefused(await fhirGet(server, path, shortLived), 401, 'expired by the clock');

    const answersToken = await tokenFor(server, answersOnly, 'system/QuestionnaireResponse.read');
    expect(await expectRefused(await fhirGet(server, path, answersToken), 403, 'lacking the scope')).toMatch(
      /system\/Observation\.read/,
    );
    expect(
      (await fhirGet(server, '/fhir/R4/QuestionnaireResponse?patient:identifier=PAT-API-4', answersToken)).status,
    ).toBe(200);
    // A token granted a scope the registration no longer holds would be refused too (the registration is checked at
    // every request): here a token claiming Observation.read for the answers-only client.
    const claimed = await craftAccessToken(server, { sub: 'answers-only', scope: ALL_SCOPES });
    await expectRefused(await fhirGet(server, path, claimed), 403, 'a scope beyond the registration');
  });

  it('keeps sessions and tokens apart: a staff session does not reach the system API, a token no staff route', async () => {
    // The owner's own client sends the session cookie: the patient's owner, and still refused here.
    expect((await owner.client.get('/api/me')).status).toBe(200);
    await expectRefused(
      await owner.client.get('/fhir/R4/Observation?patient:identifier=PAT-API-4'),
      401,
      'a staff session',
    );
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    for (const path of ['/api/me', '/api/assessments', '/api/assessments/export.fhir.ndjson']) {
      const response = await fetch(`${server.config.publicUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, path).toBe(401);
    }
  });
});

describe('bad input: a 400 OperationOutcome that says what to change, never a 500', () => {
  it.each([
    ['an unknown parameter', '/fhir/R4/Observation?patient:identifier=P1&date=2026', /unknown search parameter date/],
    [
      'a patient reference (no Patient resources are served)',
      '/fhir/R4/Observation?patient=Patient/P1',
      /serves no Patient resources.*patient:identifier=system\|value/,
    ],
    ['a subject reference', '/fhir/R4/Observation?subject=P1', /serves no Patient resources/],
    ['no patient at all', '/fhir/R4/QuestionnaireResponse?_count=5', /patient:identifier is required/],
    [
      'both patient:identifier and subject:identifier',
      '/fhir/R4/Observation?patient:identifier=P1&subject:identifier=P1',
      /give the patient once/,
    ],
    [
      'a code on QuestionnaireResponse',
      '/fhir/R4/QuestionnaireResponse?patient:identifier=P1&code=Anh',
      /unknown search parameter code/,
    ],
    ['no patient', '/fhir/R4/Observation', /patient/],
    ['an empty identifier', '/fhir/R4/Observation?patient:identifier=urn:x%7C', /identifier value is empty/],
    ['the patient twice', '/fhir/R4/Observation?patient:identifier=P1&patient:identifier=P2', /patient/],
    ['_count 0', '/fhir/R4/Observation?patient:identifier=P1&_count=0', /_count/],
    ['_count above the maximum', '/fhir/R4/Observation?patient:identifier=P1&_count=201', /_count: at most 200/],
    ['_count not a number', '/fhir/R4/Observation?patient:identifier=P1&_count=many', /_count/],
    ['a malformed cursor', '/fhir/R4/Observation?patient:identifier=P1&_cursor=abc', /_cursor/],
    [
      'a well-formed cursor this server did not sign',
      '/fhir/R4/Observation?patient:identifier=P1&_cursor=4.6.AAAAAAAAAAAAAAAAAAAAAA',
      /_cursor: altered, or from another search/,
    ],
  ])('%s', async (_what, path, message) => {
    const token = await tokenFor(server, ehr, ALL_SCOPES);
    const response = await fhirGet(server, path, token);
    expect(response.status).toBe(400);
    const outcome = await json<{ resourceType: string; issue: { code: string; diagnostics: string }[] }>(response);
    expect(outcome.resourceType).toBe('OperationOutcome');
    expect(outcome.issue[0]!.code).toBe('invalid');
    expect(outcome.issue[0]!.diagnostics).toMatch(message);
    expect(fhirErrors(outcome)).toEqual([]);
  });

  it('a malformed resource id is a 400, an unknown one a 404', async () => {
    expect((await fhirGet(server, '/fhir/R4/Questionnaire/not%20an%20id')).status).toBe(400);
    expect((await fhirGet(server, '/fhir/R4/Questionnaire/pid5-xl')).status).toBe(404);
  });
});
