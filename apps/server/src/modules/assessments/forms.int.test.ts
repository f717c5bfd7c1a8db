import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults, TCreateAssessmentResponse, TPatientTest } from '@pid5/contract';
import { US_NORM_TABLES, demoItemSet, getNormTable, readNormTable } from '@pid5/instrument';
import { PATIENT_VALIDITY } from '../../reports/report-wording';
import { CSV_HEADERS } from '../csv-export/export-csv';
import {
  availableOver,
  createTestOver,
  detailsOver,
  grantOverApi,
  listOver,
  openAsPatientOver,
  validCreateBody,
} from '../../../test/assessment-api';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { pdfToText } from '../../../test/results-test-helpers';
import { readError, type TestClient } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';

// The short and brief forms end to end over HTTP: create, answer through the patient API, submit, read
// the results, the PDF and the CSV. Expected scores are computed here from the published keys written out below
// (independently of the instrument's data file), and a few by hand in the comments.

/** PID-5-BF domain items in brief-form numbering (APA PID-5-BF Adult, Personality Trait Domain Scoring table). */
const BF_KEY = {
  NegAf: [8, 9, 10, 11, 15],
  Detac: [4, 13, 14, 16, 18],
  Antag: [17, 19, 20, 22, 25],
  Disin: [1, 2, 3, 5, 6],
  Psych: [7, 12, 21, 23, 24],
} as const;
/** Full-form item numbers of the 25 brief-form items, in brief-form order. */
const BF_FULL_ITEMS = [
  3, 4, 17, 27, 31, 47, 52, 110, 122, 127, 128, 139, 145, 146, 158, 161, 166, 189, 191, 197, 205, 206, 213, 217, 219,
];
/** Some PID-5-SF facets in short-form numbering (Maples et al. 2015, Appendix p. 1210). */
const SF_KEY = {
  Anx: [24, 36, 48, 78],
  Emo: [41, 53, 71, 81],
  Sep: [17, 45, 58, 79],
  Imp: [2, 5, 6, 8],
} as const;
/** INC-S pairs in short-form numbering (Lowmaster et al. 2020, Correction 2021, Table 1). */
const INCS_PAIRS = [
  [24, 78],
  [53, 81],
  [25, 46],
  [33, 42],
  [17, 45],
  [23, 77],
  [87, 97],
  [62, 72],
  [29, 56],
  [49, 55],
] as const;

/** Answer of item n: n mod 4 (a fixed, easily hand-checked pattern). */
const answerOf = (item: number) => item % 4;
const answersFor = (count: number, missing: readonly number[] = []) =>
  Array.from({ length: count }, (_, i) => (missing.includes(i + 1) ? '9' : String(answerOf(i + 1)))).join('');
const meanOf = (items: readonly number[], responses: string) => {
  const answered = items.map((item) => responses.charAt(item - 1)).filter((c) => c !== '9');
  return answered.reduce((sum, c) => sum + Number(c), 0) / answered.length;
};

let server: TestServer;
let clinician: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [clinician, admin] = await Promise.all([createSignedInClinician(server, 'forms'), createSignedInAdmin(server)]);
  await grantOverApi(admin, clinician.id, 20);
});
afterAll(async () => {
  await server.close();
});

const createTest = (user: SignedInUser, form: string | undefined, patientId: string) =>
  createTestOver(server, user, form === undefined ? { patientId } : { patientId, form });
const openAsPatient = (code: string) => openAsPatientOver(server, code);

/** Every answered character of `responses` through the batch call (as the offline queue sends them). */
async function answerAll(patient: TestClient, code: string, responses: string) {
  const answers = [...responses].flatMap((c, i) => (c === '9' ? [] : [{ item: i + 1, value: Number(c) }]));
  const response = await patient.post(`/api/patient/${code}/answers`, { answers });
  expect(response.status).toBe(200);
  return (await response.json()) as { answeredCount: number; answers: string };
}

async function resultsOf(user: SignedInUser, id: number): Promise<TAssessmentResults> {
  const response = await user.client.get(`/api/assessments/${id}/results`);
  expect(response.status).toBe(200);
  return (await response.json()) as TAssessmentResults;
}

async function csvRows(user: SignedInUser): Promise<Map<string, string[]>> {
  const text = await (await user.client.get('/api/assessments/export.csv')).text();
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  // Simple split: the cells read here hold no commas (the diagnoses are joined by '; ').
  return new Map(lines.slice(1).map((line) => [line.split(',')[0]!, line.split(',')]));
}
const cell = (row: string[] | undefined, header: string) => row?.[CSV_HEADERS.indexOf(header)];

describe('creating a test as a form', () => {
  it('creates full (by default), short and brief tests, each using one purchased test', async () => {
    const before = await availableOver(clinician.client);
    const full = await createTest(clinician, undefined, 'FORM-FULL');
    const short = await createTest(clinician, 'SF', 'FORM-SF');
    const brief = await createTest(clinician, 'BF', 'FORM-BF');
    expect([full.form, short.form, brief.form]).toEqual(['FULL', 'SF', 'BF']);
    expect(await availableOver(clinician.client)).toBe(before - 3);

    const details = await detailsOver(clinician.client, brief.id);
    expect(details).toMatchObject({ form: 'BF', itemCount: 25, answeredCount: 0 });
    expect(await detailsOver(clinician.client, short.id)).toMatchObject({ form: 'SF', itemCount: 100 });

    const listed = await listOver(clinician.client, '?search=FORM-');
    expect(new Map(listed.items.map((item) => [item.patientId, item.form]))).toEqual(
      new Map([
        ['FORM-FULL', 'FULL'],
        ['FORM-SF', 'SF'],
        ['FORM-BF', 'BF'],
      ]),
    );
    const onlyBrief = await listOver(clinician.client, '?search=FORM-&form=BF');
    expect(onlyBrief.items.map((item) => item.patientId)).toEqual(['FORM-BF']);
    expect(onlyBrief.total).toBe(1);
  });

  it('refuses an unknown form with a message, using no test', async () => {
    const before = await availableOver(clinician.client);
    const response = await clinician.client.post('/api/assessments', await validCreateBody(server, { form: 'XL' }));
    expect(response.status).toBe(400);
    expect((await readError(response)).fields?.form).toBe(
      'Please choose the full, short or brief form or the PID5BF+M',
    );
    expect((await clinician.client.get('/api/assessments?form=XL')).status).toBe(400);
    expect(await availableOver(clinician.client)).toBe(before);
  });

  it("gives the institute's DEFAULT_FORM when the clinician names none", async () => {
    const briefServer = await startTestServer({ env: { DEFAULT_FORM: 'BF' } });
    try {
      const [user, boss] = await Promise.all([
        createSignedInClinician(briefServer, 'default-form'),
        createSignedInAdmin(briefServer),
      ]);
      await grantOverApi(boss, user.id, 1);
      const credits = (await (await user.client.get('/api/credits')).json()) as { defaultForm: string };
      expect(credits.defaultForm).toBe('BF');
      const body = await validCreateBody(briefServer);
      const created = (await (await user.client.post('/api/assessments', body)).json()) as TCreateAssessmentResponse;
      expect(created.form).toBe('BF');
    } finally {
      await briefServer.close();
    }
  });
});

describe('the consent page names the form given', () => {
  it('tells the patient, before consent, which form it is, how many statements and about how long', async () => {
    // The consent page words it from these in the test's language (the respondent catalogue's consent.formSummary).
    for (const [form, itemCount] of [
      ['FULL', 220],
      ['SF', 100],
      ['BF', 25],
    ] as const) {
      const { code } = await createTest(clinician, form, `CONSENT-${form}`);
      const before = (await (await server.client().get(`/api/patient/${code}`)).json()) as TPatientTest;
      expect(before).toMatchObject({ status: 'consent-required', form, itemCount, language: 'en' });
    }
  });
});

describe('the brief form (25 items)', () => {
  it("shows the form's items in its order and numbering, with the item set's texts of the full items", async () => {
    const { code } = await createTest(clinician, 'BF', 'BF-ITEMS');
    const { test } = await openAsPatient(code);
    expect(test).toMatchObject({ status: 'in-progress', itemCount: 25, answers: '9'.repeat(25), answeredCount: 0 });
    const textOf = new Map(demoItemSet.items.map((item) => [item.number, item.text]));
    expect(test.itemSet?.items).toEqual(
      BF_FULL_ITEMS.map((fullItem, index) => ({ number: index + 1, text: textOf.get(fullItem) })),
    );
  });

  it("takes the form's own item numbers 1-25 only, one by one and in a batch", async () => {
    const { code } = await createTest(clinician, 'BF', 'BF-RANGE');
    const { patient } = await openAsPatient(code);
    const saved = await patient.put(`/api/patient/${code}/answers/25`, { value: 3 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ answeredCount: 1, answers: `${'9'.repeat(24)}3` });

    const beyond = await patient.put(`/api/patient/${code}/answers/26`, { value: 1 });
    expect(beyond.status).toBe(400);
    expect((await readError(beyond)).message).toBe('This test has 25 items: item numbers are 1 to 25.');
    const batch = await patient.post(`/api/patient/${code}/answers`, {
      answers: [
        { item: 1, value: 2 },
        { item: 200, value: 2 },
      ],
    });
    expect(batch.status).toBe(400);
    // Nothing of the refused batch was saved.
    const now = (await (await patient.get(`/api/patient/${code}`)).json()) as TPatientTest;
    expect(now.answers).toBe(`${'9'.repeat(24)}3`);
  });

  it('submits only with all 25 answered, scores the domains and the total by the brief key, and reports them', async () => {
    const { id, code } = await createTest(clinician, 'BF', 'BF-SCORED');
    const { patient } = await openAsPatient(code);
    // The digits of π modulo 4: varied, in no fixed pattern (0, 1, 2, 3 in turn is one, and the screen says so).
    const responses = '3101112213101311320222203';
    await answerAll(patient, code, responses.slice(0, 24) + '9');
    const early = await patient.post(`/api/patient/${code}/submit`);
    expect(early.status).toBe(409);
    expect((await readError(early)).message).toBe(
      '1 question is not answered yet. Please answer it before submitting.',
    );
    expect((await patient.put(`/api/patient/${code}/answers/25`, { value: 3 })).status).toBe(200);
    const submitted = await patient.post(`/api/patient/${code}/submit`);
    expect(submitted.status).toBe(200);
    expect(((await submitted.json()) as TPatientTest).status).toBe('completed');

    const results = await resultsOf(clinician, id);
    expect(results).toMatchObject({
      form: 'BF',
      formName: 'Brief form (PID-5-BF, 25 items)',
      itemCount: 25,
      status: 'completed',
      scoresSource: 'frozen',
      answered: 25,
      missing: 0,
      facets: [],
    });
    // By hand: NegAf items 8, 9, 10, 11, 15 answered 2, 1, 3, 1, 1 → 8/5 = 1.6.
    expect(results.domains.find((d) => d.key === 'NegAf')?.score).toBeCloseTo(1.6, 12);
    for (const [key, items] of Object.entries(BF_KEY)) {
      const domain = results.domains.find((d) => d.key === key);
      expect(domain?.score).toBeCloseTo(meanOf(items, responses), 12);
      expect(domain?.items).toEqual({ nItems: 5, answered: 5, missing: 0, maxMissing: 1 });
      expect(domain?.facets).toEqual([]);
    }
    // The total is the mean of all 25 items: 38/25 = 1.52.
    expect(results.total).toMatchObject({ key: 'Total', isScored: true, nItems: 25, answered: 25 });
    expect(results.total?.score).toBeCloseTo(1.52, 12);
    expect(results.total?.missingRuleSource).toMatch(/D-021/);
    expect(results.total?.irf).toBeNull();
    expect(results.domains.every((d) => d.irf === null)).toBe(true);
    // No validity scale is published for the brief form: listed as such, none computed.
    expect(results.validity.scales.map((s) => [s.key, s.status, s.score])).toEqual([
      ['INC', 'not-published', null],
      ['ORS', 'not-published', null],
      ['PRD', 'not-published', null],
      ['SDTD', 'not-published', null],
      // The product's own response-pattern screen runs on every form: the longest run of one answer is 4.
      ['PATTERN', 'ok', 4],
      // Answered without answer times (through the API here): the time check says it was not recorded.
      ['TIME', 'not-recorded', null],
    ]);
    expect(results.validityVerdict.label).toBe('No validity scale published');

    const pdf = await clinician.client.get(`/api/assessments/${id}/report.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfToText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Form given: Brief form (PID-5-BF, 25 items).');
    expect(text.replace(/\s+/g, ' ')).toContain('a total score; it has no facet scores.');
    // Page 1 explains the brief form's domains, and no facets (it has none).
    expect(text.replace(/\s+/g, ' ')).toContain('measures each domain directly with five statements');
    expect(text).not.toContain('Trait facets');
    expect(text).not.toMatch(/25 narrower traits/);
    expect(text).toContain('Trait Domains');
    expect(text).not.toContain('Personality Trait Facets');
    // The total beside the domains, in T with its level, as the results page shows it.
    const totalT = String(readNormTable(getNormTable(US_NORM_TABLES, 'BF', 'Total'), 1.52).t);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(
      new RegExp(`Total Total score All 25 statements together.* ${totalT} (Not elevated|Mild|Moderate|High)`),
    );

    // The clinician's score report of a brief form: its domains and total (raw, T, percentile, level), their T chart
    // without an empty facet chart, and a note that says what a brief-form domain is the mean of.
    const scoreReport = await clinician.client.get(`/api/assessments/${id}/score-report.pdf`);
    expect(scoreReport.status).toBe(200);
    const scoreText = (await pdfToText(new Uint8Array(await scoreReport.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(scoreText).toContain('Negative Affect');
    expect(scoreText).toMatch(new RegExp(`Total Total score \\(all items\\) 1\\.52 ${totalT} `));
    expect(scoreText).toContain('domains: of their 5 items; total: of all 25 items');
    expect(scoreText).not.toContain('three primary facets');
    // The chart has the domains and the total, and no facet band (an empty facet chart would print them all).
    const chart = scoreText.slice(scoreText.indexOf('Profile in T scores'), scoreText.indexOf('Missing items'));
    expect(chart).toContain('Total');
    expect(chart).not.toMatch(/\bAnh\b|\bWit\b/);

    const row = (await csvRows(clinician)).get(String(id));
    expect(cell(row, 'Form')).toBe('BF');
    expect(cell(row, 'Questions Completed')).toBe('25');
    expect(cell(row, 'Responses')).toBe(responses);
    expect(cell(row, 'Total raw')).toBe('1.52');
    expect(cell(row, 'Total T (US 2024)')).toBe(
      String(readNormTable(getNormTable(US_NORM_TABLES, 'BF', 'Total'), 1.52).t),
    );
    expect(cell(row, 'Negative Affect raw')).toBe('1.60');
    expect(cell(row, 'Negative Affect T (US 2024)')).toBe(
      String(readNormTable(getNormTable(US_NORM_TABLES, 'BF', 'NegAf'), 1.6).t),
    );
    expect(cell(row, 'Anhedonia raw')).toBe('');
    // No derived German z for the brief form; its German T as published.
    expect(cell(row, 'Total derived z (DE 2026)')).toBe('');
    expect(cell(row, 'Total T (DE 2026)')).toMatch(/^\d+\.\d$/);
    expect(cell(row, 'INC (inconsistency) status')).toBe('Not published');
  });

  it('does not score a domain with 2 of its 5 items missing, and the total only with 6 or fewer of 25 missing', async () => {
    const { id, code } = await createTest(clinician, 'BF', 'BF-MISSING');
    const { patient } = await openAsPatient(code);
    // NegAf misses 8 and 9 (2 of 5: not scored); Detac misses 4 (1 of 5: scored from 4 items).
    const responses = answersFor(25, [8, 9, 4]);
    await answerAll(patient, code, responses);
    const live = await resultsOf(admin, id);
    expect(live).toMatchObject({ form: 'BF', status: 'in-progress', scoresSource: 'live', missing: 3 });
    const negaf = live.domains.find((d) => d.key === 'NegAf');
    expect(negaf).toMatchObject({ isScored: false, score: null, level: null });
    expect(negaf?.items).toMatchObject({ missing: 2, maxMissing: 1 });
    const detac = live.domains.find((d) => d.key === 'Detac');
    // By hand: items 13, 14, 16, 18 answered 1, 2, 0, 2 → 5/4 = 1.25.
    expect(detac).toMatchObject({ isScored: true });
    expect(detac?.score).toBeCloseTo(1.25, 12);
    expect(live.total?.isScored).toBe(true);
    expect(live.total?.score).toBeCloseTo(
      meanOf(
        Array.from({ length: 25 }, (_, i) => i + 1),
        responses,
      ),
      12,
    );

    // 7 of 25 missing: the total is not scored (hitop D-021), the domains each as their own rule says.
    const seven = await createTest(clinician, 'BF', 'BF-SEVEN');
    const seen = await openAsPatient(seven.code);
    await answerAll(seen.patient, seven.code, answersFor(25, [1, 4, 7, 8, 17, 12, 13]));
    const sevenMissing = await resultsOf(admin, seven.id);
    expect(sevenMissing.total).toMatchObject({ isScored: false, score: null, missing: 7 });
    // Disin misses 1, Detac 4 and 13, Psych 7 and 12, NegAf 8, Antag 17.
    expect(sevenMissing.domains.map((d) => [d.key, d.isScored])).toEqual([
      ['NegAf', true],
      ['Detac', false],
      ['Antag', true],
      ['Disin', true],
      ['Psych', false],
    ]);
    // Six missing still scores the total, with a domain (Psych: 7 and 12) not scored.
    const six = await createTest(clinician, 'BF', 'BF-SIX');
    const sixOpen = await openAsPatient(six.code);
    await answerAll(sixOpen.patient, six.code, answersFor(25, [1, 4, 7, 8, 17, 12]));
    const sixMissing = await resultsOf(admin, six.id);
    expect(sixMissing.total).toMatchObject({ isScored: true, missing: 6 });
    expect(sixMissing.domains.find((d) => d.key === 'Psych')?.isScored).toBe(false);
  });
});

describe('the short form (100 items)', () => {
  it('scores facets and domains by the short key with INC-S, and reports and exports them', async () => {
    const { id, code } = await createTest(clinician, 'SF', 'SF-SCORED');
    const { patient, test } = await openAsPatient(code);
    expect(test.itemCount).toBe(100);
    expect(test.itemSet?.items).toHaveLength(100);
    const responses = answersFor(100);
    expect((await answerAll(patient, code, responses)).answeredCount).toBe(100);
    expect((await patient.post(`/api/patient/${code}/submit`)).status).toBe(200);

    const results = await resultsOf(clinician, id);
    expect(results).toMatchObject({ form: 'SF', formName: 'Short form (PID-5-SF, 100 items)', itemCount: 100 });
    expect(results.facets).toHaveLength(25);
    expect(results.total).toBeNull();
    const facet = (key: string) => results.facets.find((f) => f.key === key);
    // By hand: Anx 24, 36, 48, 78 → 0, 0, 0, 2 = 0.5; Emo 41, 53, 71, 81 → 1, 1, 3, 1 = 1.5;
    // Sep 17, 45, 58, 79 → 1, 1, 2, 3 = 1.75; NegAf = (0.5 + 1.5 + 1.75) / 3 = 1.25.
    expect(facet('Anx')?.score).toBeCloseTo(0.5, 12);
    expect(facet('Emo')?.score).toBeCloseTo(1.5, 12);
    expect(facet('Sep')?.score).toBeCloseTo(1.75, 12);
    expect(results.domains.find((d) => d.key === 'NegAf')?.score).toBeCloseTo(1.25, 12);
    for (const [key, items] of Object.entries(SF_KEY)) {
      expect(facet(key)?.score).toBeCloseTo(meanOf(items, responses), 12);
      expect(facet(key)).toMatchObject({ nItems: 4, maxMissing: 1 });
    }
    // INC-S: Σ|a − b| over its 10 pairs on raw answers; here 2+0+1+1+0+2+2+2+1+2 = 13 (≥ 8: inconsistent).
    const incs = INCS_PAIRS.reduce((sum, [a, b]) => sum + Math.abs(answerOf(a) - answerOf(b)), 0);
    expect(incs).toBe(13);
    const incsLine = results.validity.scales.find((s) => s.key === 'INCS');
    expect(incsLine).toMatchObject({ status: 'flagged', score: 13, isConcern: true });
    expect(results.validity.scales.filter((s) => s.status === 'not-published').map((s) => s.key)).toEqual([
      'ORS',
      'PRD',
      'SDTD',
    ]);
    // INC-S at or above 8 is one of the norm sample's exclusions: the profile is not interpretable.
    expect(results.validityVerdict.verdict).toBe('not-interpretable');

    const pdf = await clinician.client.get(`/api/assessments/${id}/report.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfToText(new Uint8Array(await pdf.arrayBuffer()));
    // Not interpretable: the patient's report shows no profile and says why in plain words.
    expect(text.replace(/\s+/g, ' ')).toContain(PATIENT_VALIDITY.reasons.INCONSISTENT);
    expect(text).not.toContain('Personality Trait Facets');

    // The clinician's score report of a short form: its verdict and INC-S first, every facet in the short form's table.
    const scoreReport = await clinician.client.get(`/api/assessments/${id}/score-report.pdf`);
    expect(scoreReport.status).toBe(200);
    const scoreText = (await pdfToText(new Uint8Array(await scoreReport.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(scoreText).toContain('PID-5 Short Form (PID-5-SF, 100 items)');
    expect(scoreText).toContain('Verdict: Not interpretable');
    expect(scoreText).toContain('(INC-S 13; 8 or more is inconsistent)');
    expect(scoreText).toContain('Over-reporting and under-reporting cannot be checked on this form');
    expect(scoreText.indexOf('Not interpretable')).toBeLessThan(scoreText.indexOf('Anxiousness'));
    expect(scoreText).toContain(String(readNormTable(getNormTable(US_NORM_TABLES, 'SF', 'Anx'), 0.5).t));

    const row = (await csvRows(clinician)).get(String(id));
    expect(cell(row, 'Form')).toBe('SF');
    expect(cell(row, 'Anxiousness raw')).toBe('0.50');
    // Read in the short form's own table, never the full form's.
    expect(cell(row, 'Anxiousness T (US 2024)')).toBe(
      String(readNormTable(getNormTable(US_NORM_TABLES, 'SF', 'Anx'), 0.5).t),
    );
    expect(cell(row, 'Negative Affect raw')).toBe('1.25');
    expect(cell(row, 'Total raw')).toBe('');
    expect(cell(row, 'Anxiousness derived z (DE 2026)')).toBe('');
    expect(cell(row, 'Anxiousness T (DE 2026)')).toMatch(/^\d+\.\d$/);
    expect(cell(row, 'INC-S (inconsistency, short form) score')).toBe('13');
    expect(cell(row, 'ORS (over-reporting) status')).toBe('Not published');
  });

  it('does not score a facet with 2 of its 4 items missing (nor its domain); 1 missing still scores it', async () => {
    const { id, code } = await createTest(clinician, 'SF', 'SF-MISSING');
    const { patient } = await openAsPatient(code);
    // Anx misses 24 and 36 (2 of 4); Emo misses 41 (1 of 4).
    await answerAll(patient, code, answersFor(100, [24, 36, 41]));
    const live = await resultsOf(admin, id);
    const facet = (key: string) => live.facets.find((f) => f.key === key);
    expect(facet('Anx')).toMatchObject({ isScored: false, score: null, missing: 2 });
    // Emo: 53, 71, 81 → 1, 3, 1 = 5/3.
    expect(facet('Emo')?.score).toBeCloseTo(5 / 3, 12);
    expect(live.domains.find((d) => d.key === 'NegAf')).toMatchObject({ isScored: false, unscoredFacets: ['Anx'] });
    expect(live.validity.unscoredFacets).toEqual(['Anx']);
    // Anx's items are an INC-S pair member (24-78): INC-S has no exact score, but its answered pairs already reach
    // the cut-off, so the bound decides it (flagged), whatever the missing answer.
    expect(live.validity.scales.find((s) => s.key === 'INCS')).toMatchObject({ status: 'flagged', score: null });
  });
});
