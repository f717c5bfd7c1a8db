import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryCodeFor } from '@pid5/contract';
import { and, count, eq } from 'drizzle-orm';
import { assessments, auditEvents } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { publishDocument } from '../documents/documents.repo';
import { availableOver, detailsOver, grantOverApi, listOver, validCreateBody } from '../../../test/assessment-api';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

const DAY_MS = 24 * 3_600_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function auditCount(options: { actor: string; action: string; assessmentId?: number }) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actor, options.actor),
        eq(auditEvents.action, options.action),
        options.assessmentId === undefined ? undefined : eq(auditEvents.assessmentId, options.assessmentId),
      ),
    );
  return row?.n ?? 0;
}

describe('the clinician workflow from granted tests to the dashboard', () => {
  it('grants, creates, lists, shows details, counts down tests and refuses the third create', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server, 'clin-a');
    const b = await createSignedInClinician(server, 'clin-b');

    expect(await availableOver(a.client)).toBe(0);
    await grantOverApi(admin, a.id, 2, 'Starter pack');
    expect(await availableOver(a.client)).toBe(2);

    const before = server.clock.now();
    const first = await a.client.post(
      '/api/assessments',
      await validCreateBody(server, { patientId: '  A-first  ', dsmCodes: ['F41.1', 'F60.3'], primaryDsm: 'F60.3' }),
    );
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: number; testLink: string; testsAvailable: number };
    expect(created.testsAvailable).toBe(1);
    expect(created.testLink).toMatch(new RegExp(`^${server.url}/test/[A-Za-z0-9_-]{22}$`));
    expect(await availableOver(a.client)).toBe(1);

    // Stored as the spec says: trimmed patient id, 220 unanswered, due in 30 days, the code hashed.
    const [row] = await server.database.db.select().from(assessments).where(eq(assessments.id, created.id));
    expect(row).toMatchObject({
      clinicianId: a.id,
      patientId: 'A-first',
      responses: '9'.repeat(220),
      answeredCount: 0,
      dsmCodes: ['F41.1', 'F60.3'],
      primaryDsm: 'F60.3',
      finishedAt: null,
    });
    expect(row!.dueAt.getTime() - row!.createdAt.getTime()).toBe(30 * DAY_MS);
    expect(row!.createdAt.getTime()).toBe(before.getTime());
    const code = created.testLink.split('/').at(-1)!;
    expect(row!.testCodeHash).toBe(hashToken(code));
    expect(Buffer.from(code, 'base64url')).toHaveLength(16);

    const list = await listOver(a.client);
    expect(list.total).toBe(1);
    expect(list.view).toBe('clinician');
    expect(list.items[0]).toMatchObject({ id: created.id, patientId: 'A-first', answeredCount: 0, clinician: null });
    expect(Date.parse(list.items[0]!.dueAt) - Date.parse(list.items[0]!.createdAt)).toBe(30 * DAY_MS);

    const details = await detailsOver(a.client, created.id);
    expect(details).toMatchObject({
      patientId: 'A-first',
      testLink: created.testLink,
      answeredCount: 0,
      finishedAt: null,
      isExpired: false,
      age: 34,
      gender: 'Female',
      race: 'Asian',
      postalCode: '02139',
      country: 'United States of America',
      countryCode: 'US',
      primaryDsm: 'F60.3',
      clinician: null,
      view: 'clinician',
    });
    expect(details.diagnoses).toEqual([
      { code: 'F60.3', description: 'Borderline personality disorder', isPrimary: true },
      { code: 'F41.1', description: 'Generalized anxiety disorder', isPrimary: false },
    ]);

    const second = await a.client.post('/api/assessments', await validCreateBody(server, { patientId: 'A-second' }));
    expect(second.status).toBe(201);
    expect(await availableOver(a.client)).toBe(0);

    const third = await a.client.post('/api/assessments', await validCreateBody(server, { patientId: 'A-third' }));
    expect(third.status).toBe(409);
    expect(await readError(third)).toMatchObject({ code: 'NO_TESTS_AVAILABLE', message: 'No tests available' });
    expect((await listOver(a.client)).total).toBe(2);

    // Clinician B: a 404 for A's test (not 403) and none of A's in the list or the export.
    const forbidden = await b.client.get(`/api/assessments/${created.id}`);
    expect(forbidden.status).toBe(404);
    expect((await readError(forbidden)).code).toBe('NOT_FOUND');
    expect((await listOver(b.client)).total).toBe(0);
    expect(await (await b.client.get('/api/assessments/export.csv')).text()).not.toContain('A-first');

    // The admin in admin view sees both of A's with the clinician's name; in clinician view only their own.
    const adminView = await listOver(admin.client, `?search=a-`);
    const aRows = adminView.items.filter((item) => item.clinician?.id === a.id);
    expect(aRows.map((item) => item.patientId).sort()).toEqual(['A-first', 'A-second']);
    expect(aRows[0]!.clinician).toEqual({ id: a.id, username: a.username });
    expect(adminView.view).toBe('admin');
    const adminDetails = await detailsOver(admin.client, created.id);
    expect(adminDetails.clinician).toEqual({ id: a.id, username: a.username });
    expect(adminDetails.view).toBe('admin');

    await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    const own = await listOver(admin.client);
    expect(own.view).toBe('clinician');
    expect(own.items.every((item) => item.clinician === null)).toBe(true);
    expect(own.total).toBe(0);
    expect((await admin.client.get(`/api/assessments/${created.id}`)).status).toBe(404);

    // Audit: the grant, both creates and the views.
    expect(await auditCount({ actor: admin.id, action: 'credits.grant' })).toBe(1);
    expect(await auditCount({ actor: a.id, action: 'assessment.create' })).toBe(2);
    expect(await auditCount({ actor: a.id, action: 'assessment.create', assessmentId: created.id })).toBe(1);
    expect(await auditCount({ actor: a.id, action: 'assessment.view', assessmentId: created.id })).toBe(1);
    expect(await auditCount({ actor: admin.id, action: 'assessment.view', assessmentId: created.id })).toBe(1);
    // B's refused look is not a view of patient data.
    expect(await auditCount({ actor: b.id, action: 'assessment.view' })).toBe(0);
  });

  it('counts demo and purchased ledger rows and every created test, whoever created it', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 3);
    await grantOverApi(admin, a.id, 1);
    await insertAssessment(server, { clinicianId: a.id });
    const credits = (await (await a.client.get('/api/credits')).json()) as {
      available: number;
      purchased: number;
      used: number;
      ledger: { quantity: number; source: string; createdBy: { id: string } | null }[];
    };
    expect(credits).toMatchObject({ available: 3, purchased: 4, used: 1 });
    expect(credits.ledger.map((entry) => entry.quantity)).toEqual([1, 3]);
    expect(credits.ledger[0]).toMatchObject({ source: 'admin', createdBy: { id: admin.id } });
  });
});

describe('creating a test: bad input', () => {
  it('answers 400 with the field for every rule, and never uses a test', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 1);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ age: undefined }, 'age', 'Please enter an age'],
      [{ age: 0 }, 'age', 'The PID-5 is an adult self-report: the patient must be 18 or older'],
      [{ age: 17, form: 'BF' }, 'age', 'The PID-5 is an adult self-report: the patient must be 18 or older'],
      [{ age: 121 }, 'age', 'Please enter an age between 18 and 120'],
      [{ age: 30.5 }, 'age', 'Please enter the age in whole years'],
      [{ age: '34' }, 'age', 'Please enter an age between 18 and 120'],
      [{ gender: 'Other' }, 'gender', 'Please choose a gender'],
      [{ race: 'Martian' }, 'race', 'Please choose a race'],
      [{ country: '   ' }, 'country', 'Please choose a country'],
      [{ country: undefined }, 'country', 'Please choose a country'],
      [{ country: 'Atlantis' }, 'country', 'Please choose a country from the list'],
      [{ country: 'NL', postalCode: '12345' }, 'postalCode', 'Please enter a valid postal code for Netherlands'],
      [{ country: 'GB', postalCode: '' }, 'postalCode', 'Please enter a postal code for United Kingdom'],
      [{ postalCode: '1234' }, 'postalCode', 'Please enter exactly 5 digits'],
      [{ postalCode: '123456' }, 'postalCode', 'Please enter exactly 5 digits'],
      [{ postalCode: '12a45' }, 'postalCode', 'Please enter exactly 5 digits'],
      [{ postalCode: '١٢٣٤٥' }, 'postalCode', 'Please enter exactly 5 digits'],
      [{ patientId: '' }, 'patientId', 'Please enter a patient identifier'],
      [{ patientId: '    ' }, 'patientId', 'Please enter a patient identifier'],
      [{ patientId: 'x'.repeat(65) }, 'patientId', 'Patient identifiers are at most 64 characters'],
      [{ patientId: 'two\nlines' }, 'patientId', 'Patient identifiers are one line of text (no tabs or line breaks)'],
      [{ dsmCodes: [] }, 'dsmCodes', 'Please choose at least one diagnosis'],
      [{ dsmCodes: ['F41.1', 'F41.1'] }, 'dsmCodes', 'Each diagnosis can be chosen only once'],
      [{ primaryDsm: '' }, 'primaryDsm', 'Please choose a primary diagnosis'],
      [
        { primaryDsm: 'F32.0', dsmCodes: ['F41.1'] },
        'primaryDsm',
        'The primary diagnosis must be one of the chosen diagnoses',
      ],
      [{ termsId: undefined }, 'termsId', 'Please agree to the terms and conditions'],
    ];
    for (const [override, field, message] of cases) {
      const response = await a.client.post('/api/assessments', await validCreateBody(server, override));
      expect(response.status, JSON.stringify(override)).toBe(400);
      const error = await readError(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field], JSON.stringify(override)).toBe(message);
    }
    // 64 characters is allowed (the limit, not one below it).
    const atLimit = await validCreateBody(server, { patientId: 'y'.repeat(64), age: 120 });

    const unknown = await a.client.post(
      '/api/assessments',
      await validCreateBody(server, { dsmCodes: ['F41.1', 'Z99.999'] }),
    );
    expect(unknown.status).toBe(400);
    expect(await readError(unknown)).toMatchObject({
      code: 'UNKNOWN_DIAGNOSIS',
      fields: { dsmCodes: 'Unknown diagnosis code: Z99.999' },
    });

    const malformed = await a.client.fetch('/api/assessments', {
      method: 'POST',
      body: '{"age":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);

    expect(await availableOver(a.client)).toBe(1);
    expect((await listOver(a.client)).total).toBe(0);
    expect((await a.client.post('/api/assessments', atLimit)).status).toBe(201);
    expect(await availableOver(a.client)).toBe(0);
  });

  it('refuses terms that are not the current ones with 409 STALE_TERMS, keeping the test', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 1);
    const old = await validCreateBody(server);
    const termsResponse = await a.client.get('/api/documents/terms');
    expect(termsResponse.status).toBe(200);
    const terms = (await termsResponse.json()) as { id: number; bodyHtml: string };
    expect(terms.id).toBe(old.termsId);
    expect(terms.bodyHtml).toContain('Terms and conditions');

    const published = await publishDocument(server.database.db, { kind: 'terms', html: '<p>New terms</p>' });
    const stale = await a.client.post('/api/assessments', old);
    expect(stale.status).toBe(409);
    expect((await readError(stale)).code).toBe('STALE_TERMS');
    const wrong = await a.client.post('/api/assessments', await validCreateBody(server, { termsId: 999_999 }));
    expect(wrong.status).toBe(409);
    expect(await availableOver(a.client)).toBe(1);

    const fresh = await a.client.post('/api/assessments', await validCreateBody(server, { termsId: published.id }));
    expect(fresh.status).toBe(201);
  });

  it('needs a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.post('/api/assessments', await validCreateBody(server))).status).toBe(401);
    expect((await anonymous.get('/api/assessments')).status).toBe(401);
    expect((await anonymous.get('/api/assessments/1')).status).toBe(401);
    expect((await anonymous.get('/api/assessments/export.csv')).status).toBe(401);
    expect((await anonymous.get('/api/credits')).status).toBe(401);
    expect((await anonymous.get('/api/diagnoses')).status).toBe(401);
  });
});

describe('concurrent creates', () => {
  it.each([
    [20, 5],
    [100, 10],
  ])('%i concurrent creates with %i tests left create exactly that many', async (attempts, credits) => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, credits);
    const body = await validCreateBody(server);
    const responses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        a.client.post('/api/assessments', { ...body, patientId: `race-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(credits);
    expect(statuses.filter((s) => s === 409)).toHaveLength(attempts - credits);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect((await readError(response)).code).toBe('NO_TESTS_AVAILABLE');
    }
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.clinicianId, a.id));
    expect(stored?.n).toBe(credits);
    expect(await availableOver(a.client)).toBe(0);
  });
});

describe('one test per intent to create (the request key)', () => {
  it('makes one test and uses one purchased test for identical concurrent requests, each answered with that test', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 3);
    const body = { ...(await validCreateBody(server, { patientId: 'twice' })), requestKey: randomUUID() };
    const responses = await Promise.all([1, 2, 3, 4].map(() => a.client.post('/api/assessments', body)));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const answers = (await Promise.all(responses.map((r) => r.json()))) as { id: number; testLink: string }[];
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.testLink)).size).toBe(1);
    const [stored] = await server.database.db
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.clinicianId, a.id));
    expect(stored?.n).toBe(1);
    expect(await availableOver(a.client)).toBe(2);
    expect(await auditCount({ actor: a.id, action: 'assessment.create' })).toBe(1);

    // A later retry with the key (an answer lost on the way) still gets the same test; a new key makes a new one.
    const retry = await a.client.post('/api/assessments', body);
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { id: number }).id).toBe(answers[0]!.id);
    const next = await a.client.post('/api/assessments', { ...body, requestKey: randomUUID() });
    expect(next.status).toBe(201);
    expect(await availableOver(a.client)).toBe(1);
  });

  it('refuses a key reused for another patient with 409, and keys are per clinician', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    const b = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 2);
    await grantOverApi(admin, b.id, 1);
    const body = { ...(await validCreateBody(server, { patientId: 'first' })), requestKey: randomUUID() };
    expect((await a.client.post('/api/assessments', body)).status).toBe(201);
    const other = await a.client.post('/api/assessments', { ...body, patientId: 'second' });
    expect(other.status).toBe(409);
    const error = await readError(other);
    expect(error.code).toBe('REQUEST_KEY_REUSED');
    expect(error.message).toMatch(/Reload the page/);
    expect(await availableOver(a.client)).toBe(1);
    // Another clinician's request with the same key is their own intent: it creates their test.
    expect((await b.client.post('/api/assessments', body)).status).toBe(201);
  });

  it('answers 400 for a key that is not a UUID, using nothing', async () => {
    const admin = await createSignedInAdmin(server);
    const a = await createSignedInClinician(server);
    await grantOverApi(admin, a.id, 1);
    const response = await a.client.post('/api/assessments', { ...(await validCreateBody(server)), requestKey: 'x' });
    expect(response.status).toBe(400);
    expect((await readError(response)).fields?.requestKey).toMatch(/UUID/);
    expect(await availableOver(a.client)).toBe(1);
  });
});

describe('details', () => {
  it('answers 400 or 404, never 500, for ids that are not positive whole numbers or do not exist', async () => {
    const a = await createSignedInClinician(server);
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '99999999999999999999', '%20', '0x10']) {
      const response = await a.client.get(`/api/assessments/${id}`);
      expect([400, 404], id).toContain(response.status);
    }
    expect((await a.client.get('/api/assessments/999999999')).status).toBe(404);
  });

  it('shows Not Finished, expiry, unknown-code descriptions and completion', async () => {
    const a = await createSignedInClinician(server);
    const { row } = await insertAssessment(server, {
      clinicianId: a.id,
      createdAt: new Date(server.clock.now().getTime() - 31 * DAY_MS),
    });
    const expired = await detailsOver(a.client, row.id);
    expect(expired).toMatchObject({ finishedAt: null, isExpired: true });
    expect(expired.diagnoses[0]).toMatchObject({ code: 'F41.1', isPrimary: true });

    await server.database.db
      .update(assessments)
      .set({ dsmCodes: ['OLD.1', 'F41.1'], primaryDsm: 'OLD.1' })
      .where(eq(assessments.id, row.id));
    expect((await detailsOver(a.client, row.id)).diagnoses[0]).toEqual({
      code: 'OLD.1',
      description: null,
      isPrimary: true,
    });

    const finishedAt = server.clock.now();
    const done = await insertAssessment(server, { clinicianId: a.id, responses: '1'.repeat(220), finishedAt });
    const completed = await detailsOver(a.client, done.row.id);
    expect(completed).toMatchObject({ answeredCount: 220, finishedAt: finishedAt.toISOString(), isExpired: false });
  });
});

describe('the dashboard list: search, sort and paging on the server', () => {
  let clinician: Awaited<ReturnType<typeof createSignedInClinician>>;
  const start = Date.parse('2025-03-01T10:00:00Z');

  beforeAll(async () => {
    clinician = await createSignedInClinician(server);
    // 25 tests: ids P-01..P-25 created a day apart; answered counts vary and repeat.
    for (let i = 1; i <= 25; i++) {
      const answered = (i * 37) % 221;
      await insertAssessment(server, {
        clinicianId: clinician.id,
        patientId: i === 7 ? 'Special_50%' : i === 8 ? 'SpecialX50Y' : `P-${String(i).padStart(2, '0')}`,
        createdAt: new Date(start + i * DAY_MS),
        responses: '2'.repeat(answered) + '9'.repeat(220 - answered),
      });
    }
  });

  it('pages 10 at a time, newest first by default, with page counts and the last page bounded', async () => {
    const first = await listOver(clinician.client);
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 3, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.patientId).toBe('P-25');
    const third = await listOver(clinician.client, '?page=3');
    expect(third.items.map((item) => item.patientId)).toEqual(['P-05', 'P-04', 'P-03', 'P-02', 'P-01']);
    const beyond = await listOver(clinician.client, '?page=9');
    expect(beyond.page).toBe(3);
    expect(beyond.items).toHaveLength(5);
    const all = [...first.items, ...(await listOver(clinician.client, '?page=2')).items, ...third.items].map(
      (item) => item.id,
    );
    expect(new Set(all).size).toBe(25);
    expect((await clinician.client.get('/api/assessments?page=0')).status).toBe(400);
    expect((await clinician.client.get('/api/assessments?sort=bogus')).status).toBe(400);
  });

  it('sorts by date created and by questions completed, both ways', async () => {
    const created = async (sort: string) => {
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        pages.push(...(await listOver(clinician.client, `?sort=${sort}&page=${page}`)).items);
      }
      return pages;
    };
    const asc = await created('created-asc');
    expect(asc.map((i) => Date.parse(i.createdAt))).toEqual(
      [...asc.map((i) => Date.parse(i.createdAt))].sort((x, y) => x - y),
    );
    expect(asc[0]!.patientId).toBe('P-01');
    const desc = await created('created-desc');
    expect(desc.map((i) => i.id)).toEqual([...asc.map((i) => i.id)].reverse());

    const byAnsweredAsc = await created('answered-asc');
    const counts = byAnsweredAsc.map((i) => i.answeredCount);
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(byAnsweredAsc).toHaveLength(25);
    const byAnsweredDesc = await created('answered-desc');
    const countsDesc = byAnsweredDesc.map((i) => i.answeredCount);
    expect(countsDesc).toEqual([...countsDesc].sort((x, y) => y - x));
    expect(new Set(byAnsweredDesc.map((i) => i.id)).size).toBe(25);
  });

  it('sorts Questions Completed by the share of the form answered, so a finished brief form is not among 25-answer full forms', async () => {
    const mixed = await createSignedInClinician(server, 'clin-mixed-forms');
    const start = Date.parse('2025-05-01T10:00:00Z');
    const tests: [patientId: string, form: 'FULL' | 'SF' | 'BF', answered: number, length: number][] = [
      ['brief-all', 'BF', 25, 25],
      ['full-30', 'FULL', 30, 220],
      ['short-all', 'SF', 100, 100],
      ['full-200', 'FULL', 200, 220],
      ['brief-5', 'BF', 5, 25],
    ];
    for (const [i, [patientId, form, answered, length]] of tests.entries()) {
      await insertAssessment(server, {
        clinicianId: mixed.id,
        patientId,
        form,
        createdAt: new Date(start + i * 3_600_000),
        responses: '1'.repeat(answered) + '9'.repeat(length - answered),
      });
    }
    const order = async (sort: string) =>
      (await listOver(mixed.client, `?sort=${sort}`)).items.map((item) => item.patientId);
    // Shares 1, 1, 0.91, 0.2, 0.14; the two complete ones newest first, as every tie of this sort.
    expect(await order('answered-desc')).toEqual(['short-all', 'brief-all', 'full-200', 'brief-5', 'full-30']);
    expect(await order('answered-asc')).toEqual(['full-30', 'brief-5', 'full-200', 'brief-all', 'short-all']);
  });

  it('searches case-insensitively for a substring of the patient id, wildcards taken literally', async () => {
    const p1 = await listOver(clinician.client, '?search=p-1');
    expect(p1.items.map((i) => i.patientId).sort()).toEqual([
      'P-10',
      'P-11',
      'P-12',
      'P-13',
      'P-14',
      'P-15',
      'P-16',
      'P-17',
      'P-18',
      'P-19',
    ]);
    expect((await listOver(clinician.client, '?search=p-2&page=1')).total).toBe(6);
    expect(
      (await listOver(clinician.client, `?search=${encodeURIComponent('_50%')}`)).items.map((i) => i.patientId),
    ).toEqual(['Special_50%']);
    expect((await listOver(clinician.client, '?search=%25')).total).toBe(1);
    expect((await listOver(clinician.client, '?search=nothing-like-this')).total).toBe(0);
    expect((await listOver(clinician.client, '?search=nothing-like-this')).pageCount).toBe(1);
    expect((await listOver(clinician.client, `?search=${encodeURIComponent("' or 1=1 --")}`)).total).toBe(0);
  });
});

describe('the dashboard status filter', () => {
  it('lists only the tests of the chosen status, decided by the lifecycle in the query, with each row its status', async () => {
    const clinician = await createSignedInClinician(server);
    const now = server.clock.now().getTime();
    const make = (patientId: string, options: Omit<Parameters<typeof insertAssessment>[1], 'clinicianId'>) =>
      insertAssessment(server, { clinicianId: clinician.id, patientId, ...options });
    await make('ST-fresh', {});
    await make('ST-started', { consented: true, responses: '1'.repeat(5) + '9'.repeat(215) });
    await make('ST-all-answered', { consented: true, responses: '1'.repeat(220) });
    await make('ST-done', { consented: true, responses: '1'.repeat(220), finishedAt: new Date(now) });
    await make('ST-expired-unused', { createdAt: new Date(now - 31 * DAY_MS) });
    await make('ST-expired-started', {
      createdAt: new Date(now - 40 * DAY_MS),
      consented: true,
      responses: '1'.repeat(9) + '9'.repeat(211),
    });
    await make('ST-due-now', { createdAt: new Date(now - 30 * DAY_MS) }); // At the due instant: expired.

    const ids = async (query: string) =>
      (await listOver(clinician.client, query)).items.map((item) => `${item.patientId}:${item.status}`).sort();
    expect(await ids('?status=expired')).toEqual([
      'ST-due-now:expired',
      'ST-expired-started:expired',
      'ST-expired-unused:expired',
    ]);
    expect(await ids('?status=not-started')).toEqual(['ST-fresh:not-started']);
    expect(await ids('?status=in-progress')).toEqual(['ST-all-answered:in-progress', 'ST-started:in-progress']);
    expect(await ids('?status=completed')).toEqual(['ST-done:completed']);
    expect(await ids('?status=all')).toHaveLength(7);
    expect(await ids('')).toHaveLength(7);
    // With the search and the count for the pages.
    const unused = await listOver(clinician.client, '?status=expired&search=unused');
    expect(unused.items.map((item) => item.patientId)).toEqual(['ST-expired-unused']);
    expect(unused.total).toBe(1);

    const bad = await clinician.client.get('/api/assessments?status=overdue');
    expect(bad.status).toBe(400);
    const error = await readError(bad);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(error)).toContain('Status is one of: all, not-started, in-progress, completed, expired');
  });
});

describe('international addresses', () => {
  it('stores the ISO code, checks the postal code by country, and shows the name', async () => {
    const admin = await createSignedInAdmin(server);
    const clinician = await createSignedInClinician(server);
    await grantOverApi(admin, clinician.id, 3);
    const cases = [
      ['GB', 'SW1A 1AA', 'United Kingdom'],
      ['Netherlands', '1012 AB', 'Netherlands'],
      ['ca', 'K1A 0B1', 'Canada'],
    ] as const;
    for (const [country, postalCode, name] of cases) {
      const response = await clinician.client.post(
        '/api/assessments',
        await validCreateBody(server, { country, postalCode, patientId: `INTL-${postalCode}` }),
      );
      expect(response.status, country).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const [row] = await server.database.db
        .select({ country: assessments.country, postalCode: assessments.postalCode })
        .from(assessments)
        .where(eq(assessments.id, id));
      expect(row).toEqual({ country: countryCodeFor(country), postalCode });
      expect(await detailsOver(clinician.client, id)).toMatchObject({
        country: name,
        countryCode: countryCodeFor(country),
        postalCode,
      });
    }
  });

  it('shows a country kept as free text as it was typed, without a code', async () => {
    const clinician = await createSignedInClinician(server);
    const { row } = await insertAssessment(server, { clinicianId: clinician.id });
    await server.database.db.update(assessments).set({ country: 'Deutschland' }).where(eq(assessments.id, row.id));
    expect(await detailsOver(clinician.client, row.id)).toMatchObject({ country: 'Deutschland', countryCode: null });
  });
});
