import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VALIDITY_STATUS_LABELS,
  type TAdministrationComparison,
  type TAssessmentResults,
  type TValidityScaleResult,
} from '@pid5/contract';
import {
  createDemoResponses,
  administeredFullItems,
  administeredItemCount,
  FORMS,
  inTenAdults,
  pid5Definition,
  tMiddleShare,
  US_NORM_TABLES,
  validityWording,
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
import { readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { formatCsvPercentile } from '../csv-export/export-columns';

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
  const words = validityWording('en');
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

/** What a protocol's own numbers allow its texts to say, checked in every output (claimsHold). */
interface Claims {
  /** Whether the inconsistency score is low enough to be called consistent; null when the form has none. */
  readonly consistentAllowed: boolean | null;
  readonly isPatterned: boolean;
  /** The test's item set's answer labels, lower case. */
  readonly labels: readonly string[];
}

/** The catalogue's claims, held against a set of texts of one output (`where` names it in a failure). */
function claimsHold(
  texts: readonly string[],
  claims: Claims,
  words: ValidityInterpretation,
  language: Language,
  where: string,
) {
  for (const text of texts) {
    if (claims.consistentAllowed === false) {
      for (const claim of consistentClaims(words, language)) {
        expect(text, `${where}: "${claim}" beside an inconsistency score that is not low`).not.toContain(claim);
      }
    }
    if (claims.isPatterned) {
      for (const claim of noPatternClaims(words)) {
        expect(text, `${where}: "${claim}" beside a pattern`).not.toContain(claim);
      }
    }
    for (const quote of quotedAnswers(text)) {
      expect(claims.labels, `${where}: quoted "${quote}"`).toContain(quote.toLowerCase());
    }
    // A sentence put together from parts ends once: never "adults.." or "adults.; later".
    expect(text, `${where}: a sentence ended twice`).not.toMatch(/(?<!\.)\.\.(?!\.)|\.;/);
  }
}

interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
}
interface FhirQuantity {
  value: number;
  comparator?: string;
}
interface FhirObservation {
  resourceType: 'Observation';
  id: string;
  code: { coding: FhirCoding[]; text?: string };
  valueQuantity?: FhirQuantity;
  valueCodeableConcept?: { coding: FhirCoding[]; text?: string };
  interpretation?: { coding?: FhirCoding[]; text?: string }[];
  derivedFrom?: { reference?: string }[];
  note?: { text: string }[];
  method?: { text: string };
  component?: { code: { coding: FhirCoding[] }; valueQuantity?: FhirQuantity }[];
}

/**
 * What each reason of a verdict is called in the verdict's stated rule (the FHIR verdict's method, the results' rule)
 * and in the CSV dictionary's Validity Verdict entry: a verdict decided for a reason its rule does not name is a rule
 * that says something else than the product does.
 */
const REASON_NAMED: Readonly<Record<string, { en: RegExp; de: RegExp }>> = {
  INCONSISTENT: { en: /\bINC/, de: /\bINC/ },
  TOO_MANY_MISSING: { en: /quarter/, de: /Viertel/ },
  OVER_REPORTING: { en: /\bORS\b/, de: /\bORS\b/ },
  UNDER_REPORTING: { en: /\bPRD\b/, de: /\bPRD\b/ },
  INCONSISTENCY_NOT_COMPUTED: { en: /not computed/, de: /nicht berechnet/ },
  CHECKS_NOT_COMPUTED: { en: /not computed/, de: /nicht berechnet/ },
  PATTERNED_ANSWERS: { en: /cycle/, de: /Zyklus/ },
  POSSIBLY_LOW_PROFILE: { en: /low profile/, de: /niedriges Profil/ },
  FAST_ANSWERS: { en: /seconds/, de: /Sekunden/ },
  SCALES_NOT_SCORED: { en: /not scored/, de: /nicht ausgewertet/ },
};

function expectReasonsNamed(
  text: string,
  reasons: readonly { code: string }[],
  language: (typeof LANGUAGES)[number],
  where: string,
) {
  for (const { code } of reasons) {
    expect(REASON_NAMED[code]?.[language], `${where}: a pattern for ${code}`).toBeDefined();
    expect(text, `${where} names ${code}`).toMatch(REASON_NAMED[code]![language]);
  }
}

const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/** The words of a FHIR Observation a receiver reads: notes, interpretations, the value's text, the method. */
function observationTexts(o: FhirObservation): string[] {
  return [
    ...(o.note ?? []).map((n) => n.text),
    ...(o.interpretation ?? []).map((i) => i.text ?? ''),
    o.valueCodeableConcept?.text ?? '',
    o.method?.text ?? '',
  ].filter((text) => text !== '');
}

/** A printed percentile (0-1) as FHIR must carry it: the table's ends only as bounds (> 99, < 1). */
function expectPercentile(quantity: FhirQuantity | undefined, percentile: number, where: string) {
  if (percentile >= 1) {
    expect(quantity, where).toMatchObject({ value: 99, comparator: '>' });
  } else if (percentile <= 0) {
    expect(quantity, where).toMatchObject({ value: 1, comparator: '<' });
  } else {
    expect(quantity?.comparator, where).toBeUndefined();
    expect(quantity?.value, where).toBeCloseTo(percentile * 100, 8);
  }
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

/** What one protocol's test decided, kept for the checks over all of a form's tests (CSV, comparison PDF). */
interface StoredTest {
  readonly id: number;
  readonly protocol: Protocol;
  readonly results: TAssessmentResults;
  readonly claims: Claims;
  /** The verdict's English label, as the FHIR export and the CSV carry it. */
  readonly englishLabel: string;
}

describe.each(FORMS_TESTED)('every printed statement of the %s form', (form) => {
  describe.each(LANGUAGES)('in %s', (language) => {
    const words = validityWording(language);
    const t = translator(language);
    const headers = { 'accept-language': language === 'de' ? 'de-DE' : 'en-GB' };
    // One patient per form and language: the CSV export finds its tests by it, and each test is compared with the
    // first (the valid protocol), completed a minute apart so the earlier is always the first.
    const patientId = `STMT-${form}-${language}`;
    const stored: StoredTest[] = [];
    const protocols = catalogue(form);

    it.each(protocols.map((p, i) => [p.name, p, i] as const))('%s', async (_name, protocol, index) => {
      const scores = scoreTest(
        { form, responses: protocol.responses, gender: 'Unspecified', age: 34 },
        { normTables: US_NORM_TABLES, answerTimes: protocol.times },
      );
      const { row } = await insertAssessment(server, {
        clinicianId: clinician.id,
        patientId,
        form,
        responses: protocol.responses,
        consented: true,
        finishedAt: new Date(server.clock.now().getTime() + index * 60_000),
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
      const labels = itemSet.answerLabels.map((label) => label.toLowerCase());

      // Consistency: never "consistent" at a borderline (or flagged, or unknown) inconsistency score.
      const inc = results.validity.scales.find((s) => s.key === 'INC' || s.key === 'INCS');
      const scale = inc?.key === 'INCS' ? words.scales.INCS : words.scales.INC;
      const cutoff = form === 'FULL' ? pid5Definition.validity.INC.invalidIfAtLeast : FORMS.SF.incs?.invalidIfAtLeast;
      let consistentAllowed: boolean | null = null;
      if (inc && inc.status !== 'not-published' && cutoff !== undefined) {
        // With a pair unanswered the score is a range ("12 to 14"): its top decides.
        const top = inc.score ?? Number(/(\d+) (?:to|bis) (\d+)/.exec(inc.statement)?.[2] ?? Number.NaN);
        consistentAllowed = top < cutoff - scale.borderlineWithin;
        if (consistentAllowed && results.validityVerdict.verdict === 'valid') {
          // The claim is made where it is true: the check is not vacuous.
          expect(scorePdf).toContain(literal(scale.ok));
        }
      }
      // Pattern: a protocol in a fixed pattern is flagged, and nothing says there was none.
      const pattern = results.validity.scales.find((s) => s.key === 'PATTERN');
      const isPatterned = /^(periodic|constant|floor|capped)/.test(protocol.name);
      if (isPatterned) {
        expect(pattern?.isConcern, 'a fixed pattern is flagged').toBe(true);
      }
      // Answer labels: only the item set's, wherever an answer is quoted.
      const claims: Claims = { consistentAllowed, isPatterned, labels };
      claimsHold(everything, claims, words, language, 'results, score report, patient report');

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

      // The score report's legend: the item set's answer labels exactly.
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

      const englishLabel = expectFhirSaysSo(
        (await (await clinician.client.get(`/api/assessments/${row.id}/fhir`, { headers })).json()) as {
          entry: { resource: { resourceType: string } }[];
        },
        row.id,
        results,
        claims,
      );
      stored.push({ id: row.id, protocol, results, claims, englishLabel });

      // The comparison with the first test (the valid protocol): this test's verdict as its own results decided it.
      const first = stored[0];
      if (first && first.id !== row.id) {
        const compared = await clinician.client.get(`/api/assessments/${row.id}/compare?with=${first.id}`, {
          headers,
        });
        if (form === 'BFM') {
          // The PID5BF+M is not compared (no US norms, no reliable change): refused, never a comparison of nothing.
          expect(compared.status).toBe(400);
          return;
        }
        expect(compared.status, await compared.clone().text()).toBe(200);
        expectComparisonSaysSo((await compared.json()) as TAdministrationComparison, first, stored.at(-1)!);
      }
    });

    /** The FHIR Bundle says what the results decided; returns the verdict's English label. */
    function expectFhirSaysSo(
      bundle: { entry: { resource: { resourceType: string } }[] },
      id: number,
      results: TAssessmentResults,
      claims: Claims,
    ): string {
      const observations = bundle.entry
        .map((e) => e.resource)
        .filter((r): r is FhirObservation => r.resourceType === 'Observation');
      const byId = new Map(observations.map((o) => [o.id, o]));
      const verdict = byId.get(`pid5-${id}-VERDICT`);
      const decided = results.validityVerdict.verdict;
      // The verdict coded as decided, in the product's code system, by a rule that names its reasons.
      expect(verdict?.valueCodeableConcept?.coding.map((c) => c.code)).toContain(decided);
      expectReasonsNamed(verdict?.method?.text ?? '', results.validityVerdict.reasons, 'en', 'FHIR verdict rule');
      expectReasonsNamed(results.validityVerdict.rule, results.validityVerdict.reasons, language, 'results rule');
      const englishWording = validityWording('en');
      // Notes, interpretations and methods of every Observation: the same claims as the pages (in English).
      for (const o of observations) {
        claimsHold(observationTexts(o), claims, englishWording, 'en', `FHIR ${o.id}`);
      }
      // Each validity indicator's status coded as the results say it.
      for (const line of results.validity.scales) {
        const o = byId.get(`pid5-${id}-${line.key}`);
        expect(
          o?.interpretation?.[0]?.coding?.map((c) => c.code),
          `FHIR ${line.key}`,
        ).toContain(line.status);
        if (line.percentile) {
          expectPercentile(o?.component?.[0]?.valueQuantity, line.percentile.percentile, `FHIR ${line.key} percentile`);
        }
      }
      // Every scale Observation (US-normed scales and the PID5BF+M's): a not-interpretable protocol's carries a coded
      // interpretation saying so (HL7 v3 IND beside the product's verdict code) and refers to the verdict Observation.
      const scaleObservations = observations.filter(
        (o) => o !== verdict && !results.validity.scales.some((line) => o.id === `pid5-${id}-${line.key}`),
      );
      expect(scaleObservations.length).toBeGreaterThan(0);
      for (const o of scaleObservations) {
        const codes = (o.interpretation ?? []).flatMap((i) => i.coding ?? []);
        const v3 = codes.filter((c) => c.system === V3_INTERPRETATION).map((c) => c.code);
        if (decided === 'not-interpretable') {
          if (o.valueQuantity) {
            expect(v3, `FHIR ${o.id}: indeterminate`).toEqual(['IND']);
            expect(
              codes.map((c) => c.code),
              `FHIR ${o.id}: the verdict coded`,
            ).toContain('not-interpretable');
          }
          expect(v3, `FHIR ${o.id}: no High or Normal`).not.toContain('H');
          expect(v3, `FHIR ${o.id}: no High or Normal`).not.toContain('N');
        } else {
          expect(v3, `FHIR ${o.id}`).not.toContain('IND');
        }
        if (decided !== 'valid') {
          expect(
            (o.derivedFrom ?? []).map((r) => r.reference),
            `FHIR ${o.id} refers to the verdict`,
          ).toContain(`Observation/pid5-${id}-VERDICT`);
        }
      }
      // Each German percentile (the PID-5 scales' and the PID5BF+M domains'): its table's ends as bounds too.
      const germanReadings = [
        ...[...results.domains, ...results.facets, ...(results.total ? [results.total] : [])].map(
          (s) => [`pid5-${id}-${s.key}`, s.de] as const,
        ),
        ...(results.bfm
          ? [...results.bfm.domains, { ...results.bfm.total, key: 'Total' }].map(
              (s) => [`pid5-${id}-Bfm${s.key}`, s.de] as const,
            )
          : []),
      ];
      for (const [observationId, de] of germanReadings) {
        if (de) {
          const part = byId
            .get(observationId)
            ?.component?.find((c) => c.code.coding.some((k) => k.code === 'de-percentile'));
          expectPercentile(part?.valueQuantity, de.percentile, `FHIR ${observationId} German percentile`);
        }
      }
      // Each US reading: the level coded H (any level) or N (none) on an interpretable protocol; T beyond the table
      // and the table's end percentiles with their comparator.
      for (const s of [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])]) {
        const o = byId.get(`pid5-${id}-${s.key}`);
        if (!s.isScored || s.score === null || !s.us) {
          continue;
        }
        const tPart = o?.component?.find((c) => c.code.coding.some((k) => k.code === 't-score'));
        const pPart = o?.component?.find((c) => c.code.coding.some((k) => k.code === 'percentile'));
        expect(tPart?.valueQuantity?.value, `FHIR ${s.key} T`).toBe(s.us.t);
        expect(tPart?.valueQuantity?.comparator, `FHIR ${s.key} T beyond the table`).toBe(
          s.us.capped === 'above' ? '>=' : s.us.capped === 'below' ? '<=' : undefined,
        );
        expectPercentile(pPart?.valueQuantity, s.us.percentile, `FHIR ${s.key} percentile`);
        if (decided !== 'not-interpretable') {
          const v3 = (o?.interpretation ?? [])
            .flatMap((i) => i.coding ?? [])
            .filter((c) => c.system === V3_INTERPRETATION)
            .map((c) => c.code);
          expect(v3, `FHIR ${s.key} level`).toEqual([s.level ? 'H' : 'N']);
        }
      }
      // The English label as the English results word it (the stored words).
      if (language === 'en') {
        expect(verdict?.valueCodeableConcept?.text).toBe(results.validityVerdict.label);
        expect(verdict?.note?.[0]?.text).toBe(results.validityVerdict.summary);
      }
      return verdict?.valueCodeableConcept?.text ?? '';
    }

    /** The comparison says what each test's own results decided, in the reader's language. */
    function expectComparisonSaysSo(comparison: TAdministrationComparison, first: StoredTest, second: StoredTest) {
      for (const [side, test] of [
        [comparison.first, first],
        [comparison.second, second],
      ] as const) {
        expect(side.id).toBe(test.id);
        const decided = test.results.validityVerdict;
        expect(side.validity, `comparison: ${test.protocol.name}'s verdict`).toEqual({
          verdict: decided.verdict,
          label: decided.label,
          summary: decided.summary,
        });
      }
      const notInterpretable = second.results.validityVerdict.verdict === 'not-interpretable';
      expect(comparison.isChangeInterpretable).toBe(!notInterpretable);
      if (notInterpretable) {
        expect(comparison.scales.every((s) => s.reliableChange === null)).toBe(true);
      }
      // Each reading as the test's own results read it; no T difference across a bound ("≥ 100" is not 100).
      const readings = (results: TAssessmentResults) =>
        new Map(
          [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])].map((s) => [s.key, s]),
        );
      const [before, after] = [readings(first.results), readings(second.results)];
      for (const scale of comparison.scales) {
        for (const [reading, own] of [
          [scale.first, before.get(scale.key)],
          [scale.second, after.get(scale.key)],
        ] as const) {
          expect(reading.score, `comparison ${scale.key}`).toBe(own?.isScored ? own.score : null);
          expect(reading.t, `comparison ${scale.key} T`).toBe(own?.us?.t ?? null);
          expect(reading.percentile, `comparison ${scale.key} percentile`).toBe(own?.us?.percentile ?? null);
          expect(reading.capped, `comparison ${scale.key} beyond the table`).toBe(own?.us?.capped ?? null);
        }
        if (scale.first.capped !== null || scale.second.capped !== null) {
          expect(scale.tDifference, `comparison ${scale.key}: a T difference across a bound`).toBeNull();
        }
      }
      claimsHold(
        [
          comparison.second.validity.summary,
          comparison.validityStatement,
          ...comparison.scales.map((s) => s.noReliableChangeReason ?? ''),
        ],
        second.claims,
        words,
        language,
        'comparison',
      );
    }

    // One comparison PDF per form and language: the first test with the catalogue's test most at risk of a false
    // sentence (a borderline inconsistency score where the form has one, else the floor protocol).
    // The PID5BF+M cannot be compared (refused above): it has no comparison PDF.
    if (form !== 'BFM') {
      it('the comparison PDF prints each verdict as decided', async () => {
        const first = stored[0]!;
        const second =
          stored.findLast((test) => test.protocol.name.startsWith('INC borderline')) ??
          stored.find((test) => test.protocol.name.startsWith('floor'))!;
        const response = await clinician.client.get(
          `/api/assessments/${second.id}/compare.pdf?with=${first.id}&tz=UTC`,
          {
            headers,
          },
        );
        expect(response.status).toBe(200);
        const text = flat(await pdfToText(new Uint8Array(await response.arrayBuffer())));
        expect(text).toContain(flat(first.results.validityVerdict.summary));
        expect(text).toContain(flat(second.results.validityVerdict.summary));
        // The first test's own summary may say consistent; the rest of the PDF says nothing of the second's that its
        // numbers deny.
        // A clinician's document: dates spelled out, no internal keys, not the patient's footer.
        expect(text, 'an ISO date').not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
        expect(text, 'an internal key').not.toMatch(/percentileAtLeast|\bundefined\b|\{\w+\}/);
        expect(text).not.toMatch(/For the respondent|Für die befragte Person/);
        claimsHold(
          [text.replace(flat(first.results.validityVerdict.summary), '')],
          second.claims,
          words,
          language,
          'comparison PDF',
        );
      });
    }

    it("the patient's timeline shows each test's verdict as decided", async () => {
      const timeline = await clinician.client.get(`/api/assessments/${stored[0]!.id}/patient`, { headers });
      expect(timeline.status, await timeline.clone().text()).toBe(200);
      const { administrations } = (await timeline.json()) as {
        administrations: { id: number; validity: { verdict: string; label: string; summary: string } | null }[];
      };
      expect(administrations.length).toBe(stored.length);
      for (const test of stored) {
        const decided = test.results.validityVerdict;
        expect(administrations.find((a) => a.id === test.id)?.validity, `timeline: ${test.protocol.name}`).toEqual({
          verdict: decided.verdict,
          label: decided.label,
          summary: decided.summary,
        });
      }
    });

    it('the CSV export and its data dictionary say what each test decided', async () => {
      const csv = await clinician.client.get(`/api/assessments/export.csv?search=${patientId}`, { headers });
      expect(csv.status).toBe(200);
      const [head, ...rows] = readLikeSpreadsheet(await csv.text(), { separator: ',' });
      const column = (name: string) => {
        const at = head!.indexOf(name);
        expect(at, name).toBeGreaterThanOrEqual(0);
        return at;
      };
      const dictionaryResponse = await clinician.client.get('/api/assessments/export-dictionary.csv', { headers });
      const [, ...entries] = readLikeSpreadsheet(await dictionaryResponse.text(), { separator: ',' });
      const dictionary = new Map(entries.map((entry) => [entry[0]!, { meaning: entry[1]!, values: entry[2]! }]));
      const listed = (name: string) =>
        (dictionary.get(name)?.values ?? '')
          .split(/,\s*|;\s*/)
          // The German dictionary lists the English values with a note after the last: "… (englische Codes)".
          .map((value) => value.replace(/\s*\([^)]*\)$/, '').trim());
      // The table's ends are bounds: wherever a percentile column prints 100 or 0, its entry says what that means.
      const BOUNDS: Record<string, RegExp> = {
        '100': /"more than 99"|"mehr als 99"/,
        '0': /"less than 1"|"weniger als 1"/,
      };
      let row: string[] = [];
      const expectBoundsExplained = (header: string) => {
        const value = row[column(header)]!;
        if (BOUNDS[value]) {
          expect(
            dictionary.get(header)?.meaning,
            `CSV ${header} = ${value}: the dictionary says what it means`,
          ).toMatch(BOUNDS[value]);
        }
      };
      expect(rows.length).toBe(stored.length);
      for (const test of stored) {
        row = rows.find((r) => r[column('Assessment ID')] === String(test.id)) ?? [];
        const where = `CSV ${test.protocol.name}`;
        expect(row.length, where).toBeGreaterThan(0);
        const cell = (name: string) => row[column(name)]!;
        // The form and its answers as the dictionary describes them.
        expect(cell('Form'), where).toBe(form);
        expect(listed('Form'), `${where}: the dictionary lists the form`).toContain(form);
        expect(cell('Responses').length, where).toBe(administeredItemCount(form));
        expect(dictionary.get('Responses')?.values, `${where}: the dictionary's answer count`).toContain(
          String(administeredItemCount(form)),
        );
        // The verdict as decided (the FHIR export's English label), among the values the dictionary lists.
        expect(cell('Validity Verdict'), where).toBe(test.englishLabel);
        expect(listed('Validity Verdict'), where).toContain(test.englishLabel);
        expectReasonsNamed(
          dictionary.get('Validity Verdict')?.meaning ?? '',
          test.results.validityVerdict.reasons,
          language,
          `${where}: the dictionary`,
        );
        // Each indicator's status and score as the results say; each status among the dictionary's values.
        for (const line of test.results.validity.scales) {
          const label = CSV_VALIDITY_LABELS[line.key];
          if (label === undefined) {
            continue;
          }
          expect(cell(`${label} status`), `${where} ${line.key}`).toBe(VALIDITY_STATUS_LABELS[line.status]);
          expect(listed(`${label} status`), `${where} ${line.key}`).toContain(VALIDITY_STATUS_LABELS[line.status]);
          expect(cell(`${label} score`), `${where} ${line.key}`).toBe(line.score === null ? '' : String(line.score));
          expect(cell(`${label} percentile (US 2024)`), `${where} ${line.key}`).toBe(
            line.percentile ? formatCsvPercentile(line.percentile.percentile) : '',
          );
          expectBoundsExplained(`${label} percentile (US 2024)`);
        }
        // Each US percentile as printed; a printed 1.00 (100) only where the dictionary says it means "more than 99".
        for (const s of [
          ...test.results.domains,
          ...test.results.facets,
          ...(test.results.total ? [test.results.total] : []),
        ]) {
          if (!s.isScored || !s.us || form === 'BFM') {
            continue;
          }
          const name = s.key === 'Total' ? 'Total' : s.name;
          const header = `${name} percentile (US 2024)`;
          if (head!.includes(header)) {
            expect(cell(header), `${where} ${s.key}`).toBe(formatCsvPercentile(s.us.percentile));
            expectBoundsExplained(header);
          }
        }
      }
    });

    it("the patient's long CSV says each test's verdict as decided, and marks the US table's ends", async () => {
      const response = await clinician.client.get(`/api/assessments/${stored[0]!.id}/patient.csv`, { headers });
      expect(response.status).toBe(200);
      const [head, ...rows] = readLikeSpreadsheet(await response.text(), { separator: ',' });
      const at = (name: string) => head!.indexOf(name);
      for (const test of stored) {
        const own = rows.filter((r) => r[at('Assessment ID')] === String(test.id));
        const where = `patient CSV ${test.protocol.name}`;
        expect(own.length, where).toBeGreaterThan(0);
        expect(new Set(own.map((r) => r[at('Validity')])), where).toEqual(new Set([test.englishLabel]));
        for (const r of own) {
          const percentile = r[at('US Percentile')];
          const end = percentile === '100' ? 'above' : percentile === '0' ? 'below' : '';
          expect(r[at('US Percentile Beyond Table')], `${where} ${r[at('Scale Key')]}`).toBe(end);
        }
      }
    });
  });
});

/** The CSV's validity columns by indicator (export-columns.ts CSV_VALIDITY_SCALES). */
const CSV_VALIDITY_LABELS: Partial<Record<TValidityScaleResult['key'], string>> = {
  INC: 'INC (inconsistency)',
  ORS: 'ORS (over-reporting)',
  PRD: 'PRD (under-reporting)',
  SDTD: 'SD-TD (kind of favourable answering)',
  INCS: 'INC-S (inconsistency, short form)',
};
