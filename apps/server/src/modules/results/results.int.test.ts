import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TAssessmentResults } from '@pid5/contract';
import { DOMAIN_KEYS, FACET_KEYS, scoreResponses } from '@pid5/instrument';
import { auditEvents } from '../../db/schema';
import { createDemoResponses } from '@pid5/instrument';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { createSubmittedAssessment } from '../../../test/results-test-helpers';

let server: TestServer;
let clinicianA: SignedInUser;
let clinicianB: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  [clinicianA, clinicianB, admin] = await Promise.all([
    createSignedInClinician(server),
    createSignedInClinician(server),
    createSignedInAdmin(server),
  ]);
});
afterAll(async () => {
  await server.close();
});

async function getResults(user: SignedInUser, id: number | string) {
  return user.client.get(`/api/assessments/${id}/results`);
}

/** Every number of the API equals the instrument's scoring of `responses`. */
function expectScoresOf(results: TAssessmentResults, responses: string) {
  const expected = scoreResponses(responses);
  expect(results.facets.map((f) => f.key)).toEqual([...FACET_KEYS]);
  expect(results.domains.map((d) => d.key)).toEqual([...DOMAIN_KEYS]);
  for (const facet of results.facets) {
    const e = expected.facets[facet.key as (typeof FACET_KEYS)[number]];
    expect(facet, facet.key).toMatchObject({
      name: e.name,
      score: e.score,
      srf: e.srf,
      irf: e.irf,
      level: e.level,
      isScored: e.isScored,
      missing: e.missing,
      nItems: e.nItems,
    });
  }
  for (const domain of results.domains) {
    const e = expected.domains[domain.key as (typeof DOMAIN_KEYS)[number]];
    expect(domain, domain.key).toMatchObject({ score: e.score, srf: e.srf, irf: e.irf, level: e.level });
  }
  expect(results.missing).toBe(expected.missing);
  expect(results.validity.missing).toBe(expected.validity.missing);
  expect(results.validity.scales.map((s) => [s.key, s.score])).toEqual([
    ['INC', expected.validity.INC.score],
    ['ORS', expected.validity.ORS.score],
    ['PRD', expected.validity.PRD.score],
    ['SDTD', expected.validity.SDTD.score],
    // The product's own response-pattern screen: the longest stretch of one answer or two in turn.
    ['PATTERN', expected.validity.pattern?.longestRun],
    // Answers saved without their times: the response-time check says "not recorded".
    ['TIME', null],
  ]);
}

describe('GET /api/assessments/{id}/results', () => {
  it('gives the owning clinician the scores frozen at submission, equal to scoreResponses on the answers', async () => {
    const responses = createDemoResponses({ seed: 7 });
    const id = await createSubmittedAssessment(server, { clinicianId: clinicianA.id, responses });
    const response = await getResults(clinicianA, id);
    expect(response.status).toBe(200);
    const results = (await response.json()) as TAssessmentResults;
    expect(results).toMatchObject({
      assessmentId: id,
      status: 'completed',
      scoresSource: 'frozen',
      answered: 220,
      missing: 0,
      itemSet: { id: 'demo-en-1', isDemo: true },
      // Levels follow the printed US percentile (a proportion), DESIGN.md "Scoring (packages/instrument)": 98th, 93rd and 84th percentile.
      levelCutoffs: [
        { level: 'High', atLeast: 0.98 },
        { level: 'Moderate', atLeast: 0.93 },
        { level: 'Mild', atLeast: 0.84 },
      ],
    });
    expectScoresOf(results, responses);
    expect(results.responses).toBeNull();
    // Each norm set by its label and source; the second set is the German population set, not informant norms.
    expect(results.norms!.srf).toMatchObject({ id: 'SRF', shortLabel: 'US general population' });
    expect(results.norms!.irf).toMatchObject({ id: 'DE-GESIS-2026', shortLabel: 'German general population' });
    expect(JSON.stringify(results).toLowerCase()).not.toContain('informant');
    expect(results.validityVerdict).toMatchObject({ verdict: 'valid', patientFacingLevels: 'show' });
    expect(results.validity.summary).toBe(results.validityVerdict.summary);
    // T and percentile of the same printed row of the US table, as the instrument reads it.
    const scored = scoreResponses(responses);
    expect(results.facets.find((f) => f.key === 'Anh')?.us).toMatchObject({ ...scored.facets.Anh.us });
    expect(results.normTables).toMatchObject({ id: 'US-Markon2024' });

    const rows = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.assessmentId, id), eq(auditEvents.action, 'assessment.results')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: clinicianA.id, details: { view: 'clinician', scoresSource: 'frozen' } });
  });

  it('shows the stored scores of a completed test, not a rescoring of its answers', async () => {
    const answered = createDemoResponses({ seed: 11 });
    const stored = scoreResponses(createDemoResponses({ seed: 12, targets: {}, baseline: 2.5 }));
    const { row } = await insertAssessment(server, {
      clinicianId: clinicianA.id,
      responses: answered,
      finishedAt: server.clock.now(),
      scores: stored,
    });
    const results = (await (await getResults(clinicianA, row.id)).json()) as TAssessmentResults;
    expect(results.scoresSource).toBe('frozen');
    expect(results.facets.find((f) => f.key === 'Anx')?.srf).toBe(stored.facets.Anx.srf);
    expect(results.facets.find((f) => f.key === 'Anx')?.srf).not.toBe(scoreResponses(answered).facets.Anx.srf);
  });

  it('scores a completed test again when its stored scores predate T, percentiles and the verdict', async () => {
    const responses = createDemoResponses({ seed: 14 });
    const { validityVerdict: _dropped, ...beforeScoring2 } = JSON.parse(
      JSON.stringify(scoreResponses(responses)),
    ) as Record<string, unknown>;
    const { row } = await insertAssessment(server, {
      clinicianId: clinicianA.id,
      responses,
      finishedAt: server.clock.now(),
      scores: beforeScoring2,
    });
    const results = (await (await getResults(clinicianA, row.id)).json()) as TAssessmentResults;
    expect(results.scoresSource).toBe('recomputed');
    expect(results.validityVerdict.verdict).toBe(scoreResponses(responses).validityVerdict.verdict);
    expectScoresOf(results, responses);
  });

  it('computes the scores from the answers when a completed test has none stored', async () => {
    const responses = createDemoResponses({ seed: 13 });
    const { row } = await insertAssessment(server, {
      clinicianId: clinicianA.id,
      responses,
      finishedAt: server.clock.now(),
      scores: { not: 'a score result' },
    });
    const results = (await (await getResults(clinicianA, row.id)).json()) as TAssessmentResults;
    expect(results.scoresSource).toBe('recomputed');
    expectScoresOf(results, responses);
  });

  it("answers the validity sentences in the reader's language: German for Accept-Language de, English otherwise", async () => {
    const responses = createDemoResponses({ seed: 21 });
    const id = await createSubmittedAssessment(server, { clinicianId: clinicianA.id, responses });
    const read = async (headers: Record<string, string>) =>
      (await (await clinicianA.client.get(`/api/assessments/${id}/results`, { headers })).json()) as TAssessmentResults;
    const english = await read({ 'accept-language': 'en-GB' });
    const german = await read({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    const expected = scoreResponses(responses).validityVerdict;
    // English: the verdict as frozen at submission.
    expect(english.validityVerdict.summary).toBe(expected.summary);
    expect(english.validity.scales.map((s) => s.statement)).toEqual(expected.lines.map((l) => l.statement));
    // German: the same decision, in German words.
    expect(german.validityVerdict).toMatchObject({
      verdict: english.validityVerdict.verdict,
      label: 'Valide',
      patientFacingLevels: english.validityVerdict.patientFacingLevels,
      notes: ['Alle 220 Aussagen wurden beantwortet.'],
    });
    expect(german.validityVerdict.summary).toMatch(/^Valide: In den für diese Version verfügbaren Prüfungen/);
    expect(german.validity.summary).toBe(german.validityVerdict.summary);
    expect(german.validity.scales.map((s) => [s.key, s.status, s.isConcern, s.score])).toEqual(
      english.validity.scales.map((s) => [s.key, s.status, s.isConcern, s.score]),
    );
    const inc = german.validity.scales.find((s) => s.key === 'INC');
    expect(inc?.name).toBe('Inkonsistenz (INC)');
    expect(inc?.statement).toMatch(/^Wert \d+ \(PR \d+(,\d)?, US-Normen\): /);
    expect(inc?.cutoffs).toBe('17 oder mehr: inkonsistentes Antworten');
    // Every number but the words stays: the scores as frozen.
    expect(german.facets).toEqual(english.facets);
    // The norms' words as the score report prints them; the citations as published.
    expect(german.normTables!.label).toBe('US-Allgemeinbevölkerung (Markon, Fossati, Somma & Krueger 2024)');
    expect(german.norms!.irf.note).toMatch(/^Nur z: Mittelwert und SD/);
    expect(german.normTables!.source).toBe(english.normTables!.source);
    expect(english.normTables!.label).not.toBe(german.normTables!.label);
    // The staff app's language cookie wins over the header.
    const reader = await createSignedInClinician(server);
    const ownId = await createSubmittedAssessment(server, { clinicianId: reader.id, responses });
    reader.client.setCookie('pid5_lang', 'de');
    const byCookie = (await (
      await reader.client.get(`/api/assessments/${ownId}/results`, { headers: { 'accept-language': 'en-GB' } })
    ).json()) as TAssessmentResults;
    expect(byCookie.validityVerdict.label).toBe('Valide');
  });

  it('gives an admin live results of an unfinished test, with the missing-item rules applied', async () => {
    // Items 1-110 answered, the rest unanswered: some facets keep enough answers, others are not scored.
    const responses = createDemoResponses({ seed: 17 }).slice(0, 110) + '9'.repeat(110);
    const { row } = await insertAssessment(server, { clinicianId: clinicianA.id, responses, consented: true });
    const response = await getResults(admin, row.id);
    expect(response.status).toBe(200);
    const results = (await response.json()) as TAssessmentResults;
    expect(results).toMatchObject({
      status: 'in-progress',
      scoresSource: 'live',
      finishedAt: null,
      answered: 110,
      missing: 110,
      responses,
    });
    expectScoresOf(results, responses);
    expect(results.facets.some((f) => !f.isScored && f.score === null && f.srf === null)).toBe(true);
    expect(results.validity.unscoredFacets.length).toBeGreaterThan(0);
    expect(results.validity.summary).toContain('110 of 220 statements unanswered');
    expect(results.validityVerdict).toMatchObject({ verdict: 'not-interpretable', patientFacingLevels: 'withhold' });
  });

  it('refuses the owning clinician results of an unfinished test with 409 TEST_INCOMPLETE', async () => {
    const { row } = await insertAssessment(server, { clinicianId: clinicianA.id, consented: true });
    const response = await getResults(clinicianA, row.id);
    expect(response.status).toBe(409);
    expect(await readError(response)).toMatchObject({ code: 'TEST_INCOMPLETE' });
  });

  it("answers 404 for another clinician's test, and for an admin in the clinician view", async () => {
    const id = await createSubmittedAssessment(server, {
      clinicianId: clinicianA.id,
      responses: createDemoResponses({ seed: 19 }),
    });
    const forB = await getResults(clinicianB, id);
    expect(forB.status).toBe(404);
    expect(await readError(forB)).toMatchObject({ code: 'NOT_FOUND' });

    const switcher = await createSignedInAdmin(server);
    await switcher.client.put('/api/me/view-mode', { viewMode: 'clinician' });
    expect((await getResults(switcher, id)).status).toBe(404);
    expect((await getResults(admin, id)).status).toBe(200);
  });

  it('answers 400 for a malformed id, 404 for an unknown one and 401 without a session', async () => {
    for (const bad of ['abc', '1.5', '-1', '0', '1e3', '99999999999999999999']) {
      const response = await getResults(clinicianA, bad);
      expect(response.status, bad).toBe(400);
    }
    expect((await getResults(clinicianA, 987654321)).status).toBe(404);
    expect((await server.client().get('/api/assessments/1/results')).status).toBe(401);
  });
});
