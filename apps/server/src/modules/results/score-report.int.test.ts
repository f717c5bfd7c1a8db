import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { formatLevel, formatScore, type TAssessmentResults } from '@pid5/contract';
import { assessments, auditEvents } from '../../db/schema';
import { createDemoResponses } from '@pid5/instrument';
import { SCORE_REPORT_SECTIONS } from '../../reports/score-report/score-report-wording';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createSubmittedAssessment, pdfToText, splitPages } from '../../../test/results-test-helpers';

// The clinician's score report over HTTP: the real server, the real PDF pool, the text as poppler reads it.

const INSTITUTE = 'Institut für Persönlichkeitsforschung';
let server: TestServer;
let clinician: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;
let validId: number;
const validResponses = createDemoResponses({ seed: 3 });

beforeAll(async () => {
  server = await startTestServer({ env: { INSTITUTE_NAME: INSTITUTE, REPORT_COPYRIGHT_YEAR: '2031' } });
  server.clock.set(new Date('2026-01-15T12:00:00Z'));
  [clinician, other, admin] = await Promise.all([
    createSignedInClinician(server),
    createSignedInClinician(server),
    createSignedInAdmin(server),
  ]);
  validId = await createSubmittedAssessment(server, { clinicianId: clinician.id, responses: validResponses });
});
afterAll(async () => {
  await server.close();
});

function downloadScoreReport(user: SignedInUser, id: number) {
  return user.client.get(`/api/assessments/${id}/score-report.pdf?tz=UTC`, {
    headers: { 'accept-language': 'en-US' },
  });
}

async function scoreReportText(user: SignedInUser, id: number, options: { layout?: boolean } = {}): Promise<string> {
  const response = await downloadScoreReport(user, id);
  expect(response.status).toBe(200);
  return pdfToText(new Uint8Array(await response.arrayBuffer()), options);
}

async function patientIdOf(id: number): Promise<string> {
  const [row] = await server.database.db.select().from(assessments).where(eq(assessments.id, id));
  return row?.patientId ?? '';
}

/** The (item, answer) pairs of the answer grid, in reading order. */
function gridPairs(text: string): [number, string][] {
  const start = text.indexOf(SCORE_REPORT_SECTIONS.responses);
  const end = text.indexOf('Answers as given', start);
  const tokens = text
    .slice(start + SCORE_REPORT_SECTIONS.responses.length, end)
    .split(/\s+/)
    .filter(Boolean);
  const pairs: [number, string][] = [];
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    pairs.push([Number(tokens[i]), tokens[i + 1] ?? '']);
  }
  return pairs;
}

describe('GET /api/assessments/{id}/score-report.pdf', () => {
  it('downloads score-report.pdf: header, the validity table first on page 1, then scores, T chart, answers', async () => {
    const response = await downloadScoreReport(clinician, validId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="pid5-score-report-test-\d+-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await pdfToText(new Uint8Array(await response.arrayBuffer()));
    const pages = splitPages(text);
    const page1 = pages[0] ?? '';

    expect(page1).toContain('PID-5 Score Report');
    expect(page1).toContain(`Patient ID: ${await patientIdOf(validId)}`);
    expect(page1).toContain('submitted January 15, 2026');
    expect(page1).toContain('Item set:');
    expect(page1).toMatch(/Markon, Fossati, Somma & Krueger/);
    expect(page1).toContain('preprint');
    // The validity table comes before any score, on page 1, with every indicator.
    expect(page1).toContain('Verdict: Valid');
    const validityAt = page1.indexOf(SCORE_REPORT_SECTIONS.validity);
    expect(validityAt).toBeGreaterThan(0);
    const page1Words = page1.split(/\s+/);
    for (const indicator of ['(INC)', '(ORS)', '(PRD)']) {
      expect(page1Words).toContain(indicator);
    }
    expect(page1).toContain('SD-TD');
    const order = [
      SCORE_REPORT_SECTIONS.validity,
      SCORE_REPORT_SECTIONS.scores,
      SCORE_REPORT_SECTIONS.chart,
      SCORE_REPORT_SECTIONS.missing,
      SCORE_REPORT_SECTIONS.responses,
      SCORE_REPORT_SECTIONS.norms,
    ].map((heading) => text.indexOf(heading));
    expect(
      order.every((p) => p >= 0),
      JSON.stringify(order),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page, `page ${index + 1}`).toContain(`© 2031 ${INSTITUTE}`);
    });
    // The T chart: its axis (T 30 to 100, titled), the level lines named, and a band label for every facet under it.
    const chart = text.slice(text.indexOf(SCORE_REPORT_SECTIONS.chart), text.indexOf(SCORE_REPORT_SECTIONS.missing));
    expect(chart).toContain('T score');
    for (const tick of ['30', '60', '70', '100', 'Mild', 'Moderate', 'High', 'NegAf', 'Psych', 'Anh', 'Wit']) {
      expect(chart.split(/\s+/)).toContain(tick);
    }
    expect(text.toLowerCase()).not.toContain('informant');

    const audit = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, validId), eq(auditEvents.action, 'assessment.report')));
    expect(audit.at(-1)).toMatchObject({
      actor: clinician.id,
      details: { view: 'clinician', access: 'owner', report: 'score', locale: 'en-US', scoresSource: 'frozen' },
    });
  });

  it('prints every scale with the numbers of the results API: raw, T, percentile, level, German T and percentile', async () => {
    const results = (await (
      await clinician.client.get(`/api/assessments/${validId}/results`)
    ).json()) as TAssessmentResults;
    const lines = (await scoreReportText(clinician, validId, { layout: true })).split('\n').map((l) => l.trim());
    for (const scale of [...results.domains, ...results.facets]) {
      const line = lines.find((l) => l.startsWith(`${scale.key} `) && l.includes(scale.name));
      expect(line, scale.key).toBeDefined();
      const cells = [formatScore(scale.score), scale.us?.tText, scale.us?.percentileText, formatLevel(scale)];
      let at = 0;
      // The German T as published (its interval on the line below) and the German percentile.
      for (const cell of [...cells, scale.de?.tText ?? '—', scale.de?.percentileText ?? '—']) {
        const found = line?.indexOf(String(cell), at) ?? -1;
        expect(found, `${scale.key}: ${cell} in "${line}"`).toBeGreaterThanOrEqual(at);
        at = found + String(cell).length;
      }
    }
  });

  it('lists the 220 answers by item number, and no item text', async () => {
    const text = await scoreReportText(clinician, validId);
    const pairs = gridPairs(text);
    expect(pairs).toHaveLength(220);
    expect(pairs.map(([item]) => item)).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    expect(pairs.map(([, answer]) => answer).join('')).toBe(validResponses);
    expect(text).toContain('None: every item was answered.');
  });

  it('says "Not interpretable" first on page 1 for an alternating 0-1-2-3 protocol', async () => {
    const id = await createSubmittedAssessment(server, { clinicianId: clinician.id, responses: '0123'.repeat(55) });
    const page1 = splitPages(await scoreReportText(clinician, id))[0] ?? '';
    expect(page1).toContain('Verdict: Not interpretable');
    expect(page1).toMatch(/What to do: Do not interpret/);
    const verdictAt = page1.indexOf('Verdict: Not interpretable');
    expect(verdictAt).toBeGreaterThan(0);
    expect(page1.indexOf('(INC)')).toBeGreaterThan(verdictAt);
    expect(page1.indexOf(SCORE_REPORT_SECTIONS.scores)).toSatisfy((at: number) => at === -1 || at > verdictAt);

    // Its levels are kept for the record in parentheses, as the results page shows them; the others say none.
    const results = (await (await clinician.client.get(`/api/assessments/${id}/results`)).json()) as TAssessmentResults;
    const lines = (await scoreReportText(clinician, id, { layout: true })).split('\n').map((l) => l.trim());
    const scales = [...results.domains, ...results.facets];
    expect(scales.some((scale) => scale.level)).toBe(true);
    for (const scale of scales) {
      const line = lines.find((l) => l.startsWith(`${scale.key} `) && l.includes(scale.name)) ?? '';
      expect(line, scale.key).toContain(scale.level ? `(${scale.level})` : formatLevel(scale));
    }
  });

  it('lists missing items by number and marks them in the grid', async () => {
    const responses = [...validResponses].map((c, i) => ([4, 16, 199].includes(i) ? '9' : c)).join('');
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      consented: true,
      responses,
      finishedAt: new Date('2026-01-14T10:00:00Z'),
    });
    const text = await scoreReportText(clinician, row.id);
    expect(text).toContain('3 of 220: 5, 17, 200');
    const pairs = gridPairs(text);
    expect(pairs).toHaveLength(220);
    expect(pairs[4]).toEqual([5, '–']);
    expect(pairs[199]).toEqual([200, '–']);
  });

  it("answers 404 for another clinician's test, 409 for an unfinished one, and serves admins in the admin view", async () => {
    expect((await downloadScoreReport(other, validId)).status).toBe(404);
    const { row } = await insertAssessment(server, { clinicianId: clinician.id, consented: true });
    expect((await downloadScoreReport(clinician, row.id)).status).toBe(409);
    expect((await downloadScoreReport(admin, validId)).status).toBe(200);
  });

  it("speaks the reader's language: the pid5_lang cookie, else Accept-Language, with German dates and decimal commas", async () => {
    const read = async (headers: Record<string, string>) => {
      const response = await clinician.client.get(`/api/assessments/${validId}/score-report.pdf?tz=UTC`, { headers });
      expect(response.status).toBe(200);
      return (await pdfToText(new Uint8Array(await response.arrayBuffer()))).replace(/\s+/g, ' ');
    };
    const german = await read({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german).toContain('PID-5-Auswertungsbericht');
    expect(german).toContain('Validität der Antworten');
    expect(german).toContain('Bericht erstellt 15. Januar 2026');
    expect(german).toMatch(/Negative Affektivität \(Domäne\) \d,\d\d/);
    expect(german).toMatch(/Seite 1 von \d/);
    expect(german).not.toContain('PID-5 Score Report');
    // The cookie the staff app sets from the user's setting wins over the browser's languages.
    clinician.client.setCookie('pid5_lang', 'de');
    try {
      expect(await read({ 'accept-language': 'en-US' })).toContain('PID-5-Auswertungsbericht');
    } finally {
      clinician.client.setCookie('pid5_lang', 'en');
    }
    const english = await read({ 'accept-language': 'fr-FR, en;q=0.5' });
    expect(english).toContain('PID-5 Score Report');
    expect(english).toMatch(/Negative Affect \(domain\) \d\.\d\d/);
  });
});
