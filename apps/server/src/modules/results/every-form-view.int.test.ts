import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdministrationComparison, TAssessmentResults } from '@pid5/contract';
import { getFormFullItems, scoreResponses, type FormId } from '@pid5/instrument';
import { createDemoResponses } from '@pid5/instrument';
import { PATIENT_VALIDITY, SECTION_TITLES } from '../../reports/report-wording';
import { SCORE_REPORT_SECTIONS } from '../../reports/score-report/score-report-wording';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { flat, pdfToText, rasterisePdf, splitPages, strings } from '../../../test/results-test-helpers';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Nothing unfilled, nothing empty: every view of every form (full, short, brief), for a valid protocol and for one
// that is not interpretable, as a clinician downloads it: the results the pages show, the patient's report, the
// score report, the comparison (JSON and PDF) and the patient CSV. Each fails on a template placeholder left
// unfilled ("{percentile}"), "undefined" or "NaN", a chart without its values, a scale missing, or a near-empty page.

const PLACEHOLDER = /\{[A-Za-z_][\w.]*\}|\bundefined\b|\bNaN\b/;

/** The first unfilled placeholder in a text. */
function unfilled(text: string): string | undefined {
  return PLACEHOLDER.exec(text)?.[0];
}

let server: TestServer;
let clinician: SignedInUser;

/** The form's answers from a full-form string (each short or brief item is a full item). */
function forForm(form: FormId, full: string): string {
  return getFormFullItems(form)
    .map((item) => full[item - 1] ?? '9')
    .join('');
}

/**
 * A protocol that is not interpretable: the full form alternating 0-1-2-3 (INC far above 17); the short and brief
 * forms with more than a quarter of their items unanswered (stored as submitted: a test with missing answers cannot
 * be submitted through the link, but a stored one must still draw).
 */
function notInterpretable(form: FormId): string {
  if (form === 'FULL') {
    return '0123'.repeat(55);
  }
  const valid = forForm(form, createDemoResponses({ seed: 3 }));
  const missing = Math.floor(valid.length / 4) + 1;
  return '9'.repeat(missing) + valid.slice(missing);
}

async function submitted(form: FormId, patientId: string, responses: string, daysAgo: number): Promise<number> {
  const at = new Date(server.clock.now().getTime() - daysAgo * 86_400_000);
  const { row } = await insertAssessment(server, {
    clinicianId: clinician.id,
    patientId,
    form,
    responses,
    consented: true,
    createdAt: at,
    finishedAt: at,
    scores: scoreResponses(responses, { form }),
  });
  return row.id;
}

async function download(path: string): Promise<Uint8Array> {
  const response = await clinician.client.get(path, { headers: { 'accept-language': 'en-GB' } });
  expect(response.status, path).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** A page that carries less than this many lines of its own (beside the two-line footer) is nearly empty. */
const LEAST_LINES_ON_A_PAGE = 12;

async function expectCleanPdf(pdf: Uint8Array, what: string): Promise<string[]> {
  const { complaints } = await rasterisePdf(pdf);
  expect(complaints, what).toBe('');
  const pages = splitPages(await pdfToText(pdf));
  pages.forEach((page, index) => {
    expect(unfilled(page), `${what} page ${index + 1}`).toBeUndefined();
    const lines = page.split('\n').filter((line) => line.trim() !== '').length;
    if (pages.length > 1) {
      expect(lines, `${what} page ${index + 1} of ${pages.length} is nearly empty`).toBeGreaterThanOrEqual(
        LEAST_LINES_ON_A_PAGE,
      );
    }
  });
  return pages;
}

/** The text of a chart section: from its heading to `end`. */
function section(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  const to = text.indexOf(end, from + start.length);
  return text.slice(from, to < 0 ? undefined : to);
}

/** Each chart band: its key and, above it, its printed T (a chart without values would print only the axis). */
function expectChartValues(chart: string, scales: readonly { key: string; us: { tText: string } | null }[]) {
  const words = flat(chart).split(' ');
  for (const scale of scales) {
    expect(words, `band ${scale.key}`).toContain(scale.key);
    expect(flat(chart), `value of ${scale.key}`).toContain(scale.us?.tText ?? 'n/s');
  }
}

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-15T12:00:00Z'));
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
});

describe.each(['FULL', 'SF', 'BF'] as const)('every view of the %s form', (form) => {
  const patientId = `EVERY-${form}`;
  let valid: number;
  let invalid: number;

  beforeAll(async () => {
    valid = await submitted(form, patientId, forForm(form, createDemoResponses({ seed: 3 })), 20);
    invalid = await submitted(form, patientId, notInterpretable(form), 2);
  });

  async function resultsOf(id: number): Promise<TAssessmentResults> {
    const response = await clinician.client.get(`/api/assessments/${id}/results`);
    expect(response.status).toBe(200);
    return (await response.json()) as TAssessmentResults;
  }

  it('gives results the pages show without a placeholder, every scale with its level starts', async () => {
    for (const id of [valid, invalid]) {
      const results = await resultsOf(id);
      for (const text of strings(results)) {
        expect(unfilled(text), text).toBeUndefined();
      }
      const scales = [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])];
      expect(scales).toHaveLength(form === 'BF' ? 6 : 30);
      for (const scale of scales.filter((s) => s.us !== null)) {
        expect(scale.us?.levelStarts?.Mild, scale.key).toEqual(expect.any(Number));
      }
    }
    expect((await resultsOf(valid)).validityVerdict.verdict).not.toBe('not-interpretable');
    expect((await resultsOf(invalid)).validityVerdict.verdict).toBe('not-interpretable');
  });

  it("draws the patient's report of a valid protocol: every scale, charts with their values, no near-empty page", async () => {
    const results = await resultsOf(valid);
    const pdf = await download(`/api/assessments/${valid}/report.pdf?name=Sam&tz=UTC`);
    const pages = await expectCleanPdf(pdf, `${form} valid patient report`);
    const text = pages.join('\n');
    const domainScales = [...results.domains, ...(results.total ? [results.total] : [])];
    for (const scale of [...domainScales, ...results.facets]) {
      expect(flat(text), scale.name).toContain(scale.name);
    }
    expectChartValues(section(text, SECTION_TITLES.domains, 'Abbr.'), domainScales);
    if (results.facets.length > 0) {
      expectChartValues(section(text, SECTION_TITLES.facets, 'Abbr.'), results.facets);
    } else {
      expect(text).not.toContain(SECTION_TITLES.facets);
    }
  });

  it("draws the patient's report of a protocol that is not interpretable as one page without a profile", async () => {
    const results = await resultsOf(invalid);
    const pages = await expectCleanPdf(
      await download(`/api/assessments/${invalid}/report.pdf?name=Sam&tz=UTC`),
      `${form} not-interpretable patient report`,
    );
    expect(pages).toHaveLength(1);
    const page = flat(pages[0] ?? '');
    expect(page).toContain(PATIENT_VALIDITY.noProfileTitle);
    expect(page).toContain(PATIENT_VALIDITY.noProfileNext);
    for (const scale of results.domains) {
      expect(page).not.toContain(scale.name);
    }
  });

  it('draws the score report of both protocols: every scale in the table and in the T charts, with values', async () => {
    for (const id of [valid, invalid]) {
      const results = await resultsOf(id);
      const pages = await expectCleanPdf(
        await download(`/api/assessments/${id}/score-report.pdf?tz=UTC`),
        `${form} ${id === valid ? 'valid' : 'not-interpretable'} score report`,
      );
      const text = pages.join('\n');
      const table = flat(section(text, SCORE_REPORT_SECTIONS.scores, SCORE_REPORT_SECTIONS.chart));
      const domainScales = [...results.domains, ...(results.total ? [results.total] : [])];
      // Each scale's abbreviation and name (the text extraction may put a wrapped cell's lines apart).
      for (const scale of [...domainScales, ...results.facets]) {
        expect(table, scale.key).toMatch(new RegExp(`(^| )${scale.key} `));
        expect(table, scale.key).toContain(scale.name);
      }
      const chart = section(text, SCORE_REPORT_SECTIONS.chart, SCORE_REPORT_SECTIONS.missing);
      expectChartValues(chart, [...domainScales, ...results.facets]);
      expect(flat(chart)).toContain('T score');
    }
  });

  it('compares the two protocols (JSON and PDF) and exports them, without a placeholder', async () => {
    const response = await clinician.client.get(`/api/assessments/${invalid}/compare?with=${valid}`);
    expect(response.status).toBe(200);
    const comparison = (await response.json()) as TAdministrationComparison;
    for (const text of strings(comparison)) {
      expect(unfilled(text), text).toBeUndefined();
    }
    expect(comparison.scales.length).toBe(form === 'BF' ? 6 : 30);
    const pages = await expectCleanPdf(
      await download(`/api/assessments/${invalid}/compare.pdf?with=${valid}&tz=UTC`),
      `${form} comparison`,
    );
    for (const scale of comparison.scales) {
      expect(flat(pages.join('\n')), scale.name).toContain(scale.name);
    }
    const csv = new TextDecoder().decode(await download(`/api/assessments/${valid}/patient.csv`));
    expect(unfilled(csv)).toBeUndefined();
  });
});
