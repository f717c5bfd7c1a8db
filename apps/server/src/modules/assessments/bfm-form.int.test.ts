import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults, TPatientTest } from '@pid5/contract';
import { demoItemSet } from '@pid5/instrument';
import { CSV_HEADERS } from '../csv-export/export-csv';
import { createTestOver, grantOverApi, openAsPatientOver } from '../../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { pdfToText } from '../../../test/results-test-helpers';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The PID5BF+M (36 items) as a fourth form end to end over HTTP: create, answer through the patient API, submit,
// read the results, both reports, the CSV and the patient's timeline. Expected scores are computed here from the
// key written out below (Kerber 2020 key sheet: form positions of each facet), and the German T read here from the
// published table file by the platform's rule (nearest raw score), independently of the instrument's code.

/** Full-form item numbers of the 36 PID5BF+M items, in the form's order. */
const BFM_FULL_ITEMS = [
  62, 162, 129, 82, 194, 123, 109, 126, 4, 23, 25, 140, 50, 187, 6, 89, 44, 176, 122, 219, 160, 136, 209, 220, 110, 218,
  17, 189, 185, 34, 64, 197, 132, 108, 77, 115,
];
/** Each domain's three facets as their two form positions (domain = mean of its facets, facet = mean of its items). */
const BFM_KEY: Record<string, readonly (readonly [number, number])[]> = {
  NegAf: [
    [1, 19],
    [7, 25],
    [13, 31],
  ],
  Detac: [
    [4, 22],
    [10, 28],
    [16, 34],
  ],
  Antag: [
    [2, 20],
    [8, 26],
    [14, 32],
  ],
  Disin: [
    [3, 21],
    [9, 27],
    [15, 33],
  ],
  Psych: [
    [5, 23],
    [11, 29],
    [17, 35],
  ],
  Anank: [
    [6, 18],
    [12, 24],
    [30, 36],
  ],
};
/** The published table's scale names. */
const TABLE_SCALE: Record<string, string> = {
  NegAf: 'negative_affectivity',
  Detac: 'detachment',
  Antag: 'antagonism',
  Disin: 'disinhibition',
  Psych: 'psychoticism',
  Anank: 'anankastia',
};

interface PublishedCell {
  gender: string;
  ageGroup: string;
  firstLine: number;
  rows: [number, number, number, number, number, number][];
}
const PUBLISHED = JSON.parse(
  readFileSync(
    new URL('../../../../../packages/instrument/src/data/pid5-de-norm-tables-bfplus-m.json', import.meta.url),
    'utf8',
  ),
) as { scales: { scale: string; cells: PublishedCell[] }[] };

/** The published row for `raw` in a cell: the nearest raw score, the lower on a tie (the platform's rule). */
function publishedRow(scale: string, gender: string, ageGroup: string, raw: number) {
  const cell = PUBLISHED.scales
    .find((s) => s.scale === scale)!
    .cells.find((c) => c.gender === gender && c.ageGroup === ageGroup)!;
  let best = cell.rows[0]!;
  for (const row of cell.rows) {
    if (Math.abs(row[0] - raw) < Math.abs(best[0] - raw) - 1e-9) {
      best = row;
    }
  }
  return { raw: best[0], t: best[1], tLow: best[2], tHigh: best[3], percentile: best[4] };
}

/** Answer of item n: a fixed, varied pattern (no stretch of one answer). */
const answers = Array.from({ length: 36 }, (_, i) => String((i * 7 + (i >> 2)) % 4)).join('');
const answerAt = (position: number) => Number(answers.charAt(position - 1));
const domainScore = (key: string) =>
  BFM_KEY[key]!.map(([a, b]) => (answerAt(a) + answerAt(b)) / 2).reduce((sum, v) => sum + v, 0) / 3;

/** One CSV record's cells (RFC 4180 quoting; the records read here hold no line breaks). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
    .map((m) => m[1]!)
    .slice(0, -1)
    .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell));
}

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createSignedInAdmin(server);
  clinician = await createSignedInClinician(server, 'bfm');
  await grantOverApi(admin, clinician.id, 5);
});
afterAll(async () => {
  await server.close();
});

const createTest = (overrides: Record<string, unknown>) =>
  createTestOver(server, clinician, { age: 40, gender: 'Female', ...overrides });
const openAsPatient = (code: string) => openAsPatientOver(server, code);

async function submittedBfmTest(patientId: string) {
  const created = await createTest({ form: 'BFM', patientId });
  const { patient, test } = await openAsPatient(created.code);
  const saved = await patient.post(`/api/patient/${created.code}/answers`, {
    answers: [...answers].map((c, i) => ({ item: i + 1, value: Number(c) })),
  });
  expect(saved.status).toBe(200);
  expect((await patient.post(`/api/patient/${created.code}/submit`, {})).status).toBe(200);
  return { ...created, test };
}

describe('the PID5BF+M as a form', () => {
  it("shows the patient its 36 items in the form's order, with the item set's texts of the full items", async () => {
    const { code } = await createTest({ form: 'BFM', patientId: 'BFM-ITEMS' });
    const before = (await (await server.client().get(`/api/patient/${code}`)).json()) as TPatientTest;
    expect(before).toMatchObject({ status: 'consent-required', form: 'BFM', itemCount: 36 });
    const { test } = await openAsPatient(code);
    const textOf = new Map(demoItemSet.items.map((item) => [item.number, item.text]));
    expect(test.itemSet?.items).toEqual(
      BFM_FULL_ITEMS.map((fullItem, index) => ({ number: index + 1, text: textOf.get(fullItem) })),
    );
  });

  it('scores the six trait domains by the key and reads their German T in the table of women aged 35-49', async () => {
    const { id } = await submittedBfmTest('BFM-SCORES');
    const response = await clinician.client.get(`/api/assessments/${id}/results`);
    expect(response.status).toBe(200);
    const results = (await response.json()) as TAssessmentResults;
    expect(results).toMatchObject({ form: 'BFM', itemCount: 36, answered: 36, missing: 0, total: null });
    expect(results.facets).toEqual([]);
    expect(results.domains).toEqual([]);
    expect(results.norms).toBeNull();
    expect(results.ampd).toBeNull();
    // No validity scale is published for the form: a clean protocol is not called 'Valid'.
    expect(results.validityVerdict).toMatchObject({ verdict: 'valid', label: 'No validity scale published' });
    expect(results.germanNorms?.group).toEqual({ gender: 'f', ageGroup: '[35,50)', fallbacks: [] });
    const bfm = results.bfm!;
    expect(bfm).toMatchObject({ administeredAs: 'BFM', answered: 36, missing: 0, usNorms: null });
    expect(bfm.domains.map((d) => d.key)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych']);
    for (const domain of bfm.domains) {
      const expected = domainScore(domain.key);
      expect(domain.score).toBeCloseTo(expected, 10);
      const row = publishedRow(TABLE_SCALE[domain.key]!, 'f', '[35,50)', expected);
      expect(domain.de).toMatchObject({ t: row.t, tLow: row.tLow, tHigh: row.tHigh, percentile: row.percentile });
    }
  });

  it('draws both reports with the trait domains and says no US norms exist', async () => {
    const { id } = await submittedBfmTest('BFM-REPORTS');
    const scoreReport = await clinician.client.get(`/api/assessments/${id}/score-report.pdf`);
    expect(scoreReport.status).toBe(200);
    const scoreText = await pdfToText(new Uint8Array(await scoreReport.arrayBuffer()));
    expect(scoreText).toContain('ICD-11 trait domains (PID5BF+M)');
    expect(scoreText).toContain('No US norms exist for the PID5BF+M');
    expect(scoreText).toContain('Anankastia');
    const patientReport = await clinician.client.get(`/api/assessments/${id}/report.pdf`);
    expect(patientReport.status).toBe(200);
    const patientText = await pdfToText(new Uint8Array(await patientReport.arrayBuffer()));
    expect(patientText).toContain('Anankastia');
  });

  it("lists the test in the CSV export and the patient's timeline, and refuses to compare it with a PID-5 test", async () => {
    const bfm = await submittedBfmTest('BFM-LISTS');
    const csv = await clinician.client.get('/api/assessments/export.csv');
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).slice(1).split('\r\n').filter(Boolean);
    const row = csvCells(lines.find((line) => line.includes('BFM-LISTS')) ?? '');
    expect(row[CSV_HEADERS.indexOf('Form')]).toBe('BFM');
    expect(row[CSV_HEADERS.indexOf('Validity Verdict')]).toBe('No validity scale published');
    // No PID-5 scale; the six domains in the ICD-11 columns with their German T.
    expect(row[CSV_HEADERS.findIndex((h) => h.startsWith('Anxiousness'))]).toBe('');
    const anank = publishedRow('anankastia', 'f', '[35,50)', domainScore('Anank'));
    expect(row[CSV_HEADERS.indexOf('ICD-11 Anankastia (PID5BF+M) T (DE 2026)')]).toBe(anank.t.toFixed(1));

    const timeline = await clinician.client.get(`/api/assessments/${bfm.id}/patient`);
    expect(timeline.status).toBe(200);

    const full = await createTest({ patientId: 'BFM-LISTS' });
    const { patient } = await openAsPatient(full.code);
    const fullAnswers = Array.from({ length: 220 }, (_, i) => ({ item: i + 1, value: (i * 5 + (i >> 3)) % 4 }));
    expect((await patient.post(`/api/patient/${full.code}/answers`, { answers: fullAnswers })).status).toBe(200);
    expect((await patient.post(`/api/patient/${full.code}/submit`, {})).status).toBe(200);
    const compared = await clinician.client.get(`/api/assessments/${bfm.id}/compare?with=${full.id}`);
    expect(compared.status).toBe(400);
    expect((await readError(compared)).message).toBe(
      'A PID5BF+M test is not compared with another test here: its six trait domains have German T only. Compare two tests of the full, short or brief form.',
    );
  });
});
