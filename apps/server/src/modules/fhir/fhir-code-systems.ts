import { VALIDITY_SCALE_KEYS, VALIDITY_STATUS_LABELS, VALIDITY_VERDICTS } from '@pid5/contract';
import {
  ANSWER_LABELS,
  ANSWER_VALUES,
  BF_TOTAL_KEY,
  BFM_DOMAIN_KEYS,
  BFM_WORD_KEYS,
  DOMAINS,
  GERMAN_NORM_CELLS,
  germanGroupKey,
  type BfmDomainKey,
  FACETS,
  LEVEL_CUTOFFS,
  VALIDITY_INTERPRETATION,
} from '@pid5/instrument';
import { translator, type MessageKey } from '../../i18n/translator';
import type { CodeSystem, CodeSystemConcept, Coding } from './fhir-types';

// Our own code systems (docs/decisions/0055-fhir-r4-mapping.md): no LOINC or SNOMED CT code for the PID-5's scales
// was found, so every code the export writes is ours, published as a CodeSystem at its canonical URL
// (GET /fhir/R4/CodeSystem/{id}), so a receiving system can look each code up where the code says it lives.

/** Where the export's canonical URLs live and which system the institute's patient identifiers belong to. */
export interface FhirSettings {
  /** Base of every canonical URL: `FHIR_CANONICAL_BASE`, else `PUBLIC_URL/fhir/R4` (no trailing slash). */
  canonicalBase: string;
  /** `identifier.system` of the patient identifier (FHIR_PATIENT_ID_SYSTEM). */
  patientIdSystem: string;
}

export const UCUM = 'http://unitsofmeasure.org';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DATA_ABSENT_REASON = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';

/** The code systems' versions: bump when a code is added or its meaning changes. */
export const CODE_SYSTEM_VERSION = '1';

/** The level of a scored scale below the Mild cut-off: our code for "no level". */
export const NO_LEVEL_CODE = 'None';
/** The validity verdict as one Observation's code. */
export const VERDICT_CODE = 'VERDICT';
export const T_SCORE_CODE = 't-score';
export const PERCENTILE_CODE = 'percentile';
/** The German T as published (Zimmermann et al. 2026), its 95 % interval and percentile: components of a scale. */
export const DE_T_SCORE_CODE = 'de-t-score';
export const DE_T_INTERVAL_CODE = 'de-t-interval';
export const DE_PERCENTILE_CODE = 'de-percentile';
/** A German T read in a row the norming model extrapolated beyond the sample's scores. */
export const DE_EXTRAPOLATED_CODE = 'extrapolated';

/** The PID5BF+M's six ICD-11 trait domains and total as codes of pid5-scales: `Bfm` + the product's key. */
export function bfmScaleCode(key: BfmDomainKey | 'Total'): string {
  return `Bfm${key}`;
}

/** A German reference group as a code of pid5-de-norms: `all`, `f-35-49`, `m-65-plus`. */
export function germanGroupCode(cell: { readonly gender: string; readonly ageGroup: string }): string {
  if (cell.gender === 'all') {
    return 'all';
  }
  const match = /^\[(\d+),(\d+|Inf)\)$/.exec(cell.ageGroup);
  if (!match) {
    throw new Error(`No age group ${cell.ageGroup}`);
  }
  return match[2] === 'Inf' ? `${cell.gender}-${match[1]}-plus` : `${cell.gender}-${match[1]}-${Number(match[2]) - 1}`;
}

export const CODE_SYSTEM_IDS = [
  'pid5-scales',
  'pid5-levels',
  'pid5-validity',
  'pid5-validity-status',
  'pid5-answers',
  'pid5-score-types',
  'pid5-de-norms',
] as const;
export type CodeSystemId = (typeof CODE_SYSTEM_IDS)[number];

export function isCodeSystemId(id: string): id is CodeSystemId {
  return (CODE_SYSTEM_IDS as readonly string[]).includes(id);
}

export function codeSystemUrl(settings: FhirSettings, id: CodeSystemId): string {
  return `${settings.canonicalBase}/CodeSystem/${id}`;
}

const percent = (proportion: number) => `${Math.round(proportion * 100)}th`;

/** A display's German wording (the product's German catalogue), as a CodeSystem designation. */
const german = (key: MessageKey, suffix = '') => [{ language: 'de', value: `${translator('de')(key)}${suffix}` }];
const english = (key: MessageKey, suffix = '') => `${translator('en')(key)}${suffix}`;
const BFM_SUFFIX = ' (PID5BF+M)';

const DEFINITIONS: Record<CodeSystemId, { title: string; description: string; concepts: () => CodeSystemConcept[] }> = {
  'pid5-scales': {
    title: 'PID-5 scales',
    description:
      'The scales of the PID-5 forms by their keys in the product: 25 facets and 5 domains (full and short ' +
      'form), and the brief form\u2019s total. The value of an Observation with one of these codes is the ' +
      'scale\u2019s raw score, the mean keyed item score (0-3).',
    concepts: () => [
      ...FACETS.map((f) => ({ code: f.key, display: f.name, definition: `Facet: ${f.name}` })),
      ...DOMAINS.map((d) => ({ code: d.key, display: d.name, definition: `Domain: ${d.name}` })),
      {
        code: BF_TOTAL_KEY,
        display: 'Total score (brief form)',
        definition: 'The brief form\u2019s total: the mean of all 25 items.',
      },
      // The PID5BF+M's ICD-11 trait domains (from a full-form test's 36 items or the 36-item form itself): their
      // own scales, not the PID-5 domains of the same name (2 items a facet, Anankastia added).
      ...BFM_DOMAIN_KEYS.map((key) => ({
        code: bfmScaleCode(key),
        display: english(BFM_WORD_KEYS.domain[key] as MessageKey, BFM_SUFFIX),
        designation: german(BFM_WORD_KEYS.domain[key] as MessageKey, BFM_SUFFIX),
        definition: `ICD-11 trait domain of the PID5BF+M (Bach, Kerber et al. 2020): the mean of its three facets of two items; German norms only.`,
      })),
      {
        code: bfmScaleCode('Total'),
        display: english(BFM_WORD_KEYS.total, BFM_SUFFIX),
        designation: german(BFM_WORD_KEYS.total, BFM_SUFFIX),
        definition: 'The PID5BF+M\u2019s total: the mean of the 30 items of its five DSM-5 domains; German norms only.',
      },
    ],
  },
  'pid5-levels': {
    title: 'PID-5 score levels',
    description: 'The level of a scored scale, decided by its printed US percentile (the product\u2019s level rule).',
    concepts: () => [
      ...LEVEL_CUTOFFS.map((c) => ({
        code: c.level,
        display: c.level,
        definition: `From the ${percent(c.atLeast)} printed US percentile up.`,
      })),
      {
        code: NO_LEVEL_CODE,
        display: 'No level',
        definition: `Below the ${percent(Math.min(...LEVEL_CUTOFFS.map((c) => c.atLeast)))} printed US percentile.`,
      },
    ],
  },
  'pid5-validity': {
    title: 'PID-5 validity indicators',
    description:
      'What a validity Observation reports: the verdict (how far the profile may be interpreted) or one ' +
      'indicator. PATTERN and TIME are the product\u2019s own response-pattern screen and response-time check, not PID-5 scales.',
    concepts: () => [
      { code: VERDICT_CODE, display: 'Validity verdict', definition: 'How far the profile may be interpreted.' },
      ...VALIDITY_SCALE_KEYS.map((key) => ({
        code: key,
        display: VALIDITY_INTERPRETATION.scales[key].name,
        definition: `${VALIDITY_INTERPRETATION.scales[key].name}; source: ${VALIDITY_INTERPRETATION.scales[key].source}.`,
      })),
    ],
  },
  'pid5-validity-status': {
    title: 'PID-5 validity verdicts and indicator statuses',
    description: 'The value of the verdict Observation, and the interpretation of each indicator Observation.',
    concepts: () => [
      ...VALIDITY_VERDICTS.map((v) => ({
        code: v,
        display: VALIDITY_INTERPRETATION.verdicts[v].label,
        definition: `Verdict: ${VALIDITY_INTERPRETATION.verdicts[v].action}`,
      })),
      ...Object.entries(VALIDITY_STATUS_LABELS).map(([code, label]) => ({
        code,
        display: label,
        definition: `Indicator status: ${label}.`,
      })),
    ],
  },
  'pid5-answers': {
    title: 'PID-5 answer values',
    description:
      'The four answers of every PID-5 item (0-3). The display is the product\u2019s English label; a ' +
      'Questionnaire names them in its item set\u2019s own labels.',
    concepts: () => ANSWER_VALUES.map((v) => ({ code: String(v), display: ANSWER_LABELS[v] })),
  },
  'pid5-score-types': {
    title: 'PID-5 standardised score types',
    description: 'The components of a scale Observation: the US T score and percentile of its printed table row.',
    concepts: () => [
      { code: T_SCORE_CODE, display: 'US T score', definition: 'T score read from the form\u2019s printed US table.' },
      {
        code: PERCENTILE_CODE,
        display: 'US percentile',
        definition: 'Percentile (0-100) read from the same printed row of the form\u2019s US table.',
      },
      {
        code: DE_T_SCORE_CODE,
        display: 'German T score',
        designation: [{ language: 'de', value: 'T-Wert (deutsche Normen)' }],
        definition:
          'The percentile-based T as published in the German norm tables (Zimmermann et al. 2026) for the ' +
          'reference group the component\u2019s referenceRange names: one row, the nearest raw score.',
      },
      {
        code: DE_T_INTERVAL_CODE,
        display: 'German T score, 95 % interval',
        designation: [{ language: 'de', value: 'T-Wert (deutsche Normen), 95-%-Intervall' }],
        definition: 'The 95 % interval of the true T printed in the same row of the German table (a Range).',
      },
      {
        code: DE_PERCENTILE_CODE,
        display: 'German percentile',
        designation: [{ language: 'de', value: 'Prozentrang (deutsche Normen)' }],
        definition: 'The percentile (0-100) printed in the same row of the German table.',
      },
    ],
  },
  'pid5-de-norms': {
    title: 'German norms of the PID-5 forms: reference groups and row flags',
    description:
      'The reference group a German T was read for (German adults by gender and age group, Zimmermann et al. ' +
      '2026, CC BY 4.0), and the flag of a row the norming model extrapolated.',
    concepts: () => [
      ...GERMAN_NORM_CELLS.map((cell) => ({
        code: germanGroupCode(cell),
        display: english(germanGroupKey(cell) as MessageKey),
        designation: german(germanGroupKey(cell) as MessageKey),
        definition: `German norm tables\u2019 cell ${cell.gender} ${cell.ageGroup}.`,
      })),
      {
        code: DE_EXTRAPOLATED_CODE,
        display: 'Extrapolated',
        designation: [{ language: 'de', value: 'extrapoliert' }],
        definition:
          'The row read lies beyond the scores observed in the norm sample: the norming model\u2019s extrapolation.',
      },
    ],
  },
};

/** The answer labels of an item set, in its language: a CodeSystem designation where they differ from the display. */
export interface AnswerLabelSet {
  language: string;
  labels: readonly string[];
}

/**
 * One of our code systems as a FHIR CodeSystem resource. `answerLabelSets` (the loaded item sets') add each set's own
 * answer labels as designations of pid5-answers, so an answer coded with a German label is a designation of its code.
 */
export function buildCodeSystem(
  settings: FhirSettings,
  id: CodeSystemId,
  options: { answerLabelSets?: readonly AnswerLabelSet[] } = {},
): CodeSystem {
  const definition = DEFINITIONS[id];
  const concept = definition.concepts().map((c): CodeSystemConcept => {
    if (id !== 'pid5-answers') {
      return c;
    }
    const designation: { language: string; value: string }[] = [];
    for (const set of options.answerLabelSets ?? []) {
      const value = set.labels[Number(c.code)];
      if (value && value !== c.display && !designation.some((d) => d.language === set.language && d.value === value)) {
        designation.push({ language: set.language, value });
      }
    }
    return designation.length > 0 ? { ...c, designation } : c;
  });
  return {
    resourceType: 'CodeSystem',
    id,
    url: codeSystemUrl(settings, id),
    version: CODE_SYSTEM_VERSION,
    name: id
      .split('-')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(''),
    title: definition.title,
    status: 'active',
    experimental: false,
    publisher: 'PID-5 Personality Assessment (this server)',
    description: definition.description,
    caseSensitive: true,
    content: 'complete',
    count: concept.length,
    concept,
  };
}

let displays: Map<string, string> | undefined;

/**
 * The display of `code` in our CodeSystem `id`: what every Coding of ours carries, so a Coding and the CodeSystem it
 * names never disagree (the product's own wording of the moment, e.g. a form's verdict label, goes in `text`).
 */
export function conceptDisplay(id: CodeSystemId, code: string): string {
  if (!displays) {
    displays = new Map(
      CODE_SYSTEM_IDS.flatMap((system) =>
        DEFINITIONS[system].concepts().map((c) => [`${system}|${c.code}`, c.display ?? c.code] as const),
      ),
    );
  }
  const display = displays.get(`${id}|${code}`);
  if (display === undefined) {
    throw new Error(`${code} is not a code of ${id}`);
  }
  return display;
}

const codings = new Map<string, Map<CodeSystemId, Map<string, Readonly<Coding>>>>();

/**
 * The Coding of `code` in our CodeSystem `id` (system, code, display), made once per base and code and shared by
 * every resource that carries it (frozen, so no resource can change another's): an export of many tests writes the
 * same few hundred Codings millions of times.
 */
export function ourCoding(settings: FhirSettings, id: CodeSystemId, code: string): Readonly<Coding> {
  let byId = codings.get(settings.canonicalBase);
  if (!byId) {
    byId = new Map();
    codings.set(settings.canonicalBase, byId);
  }
  let byCode = byId.get(id);
  if (!byCode) {
    byCode = new Map();
    byId.set(id, byCode);
  }
  let coding = byCode.get(code);
  if (!coding) {
    coding = Object.freeze({ system: codeSystemUrl(settings, id), code, display: conceptDisplay(id, code) });
    byCode.set(code, coding);
  }
  return coding;
}
