import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { demoItemSet, INSTRUMENT_VERSION, NORMS_VERSION } from '@pid5/instrument';
import { assessments, auditEvents } from '../../db/schema';
import { findCurrentDocument, publishDocument } from '../documents/documents.repo';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError, type TestClient } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

const DAY_MS = 24 * 3_600_000;
const UNANSWERED = '9'.repeat(220);

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
});

/** Signs the file's clinician in again (after the clock moved past the session's timeouts). */
async function signInAgain(user: SignedInUser): Promise<SignedInUser> {
  const client = server.client();
  const login = await client.post('/auth/local/login', { username: user.username, password: 'correct horse battery' });
  expect(login.status).toBe(200);
  return { ...user, client };
}

async function storedRow(id: number) {
  const [row] = await server.database.db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) {
    throw new Error(`assessment ${id} not found`);
  }
  return row;
}

/** A consented, open test and a fresh patient browser for it. */
async function openTest(options: { responses?: string; createdAt?: Date } = {}) {
  const { row, code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true, ...options });
  return { row, code, patient: server.client() };
}

const put = (client: TestClient, code: string, item: number | string, value: unknown) =>
  client.put(`/api/patient/${code}/answers/${item}`, { value });

/** A response string of 220 answers, deterministic per item. */
const fullAnswers = (seed = 0) => Array.from({ length: 220 }, (_, i) => String((i * 7 + seed) % 4)).join('');

describe('link states (decided by the server on every load)', () => {
  it('asks for consent first, without the item texts', async () => {
    const { code } = await insertAssessment(server, { clinicianId: clinician.id });
    const response = await server.client().get(`/api/patient/${code}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'consent-required', answers: UNANSWERED, answeredCount: 0, itemSet: null });
  });

  it('opens the questionnaire after consent, with the active item set in order', async () => {
    const { code, row } = await openTest();
    const body = (await (await server.client().get(`/api/patient/${code}`)).json()) as {
      status: string;
      dueAt: string;
      itemSet: {
        id: string;
        title: string;
        language: string;
        answerLabels: string[];
        items: { number: number; text: string }[];
      };
    };
    expect(body.status).toBe('in-progress');
    expect(body.dueAt).toBe(row.dueAt.toISOString());
    expect(body.itemSet.id).toBe(demoItemSet.id);
    expect(body.itemSet.title).toMatch(/not the published PID-5/);
    expect(body.itemSet.language).toBe('en');
    expect(body.itemSet.answerLabels).toEqual([
      'Very False or Often False',
      'Sometimes or Somewhat False',
      'Sometimes or Somewhat True',
      'Very True or Often True',
    ]);
    expect(body.itemSet.items).toHaveLength(220);
    expect(body.itemSet.items.map((i) => i.number)).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    expect(body.itemSet.items[0]?.text).toBe(demoItemSet.items[0]?.text);
  });

  it('shows a finished test as completed, even after its due date', async () => {
    const { code } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses: fullAnswers(),
      finishedAt: server.clock.now(),
      createdAt: new Date(server.clock.now().getTime() - 40 * DAY_MS),
    });
    const body = (await (await server.client().get(`/api/patient/${code}`)).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'completed', answeredCount: 220, itemSet: null });
  });

  it('shows an unfinished test past its due date as expired, consented or not', async () => {
    const createdAt = new Date(server.clock.now().getTime() - 31 * DAY_MS);
    for (const consented of [true, false]) {
      const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented, createdAt });
      const body = (await (await server.client().get(`/api/patient/${code}`)).json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: 'expired', itemSet: null });
    }
  });

  it('answers an unknown code with 404 LINK_NOT_FOUND, and a malformed one the same way', async () => {
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'has.dots.and.is.22chars', `${'A'.repeat(21)}%25`]) {
      const response = await server.client().get(`/api/patient/${code}`);
      expect(response.status).toBe(404);
      expect((await readError(response)).code).toBe('LINK_NOT_FOUND');
    }
  });

  it('returns only what the patient page needs: nothing about the clinician, the patient or the row', async () => {
    const { code, row } = await openTest();
    const text = await (await server.client().get(`/api/patient/${code}`)).text();
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'answeredCount',
      'answers',
      'dueAt',
      'form',
      'itemCount',
      'itemSet',
      'language',
      'languageChoices',
      'status',
    ]);
    for (const secret of [
      row.patientId,
      clinician.id,
      clinician.username,
      row.postalCode,
      row.primaryDsm,
      row.testCodeHash,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(body.itemSet as object).sort()).toEqual(['answerLabels', 'id', 'items', 'language', 'title']);
    expect(text).not.toMatch(/"(clinician|clinicianId|patientId|age|gender|race|country|postalCode|scores|dsmCodes)"/);
  });
});

describe('consent', () => {
  it('shows the current consent document and records the one accepted, with the time', async () => {
    const { row, code } = await insertAssessment(server, { clinicianId: clinician.id });
    const patient = server.client();
    const consent = (await (await patient.get(`/api/patient/${code}/consent`)).json()) as { id: number; html: string };
    const current = await findCurrentDocument(server.database.db, 'consent');
    expect(consent).toEqual({ id: current?.id, html: current?.bodyHtml });
    expect(consent.html).toContain('<h2>');

    const before = await put(patient, code, 1, 2);
    expect(before.status).toBe(409);
    expect((await readError(before)).code).toBe('CONSENT_REQUIRED');

    const accept = await patient.post(`/api/patient/${code}/consent`, { consentId: consent.id });
    expect(accept.status).toBe(200);
    expect(await accept.json()).toMatchObject({ status: 'in-progress' });
    const stored = await storedRow(row.id);
    expect(stored.consentId).toBe(consent.id);
    expect(stored.consentAgreedAt?.toISOString()).toBe(server.clock.now().toISOString());
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, row.id), eq(auditEvents.action, 'assessment.consent')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor).toBe('patient');

    // Accepting again (another tab) is harmless and keeps the first acceptance.
    server.clock.advance(60_000);
    const again = await patient.post(`/api/patient/${code}/consent`, { consentId: consent.id });
    expect(again.status).toBe(200);
    expect((await storedRow(row.id)).consentAgreedAt).toEqual(stored.consentAgreedAt);
    expect((await put(patient, code, 1, 2)).status).toBe(200);
  });

  it('refuses a consent document that is no longer current with 409 STALE_CONSENT', async () => {
    const { row, code } = await insertAssessment(server, { clinicianId: clinician.id });
    const patient = server.client();
    const shown = (await (await patient.get(`/api/patient/${code}/consent`)).json()) as { id: number };
    const newer = await publishDocument(server.database.db, { kind: 'consent', html: '<p>Updated consent</p>' });
    const stale = await patient.post(`/api/patient/${code}/consent`, { consentId: shown.id });
    expect(stale.status).toBe(409);
    expect((await readError(stale)).code).toBe('STALE_CONSENT');
    expect((await storedRow(row.id)).consentAgreedAt).toBeNull();
    const accepted = await patient.post(`/api/patient/${code}/consent`, { consentId: newer.id });
    expect(accepted.status).toBe(200);
    expect((await storedRow(row.id)).consentId).toBe(newer.id);
  });

  it('rejects a consent request without a valid id', async () => {
    const { code } = await insertAssessment(server, { clinicianId: clinician.id });
    for (const body of [{}, { consentId: 'x' }, { consentId: -1 }]) {
      const response = await server.client().post(`/api/patient/${code}/consent`, body);
      expect(response.status).toBe(400);
      expect((await readError(response)).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('saving answers', () => {
  it('saves one answer and returns the new count and answers', async () => {
    const { row, code, patient } = await openTest();
    const response = await put(patient, code, 5, 3);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answeredCount: number; answers: string };
    expect(body.answeredCount).toBe(1);
    expect(body.answers).toBe(`${'9'.repeat(4)}3${'9'.repeat(215)}`);
    const stored = await storedRow(row.id);
    expect(stored.responses).toBe(body.answers);
    expect(stored.answeredCount).toBe(1);
  });

  it('treats the same answer twice as harmless, and a changed answer as a change (count unchanged)', async () => {
    const { row, code, patient } = await openTest();
    for (const value of [1, 1, 2]) {
      const response = await put(patient, code, 220, value);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ answeredCount: 1 });
    }
    expect((await storedRow(row.id)).responses.at(219)).toBe('2');
  });

  it('saves a batch of queued answers in one request', async () => {
    const { row, code, patient } = await openTest();
    await put(patient, code, 2, 0);
    const response = await patient.post(`/api/patient/${code}/answers`, {
      answers: [
        { item: 1, value: 3 },
        { item: 2, value: 1 },
        { item: 220, value: 0 },
        { item: 100, value: 2 },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { answeredCount: number; answers: string };
    expect(body.answeredCount).toBe(4);
    expect(body.answers.slice(0, 3)).toBe('319');
    expect(body.answers[99]).toBe('2');
    expect(body.answers[219]).toBe('0');
    expect((await storedRow(row.id)).responses).toBe(body.answers);
  });

  it('saves all 220 answers in one batch', async () => {
    const { row, code, patient } = await openTest();
    const answers = fullAnswers(1);
    const response = await patient.post(`/api/patient/${code}/answers`, {
      answers: [...answers].map((value, i) => ({ item: i + 1, value: Number(value) })).reverse(),
    });
    expect(await response.json()).toEqual({ answeredCount: 220, answers });
    expect((await storedRow(row.id)).answeredCount).toBe(220);
  });

  it('keeps every answer when two devices save different items at the same time', async () => {
    const { row, code } = await openTest();
    const phone = server.client();
    const laptop = server.client();
    const expected = fullAnswers(2);
    // Each device saves its half, several requests in flight at once, both devices at the same time.
    const saveItems = async (client: TestClient, items: number[]) => {
      for (let i = 0; i < items.length; i += 5) {
        const responses = await Promise.all(
          items.slice(i, i + 5).map((item) => put(client, code, item, Number(expected[item - 1]))),
        );
        expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      }
    };
    const odd = Array.from({ length: 110 }, (_, i) => 2 * i + 1);
    const even = Array.from({ length: 110 }, (_, i) => 2 * i + 2);
    await Promise.all([saveItems(phone, odd), saveItems(laptop, even.reverse())]);
    const stored = await storedRow(row.id);
    expect(stored.responses).toBe(expected);
    expect(stored.answeredCount).toBe(220);
  });

  it('keeps every answer when a batch and single saves of other items race', async () => {
    const { row, code } = await openTest();
    const expected = fullAnswers(3);
    const batchItems = Array.from({ length: 200 }, (_, i) => i + 1);
    const singleItems = Array.from({ length: 20 }, (_, i) => i + 201);
    const [batch, ...singles] = await Promise.all([
      server.client().post(`/api/patient/${code}/answers`, {
        answers: batchItems.map((item) => ({ item, value: Number(expected[item - 1]) })),
      }),
      ...singleItems.map((item) => put(server.client(), code, item, Number(expected[item - 1]))),
    ]);
    expect(batch?.status).toBe(200);
    expect(singles.every((r) => r.status === 200)).toBe(true);
    const stored = await storedRow(row.id);
    expect(stored.responses).toBe(expected);
    expect(stored.answeredCount).toBe(220);
  });
});

describe('bad input: a 4xx with a stable code, and nothing saved is changed', () => {
  it('refuses items outside 1-220 and non-integer items', async () => {
    const { row, code, patient } = await openTest({ responses: `1${'9'.repeat(219)}` });
    for (const item of [0, 221, -1, '1.5', 'abc', '0x10', '']) {
      const response = await put(patient, code, item, 2);
      expect(response.status, `item ${item}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `item ${item}`).toBeLessThan(500);
      if (item !== '') {
        const error = await readError(response);
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.message).toMatch(/Item numbers/);
      }
    }
    expect((await storedRow(row.id)).responses).toBe(`1${'9'.repeat(219)}`);
  });

  it('refuses values outside 0-3, non-integers and strings', async () => {
    const { row, code, patient } = await openTest({ responses: `1${'9'.repeat(219)}` });
    for (const value of [4, -1, 1.5, '2', null, undefined, true]) {
      const response = await put(patient, code, 1, value);
      expect(response.status, `value ${String(value)}`).toBe(400);
      expect((await readError(response)).code).toBe('VALIDATION_FAILED');
    }
    const malformed = await patient.fetch(`/api/patient/${code}/answers/1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"value": 2',
    });
    expect(malformed.status).toBe(400);
    expect((await readError(malformed)).code).toBe('MALFORMED_JSON');
    expect((await storedRow(row.id)).responses).toBe(`1${'9'.repeat(219)}`);
  });

  it('refuses a batch with duplicate items, bad entries, no entries or more than 220', async () => {
    const { row, code, patient } = await openTest();
    const bodies = [
      { answers: [] },
      {
        answers: [
          { item: 1, value: 1 },
          { item: 1, value: 2 },
        ],
      },
      {
        answers: [
          { item: 1, value: 1 },
          { item: 221, value: 2 },
        ],
      },
      { answers: [{ item: 1, value: 5 }] },
      { answers: Array.from({ length: 221 }, (_, i) => ({ item: (i % 220) + 1, value: 1 })) },
      { answers: 'all of them' },
      {},
    ];
    for (const body of bodies) {
      const response = await patient.post(`/api/patient/${code}/answers`, body);
      expect(response.status).toBe(400);
      expect((await readError(response)).code).toBe('VALIDATION_FAILED');
    }
    expect((await storedRow(row.id)).responses).toBe(UNANSWERED);
  });

  it('answers saves and submits to unknown codes with 404 LINK_NOT_FOUND', async () => {
    const unknown = 'BBBBBBBBBBBBBBBBBBBBBB';
    const responses = await Promise.all([
      put(server.client(), unknown, 1, 1),
      server.client().post(`/api/patient/${unknown}/answers`, { answers: [{ item: 1, value: 1 }] }),
      server.client().post(`/api/patient/${unknown}/submit`),
      server.client().get(`/api/patient/${unknown}/consent`),
      server.client().post(`/api/patient/${unknown}/consent`, { consentId: 1 }),
      put(server.client(), 'not-a-code', 1, 1),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect((await readError(response)).code).toBe('LINK_NOT_FOUND');
    }
  });
});

describe('submitting', () => {
  it('refuses an incomplete test with 409 TEST_INCOMPLETE naming how many answers are missing', async () => {
    const { row, code, patient } = await openTest({ responses: `${fullAnswers().slice(0, 208)}${'9'.repeat(12)}` });
    const response = await patient.post(`/api/patient/${code}/submit`);
    expect(response.status).toBe(409);
    const error = await readError(response);
    expect(error.code).toBe('TEST_INCOMPLETE');
    expect(error.message).toMatch(/^12 questions are not answered yet/);
    expect((await storedRow(row.id)).finishedAt).toBeNull();
  });

  it('stores the scores with their versions, then refuses saves; submitting twice is harmless', async () => {
    const { row, code, patient } = await openTest({ responses: `${fullAnswers().slice(0, 219)}9` });
    expect((await put(patient, code, 220, 3)).status).toBe(200);
    const response = await patient.post(`/api/patient/${code}/submit`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'completed', answeredCount: 220, itemSet: null });

    const stored = await storedRow(row.id);
    expect(stored.finishedAt?.toISOString()).toBe(server.clock.now().toISOString());
    expect(stored.itemSetId).toBe(demoItemSet.id);
    expect(stored.instrumentVersion).toBe(INSTRUMENT_VERSION);
    expect(stored.normsVersion).toBe(NORMS_VERSION);
    const scores = stored.scores as {
      answered: number;
      facets: Record<string, { score: number | null }>;
      domains: object;
    };
    expect(scores.answered).toBe(220);
    expect(Object.keys(scores.facets)).toHaveLength(25);
    expect(Object.keys(scores.domains)).toHaveLength(5);
    expect(scores.facets.Anh?.score).toEqual(expect.any(Number));

    const single = await put(patient, code, 1, 0);
    expect(single.status).toBe(409);
    const error = await readError(single);
    expect(error.code).toBe('TEST_COMPLETED');
    expect(error.message).toMatch(/completed/);
    const batch = await patient.post(`/api/patient/${code}/answers`, { answers: [{ item: 1, value: 0 }] });
    expect((await readError(batch)).code).toBe('TEST_COMPLETED');
    expect((await storedRow(row.id)).responses).toBe(stored.responses);

    const again = await patient.post(`/api/patient/${code}/submit`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'completed' });
    expect((await storedRow(row.id)).finishedAt).toEqual(stored.finishedAt);
    const consent = await patient.post(`/api/patient/${code}/consent`, { consentId: 1 });
    expect((await readError(consent)).code).toBe('TEST_COMPLETED');
  });

  it('refuses to submit before consent', async () => {
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, responses: fullAnswers() });
    const response = await server.client().post(`/api/patient/${code}/submit`);
    expect(response.status).toBe(409);
    expect((await readError(response)).code).toBe('CONSENT_REQUIRED');
  });
});

describe('expiry and extension', () => {
  beforeEach(async () => {
    clinician = await signInAgain(clinician);
  });

  it('refuses saves and submit after 30 days with 410 LINK_EXPIRED; the clinician can reopen it for 30 days', async () => {
    const { row, code, patient } = await openTest({ responses: `${fullAnswers().slice(0, 219)}9` });
    server.clock.advance(31 * DAY_MS);

    const save = await put(patient, code, 220, 1);
    expect(save.status).toBe(410);
    const error = await readError(save);
    expect(error.code).toBe('LINK_EXPIRED');
    expect(error.message).toMatch(/Expired/);
    expect(
      (await readError(await patient.post(`/api/patient/${code}/answers`, { answers: [{ item: 220, value: 1 }] })))
        .code,
    ).toBe('LINK_EXPIRED');
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(410);
    expect(await (await patient.get(`/api/patient/${code}`)).json()).toMatchObject({ status: 'expired' });
    expect((await storedRow(row.id)).responses.at(219)).toBe('9');

    clinician = await signInAgain(clinician);
    const extend = await clinician.client.post(`/api/assessments/${row.id}/extend`);
    expect(extend.status).toBe(200);
    const expectedDue = new Date(server.clock.now().getTime() + 30 * DAY_MS).toISOString();
    expect(await extend.json()).toEqual({ dueAt: expectedDue });
    expect((await storedRow(row.id)).dueAt.toISOString()).toBe(expectedDue);
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, row.id), eq(auditEvents.action, 'assessment.extend')));
    expect(audit.map((a) => a.actor)).toEqual([clinician.id]);

    expect(await (await patient.get(`/api/patient/${code}`)).json()).toMatchObject({ status: 'in-progress' });
    expect((await put(patient, code, 220, 1)).status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
  });

  /** Created 25 days ago: due in 5 days, so within the 7 days in which it may be extended. */
  const dueSoon = () => openTest({ createdAt: new Date(server.clock.now().getTime() - 25 * DAY_MS) });

  it('adds 30 days to the due date of a test due within 7 days', async () => {
    const { row } = await dueSoon();
    const response = await clinician.client.post(`/api/assessments/${row.id}/extend`);
    expect(await response.json()).toEqual({ dueAt: new Date(row.dueAt.getTime() + 30 * DAY_MS).toISOString() });
  });

  it('refuses (409) to extend a test due in more than 7 days, and says from when it can be', async () => {
    const { row } = await openTest();
    const refused = await clinician.client.post(`/api/assessments/${row.id}/extend`);
    expect(refused.status).toBe(409);
    const error = await readError(refused);
    expect(error.code).toBe('EXTENSION_NOT_ALLOWED');
    expect(error.message).toBe(
      `This test can be extended from 7 days before its due date (${row.dueAt.toISOString().slice(0, 10)}).`,
    );
    expect((await storedRow(row.id)).dueAt).toEqual(row.dueAt);
    const details = (await (await clinician.client.get(`/api/assessments/${row.id}`)).json()) as {
      extension: unknown;
    };
    expect(details.extension).toEqual({
      dueAt: null,
      refusal: 'not-yet',
      limit: new Date(row.dueAt.getTime() + 90 * DAY_MS).toISOString(),
    });
  });

  it('extends at most to 90 days after the first due date, each extension audited, then refuses (409)', async () => {
    const { row } = await dueSoon();
    const limit = new Date(row.dueAt.getTime() + 90 * DAY_MS).toISOString();
    const dueDates: string[] = [];
    for (;;) {
      const details = (await (await clinician.client.get(`/api/assessments/${row.id}`)).json()) as {
        dueAt: string;
        extension: { dueAt: string | null; refusal: string | null; limit: string };
      };
      expect(details.extension.limit).toBe(limit);
      if (details.extension.dueAt === null) {
        expect(details.extension.refusal).toBe('limit-reached');
        break;
      }
      const response = await clinician.client.post(`/api/assessments/${row.id}/extend`);
      expect(response.status).toBe(200);
      // The details said beforehand what the extension would set.
      expect(await response.json()).toEqual({ dueAt: details.extension.dueAt });
      dueDates.push(details.extension.dueAt);
      // Five days before the new due date: extendable again.
      server.clock.set(new Date(Date.parse(details.extension.dueAt) - 5 * DAY_MS));
      clinician = await signInAgain(clinician); // Sessions do not last weeks.
    }
    const first = row.dueAt.getTime();
    expect(dueDates).toEqual([
      new Date(first + 30 * DAY_MS).toISOString(),
      new Date(first + 60 * DAY_MS).toISOString(),
      new Date(first + 90 * DAY_MS).toISOString(),
    ]);
    server.clock.set(new Date(row.dueAt.getTime() + 100 * DAY_MS)); // Expired after the limit.
    clinician = await signInAgain(clinician);
    const refused = await clinician.client.post(`/api/assessments/${row.id}/extend`);
    expect(refused.status).toBe(409);
    const error = await readError(refused);
    expect(error.code).toBe('EXTENSION_NOT_ALLOWED');
    expect(error.message).toContain('This test has reached its extension limit');
    expect(error.message).toContain(limit.slice(0, 10));
    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, row.id), eq(auditEvents.action, 'assessment.extend')));
    expect(audit.map((a) => (a.details as { dueAt: string }).dueAt)).toEqual(dueDates);
  });

  it('lets only the owner, or an admin in admin view, extend; others get 404; finished tests 409', async () => {
    const { row } = await dueSoon();
    const other = await createSignedInClinician(server);
    const admin = await createSignedInAdmin(server);

    const anonymous = await server.client().post(`/api/assessments/${row.id}/extend`);
    expect(anonymous.status).toBe(401);
    const stranger = await other.client.post(`/api/assessments/${row.id}/extend`);
    expect(stranger.status).toBe(404);
    expect((await readError(stranger)).code).toBe('NOT_FOUND');
    expect((await other.client.post('/api/assessments/999999999/extend')).status).toBe(404);
    expect((await other.client.post('/api/assessments/abc/extend')).status).toBe(400);
    // The contract's id: digits only, so hexadecimal and exponent forms of a real id are refused, not read as 16 or 10.
    for (const id of ['0x10', '1e1', `0${row.id}`, `${row.id}.0`]) {
      const refused = await clinician.client.post(`/api/assessments/${id}/extend`);
      expect(refused.status).toBe(400);
      expect((await readError(refused)).code).toBe('VALIDATION_FAILED');
    }
    expect((await storedRow(row.id)).dueAt).toEqual(row.dueAt);

    expect((await admin.client.post(`/api/assessments/${row.id}/extend`)).status).toBe(200);
    await admin.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    expect((await admin.client.post(`/api/assessments/${row.id}/extend`)).status).toBe(404);

    const { row: finished } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses: fullAnswers(),
      finishedAt: server.clock.now(),
    });
    const refused = await clinician.client.post(`/api/assessments/${finished.id}/extend`);
    expect(refused.status).toBe(409);
    expect((await readError(refused)).code).toBe('TEST_COMPLETED');
  });
});
