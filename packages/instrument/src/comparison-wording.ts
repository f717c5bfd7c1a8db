import { z } from 'zod';
import comparisonJson from './data/comparison-wording.json' with { type: 'json' };
import comparisonDeJson from './data/comparison-wording.de.json' with { type: 'json' };
import type { FormId } from './keys';
import { fillTemplate, type WordingLanguage } from './validity-wording';

// The sentences of the comparison of two administrations (compare-administrations.ts) in each language the
// validity words have, as data a translator edits (data/comparison-wording.json, the English reference, and
// comparison-wording.<language>.json, our translation): the same facts in each. `{name}` marks a value the caller
// gives, already written in the language; a file is checked against the schema when this module loads.

export interface ComparisonWording {
  /** A form's name in "Both administrations used the {form}". */
  readonly formNames: Readonly<Record<FormId, string>>;
  readonly sameForm: (form: string) => string;
  readonly differentForms: (first: string, second: string, shared: 'domains' | 'facetsAndDomains') => string;
  readonly notInterpretable: (which: 'both' | 'first' | 'second') => string;
  readonly caution: string;
  readonly valid: string;
  readonly reasons: {
    readonly differentForms: string;
    readonly withheld: string;
    readonly notScored: string;
    readonly noReliability: (form: string) => string;
    readonly noNormSd: string;
  };
  readonly rciRule: string;
  /** The translation of pid5-reliability.json's `rule` (null: the data's own words are this language's). */
  readonly reliabilityRule: string | null;
}

const ZText = z.string().min(1);

export const ZComparisonWordingFile = z.strictObject({
  formNames: z.strictObject({ FULL: ZText, SF: ZText, BF: ZText }),
  sameForm: ZText,
  differentForms: ZText,
  sharedDomains: ZText,
  sharedFacetsAndDomains: ZText,
  notInterpretable: z.strictObject({ both: ZText, first: ZText, second: ZText }),
  caution: ZText,
  valid: ZText,
  reasons: z.strictObject({
    differentForms: ZText,
    withheld: ZText,
    notScored: ZText,
    noReliability: ZText,
    noNormSd: ZText,
  }),
  rciRule: ZText,
  reliabilityRule: ZText.nullable(),
});
export type ComparisonWordingFile = z.infer<typeof ZComparisonWordingFile>;

/** The sentences of one language's file, with the caller's values put in. */
export function comparisonWordingFrom(data: ComparisonWordingFile): ComparisonWording {
  return {
    formNames: data.formNames,
    sameForm: (form) => fillTemplate(data.sameForm, { form }),
    differentForms: (first, second, shared) =>
      fillTemplate(data.differentForms, {
        first,
        second,
        shared: shared === 'domains' ? data.sharedDomains : data.sharedFacetsAndDomains,
      }),
    notInterpretable: (which) => data.notInterpretable[which],
    caution: data.caution,
    valid: data.valid,
    reasons: { ...data.reasons, noReliability: (form) => fillTemplate(data.reasons.noReliability, { form }) },
    rciRule: data.rciRule,
    reliabilityRule: data.reliabilityRule,
  };
}

/** Each language's file, checked when this module loads. */
export const COMPARISON_WORDING: Readonly<Record<'en' | 'de', ComparisonWordingFile>> = {
  en: ZComparisonWordingFile.parse(comparisonJson),
  de: ZComparisonWordingFile.parse(comparisonDeJson),
};

const WORDING = new Map<WordingLanguage, ComparisonWording>(
  Object.entries(COMPARISON_WORDING).map(([language, data]) => [language, comparisonWordingFrom(data)]),
);
const SHIPPED: ReadonlySet<WordingLanguage> = new Set(WORDING.keys());

/** Adds a language's comparison sentences from its data file (checked against the schema), so a language is files. */
export function addComparisonWording(language: WordingLanguage, raw: unknown): void {
  WORDING.set(language, comparisonWordingFrom(ZComparisonWordingFile.parse(raw)));
}

/** Forgets a language added with addComparisonWording (a test's own language, when the test ends). */
export function removeComparisonWording(language: WordingLanguage): void {
  if (!SHIPPED.has(language)) {
    WORDING.delete(language);
  }
}

/** The comparison's sentences in a language (English when absent). */
export function comparisonWording(language: WordingLanguage = 'en'): ComparisonWording {
  return WORDING.get(language) ?? (WORDING.get('en') as ComparisonWording);
}
