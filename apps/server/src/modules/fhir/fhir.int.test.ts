import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults } from '@pid5/contract';
import type { FormId as AssessmentForm } from '@pid5/instrument';
import { getFormItemCount } from '@pid5/instrument';
import { auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { expectedScales, expectedValidity, readBackScales, readBackValidity } from '../../../test/fhir-read-back';
import { fhirErrors } from '../../../test/fhir-validation';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The FHIR export over real HTTP on the real database (DESIGN.md "FHIR"): a test answered and submitted through the
// patient link, exported by its clinician; every resource valid R4 (medplum's validator), the scores equal the
// results API's, the access rule and audit are the results'. And the public CodeSystems and Questionnaires.

const PATIENT_SYSTEM = 'https://hospital.example.org/patient-ids';

let server: TestServer;
let owner: SignedInUser;
let other: SignedInUser;
let colleague: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ env: { FHIR_PATIENT_ID_SYSTEM: PATIENT_SYSTEM } });
  [owner, other, colleague, admin] = await Promise.all([
    createSignedInClinician(server, 'owner'),
    createSignedInClinician(server, 'other'),
    createSignedInClinician(server, 'colleague'),
    createSignedInAdmin(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

type AnyBundle = {
  resourceType: string;
  type: string;
  entry: { fullUrl: string; resource: Record<string, unknown> & { resourceType: string } }[];
};

/** A test of `form` answered in full through its link (varied answers) and, unless told not to, submitted. */
async function answeredTest(form: AssessmentForm, options: { submit?: boolean } = {}) {
  const n = getFormItemCount(form);
  const answers = Array.from({ length: n }, (_, i) => String((i * 5 + (i >> 3)) % 4)).join('');
  const { row, code } = await insertAssessment(server, {
    clinicianId: owner.id,
    consented: true,
    form,
    responses: '9'.repeat(n),
  });
  const patient = server.client();
  const saved = await patient.post(`/api/patient/${code}/answers`, {
    answers: [...answers].map((c, i) => ({ item: i + 1, value: Number(c) })),
  });
  expect(saved.status).toBe(200);
  if (options.submit !== false) {
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);
  }
  return { id: row.id, patientId: row.patientId, answers };
}

async function exportBundle(user: SignedInUser, id: number) {
  const response = await user.client.get(`/api/assessments/${id}/fhir`);
  return { response, text: await response.text() };
}

describe('GET /api/assessments/:id/fhir', () => {
  for (const form of ['FULL', 'SF', 'BF'] as const) {
    it(`${form}: a valid R4 Bundle whose scores and answers equal the product's results`, async () => {
      const test = await answeredTest(form);
      const { response, text } = await exportBundle(owner, test.id);
      expect(response.status, text.slice(0, 300)).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="assessment-${test.id}.fhir.json"`,
      );
      console.log(`FHIR Bundle of a ${form} test: ${Buffer.byteLength(text)} bytes`);
      const bundle = JSON.parse(text) as AnyBundle;
      expect(bundle.type).toBe('collection');
      for (const entry of bundle.entry) {
        expect(fhirErrors(entry.resource), `${entry.resource.resourceType} ${entry.fullUrl}`).toEqual([]);
      }
      expect(fhirErrors(bundle)).toEqual([]);

      const results = (await (
        await owner.client.get(`/api/assessments/${test.id}/results`)
      ).json()) as TAssessmentResults;
      expect(readBackScales(bundle)).toEqual(expectedScales(results));
      expect(readBackValidity(bundle)).toEqual(expectedValidity(results));

      const response_ = bundle.entry.find((e) => e.resource.resourceType === 'QuestionnaireResponse')!
        .resource as unknown as {
        subject: unknown;
        item: { linkId: string; answer: { valueCoding: { code: string } }[] }[];
      };
      expect(response_.subject).toEqual({
        type: 'Patient',
        identifier: { system: PATIENT_SYSTEM, value: test.patientId },
      });
      const byLink = new Map(response_.item.map((i) => [i.linkId, i.answer[0]!.valueCoding.code]));
      expect([...test.answers].map((_, i) => byLink.get(String(i + 1))).join('')).toBe(test.answers);

      const [audit] = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.assessmentId, test.id),
            eq(auditEvents.action, 'assessment.results'),
            eq(auditEvents.actor, owner.id),
          ),
        )
        .orderBy(auditEvents.id);
      // The first results read of this test is the export's (the results call above came after).
      expect(audit?.details).toMatchObject({ format: 'fhir', view: 'clinician' });
      expect(JSON.stringify(audit)).not.toContain(test.patientId);
    });
  }

  it("follows the results' access rule: another clinician 404, not signed in 401, unfinished 409, admin 200", async () => {
    const test = await answeredTest('BF');
    expect((await exportBundle(other, test.id)).response.status).toBe(404);
    expect((await server.client().get(`/api/assessments/${test.id}/fhir`)).status).toBe(401);
    expect((await exportBundle(admin, test.id)).response.status).toBe(200);
    const open = await answeredTest('BF', { submit: false });
    const unfinished = await exportBundle(owner, open.id);
    expect(unfinished.response.status).toBe(409);
    expect(JSON.parse(unfinished.text)).toMatchObject({ error: { code: 'TEST_INCOMPLETE' } });
    expect((await owner.client.get('/api/assessments/0x10/fhir')).status).toBe(400);
  });

  it('gives a colleague the patient is shared with the scores, never the answers', async () => {
    const test = await answeredTest('SF');
    expect((await exportBundle(colleague, test.id)).response.status).toBe(404);
    const shared = await owner.client.post(`/api/assessments/${test.id}/patient/shares`, { granteeId: colleague.id });
    expect(shared.status).toBe(200);
    const { response, text } = await exportBundle(colleague, test.id);
    expect(response.status).toBe(200);
    const bundle = JSON.parse(text) as AnyBundle;
    expect(bundle.entry.map((e) => e.resource.resourceType)).not.toContain('QuestionnaireResponse');
    expect(readBackScales(bundle).size).toBe(30);
    expect(fhirErrors(bundle)).toEqual([]);
  });
});

describe('the FHIR base: our CodeSystems and Questionnaires', () => {
  it('serves each CodeSystem at its canonical URL, valid R4, to anyone', async () => {
    const base = server.config.fhir.canonicalBase;
    expect(base).toBe(`${server.config.publicUrl}/fhir/R4`);
    for (const id of [
      'pid5-scales',
      'pid5-levels',
      'pid5-validity',
      'pid5-validity-status',
      'pid5-answers',
      'pid5-score-types',
    ]) {
      const response = await server.client().get(`/fhir/R4/CodeSystem/${id}`);
      expect(response.status, id).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
      const cs = (await response.json()) as { url: string; resourceType: string };
      expect(cs.url).toBe(`${base}/CodeSystem/${id}`);
      expect(fhirErrors(cs)).toEqual([]);
    }
    // The answers carry each loaded item set's labels as designations (here the German demonstration set's).
    const answers = (await (await server.client().get('/fhir/R4/CodeSystem/pid5-answers')).json()) as {
      concept: { code: string; designation?: { language: string; value: string }[] }[];
    };
    const german = server.running.app.deps.itemSets.get('de')!.answerLabels;
    expect(answers.concept.map((c) => c.designation?.find((d) => d.language === 'de')?.value)).toEqual([...german]);
  });

  it('serves the demonstration Questionnaires with texts; unknown ids 404 and malformed ones 400, as OperationOutcomes', async () => {
    const questionnaire = (await (await server.client().get('/fhir/R4/Questionnaire/pid5-bf')).json()) as {
      resourceType: string;
      item: { text?: string }[];
    };
    expect(questionnaire.item).toHaveLength(25);
    expect(questionnaire.item.every((i) => typeof i.text === 'string')).toBe(true);
    expect(fhirErrors(questionnaire)).toEqual([]);

    for (const [path, status, code] of [
      ['/fhir/R4/CodeSystem/pid5-nothing', 404, 'not-found'],
      ['/fhir/R4/Questionnaire/pid5-xl', 404, 'not-found'],
      ['/fhir/R4/CodeSystem/bad%20id', 400, 'invalid'],
      ['/fhir/R4/Nothing/here', 404, 'not-found'],
    ] as const) {
      const response = await server.client().get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/fhir\+json/);
      const outcome = (await response.json()) as { resourceType: string; issue: { code: string }[] };
      expect(outcome.resourceType, path).toBe('OperationOutcome');
      expect(outcome.issue[0]?.code, path).toBe(code);
      expect(fhirErrors(outcome), path).toEqual([]);
    }
  });
});
