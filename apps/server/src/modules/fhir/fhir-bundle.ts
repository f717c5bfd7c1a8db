import type {
  TAssessmentResults,
  TBfmResult,
  TGermanNormGroup,
  TGermanNormReading,
  TNormReading,
  TValidityScaleResult,
} from '@pid5/contract';
import { VALIDITY_STATUS_LABELS } from '@pid5/contract';
import { BFM_WORD_KEYS, DE_NORM_TABLES, type BfmDomainKey } from '@pid5/instrument';
import { translator } from '../../i18n/translator';
import type { ActiveItemSet } from '../item-sets/load-item-set';
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
import { buildQuestionnaire } from './fhir-questionnaire';
import type {
  Bundle,
  BundleEntry,
  CodeableConcept,
  ExportedResource,
  Observation,
  ObservationComponent,
  Provenance,
  Quantity,
  Questionnaire,
  QuestionnaireResponse,
  Range,
  Reference,
} from './fhir-types';

// A submitted test as a FHIR R4 Bundle (type collection): the form's Questionnaire, the QuestionnaireResponse, one
// Observation per scale, the validity verdict and each indicator, and a Provenance naming product, instrument and
// norms. Pure: everything comes from the results API's own object (TAssessmentResults), so the export and the
// results page cannot disagree (DESIGN.md "FHIR"; the mapping table is there).

export const PRODUCT_NAME = 'PID-5 Personality Assessment';

export interface ExportedAssessment {
  id: number;
  patientId: string;
  /** The answer string; null when this reader may not see the answers (a shared patient's colleague). */
  responses: string | null;
}

export interface BundleInput {
  settings: FhirSettings;
  productVersion: string;
  /** The results of a completed test, as `GET /api/assessments/{id}/results` returns them. */
  results: TAssessmentResults;
  assessment: ExportedAssessment;
  itemSet: ActiveItemSet;
  now: Date;
  /**
   * Questionnaires already built, by form, version and whether they carry texts: an export of many tests builds each
   * once (a full form's is about 140 KB of objects, most of a test's mapping time). The caller's own, short-lived.
   */
  questionnaires?: Map<string, Questionnaire>;
}

/**
 * The ids of a submitted test's resources: the test's number, and for an Observation what it reports (a scale key,
 * VERDICT or an indicator key). Stable (the same test always gives the same ids), and they name the test a read by
 * id finds (parseResourceId).
 */
export function questionnaireResponseId(assessmentId: number): string {
  return `pid5-${assessmentId}`;
}
export function observationId(assessmentId: number, key: string): string {
  return `pid5-${assessmentId}-${key}`;
}
export function provenanceId(assessmentId: number): string {
  return `pid5-${assessmentId}`;
}

/** The test a resource id names and, for an Observation, its key; null when the id is none of ours. */
export function parseResourceId(id: string): { assessmentId: number; key: string | null } | null {
  const match = /^pid5-([1-9][0-9]{0,15})(?:-([A-Za-z][A-Za-z0-9]{0,40}))?$/.exec(id);
  if (!match) {
    return null;
  }
  const assessmentId = Number(match[1]);
  return Number.isSafeInteger(assessmentId) ? { assessmentId, key: match[2] ?? null } : null;
}

/** The patient as a logical reference: the institute's identifier in its system; no Patient resource is sent. */
export function patientReference(settings: FhirSettings, patientId: string): Reference {
  return { type: 'Patient', identifier: { system: settings.patientIdSystem, value: patientId } };
}

function quantity(value: number, unit: string, code: string, capped: TNormReading['capped'] = null): Quantity {
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

/**
 * A submitted test's resources in the Bundle's order (the Questionnaire first, the Provenance last), each with its
 * fullUrl: what the per-test Bundle, the patient's Bundle, the NDJSON export and the search API all send.
 */
export function buildAssessmentEntries(input: Omit<BundleInput, 'now'>): BundleEntry[] {
  const { settings, results, assessment, itemSet } = input;
  if (results.status !== 'completed' || results.finishedAt === null) {
    throw new Error(`assessment ${assessment.id}: only a submitted test is exported`);
  }
  const finishedAt = results.finishedAt;
  const subject = patientReference(settings, assessment.patientId);
  // Each resource's id is fixed by the test and what it is (decision "FHIR resources readable by id"): its fullUrl is
  // where a client reads it, and the references between a test's resources are relative (`Observation/<id>`), so
  // they resolve inside a Bundle (against the fullUrls) and outside one (by GET against the base).
  const located = <T extends ExportedResource>(resource: T, id: string): BundleEntry & { reference: string } => {
    const reference = `${resource.resourceType}/${id}`;
    return { fullUrl: `${settings.canonicalBase}/${reference}`, resource: { ...resource, id }, reference };
  };
  const identifierSystem = `${settings.canonicalBase}/identifier`;
  const entries: BundleEntry[] = [];

  // The Questionnaire with texts only when the test was answered with the item set loaded now.
  const withTexts = results.itemSet.id === itemSet.id;
  const questionnaireKey = `${results.form}|${results.instrument.version}|${itemSet.id}|${withTexts}`;
  const questionnaire =
    input.questionnaires?.get(questionnaireKey) ??
    buildQuestionnaire({ settings, form: results.form, itemSet, version: results.instrument.version, withTexts });
  input.questionnaires?.set(questionnaireKey, questionnaire);
  entries.push({ fullUrl: questionnaire.url, resource: questionnaire });

  const answerOptions = questionnaire.item[0]!.answerOption!.map((option) => option.valueCoding);
  let responseRef: Reference[] = [];
  if (assessment.responses !== null) {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      identifier: { system: `${identifierSystem}/assessment`, value: String(assessment.id) },
      // The Questionnaire sent with it, by url and version (a version names its language and item set).
      questionnaire: `${questionnaire.url}|${questionnaire.version}`,
      status: 'completed',
      subject,
      authored: finishedAt,
      // Unanswered items ('9', '.') have no item: FHIR has no answer for "not answered". Each answer is coded as
      // the Questionnaire's answer option (same display).
      item: [...assessment.responses].flatMap((answer, index) =>
        /^[0-3]$/.test(answer)
          ? [{ linkId: String(index + 1), answer: [{ valueCoding: answerOptions[Number(answer)]! }] }]
          : [],
      ),
    };
    const { reference, ...entry } = located(response, questionnaireResponseId(assessment.id));
    entries.push(entry);
    responseRef = [{ reference }];
  }

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
  const verdictRef = `Observation/${observationId(assessment.id, VERDICT_CODE)}`;

  const observationBase = (key: string) => ({
    resourceType: 'Observation' as const,
    identifier: [{ system: `${identifierSystem}/observation`, value: `${assessment.id}/${key}` }],
    status: 'final' as const,
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
    subject,
    effectiveDateTime: finishedAt,
    issued: finishedAt,
    ...(responseRef.length > 0 ? { derivedFrom: responseRef } : {}),
  });

  const scaleObservation = (scale: ScaleResult | NonNullable<TAssessmentResults['total']>): Observation => {
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
      ...observationBase(scale.key),
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
              ...notInterpretableConcepts(),
            ],
          }
        : {}),
      // The verdict it must be read with, by reference (beside the note), when the protocol is not valid.
      ...(verdict.verdict === 'valid' ? {} : { derivedFrom: [...responseRef, { reference: verdictRef }] }),
      method: { text: scored && scale.de ? `${norms}; ${germanNorms}` : norms },
      ...(verdictNote.length > 0 ? { note: verdictNote } : {}),
      ...(components.length > 0 ? { component: components } : {}),
    };
  };

  // The ICD-11 trait domains of the PID5BF+M (the API's `bfm`, from a full-form test's 36 items or a test of the
  // 36-item form): one Observation per domain and the total, raw score and German T only, since no US norms exist.
  const bfm: TBfmResult | null = results.bfm ?? null;
  const english = translator('en');
  const bfmObservation = (scale: TBfmResult['domains'][number] | (TBfmResult['total'] & { key: 'Total' })) => {
    const code = bfmScaleCode(scale.key as BfmDomainKey | 'Total');
    const scored = scale.isScored && scale.score !== null;
    const components = scored ? germanComponents(settings, scale.de, bfm!.group) : [];
    const source =
      bfm!.administeredAs === 'FULL'
        ? 'scored from the 36 PID5BF+M items of this full-form test'
        : 'scored from the PID5BF+M (36 items)';
    return {
      ...observationBase(code),
      code: {
        coding: [ourCoding(settings, 'pid5-scales', code)],
        text: scale.name,
      },
      ...(scored
        ? { valueQuantity: quantity(scale.score!, 'score', '{score}') }
        : { dataAbsentReason: absent('not-performed', 'Not scored: too many of its items were not answered') }),
      // No level without US norms; a not-interpretable protocol's score is still coded as such, like every scale's.
      ...(scored && notInterpretable
        ? { interpretation: [{ coding: [V3_INDETERMINATE] }, ...notInterpretableConcepts()] }
        : {}),
      ...(verdict.verdict === 'valid' ? {} : { derivedFrom: [...responseRef, { reference: verdictRef }] }),
      method: {
        text:
          `PID5BF+M key (Bach, Kerber et al. 2020), ${source}; ${english(BFM_WORD_KEYS.noUsNorms)}` +
          (scored && scale.de ? ` ${germanNorms}` : ''),
      },
      note: [{ text: english(BFM_WORD_KEYS.caveat) }, ...verdictNote],
      ...(components.length > 0 ? { component: components } : {}),
    } satisfies Observation;
  };

  // Codings carry their CodeSystem's display; the product's label of the moment (a form's own) is the text.
  const validityCode = (key: string, text: string) => ({
    coding: [ourCoding(settings, 'pid5-validity', key)],
    text,
  });
  const statusConcept = (code: string, text: string): CodeableConcept => ({
    coding: [ourCoding(settings, 'pid5-validity-status', code)],
    text,
  });

  /** A not-interpretable protocol's verdict as a coded interpretation of each of its scores; nothing otherwise. */
  const notInterpretableConcepts = (): CodeableConcept[] =>
    notInterpretable
      ? [statusConcept(verdict.verdict, `${verdict.label}: read this score with the validity verdict`)]
      : [];

  const indicatorObservation = (line: TValidityScaleResult): Observation => ({
    ...observationBase(line.key),
    code: validityCode(line.key, line.name),
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
    interpretation: [statusConcept(line.status, VALIDITY_STATUS_LABELS[line.status])],
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
  });

  const scales = [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])];
  const observation = (resource: Observation, key: string) => located(resource, observationId(assessment.id, key));
  const scaleEntries = scales.map((scale) => observation(scaleObservation(scale), scale.key));
  const bfmEntries = bfm
    ? [...bfm.domains, { ...bfm.total, key: 'Total' as const }].map((scale) =>
        observation(bfmObservation(scale), bfmScaleCode(scale.key as BfmDomainKey | 'Total')),
      )
    : [];
  const indicatorEntries = results.validity.scales.map((line) => observation(indicatorObservation(line), line.key));
  const verdictEntry = observation(
    {
      ...observationBase(VERDICT_CODE),
      code: validityCode(VERDICT_CODE, 'Validity verdict'),
      valueCodeableConcept: statusConcept(verdict.verdict, verdict.label),
      note: [verdict.summary, verdict.action, ...verdict.reasons.map((r) => r.text)].map((text) => ({ text })),
      method: { text: verdict.rule },
      hasMember: indicatorEntries.map((entry) => ({ reference: entry.reference })),
    },
    VERDICT_CODE,
  );
  const targets = [
    ...responseRef,
    ...[verdictEntry, ...indicatorEntries, ...scaleEntries, ...bfmEntries].map((e) => ({ reference: e.reference })),
  ];
  entries.push(
    ...[verdictEntry, ...indicatorEntries, ...scaleEntries, ...bfmEntries].map(({ fullUrl, resource }) => ({
      fullUrl,
      resource,
    })),
  );

  const provenance: Provenance = {
    resourceType: 'Provenance',
    target: targets,
    recorded: finishedAt,
    agent: [
      {
        type: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type', code: 'assembler' }],
        },
        who: { display: `${PRODUCT_NAME} ${input.productVersion}` },
      },
    ],
    entity: [
      { role: 'source', what: { display: `Instrument: ${results.instrument.name}, ${results.instrument.version}` } },
      {
        role: 'source',
        what: {
          display: results.normTables
            ? `Norms: ${results.normsVersion}; tables ${results.normTables.id} ${results.normTables.version}`
            : `Norms: ${results.normsVersion} (German tables only)`,
        },
      },
      ...(results.germanNorms || results.bfm
        ? [
            {
              role: 'source' as const,
              what: {
                display: `German norms: ${results.germanNorms?.version ?? DE_NORM_TABLES.version}; ${
                  results.germanNorms?.attribution ?? DE_NORM_TABLES.attribution
                }`,
              },
            },
          ]
        : []),
      { role: 'source', what: { display: `Item set: ${results.itemSet.id ?? 'unknown'}` } },
    ],
  };
  const { reference: _provenanceRef, ...provenanceEntry } = located(provenance, provenanceId(assessment.id));
  entries.push(provenanceEntry);
  return entries;
}

export function buildAssessmentBundle(input: BundleInput): Bundle {
  return {
    resourceType: 'Bundle',
    identifier: { system: `${input.settings.canonicalBase}/identifier/bundle`, value: String(input.assessment.id) },
    type: 'collection',
    timestamp: input.now.toISOString(),
    entry: buildAssessmentEntries(input) as BundleEntry<ExportedResource>[],
  };
}

/**
 * Several submitted tests of one patient as one Bundle (collection): each test's resources in turn, a form's
 * Questionnaire once (the first time its fullUrl is met: a Bundle's fullUrls are unique, bdl-7).
 */
export function buildPatientBundle(options: {
  settings: FhirSettings;
  /** Names the Bundle (its identifier): the test the patient was reached through. */
  anchorId: number;
  tests: Omit<BundleInput, 'now' | 'settings'>[];
  now: Date;
}): Bundle {
  const seen = new Set<string>();
  const entry: BundleEntry[] = [];
  for (const test of options.tests) {
    for (const e of buildAssessmentEntries({ ...test, settings: options.settings })) {
      if (!seen.has(e.fullUrl)) {
        seen.add(e.fullUrl);
        entry.push(e);
      }
    }
  }
  return {
    resourceType: 'Bundle',
    identifier: {
      system: `${options.settings.canonicalBase}/identifier/patient-bundle`,
      value: String(options.anchorId),
    },
    type: 'collection',
    timestamp: options.now.toISOString(),
    entry,
  };
}
