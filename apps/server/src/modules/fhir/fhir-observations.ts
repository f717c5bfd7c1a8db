import type {
  TAssessmentResults,
  TBfmResult,
  TGermanNormGroup,
  TGermanNormReading,
  TNormReading,
  TValidityScaleResult,
  TValidityVerdict,
} from '@pid5/contract';
import { VALIDITY_STATUS_LABELS } from '@pid5/contract';
import { BFM_WORD_KEYS, DE_NORM_TABLES, type BfmDomainKey } from '@pid5/instrument';
import { translator } from '../../i18n/translator';
import {
  bfmScaleCode,
  ourCoding,
  DATA_ABSENT_REASON,
  DE_EXTRAPOLATED_CODE,
  DE_PERCENTILE_CODE,
  DE_T_INTERVAL_CODE,
  DE_T_SCORE_CODE,
  germanGroupCode,
  NO_LEVEL_CODE,
  OBSERVATION_CATEGORY,
  PERCENTILE_CODE,
  T_SCORE_CODE,
  UCUM,
  VERDICT_CODE,
  type FhirSettings,
} from './fhir-code-systems';
import type { CodeableConcept, Observation, ObservationComponent, Quantity, Range, Reference } from './fhir-types';

// A submitted test's Observations (fhir-bundle.ts puts them in the Bundle): one per scale with its US and German
// readings, one per PID5BF+M domain, one per validity indicator and the verdict, each coded and, when the protocol is
// not valid, carrying the verdict by note and by reference.

export function quantity(value: number, unit: string, code: string, capped: TNormReading['capped'] = null): Quantity {
  return {
    value,
    ...(capped === 'above' ? { comparator: '>=' as const } : capped === 'below' ? { comparator: '<=' as const } : {}),
    unit,
    system: UCUM,
    code,
  };
}

/** A printed proportion (0-1) as a percentage, without the float noise of ×100 (0.07 → 7, not 7.000000000000001). */
/**
 * A printed percentile as a FHIR percentage: the ends of a table say only "more than 99" (a cell of 1.00) or "less
 * than 1" (0.00), so they go as > 99 and < 1, never as an exact 100 or 0.
 */
function percentQuantity(proportion: number): Quantity {
  if (proportion >= 1) {
    return { value: 99, comparator: '>', unit: '%', system: UCUM, code: '%' };
  }
  if (proportion <= 0) {
    return { value: 1, comparator: '<', unit: '%', system: UCUM, code: '%' };
  }
  return quantity(toPercent(proportion), '%', '%');
}

/** HL7 v3 ObservationInterpretation beside our level: any level above the healthy range is H, none is N. */
const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const V3_HIGH = { system: V3_INTERPRETATION, code: 'H', display: 'High' };
const V3_NORMAL = { system: V3_INTERPRETATION, code: 'N', display: 'Normal' };
const V3_INDETERMINATE = { system: V3_INTERPRETATION, code: 'IND', display: 'Indeterminate' };

export function toPercent(proportion: number): number {
  return Number((proportion * 100).toFixed(10));
}

function absent(code: string, text: string): CodeableConcept {
  return { coding: [{ system: DATA_ABSENT_REASON, code }], text };
}

type ScaleResult = TAssessmentResults['domains'][number] | TAssessmentResults['facets'][number];

const T_UNIT = '{T-score}';

/** An age group of the German tables ("[35,50)", "[65,Inf)") as a Range in years (35-49, 65 and over). */
function ageRange(ageGroup: string): Range | null {
  const match = /^\[(\d+),(\d+|Inf)\)$/.exec(ageGroup);
  if (!match) {
    return null;
  }
  const years = (value: number) => ({ value, unit: 'years', system: UCUM, code: 'a' });
  return {
    low: years(Number(match[1])),
    ...(match[2] === 'Inf' ? {} : { high: years(Number(match[2]) - 1) }),
  };
}

const FALLBACK_TEXT: Readonly<Record<TGermanNormGroup['fallbacks'][number], string>> = {
  'gender-diverse': 'the gender is diverse',
  'gender-not-given': 'no gender was given',
  'age-not-given': 'no age was given',
  'age-under-18': 'the age is under 18',
};

/**
 * A scale's German T as published (decision "German T in FHIR"): the T as a component (`de-t-score`) whose
 * referenceRange names the reference group it was read for (appliesTo, age) and the row read (text), flagged
 * `extrapolated` in its interpretation where the row is; the 95 % interval as a Range component (`de-t-interval`); the
 * percentile as a third (`de-percentile`). Nothing when the scale has no German reading.
 */
export function germanComponents(
  settings: FhirSettings,
  de: TGermanNormReading | null | undefined,
  group: TGermanNormGroup | null | undefined,
): ObservationComponent[] {
  if (!de || !group) {
    return [];
  }
  const parts = germanParts(settings, group);
  const tQuantity = (value: number) => ({ value, unit: T_UNIT, system: UCUM, code: T_UNIT });
  return [
    {
      code: parts.tCode,
      valueQuantity: tQuantity(de.t),
      ...(de.extrapolated ? { interpretation: parts.extrapolated } : {}),
      referenceRange: [
        {
          appliesTo: parts.appliesTo,
          ...(parts.age ? { age: parts.age } : {}),
          text:
            `T of ${parts.groupDisplay} (percentile-based: 50 is the group's median); ` +
            `row read: ${de.row.file} line ${de.row.line} (raw score ${de.row.raw})${parts.fallback}`,
        },
      ],
    },
    { code: parts.intervalCode, valueRange: { low: tQuantity(de.tLow), high: tQuantity(de.tHigh) } },
    { code: parts.percentileCode, valueQuantity: percentQuantity(de.percentile) },
  ];
}

interface GermanParts {
  tCode: CodeableConcept;
  intervalCode: CodeableConcept;
  percentileCode: CodeableConcept;
  extrapolated: CodeableConcept[];
  groupDisplay: string;
  appliesTo: CodeableConcept[];
  age: Range | null;
  fallback: string;
}

const germanPartsMade = new Map<string, GermanParts>();

/**
 * What every German component of a reference group shares (codes, the group as appliesTo and age, the fallback's
 * words), made once per base and group and frozen: every scale of every test of that group carries the same.
 */
function germanParts(settings: FhirSettings, group: TGermanNormGroup): GermanParts {
  const key = `${settings.canonicalBase}\n${group.gender}\n${group.ageGroup}\n${group.fallbacks.join(',')}`;
  let parts = germanPartsMade.get(key);
  if (parts) {
    return parts;
  }
  const typeCode = (code: string) => ({ coding: [ourCoding(settings, 'pid5-score-types', code)] });
  const groupCoding = ourCoding(settings, 'pid5-de-norms', germanGroupCode(group));
  const fallback =
    group.fallbacks.length > 0
      ? `; all adults read because ${group.fallbacks.map((f) => FALLBACK_TEXT[f]).join(' and ')}`
      : '';
  parts = deepFreeze({
    tCode: typeCode(DE_T_SCORE_CODE),
    intervalCode: typeCode(DE_T_INTERVAL_CODE),
    percentileCode: typeCode(DE_PERCENTILE_CODE),
    extrapolated: [
      {
        coding: [ourCoding(settings, 'pid5-de-norms', DE_EXTRAPOLATED_CODE)],
        text: 'Read in a row the norming model extrapolated beyond the scores observed in the sample',
      },
    ],
    groupDisplay: groupCoding.display!,
    appliesTo: [{ coding: [groupCoding], text: `${groupCoding.display!}${fallback}` }],
    age: group.gender === 'all' ? null : ageRange(group.ageGroup),
    fallback,
  });
  germanPartsMade.set(key, parts);
  return parts;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) {
      deepFreeze(item);
    }
    Object.freeze(value);
  }
  return value;
}

/** What every Observation of one submitted test shares, worked out once per test. */
interface TestObservations {
  readonly settings: FhirSettings;
  readonly results: TAssessmentResults;
  readonly verdict: TValidityVerdict;
  readonly notInterpretable: boolean;
  /** The verdict Observation, referenced by each score when the protocol is not valid. */
  readonly verdictRef: string;
  /** The verdict's summary as a note on each score when the protocol is not valid. */
  readonly verdictNote: { text: string }[];
  /** The QuestionnaireResponse the scores come from, when the reader may see the answers. */
  readonly responseRef: Reference[];
  /** The US norms' names and versions, for each score's method. */
  readonly norms: string;
  /** The German tables' name and version, for each score with a German reading. */
  readonly germanNorms: string;
  /** The fields every Observation of the test has (identifier, status, category, subject, times, derivedFrom). */
  base(
    key: string,
  ): Pick<
    Observation,
    'resourceType' | 'identifier' | 'status' | 'category' | 'subject' | 'effectiveDateTime' | 'issued' | 'derivedFrom'
  >;
}

/** The submitted test whose Observations are built, and where its other resources are. */
export interface SubmittedTest {
  readonly settings: FhirSettings;
  readonly results: TAssessmentResults & { finishedAt: string };
  readonly assessmentId: number;
  readonly subject: Reference;
  /** The QuestionnaireResponse the scores come from, when the reader may see the answers. */
  readonly responseRef: Reference[];
  /** Where the verdict Observation is read (`Observation/<id>`). */
  readonly verdictRef: string;
}

/**
 * A submitted test's Observations in the Bundle's order (the verdict, each validity indicator, each scale, the
 * PID5BF+M domains), each placed by `place`; returns the placed entries in that order.
 */
export function buildTestObservations<Placed extends { reference: string }>(
  test: SubmittedTest,
  place: (resource: Observation, key: string) => Placed,
): Placed[] {
  const shared = sharedParts(test);
  const { results } = test;
  const scales = [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])];
  const bfm: TBfmResult | null = results.bfm ?? null;
  const scaleEntries = scales.map((scale) => place(scaleObservation(shared, scale), scale.key));
  const bfmEntries = bfm
    ? [...bfm.domains, { ...bfm.total, key: 'Total' as const }].map((scale) =>
        place(bfmObservation(shared, bfm, scale), bfmScaleCode(scale.key as BfmDomainKey | 'Total')),
      )
    : [];
  const indicatorEntries = results.validity.scales.map((line) => place(indicatorObservation(shared, line), line.key));
  const verdictEntry = place(
    verdictObservation(
      shared,
      indicatorEntries.map((entry) => entry.reference),
    ),
    VERDICT_CODE,
  );
  return [verdictEntry, ...indicatorEntries, ...scaleEntries, ...bfmEntries];
}

function sharedParts(test: SubmittedTest): TestObservations {
  const { settings, results, assessmentId, subject, responseRef, verdictRef } = test;
  const finishedAt = results.finishedAt;
  const identifierSystem = `${settings.canonicalBase}/identifier`;
  const norms = results.normTables
    ? `US T and percentile read from ${results.normTables.label} (${results.normTables.id}, version ` +
      `${results.normTables.version}); norms version ${results.normsVersion}; instrument ${results.instrument.version}`
    : `German T only (no US norms exist for this form); norms version ${results.normsVersion}; instrument ` +
      results.instrument.version;
  // The tables by name and version on each score; the full credit the CC BY licence asks for once, in the Provenance.
  const germanNorms = `German T, 95 % interval and percentile as published: ${DE_NORM_TABLES.label}, tables ${
    results.germanNorms?.version ?? DE_NORM_TABLES.version
  }`;
  const verdict = results.validityVerdict;
  // Every score carries the verdict when it is not 'valid', so no receiver reads a T score without its caveat.
  const verdictNote = verdict.verdict === 'valid' ? [] : [{ text: `Validity: ${verdict.summary}` }];
  const notInterpretable = verdict.verdict === 'not-interpretable';

  return {
    settings,
    results,
    verdict,
    notInterpretable,
    verdictRef,
    verdictNote,
    responseRef,
    norms,
    germanNorms,
    base: (key) => ({
      resourceType: 'Observation' as const,
      identifier: [{ system: `${identifierSystem}/observation`, value: `${assessmentId}/${key}` }],
      status: 'final' as const,
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
      subject,
      effectiveDateTime: finishedAt,
      issued: finishedAt,
      ...(responseRef.length > 0 ? { derivedFrom: responseRef } : {}),
    }),
  };
}

/** A scale's Observation: raw score, US T and percentile, German T; its level coded (ours and HL7 v3). */
function scaleObservation(
  shared: TestObservations,
  scale: ScaleResult | NonNullable<TAssessmentResults['total']>,
): Observation {
  const { settings, results, notInterpretable, norms, germanNorms } = shared;
  const scored = scale.isScored && scale.score !== null;
  const components: ObservationComponent[] = [];
  if (scored && scale.us) {
    const typeCode = (code: string) => ({
      coding: [ourCoding(settings, 'pid5-score-types', code)],
    });
    components.push(
      {
        code: typeCode(T_SCORE_CODE),
        valueQuantity: quantity(scale.us.t, '{T-score}', '{T-score}', scale.us.capped),
      },
      {
        code: typeCode(PERCENTILE_CODE),
        valueQuantity: percentQuantity(scale.us.percentile),
      },
    );
  }
  if (scored) {
    components.push(...germanComponents(settings, scale.de, results.germanNorms?.group));
  }
  return {
    ...shared.base(scale.key),
    code: {
      coding: [ourCoding(settings, 'pid5-scales', scale.key)],
      text: scale.name,
    },
    ...(scored
      ? { valueQuantity: quantity(scale.score!, 'score', '{score}') }
      : { dataAbsentReason: absent('not-performed', 'Not scored: too many of its items were not answered') }),
    ...(scored && scale.us
      ? {
          interpretation: [
            {
              coding: [
                ourCoding(settings, 'pid5-levels', scale.level ?? NO_LEVEL_CODE),
                // Not interpretable: indeterminate whatever the level, so a receiver reading codes alone is told.
                notInterpretable ? V3_INDETERMINATE : scale.level ? V3_HIGH : V3_NORMAL,
              ],
              ...(scale.levelDescription ? { text: scale.levelDescription } : {}),
            },
            ...notInterpretableConcepts(shared),
          ],
        }
      : {}),
    // The verdict it must be read with, by reference (beside the note), when the protocol is not valid.
    ...verdictReference(shared),
    method: { text: scored && scale.de ? `${norms}; ${germanNorms}` : norms },
    ...(shared.verdictNote.length > 0 ? { note: shared.verdictNote } : {}),
    ...(components.length > 0 ? { component: components } : {}),
  };
}

/**
 * An ICD-11 trait domain of the PID5BF+M (the API's `bfm`, from a full-form test's 36 items or a test of the 36-item
 * form), or its total: raw score and German T only, since no US norms exist.
 */
function bfmObservation(
  shared: TestObservations,
  bfm: TBfmResult,
  scale: TBfmResult['domains'][number] | (TBfmResult['total'] & { key: 'Total' }),
): Observation {
  const { settings, notInterpretable, germanNorms } = shared;
  const english = translator('en');
  const code = bfmScaleCode(scale.key as BfmDomainKey | 'Total');
  const scored = scale.isScored && scale.score !== null;
  const components = scored ? germanComponents(settings, scale.de, bfm.group) : [];
  const source =
    bfm.administeredAs === 'FULL'
      ? 'scored from the 36 PID5BF+M items of this full-form test'
      : 'scored from the PID5BF+M (36 items)';
  return {
    ...shared.base(code),
    code: {
      coding: [ourCoding(settings, 'pid5-scales', code)],
      text: scale.name,
    },
    ...(scored
      ? { valueQuantity: quantity(scale.score!, 'score', '{score}') }
      : { dataAbsentReason: absent('not-performed', 'Not scored: too many of its items were not answered') }),
    // No level without US norms; a not-interpretable protocol's score is still coded as such, like every scale's.
    ...(scored && notInterpretable
      ? { interpretation: [{ coding: [V3_INDETERMINATE] }, ...notInterpretableConcepts(shared)] }
      : {}),
    ...verdictReference(shared),
    method: {
      text:
        `PID5BF+M key (Bach, Kerber et al. 2020), ${source}; ${english(BFM_WORD_KEYS.noUsNorms)}` +
        (scored && scale.de ? ` ${germanNorms}` : ''),
    },
    note: [{ text: english(BFM_WORD_KEYS.caveat) }, ...shared.verdictNote],
    ...(components.length > 0 ? { component: components } : {}),
  };
}

/** A validity indicator's Observation: its score (or why there is none), status, cut-offs and statement. */
function indicatorObservation(shared: TestObservations, line: TValidityScaleResult): Observation {
  const { settings } = shared;
  return {
    ...shared.base(line.key),
    code: validityCode(settings, line.key, line.name),
    ...(line.score !== null
      ? { valueQuantity: quantity(line.score, 'score', '{score}') }
      : {
          dataAbsentReason:
            line.status === 'not-published'
              ? absent('not-applicable', 'No published scale or cut-off for this form')
              : line.status === 'not-recorded'
                ? absent('not-performed', 'Not recorded: the answers were stored without their times')
                : absent('not-performed', 'Not computed: some of its items were not answered'),
        }),
    interpretation: [statusConcept(settings, line.status, VALIDITY_STATUS_LABELS[line.status])],
    method: { text: `${line.source}${line.cutoffs ? `; cut-offs: ${line.cutoffs}` : ''}` },
    note: [{ text: line.statement }],
    ...(line.percentile
      ? {
          component: [
            {
              code: {
                coding: [ourCoding(settings, 'pid5-score-types', PERCENTILE_CODE)],
              },
              valueQuantity: percentQuantity(line.percentile.percentile),
            },
          ],
        }
      : {}),
  };
}

/** The verdict's Observation: coded, with its summary, action and reasons, and the indicators as its members. */
function verdictObservation(shared: TestObservations, indicatorReferences: readonly string[]): Observation {
  const { settings, verdict } = shared;
  return {
    ...shared.base(VERDICT_CODE),
    code: validityCode(settings, VERDICT_CODE, 'Validity verdict'),
    valueCodeableConcept: statusConcept(settings, verdict.verdict, verdict.label),
    note: [verdict.summary, verdict.action, ...verdict.reasons.map((r) => r.text)].map((text) => ({ text })),
    method: { text: verdict.rule },
    hasMember: indicatorReferences.map((reference) => ({ reference })),
  };
}

// Codings carry their CodeSystem's display; the product's label of the moment (a form's own) is the text.
function validityCode(settings: FhirSettings, key: string, text: string): CodeableConcept {
  return { coding: [ourCoding(settings, 'pid5-validity', key)], text };
}

function statusConcept(settings: FhirSettings, code: string, text: string): CodeableConcept {
  return { coding: [ourCoding(settings, 'pid5-validity-status', code)], text };
}

/** A not-interpretable protocol's verdict as a coded interpretation of each of its scores; nothing otherwise. */
function notInterpretableConcepts({ settings, verdict, notInterpretable }: TestObservations): CodeableConcept[] {
  return notInterpretable
    ? [statusConcept(settings, verdict.verdict, `${verdict.label}: read this score with the validity verdict`)]
    : [];
}

/** A score of a protocol that is not valid derives from the verdict too, so it is read with it. */
function verdictReference({ verdict, responseRef, verdictRef }: TestObservations): Pick<Observation, 'derivedFrom'> {
  return verdict.verdict === 'valid' ? {} : { derivedFrom: [...responseRef, { reference: verdictRef }] };
}
