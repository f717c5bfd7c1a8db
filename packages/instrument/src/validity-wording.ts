import { z } from 'zod';
import interpretationJson from './data/pid5-validity-interpretation.json' with { type: 'json' };
import interpretationDeJson from './data/pid5-validity-interpretation.de.json' with { type: 'json' };
import { summariseProblems } from './validate-definition';

// What each validity indicator means, its direction, what to do when it is flagged, and the words of the three
// verdicts: data (data/pid5-validity-interpretation.json, with sources), validated when this module loads.
// validity-verdict.ts applies it to a result. The German words are our translation of the same data
// (pid5-validity-interpretation.de.json, the same structure and checks; the English file stays the reference).

/**
 * A language the validity words may be asked in (a code of the product's language registry, @pid5/i18n). English
 * and German ship here; another language's words are added from its files (addValidityWording).
 */
export type WordingLanguage = string;

export const VERDICTS = ['valid', 'caution', 'not-interpretable'] as const;

export type Verdict = (typeof VERDICTS)[number];

/** How level words meant for the patient are handled under a verdict. */
export type PatientFacingLevels = 'show' | 'show-marked' | 'withhold';

/** Values that are codes, not words: the same in every language. */
const EXACT_KEYS: ReadonlySet<string> = new Set(['direction', 'severity', 'patientFacingLevels']);

const ZText = z.string().min(1);
const ZSeverity = z.enum(['caution', 'not-interpretable']);

const ZReasonText = z.object({ severity: ZSeverity, text: ZText, short: ZText, action: ZText });

const ZScaleBase = z.object({
  name: ZText,
  source: ZText,
  directionText: ZText,
  cutoffText: ZText,
});

const ZFlaggingScale = ZScaleBase.extend({
  /** What the scale checks, for a sentence saying it could not be checked ("over-reporting"). */
  checks: ZText,
  direction: z.enum(['high', 'low']),
  severity: ZSeverity,
  ok: ZText,
  flagged: ZText,
  short: ZText,
  action: ZText,
});

/** An inconsistency scale: a score just below the cut-off is borderline (within `borderlineWithin` points). */
const ZInconsistencyScale = ZFlaggingScale.extend({
  direction: z.literal('high'),
  borderlineWithin: z.number().int().positive(),
  borderline: ZText,
});

const ZVerdictText = z.object({
  label: ZText,
  summary: ZText,
  action: ZText,
  patientFacingLevels: z.enum(['show', 'show-marked', 'withhold']),
  /** Label and summary for a form whose checks differ from the full form's (short: INC-S only; brief: none). */
  byForm: z
    .object({
      SF: z.object({ label: ZText, summary: ZText }),
      BF: z.object({ label: ZText, summary: ZText }),
      BFM: z.object({ label: ZText, summary: ZText }),
    })
    .partial()
    .optional(),
});

/** The small words the sentences are put together with, and how numbers and answers are written in them. */
const ZWords = z.object({
  /** The last joint of a list: "a, b and c". */
  and: ZText,
  /** A printed US percentile in a sentence ({percentile}: the number as the language writes it). */
  percentile: ZText,
  noPercentile: ZText,
  /** A percentile beyond the printed table's ends ("more than 99", "less than 1"). */
  percentileAbove: ZText,
  percentileBelow: ZText,
  /** A score of 0, the scale's floor: the share of the US sample that scores the same, not a rank above anyone. */
  percentileAtFloor: ZText,
  /** "{missing} of {items}" in a list of scales not computed. */
  countOf: ZText,
  /** A score with missing answers as the range they leave ({low}, {high}, {missing}, {items}). */
  range: ZText,
  /** In place of a percentile for such a range. */
  rangePercentile: ZText,
  decimalSeparator: z.enum(['.', ',']),
  /** The four answers 0-3 as the patient saw them, quoted by the response-pattern sentences. */
  answers: z.tuple([ZText, ZText, ZText, ZText]),
  /** Each form's name in a sentence ("short form (PID-5-SF, 100 items)"). */
  formNames: z.object({ FULL: ZText, SF: ZText, BF: ZText, BFM: ZText }),
});

const ZInterpretationFile = z.object({
  description: ZText,
  sources: z.array(z.object({ id: ZText, citation: ZText, usedFor: ZText })).min(1),
  words: ZWords,
  scales: z.object({
    INC: ZInconsistencyScale,
    INCS: ZInconsistencyScale,
    ORS: ZFlaggingScale.extend({ direction: z.literal('high') }),
    PRD: ZFlaggingScale.extend({ direction: z.literal('low'), indeterminate: ZText }),
    SDTD: ZScaleBase.extend({
      direction: z.literal('style'),
      notRead: ZText,
      /** SD-TD when PRD could not be decided: not read, and not because PRD found open answering. */
      notReadPrdUndecided: ZText,
      socialDesirability: ZText,
      defensiveness: ZText,
      neither: ZText,
      caveat: ZText,
    }),
    /** The product's own response-pattern screen (response-pattern.ts): not a PID-5 scale. */
    PATTERN: ZScaleBase.extend({
      checks: ZText,
      direction: z.literal('high'),
      runSame: ZText,
      runAlternating: ZText,
      ok: ZText,
      caution: ZText,
      flaggedRun: ZText,
      flaggedShare: ZText,
      shortCaution: ZText,
      shortFlaggedRun: ZText,
      shortFlaggedShare: ZText,
      actionCaution: ZText,
      actionFlagged: ZText,
      /** The screen of uniform and periodic stretches (results with `screen: 2`); the keys above word earlier ones. */
      screenName: ZText,
      screenSource: ZText,
      screenDirectionText: ZText,
      cutoffTextReverse: ZText,
      cutoffTextNoReverse: ZText,
      /** How a cycle counts in {cycleRule}: screen 2 (repeated four times) and screen 3 (improbable by chance). */
      cycleRuleRepeats: ZText,
      cycleRuleChance: ZText,
      stretchUniform: ZText,
      stretchUniformExact: ZText,
      stretchPeriodic: ZText,
      okScreen: ZText,
      cautionStretch: ZText,
      flaggedStretch: ZText,
      cautionFloor: ZText,
      shortStretch: ZText,
      shortFloor: ZText,
      actionFloor: ZText,
    }),
    /** The product's own response-time check (response-time.ts): not a PID-5 scale. */
    TIME: ZScaleBase.extend({
      ok: ZText,
      /** A test whose answers carry no times: the check was not made, and the line says so. */
      notRecorded: ZText,
      caution: ZText,
      short: ZText,
      action: ZText,
    }),
  }),
  notComputed: ZText,
  notComputedInconsistency: ZReasonText,
  /** ORS or PRD not computed: what they check was not checked (placeholders {names}, {details}, {checks}, {keys}). */
  notComputedChecks: ZReasonText,
  notPublished: z.object({ scale: ZText, SF: ZText, BF: ZText, BFM: ZText }),
  missing: z.object({
    notInterpretableAboveFraction: z.number().gt(0).lt(1),
    allAnswered: ZText,
    someMissing: ZText,
    unscored: ZReasonText,
    tooMany: ZReasonText,
  }),
  verdicts: z.object({ valid: ZVerdictText, caution: ZVerdictText, 'not-interpretable': ZVerdictText }),
  /** The valid summary when the inconsistency scale is just below its cut-off: never "consistent" then. */
  validBorderline: z.object({ FULL: ZText, SF: ZText }),
  rule: ZText,
});

export type ValidityInterpretation = z.infer<typeof ZInterpretationFile>;

/** Check the interpretation data; the directions must be the ones the sources give (a flipped one is refused). */
export function parseValidityInterpretation(raw: unknown): ValidityInterpretation {
  const parsed = ZInterpretationFile.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid validity interpretation: ${summariseProblems(
        parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`),
      )}`,
    );
  }
  const data = parsed.data;
  const problems: string[] = [];
  // INC (Keeley 2016) and INC-S (Lowmaster 2020) make a protocol uninterpretable, as the book's norm sample excluded
  // INC ≥ 17 (Markon et al. 2024, p. 114); ORS and PRD ask for caution.
  for (const key of ['INC', 'INCS'] as const) {
    if (data.scales[key].severity !== 'not-interpretable') {
      problems.push(`scales.${key}: a flagged inconsistency scale must make the protocol not interpretable`);
    }
  }
  if (data.verdicts['not-interpretable'].patientFacingLevels !== 'withhold') {
    problems.push('verdicts.not-interpretable: level words for the patient must be withheld');
  }
  if (data.verdicts.valid.patientFacingLevels !== 'show') {
    problems.push('verdicts.valid: level words for the patient must be shown');
  }
  if (problems.length > 0) {
    throw new Error(`Invalid validity interpretation: ${summariseProblems(problems)}`);
  }
  return data;
}

export const VALIDITY_INTERPRETATION: ValidityInterpretation = parseValidityInterpretation(
  interpretationJson as unknown,
);

/** The placeholders of a text: "{score} ({percentile})" → ['percentile', 'score']. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();
}

/**
 * Where a translation differs from the reference beyond its words: a key missing or added, a number, direction or
 * severity changed, a text with other placeholders, a list of another length. Sources are the translation's own
 * (their citations stay as published), so only their ids are compared.
 */
export function findTranslationProblems(reference: unknown, translation: unknown, path = ''): string[] {
  const where = path || '(root)';
  const key = path.split('.').pop() ?? '';
  if (typeof reference === 'string' && EXACT_KEYS.has(key)) {
    return reference === translation ? [] : [`${where}: ${String(translation)} instead of ${reference}`];
  }
  if (typeof reference === 'string') {
    if (typeof translation !== 'string') {
      return [`${where}: not a text`];
    }
    const [a, b] = [placeholders(reference), placeholders(translation)];
    return a.join() === b.join() ? [] : [`${where}: placeholders ${b.join(', ')} instead of ${a.join(', ')}`];
  }
  if (Array.isArray(reference)) {
    if (!Array.isArray(translation) || translation.length !== reference.length) {
      return [`${where}: not a list of ${reference.length}`];
    }
    return reference.flatMap((item, i) => findTranslationProblems(item, translation[i], `${path}[${i}]`));
  }
  if (typeof reference === 'object' && reference !== null) {
    if (typeof translation !== 'object' || translation === null || Array.isArray(translation)) {
      return [`${where}: not an object`];
    }
    const ref = reference as Record<string, unknown>;
    const tr = translation as Record<string, unknown>;
    const extra = Object.keys(tr).filter((key) => !(key in ref));
    return [
      ...extra.map((key) => `${path ? `${path}.` : ''}${key}: not in the reference`),
      ...Object.keys(ref).flatMap((key) => {
        const at = path ? `${path}.${key}` : key;
        return key in tr ? findTranslationProblems(ref[key], tr[key], at) : [`${at}: missing`];
      }),
    ];
  }
  return reference === translation ? [] : [`${where}: ${String(translation)} instead of ${String(reference)}`];
}

/** A translation of the validity words: checked like the English ones, then against them (findTranslationProblems). */
export function parseValidityTranslation(raw: unknown, reference: ValidityInterpretation): ValidityInterpretation {
  const parsed = parseValidityInterpretation(raw);
  const { sources, description, ...rest } = parsed;
  const { sources: refSources, description: refDescription, ...refRest } = reference;
  void description;
  void refDescription;
  const ids = (list: typeof sources) => list.map((s) => s.id).join(', ');
  const problems = [
    ...(ids(sources) === ids(refSources) ? [] : [`sources: ${ids(sources)} instead of ${ids(refSources)}`]),
    ...findTranslationProblems(refRest, rest),
  ];
  if (problems.length > 0) {
    throw new Error(`Invalid validity translation: ${summariseProblems(problems)}`);
  }
  return parsed;
}

/** The German words (our translation), checked like the English ones and against them. */
export const VALIDITY_INTERPRETATION_DE: ValidityInterpretation = parseValidityTranslation(
  interpretationDeJson as unknown,
  VALIDITY_INTERPRETATION,
);

const INTERPRETATIONS = new Map<WordingLanguage, ValidityInterpretation>([
  ['en', VALIDITY_INTERPRETATION],
  ['de', VALIDITY_INTERPRETATION_DE],
]);

const SHIPPED: ReadonlySet<WordingLanguage> = new Set(INTERPRETATIONS.keys());

/** The languages the validity words are written in. */
export function wordingLanguages(): WordingLanguage[] {
  return [...INTERPRETATIONS.keys()];
}

export function isWordingLanguage(value: unknown): value is WordingLanguage {
  return typeof value === 'string' && INTERPRETATIONS.has(value);
}

/**
 * Adds a language's validity words from its data file (a translation of pid5-validity-interpretation.json, checked
 * like the German one), so a language is added with its files.
 */
export function addValidityWording(language: WordingLanguage, raw: unknown): void {
  INTERPRETATIONS.set(language, parseValidityTranslation(raw, VALIDITY_INTERPRETATION));
}

/** Forgets a language added with addValidityWording (a test's own language, when the test ends). */
export function removeValidityWording(language: WordingLanguage): void {
  if (!SHIPPED.has(language)) {
    INTERPRETATIONS.delete(language);
  }
}

/** The validity words in a language (English when absent). */
export function validityWording(language: WordingLanguage = 'en'): ValidityInterpretation {
  return INTERPRETATIONS.get(language) ?? VALIDITY_INTERPRETATION;
}

/** A decimal number as the words' language writes it: "43.6", in German "43,6". */
export function decimalWording(words: ValidityInterpretation, text: string | number): string {
  const value = String(text);
  return words.words.decimalSeparator === '.' ? value : value.replace(/(\d)\.(\d)/g, '$1,$2');
}

/** Fill '{name}' placeholders; a placeholder without a value is an error in the data, not a blank in a report. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`No value for ${match} in "${template}"`);
    }
    return String(value);
  });
}
