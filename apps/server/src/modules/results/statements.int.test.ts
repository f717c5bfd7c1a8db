import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentResults } from '@pid5/contract';
import {
  createDemoResponses,
  administeredFullItems,
  administeredItemCount,
  FORMS,
  inTenAdults,
  pid5Definition,
  tMiddleShare,
  US_NORM_TABLES,
  validityWords,
  type AdministeredFormId,
  type ValidityInterpretation,
} from '@pid5/instrument';
import type { Language } from '@pid5/i18n';
import { assessments } from '../../db/schema';
import { translator } from '../../i18n/translator';
import { scoreTest } from './score-test';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { flat, pdfToText, strings } from '../../../test/results-test-helpers';
import { startTestServer, type TestServer } from '../../../test/test-server';

// Every printed sentence against its numbers: each form × a catalogue of protocols × English and German, read as the
// clinician reads them (the results API's text, the score report and the patient's report as PDF text). Each claim
// is checked against the numbers the same result carries: "consistent" never at a borderline inconsistency score,
// "no fixed pattern" never beside a pattern, a score of 0 reading the share that scored 0, the form's own share of
// adults between T 40 and 60, and only the answer labels the test's item set showed.

type Protocol = { name: string; responses: string; times?: readonly number[] };

const FORMS_TESTED = ['FULL', 'SF', 'BF', 'BFM'] as const satisfies readonly AdministeredFormId[];
const LANGUAGES = ['en', 'de'] as const satisfies readonly Language[];

/** The form's answers from a full-form string (each item of another form is a full-form item). */
function forForm(form: AdministeredFormId, full: string): string {
  return administeredFullItems(form)
    .map((item) => full[item - 1] ?? '9')
    .join('');
}

function repeatTo(cycle: string, length: number): string {
  return cycle.repeat(Math.ceil(length / cycle.length)).slice(0, length);
}

/** Set answers by 1-based item number of the form. */
function setItems(responses: string, answers: ReadonlyMap<number, string>): string {
  return [...responses].map((answer, i) => answers.get(i + 1) ?? answer).join('');
}

/** The form's inconsistency pairs in its own item numbers (INC on the full form, INC-S on the short form). */
function pairsOf(form: AdministeredFormId): readonly (readonly [number, number])[] {
  if (form === 'FULL') {
    return pid5Definition.validity.INC.itemPairs;
  }
  return form === 'SF' ? (FORMS.SF.incs?.itemPairs ?? []) : [];
}

/** The protocol with its inconsistency score set to `target` (pairs answered alike, then apart until it sums up). */
function withInconsistency(form: AdministeredFormId, responses: string, target: number): string {
  let left = target;
  const answers = new Map<number, string>();
  for (const [a, b] of pairsOf(form)) {
    const apart = Math.min(3, left);
    left -= apart;
    answers.set(a, '0');
    answers.set(b, String(apart));
  }
  return setItems(responses, answers);
}

function catalogue(form: AdministeredFormId): Protocol[] {
  const n = administeredItemCount(form);
  const base = forForm(form, createDemoResponses({ seed: 3 }));
  const words = validityWords('en');
  const quarter = Math.floor(n / 4);
  const protocols: Protocol[] = [
    { name: 'valid', responses: base },
    { name: 'floor (all Very False)', responses: '0'.repeat(n) },
    { name: 'capped (all Very True)', responses: '3'.repeat(n) },
    { name: 'constant 1', responses: '1'.repeat(n) },
    { name: 'periodic 0011', responses: repeatTo('0011', n) },
    { name: 'periodic 012', responses: repeatTo('012', n) },
    { name: 'periodic 0123', responses: repeatTo('0123', n) },
    { name: 'missing at the limit', responses: '9'.repeat(quarter) + base.slice(quarter) },
    { name: 'missing over the limit', responses: '9'.repeat(quarter + 1) + base.slice(quarter + 1) },
    { name: 'one missing', responses: `9${base.slice(1)}` },
    // Half a second a statement: faster than a statement can be read.
    { name: 'fast', responses: base, times: [...base].map((_, i) => 1_700_000_000_000 + i * 500) },
    { name: 'timed at a reading pace', responses: base, times: [...base].map((_, i) => 1_700_000_000_000 + i * 6000) },
  ];
  if (form === 'FULL' || form === 'SF') {
    const scale = form === 'FULL' ? words.scales.INC : words.scales.INCS;
    const cutoff =
      form === 'FULL' ? pid5Definition.validity.INC.invalidIfAtLeast : (FORMS.SF.incs?.invalidIfAtLeast ?? 8);
    const clean = withInconsistency(form, base, 0);
    protocols.push(
      { name: 'INC low', responses: clean },
      {
        name: 'INC just below the borderline band',
        responses: withInconsistency(form, base, cutoff - scale.borderlineWithin - 1),
      },
      ...Array.from({ length: scale.borderlineWithin }, (_, i) => ({
        name: `INC borderline ${cutoff - scale.borderlineWithin + i}`,
        responses: withInconsistency(form, base, cutoff - scale.borderlineWithin + i),
      })),
      { name: 'INC at the cut-off', responses: withInconsistency(form, base, cutoff) },
    );
  }
  if (form === 'FULL') {
    const { ORS, PRD } = pid5Definition.validity;
    protocols.push(
      { name: 'ORS flagged', responses: setItems(base, new Map(ORS.items.map((item) => [item, '3']))) },
      { name: 'ORS 0', responses: setItems(base, new Map(ORS.items.map((item) => [item, '0']))) },
      { name: 'PRD flagged', responses: setItems(base, new Map(PRD.items.map((item) => [item, '0']))) },
      { name: 'PRD item missing', responses: setItems(base, new Map([[PRD.items[0] ?? 1, '9']])) },
      {
        name: 'INC item missing',
        responses: setItems(base, new Map([[pid5Definition.validity.INC.itemPairs[0]?.[0] ?? 1, '9']])),
      },
    );
  }
  return protocols;
}

/** The longest stretch of a template without a placeholder: what any sentence made from it must contain. */
function literal(template: string): string {
  return (
    template
      .split(/\{\w+\}/)
      .map((part) => part.trim())
      .sort((a, b) => b.length - a.length)[0] ?? template
  );
}

/** Every sentence that says the answers were consistent (valid summaries, the ok line, the patient's valid box). */
function consistentClaims(words: ValidityInterpretation, language: Language): string[] {
  const t = translator(language);
  return [
    literal(words.scales.INC.ok),
    literal(words.scales.INCS.ok),
    literal(words.verdicts.valid.summary),
    literal(words.verdicts.valid.byForm?.SF?.summary ?? ''),
    literal(t('report.validity.valid')),
  ].filter((text) => text.length > 15);
}

/** Every sentence that says the answers followed no fixed pattern. */
function noPatternClaims(words: ValidityInterpretation): string[] {
  const valid = words.verdicts.valid;
  return [
    literal(words.scales.PATTERN.ok),
    literal(words.scales.PATTERN.okScreen),
    literal(valid.summary),
    ...Object.values(valid.byForm ?? {}).map((text) => literal(text.summary)),
    ...Object.values(words.validBorderline).map(literal),
  ].filter((text) => text.length > 15);
}

/** Quoted answers in a text: “Very True or Often True”, „trifft genau zu“. */
function quotedAnswers(text: string): string[] {
  return [...text.matchAll(/[„“"‘']([^„“”"‘’']{3,60})[“”"’']/g)]
    .map((m) => m[1] ?? '')
    .filter((quote) => /^(trifft|very|sometimes|often)\b/i.test(quote));
}

/** The share of a table's sample at a score of 0, as the legend says: the first printed row above 0. */
function shareAtZero(form: AdministeredFormId, key: string): number | null {
  const table = US_NORM_TABLES.tables[form as 'FULL' | 'SF' | 'BF'][key];
  if (!table) {
    return null;
  }
  const lowest = Math.min(...table.rows.map((r) => r.raw));
  const floorRows = table.rows.filter((r) => r.raw === lowest);
  const read = floorRows.reduce((best, r) => (Math.abs(r.t - 50) < Math.abs(best.t - 50) ? r : best));
  if (read.percentile !== 0) {
    return read.percentile;
  }
  const above = table.rows.filter((r) => r.raw > lowest).sort((a, b) => a.raw - b.raw)[0];
  return above?.percentile ?? 0;
}

let server: TestServer;
let clinician: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(new Date('2026-03-15T12:00:00Z'));
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
});

describe.each(FORMS_TESTED)('every printed statement of the %s form', (form) => {
  describe.each(LANGUAGES)('in %s', (language) => {
    const words = validityWords(language);
    const t = translator(language);
    const headers = { 'accept-language': language === 'de' ? 'de-DE' : 'en-GB' };

    it.each(catalogue(form).map((p) => [p.name, p] as const))('%s', async (_name, protocol) => {
      const scores = scoreTest(
        { form, responses: protocol.responses, gender: 'Unspecified', age: 34 },
        { normTables: US_NORM_TABLES, answerTimes: protocol.times },
      );
      const { row } = await insertAssessment(server, {
        clinicianId: clinician.id,
        patientId: `STMT-${form}`,
        form,
        responses: protocol.responses,
        consented: true,
        finishedAt: server.clock.now(),
        scores,
      });
      const itemSet = server.running.app.deps.itemSets.forTest(language);
      await server.database.db
        .update(assessments)
        .set({ language, itemSetId: itemSet.id })
        .where(eq(assessments.id, row.id));
      const response = await clinician.client.get(`/api/assessments/${row.id}/results`, { headers });
      expect(response.status, await response.clone().text()).toBe(200);
      const results = (await response.json()) as TAssessmentResults;
      const pdfText = async (path: string) =>
        flat(await pdfToText(new Uint8Array(await (await clinician.client.get(path, { headers })).arrayBuffer())));
      const scorePdf = await pdfText(`/api/assessments/${row.id}/score-report.pdf?tz=UTC`);
      const patientPdf = await pdfText(`/api/assessments/${row.id}/report.pdf?name=Sam&tz=UTC`);
      const apiText = flat(strings(results).join('\n'));
      const everything = [apiText, scorePdf, patientPdf];

      // Consistency: never "consistent" at a borderline (or flagged, or unknown) inconsistency score.
      const inc = results.validity.scales.find((s) => s.key === 'INC' || s.key === 'INCS');
      const scale = inc?.key === 'INCS' ? words.scales.INCS : words.scales.INC;
      const cutoff = form === 'FULL' ? pid5Definition.validity.INC.invalidIfAtLeast : FORMS.SF.incs?.invalidIfAtLeast;
      if (inc && inc.status !== 'not-published' && cutoff !== undefined) {
        // With a pair unanswered the score is a range ("12 to 14"): its top decides.
        const top = inc.score ?? Number(/(\d+) (?:to|bis) (\d+)/.exec(inc.statement)?.[2] ?? Number.NaN);
        const lowEnough = top < cutoff - scale.borderlineWithin;
        for (const claim of consistentClaims(words, language)) {
          for (const text of everything) {
            if (!lowEnough) {
              expect(text, `"${claim}" at INC ${inc.score}`).not.toContain(claim);
            }
          }
        }
        if (lowEnough && results.validityVerdict.verdict === 'valid') {
          // The claim is made where it is true: the check above is not vacuous.
          expect(scorePdf).toContain(literal(scale.ok));
        }
      }

      // Pattern: a protocol in a fixed pattern is flagged, and nothing says there was none.
      const pattern = results.validity.scales.find((s) => s.key === 'PATTERN');
      const isPatterned = /^(periodic|constant|floor|capped)/.test(protocol.name);
      if (isPatterned) {
        expect(pattern?.isConcern, 'a fixed pattern is flagged').toBe(true);
        for (const claim of noPatternClaims(words)) {
          for (const text of everything) {
            expect(text, `"${claim}" beside a pattern`).not.toContain(claim);
          }
        }
      }

      // A score of 0 reads the share that scored 0 (the legend's rule), in the API and in the score report.
      for (const s of [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])]) {
        if (s.isScored && s.score === 0 && s.us) {
          expect(s.us.percentile, `${s.key} at 0`).toBe(shareAtZero(form, s.key));
        }
      }
      const ors = results.validity.scales.find((s) => s.key === 'ORS');
      if (ors?.score === 0 && ors.percentile && ors.percentile.percentile < 1) {
        expect(ors.statement).toContain(literal(words.words.percentileAtFloor));
      }

      // The share of adults between T 40 and 60: the form's own figure, never the normal curve's two in three.
      if (form !== 'BFM') {
        expect(results.tMiddleShare).toEqual(tMiddleShare(US_NORM_TABLES, form));
      }
      const inTen =
        language === 'en'
          ? /about (\d+) in ten adults score between 40 and 60/
          : /etwa (\d+) von zehn Erwachsenen zwischen 40 und 60/;
      const said = inTen.exec(patientPdf);
      if (said) {
        expect(Number(said[1])).toBe(inTenAdults(tMiddleShare(US_NORM_TABLES, form as 'FULL' | 'SF' | 'BF')));
      } else {
        expect(form === 'BFM' || results.validityVerdict.verdict === 'not-interpretable', 'the share is said').toBe(
          true,
        );
      }
      expect(patientPdf).not.toMatch(/two in three|zwei von drei/);

      // Answer labels: only the item set's, wherever an answer is quoted, and the score report's legend exactly.
      const labels = itemSet.answerLabels.map((label) => label.toLowerCase());
      for (const text of everything) {
        for (const quote of quotedAnswers(text)) {
          expect(labels, `quoted "${quote}"`).toContain(quote.toLowerCase());
        }
      }
      const legend = /(?:Answers as given|Antworten wie gegeben)[^:]*: (.*?) – = /.exec(scorePdf)?.[1];
      expect(legend, 'the answers legend').toBeDefined();
      expect(legend?.split('; ').map((part) => part.replace(/^\d = /, '').replace(/;$/, ''))).toEqual(
        itemSet.answerLabels,
      );

      // Response time: said as measured, or as not recorded; never left out.
      const time = results.validity.scales.find((s) => s.key === 'TIME');
      expect(time?.status).toBe(protocol.times ? (protocol.name === 'fast' ? 'flagged' : 'ok') : 'not-recorded');
      if (!protocol.times) {
        expect(scorePdf).toContain(t('scoreReport.timeNotRecorded'));
      }
    });
  });
});
