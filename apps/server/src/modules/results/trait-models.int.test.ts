import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdministrationComparison, TAssessmentResults, TGermanNormReading } from '@pid5/contract';
import {
  createDemoResponses,
  getFormFullItems,
  getGermanNormTable,
  scoreResponses,
  type FormId,
  type GermanNormForm,
} from '@pid5/instrument';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { pdfToText } from '../../../test/results-test-helpers';
import { readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The German norms as published, the ICD-11 trait domains (PID5BF+M) and the AMPD trait profiles, as a clinician
// reads them over HTTP from a real server (docs/decisions/0073-german-norms-as-published.md, 0074, 0075): for a 40-year-old woman every German
// number is the female 35-49 row of the published table for the score the API gives, and for three sample rows the
// numbers are the ones the platform's CSV prints (packages/instrument/scripts/print-sample-protocols.ts).

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server?.close();
});

function forForm(form: FormId, full: string): string {
  return getFormFullItems(form)
    .map((item) => full[item - 1] ?? '9')
    .join('');
}

async function submitted(
  form: FormId,
  options: {
    age: number;
    gender: 'Male' | 'Female' | 'Diverse' | 'Unspecified';
    patientId?: string;
    full?: string;
    daysAgo?: number;
  },
): Promise<number> {
  const { full, daysAgo, ...fields } = options;
  const responses = forForm(form, full ?? createDemoResponses());
  const at = new Date(server.clock.now().getTime() - (daysAgo ?? 0) * 86_400_000);
  const { row } = await insertAssessment(server, {
    clinicianId: clinician.id,
    form,
    responses,
    consented: true,
    createdAt: at,
    finishedAt: at,
    scores: scoreResponses(responses, { form }),
    ...fields,
  });
  return row.id;
}

async function resultsOf(id: number): Promise<TAssessmentResults> {
  const response = await clinician.client.get(`/api/assessments/${id}/results`);
  expect(response.status).toBe(200);
  return (await response.json()) as TAssessmentResults;
}

/** The published row of a table for women aged 35-49 whose raw score is the score (every complete facet's is one). */
function femaleRow(form: GermanNormForm, key: string, score: number) {
  const cell = getGermanNormTable(form, key).cells.find((c) => c.id.gender === 'f' && c.id.ageGroup === '[35,50)');
  const rows = cell?.rows ?? [];
  return rows.reduce((best, row) => (Math.abs(row.raw - score) < Math.abs(best.raw - score) - 1e-9 ? row : best));
}

function expectRow(de: TGermanNormReading | null | undefined, form: GermanNormForm, key: string, score: number) {
  const row = femaleRow(form, key, score);
  expect(de, key).toMatchObject({
    t: row.t,
    tLow: row.tLow,
    tHigh: row.tHigh,
    percentile: row.percentile,
    extrapolated: row.extrapolated,
    row: { line: row.line, raw: row.raw },
  });
}

describe('German norms, ICD-11 trait domains and AMPD profiles over HTTP', () => {
  it('reads every scale of a 40-year-old woman’s full-form test in the female 35-49 table', async () => {
    const results = await resultsOf(await submitted('FULL', { age: 40, gender: 'Female' }));
    expect(results.germanNorms?.group).toEqual({ gender: 'f', ageGroup: '[35,50)', fallbacks: [] });
    for (const scale of [...results.facets, ...results.domains]) {
      expectRow(scale.de, 'FULL', scale.key, scale.score ?? Number.NaN);
    }
    // Three rows as the platform's norms_full.csv prints them (file line, T, interval, percentile).
    const anx = results.facets.find((f) => f.key === 'Anx')?.de;
    expect(anx).toMatchObject({
      t: 72,
      tLow: 63.8,
      tHigh: 75.5,
      percentile: 0.9862,
      row: { file: 'full', line: 13851 },
    });
    expect(anx).toMatchObject({ tText: '72.0', intervalText: '63.8–75.5', percentileText: '98.6' });
    const negAf = results.domains.find((d) => d.key === 'NegAf')?.de;
    expect(negAf).toMatchObject({ t: 70.7, tLow: 64.5, tHigh: 73.5, row: { line: 8940, raw: 2.09 } });
    // The US T stays first and unchanged; the derived linear z is no longer what a view shows.
    expect(results.facets.find((f) => f.key === 'Anx')?.us?.t).toBeTypeOf('number');

    // ICD-11 trait domains from the 36 PID5BF+M items: German T only, no US norms.
    expect(results.bfm?.administeredAs).toBe('FULL');
    expect(results.bfm?.usNorms).toBeNull();
    expect(results.bfmUnavailable).toBeNull();
    expect(results.bfm?.domains.map((d) => d.key)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych']);
    for (const domain of results.bfm?.domains ?? []) {
      expectRow(domain.de, 'BFM', domain.key, domain.score ?? Number.NaN);
    }
    expect(results.bfm?.domains.find((d) => d.key === 'Anank')?.de).toMatchObject({
      t: 60.2,
      tLow: 50.6,
      tHigh: 66.8,
      percentile: 0.8455,
      row: { file: 'bfplus_m', line: 50 },
    });
    expectRow(results.bfm?.total.de, 'BFM', 'Total', results.bfm?.total.score ?? Number.NaN);

    // AMPD: six profiles, mean US T of the assigned facets, count at the Moderate level.
    expect(results.ampd?.threshold).toEqual({ norms: 'US', percentileAtLeast: 0.93, level: 'Moderate' });
    expect(results.ampd?.profiles.map((p) => p.key)).toEqual(['ASPD', 'AvPD', 'BPD', 'NPD', 'OCPD', 'STPD']);
    const avpd = results.ampd?.profiles.find((p) => p.key === 'AvPD');
    const usT = (key: string) => results.facets.find((f) => f.key === key)?.us?.t ?? Number.NaN;
    const assigned = avpd?.facets.map((f) => f.key) ?? [];
    expect(avpd?.meanUsT).toBeCloseTo(assigned.reduce((sum, key) => sum + usT(key), 0) / assigned.length, 10);
    expect(avpd).toMatchObject({ countAtOrAbove: 1, assignedCount: 4, minimumCount: 3, traitRule: 'not-reached' });
    expect(avpd?.facets.find((f) => f.key === 'Anx')).toMatchObject({ isRequired: true, atOrAboveThreshold: true });
  });

  it('reads the short and brief forms in their own tables, and says what they cannot give', async () => {
    const short = await resultsOf(await submitted('SF', { age: 40, gender: 'Female' }));
    for (const scale of [...short.facets, ...short.domains]) {
      expectRow(scale.de, 'SF', scale.key, scale.score ?? Number.NaN);
    }
    expect(short.bfm).toBeNull();
    expect(short.bfmUnavailable).toEqual({ form: 'SF', present: 22, needed: 36 });
    expect(short.ampd?.profiles).toHaveLength(6);

    const brief = await resultsOf(await submitted('BF', { age: 40, gender: 'Female' }));
    for (const scale of brief.domains) {
      expectRow(scale.de, 'BF', scale.key, scale.score ?? Number.NaN);
    }
    expectRow(brief.total?.de, 'BF', 'Total', brief.total?.score ?? Number.NaN);
    expect(brief.total?.de).toMatchObject({ t: 64.7, tLow: 55.8, tHigh: 69.4, row: { file: 'bf', line: 904 } });
    expect(brief.bfm).toBeNull();
    expect(brief.bfmUnavailable?.present).toBeLessThan(36);
    expect(brief.ampd).toBeNull();
  });

  it('reads all German adults for a diverse gender and says why', async () => {
    const results = await resultsOf(await submitted('FULL', { age: 40, gender: 'Diverse' }));
    expect(results.germanNorms?.group).toEqual({ gender: 'all', ageGroup: 'all', fallbacks: ['gender-diverse'] });
    expect(results.bfm?.group.fallbacks).toEqual(['gender-diverse']);
  });

  it('prints the German T with its interval, the ICD-11 domains and the AMPD profiles in the score report', async () => {
    const id = await submitted('FULL', { age: 40, gender: 'Female' });
    for (const [language, words] of [
      [
        'en-GB',
        [
          'T (DE)',
          '(63.8–75.5)',
          'German women aged 35-49',
          'ICD-11 trait domains (PID5BF+M)',
          'Anankastia',
          'DSM-5 Section III trait profiles',
          'Criterion B traits only',
        ],
      ],
      [
        'de-DE',
        [
          'T (DE)',
          '(63,8–75,5)',
          'Deutsche Frauen, 35–49 Jahre',
          'ICD-11-Merkmalsdomänen (PID5BF+M)',
          'Anankasmus',
          'Merkmalsprofile nach DSM-5 Sektion III',
          'Nur die Merkmale von Kriterium B',
        ],
      ],
    ] as const) {
      const response = await clinician.client.get(`/api/assessments/${id}/score-report.pdf`, {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(200);
      const text = (await pdfToText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ');
      for (const word of words) {
        expect(text, `${language}: ${word}`).toContain(word);
      }
      expect(text).not.toContain('z (DE)');
    }
  });

  it('exports the same numbers in the CSV, with the derived German z named as derived', async () => {
    const id = await submitted('FULL', { age: 40, gender: 'Female' });
    const results = await resultsOf(id);
    const response = await clinician.client.get('/api/assessments/export.csv?precision=full');
    expect(response.status).toBe(200);
    const [header = [], ...records] = readLikeSpreadsheet(await response.text(), { separator: ',' });
    const record = records.find((cells) => cells[0] === String(id)) ?? [];
    const cell = (name: string) => {
      const at = header.indexOf(name);
      expect(at, name).toBeGreaterThanOrEqual(0);
      return record[at];
    };
    expect(cell('German Norms Group')).toBe('f [35,50)');
    expect(cell('German Norms Fallback')).toBe('');
    expect(cell('Anxiousness T (DE 2026)')).toBe('72.0');
    expect(cell('Anxiousness T 95% interval low (DE 2026)')).toBe('63.8');
    expect(cell('Anxiousness T 95% interval high (DE 2026)')).toBe('75.5');
    expect(cell('Anxiousness percentile (DE 2026)')).toBe('98.62');
    expect(cell('Anxiousness T extrapolated (DE 2026)')).toBe('no');
    expect(header).not.toContain('Anxiousness z (DE 2026)');
    expect(header).toContain('Anxiousness derived z (DE 2026)');
    for (const scale of [...results.facets, ...results.domains]) {
      expect(cell(`${scale.name} T (DE 2026)`), scale.key).toBe(scale.de?.tText);
    }
    for (const domain of results.bfm?.domains ?? []) {
      expect(cell(`ICD-11 ${domain.name} (PID5BF+M) T (DE 2026)`), domain.key).toBe(domain.de?.tText);
    }
    expect(cell('ICD-11 Anankastia (PID5BF+M) T (DE 2026)')).toBe('60.2');
    expect(cell('AMPD Threshold')).toBe('Moderate (US percentile ≥ 93)');
    const avpd = results.ampd?.profiles.find((p) => p.key === 'AvPD');
    const avpdName = avpd?.name ?? '';
    expect(Number(cell(`AMPD ${avpdName} mean T (US 2024)`))).toBeCloseTo(avpd?.meanUsT ?? Number.NaN, 10);
    expect(cell(`AMPD ${avpdName} facets at or above threshold`)).toBe('1/4');
    expect(cell(`AMPD ${avpdName} trait rule`)).toBe('not-reached');
  });

  it('compares two tests with each test’s German T and ICD-11 domains, in the JSON and in the PDF', async () => {
    const later = [...createDemoResponses()].map((a, i) => (i % 5 === 0 ? String(Math.min(3, Number(a) + 1)) : a));
    const first = await submitted('FULL', { age: 40, gender: 'Female', patientId: 'P-TRAITS', daysAgo: 400 });
    const second = await submitted('FULL', {
      age: 50,
      gender: 'Female',
      patientId: 'P-TRAITS',
      full: later.join(''),
    });
    const response = await clinician.client.get(`/api/assessments/${second}/compare?with=${first}`);
    expect(response.status).toBe(200);
    const comparison = (await response.json()) as TAdministrationComparison;
    // Each test read for the patient's group at its date: 35-49 first, 50-64 later.
    expect(comparison.germanGroups?.first).toMatchObject({ gender: 'f', ageGroup: '[35,50)' });
    expect(comparison.germanGroups?.second).toMatchObject({ gender: 'f', ageGroup: '[50,65)' });
    const [earlierResults, laterResults] = [await resultsOf(first), await resultsOf(second)];
    for (const scale of comparison.scales) {
      const of = (results: TAssessmentResults) =>
        [...results.facets, ...results.domains].find((s) => s.key === scale.key)?.de ?? null;
      expect(scale.first.de, scale.key).toEqual(of(earlierResults));
      expect(scale.second.de, scale.key).toEqual(of(laterResults));
    }
    expect(comparison.icd11?.first.domains.find((d) => d.key === 'Anank')?.de?.t).toBe(60.2);
    expect(comparison.icd11?.second).toEqual(laterResults.bfm);

    const pdf = await clinician.client.get(`/api/assessments/${second}/compare.pdf?with=${first}&tz=UTC`, {
      headers: { 'accept-language': 'en-GB' },
    });
    expect(pdf.status).toBe(200);
    const text = (await pdfToText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('ICD-11 trait domains (PID5BF+M)');
    expect(text).toContain('earlier German women aged 35-49; later German women aged 50-64');
    expect(text).toContain('DE 72.0');
  });
});
