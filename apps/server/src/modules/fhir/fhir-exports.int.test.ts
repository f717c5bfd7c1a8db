import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults } from '@pid5/contract';
import { getFormItemCount, scoreResponses } from '@pid5/instrument';
import { auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { expectedScales, readBackScales } from '../../../test/fhir-read-back';
import { fhirErrors } from '../../../test/fhir-validation';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { ndjsonResource } from './fhir-ndjson';
import type { BundleEntry } from './fhir-types';

// The staff's FHIR exports of more than one test, over real HTTP on the real database (DESIGN.md "FHIR"): a patient's
// submitted tests as one Bundle (the patient page's rule), and the dashboard's filtered tests as NDJSON (the CSV's
// rule). Each is made of exactly the per-test Bundles' resources, valid R4 (medplum's validator), and audited.

let server: TestServer;
let owner: SignedInUser;
let other: SignedInUser;
let colleague: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, colleague, admin] = await Promise.all([
    createSignedInClinician(server, 'fhir-owner'),
    createSignedInClinician(server, 'fhir-other'),
    createSignedInClinician(server, 'fhir-colleague'),
    createSignedInAdmin(server),
  ]);
});
afterAll(async () => {
  await server?.close();
});

type Form = 'FULL' | 'SF' | 'BF';
type AnyBundle = { resourceType: string; type: string; entry: BundleEntry[] };

const answersFor = (form: Form, seed: number) =>
  Array.from({ length: getFormItemCount(form) }, (_, i) => String((i * 7 + seed + (i >> 2)) % 4)).join('');

/** A test submitted with its form's scores, as the patient's submit stores them. */
async function submitted(
  clinicianId: string,
  patientId: string,
  form: Form,
  seed = 1,
  finishedAt = server.clock.now(),
) {
  const responses = answersFor(form, seed);
  const { row } = await insertAssessment(server, {
    clinicianId,
    patientId,
    form,
    responses,
    consented: true,
    finishedAt,
    scores: scoreResponses(responses, { form }),
  });
  return row;
}

async function testBundle(user: SignedInUser, id: number): Promise<AnyBundle> {
  const response = await user.client.get(`/api/assessments/${id}/fhir`);
  expect(response.status).toBe(200);
  return (await response.json()) as AnyBundle;
}

async function patientBundle(user: SignedInUser, id: number) {
  const response = await user.client.get(`/api/assessments/${id}/patient/fhir`);
  const text = await response.text();
  return { response, text, bundle: response.status === 200 ? (JSON.parse(text) as AnyBundle) : null };
}

async function ndjson(user: SignedInUser, query = '') {
  const response = await user.client.get(`/api/assessments/export.fhir.ndjson${query}`);
  const text = await response.text();
  return { response, text, lines: response.status === 200 ? text.split('\n') : [] };
}

async function auditDetails(actor: string, action: string) {
  const rows = await server.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actor, actor), eq(auditEvents.action, action)))
    .orderBy(auditEvents.id);
  return rows;
}

describe("GET /api/assessments/:id/patient/fhir: a patient's submitted tests as one Bundle", () => {
  it("holds each submitted test's resources as its own Bundle has them, each form's Questionnaire once, valid R4", async () => {
    const patientId = 'PAT-FHIR-1';
    const first = await submitted(owner.id, patientId, 'FULL', 1, new Date(server.clock.now().getTime() - 86_400_000));
    const second = await submitted(owner.id, patientId, 'SF', 2);
    const third = await submitted(owner.id, patientId, 'FULL', 3);
    const open = await insertAssessment(server, { clinicianId: owner.id, patientId, consented: true });
    const elsewhere = await submitted(other.id, patientId, 'BF');

    const { response, text, bundle } = await patientBundle(owner, second.id);
    expect(response.status, text.slice(0, 300)).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="patient-.*\.fhir\.json"$/);
    console.log(`FHIR Bundle of a patient with 2 full and 1 short form: ${Buffer.byteLength(text)} bytes`);
    expect(bundle!.type).toBe('collection');
    expect(fhirErrors(bundle!)).toEqual([]);

    // Exactly the per-test Bundles' entries, in submission order, a Questionnaire once by its fullUrl.
    const expected: BundleEntry[] = [];
    for (const id of [first.id, second.id, third.id]) {
      for (const entry of (await testBundle(owner, id)).entry) {
        if (!expected.some((e) => e.fullUrl === entry.fullUrl)) {
          expected.push(entry);
        }
      }
    }
    expect(bundle!.entry).toEqual(expected);
    const questionnaires = bundle!.entry.filter((e) => e.resource.resourceType === 'Questionnaire');
    expect(questionnaires.map((e) => e.fullUrl).sort()).toEqual([
      `${server.config.fhir.canonicalBase}/Questionnaire/pid5-full`,
      `${server.config.fhir.canonicalBase}/Questionnaire/pid5-sf`,
    ]);
    expect(text).not.toContain(`"${open.row.id}/`);
    expect(text).not.toContain(`"${elsewhere.id}/`);

    const [audit] = (await auditDetails(owner.id, 'patient.export')).slice(-1);
    expect(audit).toMatchObject({ assessmentId: second.id, details: { format: 'fhir', administrations: 3 } });
    expect(JSON.stringify(audit)).not.toContain(patientId);
  });

  it("follows the patient page's rule: a shared colleague without answers, another clinician 404, not signed in 401", async () => {
    const row = await submitted(owner.id, 'PAT-FHIR-2', 'BF');
    expect((await patientBundle(other, row.id)).response.status).toBe(404);
    expect((await patientBundle(colleague, row.id)).response.status).toBe(404);
    expect((await server.client().get(`/api/assessments/${row.id}/patient/fhir`)).status).toBe(401);
    expect((await patientBundle(admin, row.id)).response.status).toBe(200);
    expect((await owner.client.get('/api/assessments/x1/patient/fhir')).status).toBe(400);

    const share = await owner.client.post(`/api/assessments/${row.id}/patient/shares`, { granteeId: colleague.id });
    expect(share.status).toBe(200);
    const { response, bundle } = await patientBundle(colleague, row.id);
    expect(response.status).toBe(200);
    expect(bundle!.entry.map((e) => e.resource.resourceType)).not.toContain('QuestionnaireResponse');
    expect(readBackScales(bundle!).size).toBe(6);
    expect(fhirErrors(bundle!)).toEqual([]);
  });

  it('is an empty, valid Bundle for a patient with no submitted test', async () => {
    const { row } = await insertAssessment(server, { clinicianId: owner.id, patientId: 'PAT-FHIR-3' });
    const { response, bundle } = await patientBundle(owner, row.id);
    expect(response.status).toBe(200);
    expect(bundle!.entry).toEqual([]);
    expect(fhirErrors(bundle!)).toEqual([]);
  });
});

describe('GET /api/assessments/export.fhir.ndjson: the filtered tests as NDJSON', () => {
  it("holds one valid resource a line: exactly the per-test Bundles' resources of the submitted tests the CSV lists", async () => {
    const clinician = await createSignedInClinician(server, 'ndjson');
    const full = await submitted(clinician.id, 'ND-KEEP-1', 'FULL', 5);
    const brief = await submitted(clinician.id, 'ND-KEEP-2', 'BF', 6);
    const short = await submitted(clinician.id, 'ND-other', 'SF', 7);
    await insertAssessment(server, { clinicianId: clinician.id, patientId: 'ND-KEEP-open', consented: true });
    await submitted(other.id, 'ND-KEEP-elsewhere', 'BF');

    const { response, text, lines } = await ndjson(clinician);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/fhir+ndjson');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="assessments-.*\.ndjson"$/);
    expect(text.endsWith('\n')).toBe(true);
    expect(lines.pop()).toBe('');
    const resources = lines.map((line) => JSON.parse(line) as { resourceType: string; id?: string });
    for (const resource of resources) {
      expect(fhirErrors(resource), JSON.stringify(resource).slice(0, 120)).toEqual([]);
    }

    const expected: string[] = [];
    const questionnaires = new Set<string>();
    for (const id of [full.id, brief.id, short.id]) {
      for (const entry of (await testBundle(clinician, id)).entry) {
        if (entry.resource.resourceType === 'Questionnaire') {
          if (questionnaires.has(entry.fullUrl)) {
            continue;
          }
          questionnaires.add(entry.fullUrl);
        }
        expected.push(JSON.stringify(ndjsonResource(entry)));
      }
    }
    expect(lines).toEqual(expected);
    // Every reference is relative (Type/id) and names a line of the file.
    const ids = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    const references = [...text.matchAll(/"reference":"([^"]*)"/g)].map((m) => m[1]!);
    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      expect(ids.has(reference), reference).toBe(true);
    }
    expect(text).not.toContain('urn:uuid:');

    // The scores read back from the lines equal the results API's.
    const ofTest = (id: number) => ({
      entry: resources.filter((r) => JSON.stringify(r).includes(`"value":"${id}/`)).map((resource) => ({ resource })),
    });
    const results = (await (
      await clinician.client.get(`/api/assessments/${full.id}/results`)
    ).json()) as TAssessmentResults;
    expect(readBackScales(ofTest(full.id))).toEqual(expectedScales(results));
  });

  it("lists what the CSV's filters list (search, status, form), audits like the CSV, and refuses bad filters", async () => {
    const clinician = await createSignedInClinician(server, 'ndjson-filters');
    const keep = await submitted(clinician.id, 'NF-KEEP-1', 'FULL');
    const keepBrief = await submitted(clinician.id, 'NF-KEEP-2', 'BF');
    const otherTest = await submitted(clinician.id, 'NF-other', 'BF');
    const testIds = async (query: string) => {
      const { response, lines } = await ndjson(clinician, query);
      expect(response.status, query).toBe(200);
      const ids = new Set<number>();
      for (const line of lines.filter(Boolean)) {
        const resource = JSON.parse(line) as { resourceType: string; identifier?: { value: string } };
        if (resource.resourceType === 'QuestionnaireResponse') {
          ids.add(Number(resource.identifier!.value));
        }
      }
      return [...ids].sort((a, b) => a - b);
    };
    expect(await testIds('')).toEqual([keep.id, keepBrief.id, otherTest.id]);
    expect(await testIds('?search=nf-keep')).toEqual([keep.id, keepBrief.id]);
    expect(await testIds('?search=nf-keep&form=BF')).toEqual([keepBrief.id]);
    expect(await testIds('?status=completed&form=FULL')).toEqual([keep.id]);
    expect(await testIds('?status=in-progress')).toEqual([]);

    for (const query of ['?status=finished', '?form=XL', '?search=x&search=y']) {
      const bad = await clinician.client.get(`/api/assessments/export.fhir.ndjson${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message, query).toMatch(/check/i);
    }
    expect((await server.client().get('/api/assessments/export.fhir.ndjson')).status).toBe(401);

    const audited = await auditDetails(clinician.id, 'assessment.export');
    expect(audited).toHaveLength(5);
    expect(audited.map((row) => row.details)).toContainEqual({
      view: 'clinician',
      format: 'fhir-ndjson',
      status: 'all',
      form: 'BF',
      searched: true,
    });
    expect(JSON.stringify(audited).toLowerCase()).not.toContain('nf-keep');
  });

  it('streams every submitted test of the view across several database batches (keyset paging)', async () => {
    const clinician = await createSignedInClinician(server, 'ndjson-bulk');
    const made: number[] = [];
    for (let i = 0; i < 450; i++) {
      made.push((await submitted(clinician.id, `BULK-${i}`, 'BF', i)).id);
    }
    const { lines } = await ndjson(clinician);
    const responses = lines
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { resourceType: string; identifier?: { value: string } })
      .filter((r) => r.resourceType === 'QuestionnaireResponse')
      .map((r) => Number(r.identifier!.value));
    expect(responses).toEqual(made);
    expect(lines.filter((line) => line.includes('"resourceType":"Questionnaire"'))).toHaveLength(1);
  }, 120_000);
});
