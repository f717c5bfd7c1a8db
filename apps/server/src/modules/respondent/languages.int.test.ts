import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentDetails, TMe, TPatientConsent, TPatientTest } from '@pid5/contract';
import { demoItemSet, demoItemSetDe } from '@pid5/instrument';
import { assessments, auditEvents, documents } from '../../db/schema';
import { detailsOver, grantOverApi, listOver, validCreateBody } from '../../../test/assessment-api';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Languages (DESIGN.md "Languages"), over HTTP on the real server and database: a test is given in one language,
// with that language's item set and consent; the patient may switch where offered; the clinician's terms follow the
// clinician's language.

const DAY_MS = 24 * 3_600_000;
const ALL_ANSWERED = '1'.repeat(220);

async function patientTest(server: TestServer, code: string): Promise<TPatientTest> {
  const response = await server.client().get(`/api/patient/${code}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TPatientTest;
}

async function consentOf(server: TestServer, code: string): Promise<TPatientConsent> {
  const response = await server.client().get(`/api/patient/${code}/consent`);
  expect(response.status).toBe(200);
  return (await response.json()) as TPatientConsent;
}

async function storedLanguage(server: TestServer, id: number) {
  const [row] = await server.database.db
    .select({ language: assessments.language, consentId: assessments.consentId, termsId: assessments.termsId })
    .from(assessments)
    .where(eq(assessments.id, id));
  return row;
}

/** Creates a test over the API as `clinician`; returns its id and link code. */
async function createOverApi(server: TestServer, clinician: SignedInUser, overrides: Record<string, unknown> = {}) {
  const response = await clinician.client.post('/api/assessments', await validCreateBody(server, overrides));
  const body = (await response.json()) as { id: number; testLink: string; language: string };
  return { response, ...body, code: body.testLink?.split('/').pop() ?? '' };
}

describe('with both demonstration sets (no item set files)', () => {
  let server: TestServer;
  let clinician: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await createSignedInAdmin(server);
    clinician = await createSignedInClinician(server, 'lang-clin');
    await grantOverApi(admin, clinician.id, 20);
  });
  afterAll(async () => {
    await server.close();
  });

  it('tells the staff app the languages offered and the default', async () => {
    const me = (await (await clinician.client.get('/api/me')).json()) as TMe;
    expect(me.institute).toMatchObject({ testLanguages: ['en', 'de'], defaultTestLanguage: 'en' });
  });

  it('creates a test in German: German items and consent for the patient; the German consent accepted is recorded', async () => {
    const created = await createOverApi(server, clinician, { patientId: 'DE-1', language: 'de' });
    expect(created.response.status).toBe(201);
    expect(created.language).toBe('de');
    expect(await storedLanguage(server, created.id)).toMatchObject({ language: 'de' });
    const details = await detailsOver(clinician.client, created.id);
    expect(details.language).toBe('de');
    const list = await listOver(clinician.client, '?search=DE-1');
    expect(list.items.map((item) => [item.patientId, item.language])).toEqual([['DE-1', 'de']]);

    const before = await patientTest(server, created.code);
    expect(before).toMatchObject({ status: 'consent-required', language: 'de', languageChoices: ['en', 'de'] });

    const consent = await consentOf(server, created.code);
    expect(consent.html).toContain('Bevor Sie beginnen');
    const [german] = await server.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.kind, 'consent'), eq(documents.language, 'de')));
    expect(consent.id).toBe(german?.id);

    const accepted = await server.client().post(`/api/patient/${created.code}/consent`, { consentId: consent.id });
    expect(accepted.status).toBe(200);
    const open = (await accepted.json()) as TPatientTest;
    expect(open).toMatchObject({ status: 'in-progress', language: 'de' });
    expect(open.itemSet).toMatchObject({ id: 'demo-de-1', language: 'de', title: demoItemSetDe.title });
    expect(open.itemSet?.answerLabels).toEqual([
      'Trifft überhaupt nicht zu',
      'Trifft eher nicht zu',
      'Trifft eher zu',
      'Trifft genau zu',
    ]);
    expect(open.itemSet?.items[0]?.text).toBe(demoItemSetDe.items[0]?.text);

    expect(await storedLanguage(server, created.id)).toMatchObject({ consentId: german?.id });
    const [audit] = await server.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, created.id), eq(auditEvents.action, 'assessment.consent')));
    expect(audit?.details).toEqual({ consentId: german?.id, language: 'de' });
  });

  it('creates in the default language without one, and refuses a language that is not a language of the product', async () => {
    const created = await createOverApi(server, clinician, { patientId: 'EN-1' });
    expect(created.language).toBe('en');
    const consent = await consentOf(server, created.code);
    expect(consent.html).toContain('Before you begin');

    const refused = await clinician.client.post('/api/assessments', await validCreateBody(server, { language: 'fr' }));
    expect(refused.status).toBe(400);
    const error = await readError(refused);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.language).toBe('Choose a test language: en, de');
  });

  it('switches the language: the items change, the answers stay, the choice is stored and audited without patient data', async () => {
    const { row, code } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses: `${'2'.repeat(10)}${'9'.repeat(210)}`,
    });
    expect((await patientTest(server, code)).itemSet?.items[0]?.text).toBe(demoItemSet.items[0]?.text);

    const patient = server.client();
    const switched = await patient.put(`/api/patient/${code}/language`, { language: 'de' });
    expect(switched.status).toBe(200);
    const test = (await switched.json()) as TPatientTest;
    expect(test).toMatchObject({ language: 'de', answeredCount: 10, status: 'in-progress' });
    expect(test.itemSet?.id).toBe('demo-de-1');
    expect(test.itemSet?.items[0]?.text).toBe(demoItemSetDe.items[0]?.text);
    expect(await storedLanguage(server, row.id)).toMatchObject({ language: 'de' });
    expect((await patientTest(server, code)).language).toBe('de');
    expect((await detailsOver(clinician.client, row.id)).language).toBe('de');

    const [audit] = await server.database.db
      .select({ actor: auditEvents.actor, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, row.id), eq(auditEvents.action, 'assessment.language')));
    expect(audit).toEqual({ actor: 'patient', details: { from: 'en', to: 'de' } });

    // The same language again changes nothing and is not audited again.
    expect((await patient.put(`/api/patient/${code}/language`, { language: 'de' })).status).toBe(200);
    const audits = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, row.id), eq(auditEvents.action, 'assessment.language')));
    expect(audits).toHaveLength(1);

    // The submission records the German item set.
    const all = await patient.post(`/api/patient/${code}/answers`, {
      answers: Array.from({ length: 220 }, (_, i) => ({ item: i + 1, value: 1 })),
    });
    expect(all.status).toBe(200);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
    const [submitted] = await server.database.db
      .select({ itemSetId: assessments.itemSetId })
      .from(assessments)
      .where(eq(assessments.id, row.id));
    expect(submitted?.itemSetId).toBe('demo-de-1');
  });

  it('refuses a bad body with 400, and any switch after submission (409) or expiry (410)', async () => {
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    for (const body of [{ language: 'fr' }, { language: '' }, {}, { language: ['de'] }]) {
      const response = await server.client().put(`/api/patient/${code}/language`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await readError(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.language).toBe('Choose one of the offered languages');
    }

    const finished = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses: ALL_ANSWERED,
      finishedAt: server.clock.now(),
    });
    const completed = await server.client().put(`/api/patient/${finished.code}/language`, { language: 'de' });
    expect(completed.status).toBe(409);
    expect((await readError(completed)).code).toBe('TEST_COMPLETED');
    expect((await patientTest(server, finished.code)).languageChoices).toEqual([]);

    const old = await insertAssessment(server, {
      clinicianId: clinician.id,
      createdAt: new Date(server.clock.now().getTime() - 31 * DAY_MS),
    });
    const expired = await server.client().put(`/api/patient/${old.code}/language`, { language: 'de' });
    expect(expired.status).toBe(410);
    expect((await readError(expired)).code).toBe('LINK_EXPIRED');
    expect(await storedLanguage(server, old.row.id)).toMatchObject({ language: 'en' });
  });

  it('answers an unknown code with 404 LINK_NOT_FOUND', async () => {
    const response = await server.client().put('/api/patient/AAAAAAAAAAAAAAAAAAAAAA/language', { language: 'de' });
    expect(response.status).toBe(404);
    expect((await readError(response)).code).toBe('LINK_NOT_FOUND');
  });

  it("shows the clinician the terms in the clinician's language (cookie pid5_lang, else Accept-Language) and records them", async () => {
    const terms = async (headers: Record<string, string>, cookie?: string) => {
      const client = clinician.client;
      if (cookie) {
        client.setCookie('pid5_lang', cookie);
      }
      const response = await client.get('/api/documents/terms', { headers });
      return (await response.json()) as { id: number; bodyHtml: string };
    };
    const german = await terms({ 'accept-language': 'de-CH, en;q=0.5' });
    expect(german.bodyHtml).toContain('Nutzungsbedingungen');
    const english = await terms({ 'accept-language': 'de-CH, en;q=0.5' }, 'en');
    expect(english.bodyHtml).toContain('Terms and conditions');
    clinician.client.setCookie('pid5_lang', 'de');
    expect((await terms({})).id).toBe(german.id);
    clinician.client.setCookie('pid5_lang', 'en');

    // Either current document is accepted and recorded as shown; an old version is stale.
    const created = await createOverApi(server, clinician, { patientId: 'TERMS-DE', termsId: german.id });
    expect(created.response.status).toBe(201);
    expect(await storedLanguage(server, created.id)).toMatchObject({ termsId: german.id });
    const stale = await clinician.client.post('/api/assessments', await validCreateBody(server, { termsId: 999_999 }));
    expect(stale.status).toBe(409);
    expect((await readError(stale)).code).toBe('STALE_TERMS');
  });

  it('keeps the language for a re-test: the details say it, and a create with it gives it again', async () => {
    const first = await createOverApi(server, clinician, { patientId: 'RETEST-DE', language: 'de' });
    const details: TAssessmentDetails = await detailsOver(clinician.client, first.id);
    // What "New test for this patient" sends (apps/web: the create page prefilled from the details).
    const again = await createOverApi(server, clinician, { patientId: details.patientId, language: details.language });
    expect(again.response.status).toBe(201);
    expect((await detailsOver(clinician.client, again.id)).language).toBe('de');
  });
});

describe('with one licensed English item set (ITEM_SET_FILES) and switching off', () => {
  let server: TestServer;
  let clinician: SignedInUser;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'languages-'));
    const file = join(dir, 'items-en.json');
    writeFileSync(
      file,
      JSON.stringify({
        id: 'institute-en-1',
        title: 'Institute licensed items',
        language: 'en-GB',
        source: 'Licensed',
        licenceNote: 'Institute only',
        items: Array.from({ length: 220 }, (_, i) => ({ number: i + 1, text: `Licensed statement ${i + 1}` })),
      }),
    );
    server = await startTestServer({ env: { ITEM_SET_FILES: `en:${file}`, PATIENT_LANGUAGE_SWITCH: 'false' } });
    const admin = await createSignedInAdmin(server);
    clinician = await createSignedInClinician(server, 'lang-en-only');
    await grantOverApi(admin, clinician.id, 5);
  });
  afterAll(async () => {
    await server.close();
  });

  it('offers only English, and refuses a test in German with a clear 400 (no test used)', async () => {
    const me = (await (await clinician.client.get('/api/me')).json()) as TMe;
    expect(me.institute).toMatchObject({ testLanguages: ['en'], defaultTestLanguage: 'en' });

    const refused = await clinician.client.post('/api/assessments', await validCreateBody(server, { language: 'de' }));
    expect(refused.status).toBe(400);
    const error = await readError(refused);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(
      'No item set is loaded for Deutsch on this server, so a test cannot be given in it. Choose one of: English.',
    );
    expect(error.fields?.language).toBe(error.message);
    expect(((await (await clinician.client.get('/api/credits')).json()) as { available: number }).available).toBe(5);
  });

  it('offers the patient no switch, and refuses one with 400', async () => {
    const { code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    const test = await patientTest(server, code);
    expect(test).toMatchObject({ language: 'en', languageChoices: [] });
    expect(test.itemSet?.id).toBe('institute-en-1');
    const refused = await server.client().put(`/api/patient/${code}/language`, { language: 'de' });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).message).toBe(
      'This test cannot be switched to another language. Please ask your clinician if you need another language.',
    );
  });

  it('shows a German test made before its set was removed in English, with the English consent where none in German is published', async () => {
    // No German consent on this installation: remove the defaults no test has accepted yet.
    await server.database.db.delete(documents).where(and(eq(documents.kind, 'consent'), eq(documents.language, 'de')));
    const { row, code } = await insertAssessment(server, { clinicianId: clinician.id });
    await server.database.db.update(assessments).set({ language: 'de' }).where(eq(assessments.id, row.id));

    const consent = await consentOf(server, code);
    expect(consent.html).toContain('Before you begin');
    const accepted = await server.client().post(`/api/patient/${code}/consent`, { consentId: consent.id });
    expect(accepted.status).toBe(200);
    const test = (await accepted.json()) as TPatientTest;
    expect(test).toMatchObject({ status: 'in-progress', language: 'en' });
    expect(test.itemSet?.id).toBe('institute-en-1');
    expect(await storedLanguage(server, row.id)).toMatchObject({ consentId: consent.id, language: 'de' });
  });
});
