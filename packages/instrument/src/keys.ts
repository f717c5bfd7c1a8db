// The fixed vocabulary of the PID-5 adult self-report: the three forms, 25 facet and 5 domain keys.
// The order is the one used everywhere (results, CLI JSON, charts): facets alphabetical by key as in the
// product docs/product-spec.md §3 and the scoring data, domains in the APA Domain Table order (Krueger et al. 2013).
// The definition validator checks that the data file lists exactly these keys in this order.

export const FACET_KEYS = [
  'Anh',
  'Anx',
  'Att',
  'Cal',
  'Dec',
  'Dep',
  'Dis',
  'Ecc',
  'Emo',
  'Gra',
  'Hos',
  'Imp',
  'Int',
  'Irr',
  'Man',
  'Prc',
  'Per',
  'Res',
  'Rig',
  'Ris',
  'Sep',
  'Sub',
  'Sus',
  'Unu',
  'Wit',
] as const;

export type FacetKey = (typeof FACET_KEYS)[number];

export const DOMAIN_KEYS = ['NegAf', 'Detac', 'Antag', 'Disin', 'Psych'] as const;

export type DomainKey = (typeof DOMAIN_KEYS)[number];

/**
 * A result's scales in the instrument's order (`keys`), whatever its object's key order: a result read back from
 * jsonb has its keys sorted (shorter first, then bytewise), which puts Antag before NegAf.
 */
export function scalesInOrder<T>(keys: readonly string[], scales: Readonly<Record<string, T>>): T[] {
  return keys.flatMap((key) => (scales[key] === undefined ? [] : [scales[key]]));
}

/** Validity scales computed for the 220-item form (keys as in the scoring data's `validityScales`). */
export const VALIDITY_KEYS = ['INC', 'ORS', 'PRD', 'SDTD'] as const;

export type ValidityKey = (typeof VALIDITY_KEYS)[number];

export function isFacetKey(value: string): value is FacetKey {
  return (FACET_KEYS as readonly string[]).includes(value);
}

export function isDomainKey(value: string): value is DomainKey {
  return (DOMAIN_KEYS as readonly string[]).includes(value);
}

/**
 * The three forms of the PID-5 adult self-report: the full 220-item form, the 100-item short form (PID-5-SF,
 * Maples et al. 2015) and the 25-item brief form (PID-5-BF, APA 2013). Every short and brief item is one of the
 * 220 full items (data/pid5-forms.json).
 */
export const FORM_IDS = ['FULL', 'SF', 'BF'] as const;

export type FormId = (typeof FORM_IDS)[number];

export function isFormId(value: string): value is FormId {
  return (FORM_IDS as readonly string[]).includes(value);
}

/**
 * The forms a test can be given as: the PID-5's three and the PID5BF+M (36 PID-5 items scored as the ICD-11 trait
 * domains; bfm-form.ts), which has German norms only and is scored by its own scorer (score-bfm.ts).
 */
export const ADMINISTERED_FORM_IDS = [...FORM_IDS, 'BFM'] as const;

export type AdministeredFormId = (typeof ADMINISTERED_FORM_IDS)[number];

/** The brief form's total score (mean of its 25 items; Markon et al. 2024, p. 23). */
export const BF_TOTAL_KEY = 'Total';

export type BfTotalKey = typeof BF_TOTAL_KEY;
