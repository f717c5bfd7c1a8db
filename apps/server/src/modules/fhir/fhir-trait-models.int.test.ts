import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults, TGermanNormReading } from '@pid5/contract';
import {
  administeredFullItems,
  createDemoResponses,
  getFormFullItems,
  scoreResponses,
  type FormId,
} from '@pid5/instrument';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { fhirGet, keyClient, keyRegistration, tokenFor, type KeyClient } from '../../../test/fhir-clients';
import { fhirContentProblems } from '../../../test/fhir-content-checks';
import { fhirSchemaErrors } from '../../../test/fhir-schema';
import { fhirErrors } from '../../../test/fhir-validation';
import { startTestServer, type TestServer } from '../../../test/test-server';
import type { BundleEntry, Observation, ObservationComponent } from './fhir-types';

// The German norms and ICD-11 trait domains in FHIR, over real HTTP on the real database: every scale Observation
// of a form with German tables carries the German T as published (component de-t-score with the reference group as its referenceRange, the 95 %
// interval as a Range component, the percentile), and a full-form test's PID5BF+M gives one Observation per ICD-11
// trait domain and its total (raw score and German T, no US norms), in the per-test Bundle, the patient's Bundle, the
// NDJSON download, a search, a read by id and $export. Every number is the results API's for the same test (whose
// rows trait-models.int.test.ts checks against the published tables), and every resource passes both validators.

const ALL = 'system/Observation.read system/QuestionnaireResponse.read';
const PATIENT = 'DE-W40';

let server: TestServer;
let clinician: SignedInUser;
let ehr: KeyClient;
let exportDir: string;
let fullId: number;
let briefId: number;

function forForm(form: FormId, full: string): string {
  return getFormFullItems(form)
    .map((item) => full[item - 1] ?? '9')
    .join('');
}

async function submitted(form: FormId, at: Date): Promise<number> {
  const responses = forForm(form, createDemoResponses());
  const { row } = await insertAssessment(server, {
    clinicianId: clinician.id,
    patientId: PATIENT,
    form,
    responses,
    consented: true,
    createdAt: at,
    finishedAt: at,
    scores: scoreResponses(responses, { form }),
    gender: 'Female',
    age: 40,
  });
  return row.id;
}

beforeAll(async () => {
  ehr = await keyClient('trait-ehr');
  exportDir = await mkdtemp(join(tmpdir(), 'pid5-trait-fhir-'));
  server = await startTestServer({
    env: {
      FHIR_EXPORT_DIR: exportDir,
      FHIR_CLIENTS: JSON.stringify([
        keyRegistration(ehr, ['system/Observation.read', 'system/QuestionnaireResponse.read']),
      ]),
    },
  });
  clinician = await createSignedInClinician(server, 'trait-fhir');
  const now = server.clock.now().getTime();
  fullId = await submitted('FULL', new Date(now - 86_400_000));
  briefId = await submitted('BF', new Date(now));
});
afterAll(async () => {
  await server?.close();
  await rm(exportDir, { recursive: true, force: true });
});

const base = () => `${server.config.publicUrl}/fhir/R4`;
const scoreTypes = () => `${base()}/CodeSystem/pid5-score-types`;

async function resultsOf(id: number): Promise<TAssessmentResults> {
  const response = await clinician.client.get(`/api/assessments/${id}/results`);
  expect(response.status).toBe(200);
  return (await response.json()) as TAssessmentResults;
}

async function bundleOf(path: string): Promise<BundleEntry[]> {
  const response = await clinician.client.get(path);
  expect(response.status).toBe(200);
  const bundle = (await response.json()) as { entry: BundleEntry[] };
  expect(fhirErrors(bundle as never)).toEqual([]);
  return bundle.entry;
}

const component = (observation: Observation, code: string): ObservationComponent | undefined =>
  observation.component?.find((c) =>
    c.code.coding?.some((coding) => coding.system === scoreTypes() && coding.code === code),
  );

/** The German components of an Observation say exactly what the results API's reading says. */
function expectGerman(observation: Observation, de: TGermanNormReading, group: string) {
  const where = observation.id;
  const t = component(observation, 'de-t-score');
  expect(t?.valueQuantity, where).toEqual({
    value: de.t,
    unit: '{T-score}',
    system: 'http://unitsofmeasure.org',
    code: '{T-score}',
  });
  const range = t!.referenceRange![0]!;
  expect(range.appliesTo![0]!.coding![0], where).toMatchObject({
    system: `${base()}/CodeSystem/pid5-de-norms`,
    code: group,
  });
  expect(range.text).toContain(`${de.row.file} line ${de.row.line}`);
  expect(Boolean(t!.interpretation?.some((i) => i.coding?.some((c) => c.code === 'extrapolated'))), where).toBe(
    de.extrapolated,
  );
  expect(component(observation, 'de-t-interval')?.valueRange, where).toMatchObject({
    low: { value: de.tLow, code: '{T-score}' },
    high: { value: de.tHigh, code: '{T-score}' },
  });
  const percentile = component(observation, 'de-percentile')!.valueQuantity!;
  if (de.percentile >= 1) {
    expect(percentile).toMatchObject({ comparator: '>', value: 99 });
  } else {
    expect(percentile.value, where).toBeCloseTo(de.percentile * 100, 8);
  }
}

function observationsOf(entries: readonly BundleEntry[], assessmentId: number): Map<string, Observation> {
  return new Map(
    entries
      .map((e) => e.resource)
      .filter((r): r is Observation => r.resourceType === 'Observation' && r.id!.startsWith(`pid5-${assessmentId}-`))
      .map((r) => [r.id!.slice(`pid5-${assessmentId}-`.length), r]),
  );
}

function checkAgainstResults(observations: Map<string, Observation>, results: TAssessmentResults) {
  const group = 'f-35-49';
  const scales = [...results.facets, ...results.domains, ...(results.total ? [results.total] : [])];
  expect(scales.length > 0 || results.form === 'BFM').toBe(true);
  for (const scale of scales) {
    expectGerman(observations.get(scale.key)!, scale.de!, group);
    // The US T stays first, as it was.
    expect(observations.get(scale.key)!.component![0]!.code.coding![0]!.code).toBe('t-score');
  }
  if (results.form !== 'FULL' && results.form !== 'BFM') {
    expect([...observations.keys()].filter((key) => key.startsWith('Bfm'))).toEqual([]);
    return;
  }
  const bfm = results.bfm!;
  for (const domain of [...bfm.domains, { ...bfm.total, key: 'Total' }]) {
    const observation = observations.get(`Bfm${domain.key}`)!;
    expect(observation.valueQuantity?.value, domain.key).toBe(domain.score);
    expect(observation.code.coding![0]).toMatchObject({ code: `Bfm${domain.key}` });
    // No US norms: no US T, percentile or level.
    expect(component(observation, 't-score')).toBeUndefined();
    expect(component(observation, 'percentile')).toBeUndefined();
    expect(observation.interpretation).toBeUndefined();
    expect(observation.method?.text).toMatch(/no US norms/i);
    expectGerman(observation, domain.de!, group);
  }
}

describe('German T and ICD-11 trait domains (PID5BF+M) in FHIR', () => {
  it('the per-test Bundles: every scale its German T of the female 35-49 row; the full form its six BF+M domains', async () => {
    const full = await resultsOf(fullId);
    const entries = await bundleOf(`/api/assessments/${fullId}/fhir`);
    const observations = observationsOf(entries, fullId);
    checkAgainstResults(observations, full);
    // The sample protocol's numbers (i48 notes): Anxiousness T (DE) 72.0 [63.8, 75.5], 98.62 %; Anankastia 60.2 [50.6, 66.8].
    expect(component(observations.get('Anx')!, 'de-t-score')!.valueQuantity!.value).toBe(72);
    expect(component(observations.get('Anx')!, 'de-t-interval')!.valueRange).toMatchObject({
      low: { value: 63.8 },
      high: { value: 75.5 },
    });
    expect(component(observations.get('Anx')!, 'de-percentile')!.valueQuantity!.value).toBe(98.62);
    const anank = observations.get('BfmAnank')!;
    expect(anank.code.coding![0]!.display).toBe('Anankastia (PID5BF+M)');
    expect(component(anank, 'de-t-score')!.valueQuantity!.value).toBe(60.2);
    expect(component(anank, 'de-t-interval')!.valueRange).toMatchObject({
      low: { value: 50.6 },
      high: { value: 66.8 },
    });
    expect(component(anank, 'de-t-score')!.referenceRange![0]!.age).toEqual({
      low: { value: 35, unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' },
      high: { value: 49, unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' },
    });
    expect([...observations.keys()].filter((key) => key.startsWith('Bfm'))).toEqual([
      'BfmNegAf',
      'BfmDetac',
      'BfmAntag',
      'BfmDisin',
      'BfmAnank',
      'BfmPsych',
      'BfmTotal',
    ]);
    const provenance = entries.find((e) => e.resource.resourceType === 'Provenance')!.resource as {
      target: { reference: string }[];
      entity: { what: { display: string } }[];
    };
    expect(provenance.target.map((t) => t.reference)).toContain(`Observation/pid5-${fullId}-BfmAnank`);
    expect(provenance.entity.map((e) => e.what.display).join('\n')).toMatch(
      /German norms: DE-GESIS-2026.*CC BY|Zimmermann/,
    );

    const brief = await resultsOf(briefId);
    checkAgainstResults(observationsOf(await bundleOf(`/api/assessments/${briefId}/fhir`), briefId), brief);

    const ids = new Set(entries.map((e) => `${e.resource.resourceType}/${e.resource.id}`));
    expect(
      fhirContentProblems(
        entries.map((e) => e.resource),
        { settings: server.config.fhir, resolves: (ref) => ids.has(ref) },
      ),
    ).toEqual([]);
  });

  it('a test of the PID5BF+M form itself: the same six domains and total from its own 36 answers', async () => {
    const full = createDemoResponses();
    const responses = administeredFullItems('BFM')
      .map((item) => full[item - 1]!)
      .join('');
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: 'DE-W40-BFM',
      form: 'BFM',
      responses,
      consented: true,
      finishedAt: server.clock.now(),
      gender: 'Female',
      age: 40,
    });
    const results = await resultsOf(row.id);
    expect(results.bfm?.administeredAs).toBe('BFM');
    const entries = await bundleOf(`/api/assessments/${row.id}/fhir`);
    const observations = observationsOf(entries, row.id);
    checkAgainstResults(observations, results);
    // The same 36 answers as the full-form test's PID5BF+M items: the same numbers.
    const fromFull = observationsOf(await bundleOf(`/api/assessments/${fullId}/fhir`), fullId);
    expect(observations.get('BfmAnank')!.valueQuantity).toEqual(fromFull.get('BfmAnank')!.valueQuantity);
    expect(observations.get('BfmAnank')!.component).toEqual(fromFull.get('BfmAnank')!.component);
    expect(observations.get('BfmAnank')!.method!.text).toMatch(/scored from the PID5BF\+M \(36 items\)/);
    const ids = new Set(entries.map((e) => `${e.resource.resourceType}/${e.resource.id}`));
    expect(
      fhirContentProblems(
        entries.map((e) => e.resource),
        { settings: server.config.fhir, resolves: (ref) => ids.has(ref) },
      ),
    ).toEqual([]);
  });

  it('the served CodeSystems hold every new code with its display and a German designation', async () => {
    const scales = (await (await fhirGet(server, '/fhir/R4/CodeSystem/pid5-scales')).json()) as {
      concept: { code: string; display: string; designation?: { language: string; value: string }[] }[];
    };
    const anank = scales.concept.find((c) => c.code === 'BfmAnank')!;
    expect(anank).toMatchObject({
      display: 'Anankastia (PID5BF+M)',
      designation: [{ language: 'de', value: 'Anankasmus (PID5BF+M)' }],
    });
    const norms = await fhirGet(server, '/fhir/R4/CodeSystem/pid5-de-norms');
    expect(norms.status).toBe(200);
    const normsCs = (await norms.json()) as {
      concept: { code: string; display: string; designation: { value: string }[] }[];
    };
    expect(fhirSchemaErrors(normsCs)).toEqual([]);
    expect(normsCs.concept.find((c) => c.code === 'f-35-49')).toMatchObject({
      display: 'German women aged 35-49',
      designation: [{ value: expect.stringMatching(/Frauen/) as unknown as string }],
    });
    expect(normsCs.concept.map((c) => c.code)).toContain('m-65-plus');
  });

  it('the patient Bundle and the NDJSON download carry the same Observations', async () => {
    const patient = await bundleOf(`/api/assessments/${fullId}/patient/fhir`);
    checkAgainstResults(observationsOf(patient, fullId), await resultsOf(fullId));
    checkAgainstResults(observationsOf(patient, briefId), await resultsOf(briefId));

    const response = await clinician.client.get('/api/assessments/export.fhir.ndjson');
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n').filter((line) => line !== '');
    const resources = lines.map((line) => JSON.parse(line) as Observation);
    for (const resource of resources) {
      expect(fhirErrors(resource as never)).toEqual([]);
    }
    const asEntries = resources.map((resource) => ({ fullUrl: '', resource }));
    checkAgainstResults(observationsOf(asEntries, fullId), await resultsOf(fullId));
  });

  it('a search by code, a read by id and $export send each BF+M Observation as the Bundle has it', async () => {
    const token = await tokenFor(server, ehr, ALL);
    const entries = await bundleOf(`/api/assessments/${fullId}/fhir`);
    const inBundle = observationsOf(entries, fullId);

    const search = await fhirGet(
      server,
      `/fhir/R4/Observation?patient:identifier=${PATIENT}&code=BfmAnank,BfmTotal,Anx`,
      token,
    );
    expect(search.status).toBe(200);
    const page = (await search.json()) as { total: number; entry: BundleEntry[] };
    expect(fhirErrors(page as never)).toEqual([]);
    // Anx of both tests? The brief form has no facets: the full form's Anx and its two BF+M Observations.
    expect(page.entry.map((e) => e.resource.id).sort()).toEqual(
      [`pid5-${fullId}-Anx`, `pid5-${fullId}-BfmAnank`, `pid5-${fullId}-BfmTotal`].sort(),
    );
    for (const entry of page.entry) {
      expect(entry.resource).toEqual(inBundle.get(entry.resource.id!.slice(`pid5-${fullId}-`.length)));
    }

    const read = await fhirGet(server, `/fhir/R4/Observation/pid5-${fullId}-BfmAnank`, token);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(inBundle.get('BfmAnank'));

    const kickOff = await fetch(`${base()}/$export?_type=Observation`, {
      headers: { authorization: `Bearer ${token}`, prefer: 'respond-async' },
    });
    expect(kickOff.status).toBe(202);
    const statusUrl = kickOff.headers.get('content-location')!;
    let manifest: { output: { url: string }[] } | null = null;
    for (let attempt = 0; attempt < 300 && manifest === null; attempt += 1) {
      const status = await fetch(statusUrl, { headers: { authorization: `Bearer ${token}` } });
      if (status.status === 200) {
        manifest = (await status.json()) as { output: { url: string }[] };
      } else {
        expect(status.status).toBe(202);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const file = await fetch(manifest!.output[0]!.url, { headers: { authorization: `Bearer ${token}` } });
    const exported = (await file.text())
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Observation);
    const exportedFull = observationsOf(
      exported.map((resource) => ({ fullUrl: '', resource })),
      fullId,
    );
    expect(exportedFull.get('BfmAnank')).toEqual(inBundle.get('BfmAnank'));
    expect(exportedFull.get('Anx')).toEqual(inBundle.get('Anx'));
    checkAgainstResults(exportedFull, await resultsOf(fullId));
  });
});
