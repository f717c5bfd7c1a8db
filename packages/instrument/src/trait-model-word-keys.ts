import type { AmpdDisorderKey, AmpdTraitRule } from './ampd-profiles';
import type { BfmFormId } from './bfm-form';
import type { BfmDomainKey } from './bfm-keys';
import type { GermanNormFallback } from './de-norm-lookup';
import type { GermanNormCellId } from './de-norm-tables';
import type { FormId } from './keys';

// The catalogue keys of the words the German norms, the PID5BF+M's ICD-11 trait domains and the AMPD trait profiles
// are shown with (packages/i18n catalogue area `results`, English and German), as result-word-keys.ts gives them for the
// other results. Types only are imported, so a page that needs the words loads none of the tables.

/** The German norms beside the US ones: the column, the interval, the extrapolation flag, the credit. */
export const GERMAN_NORM_WORD_KEYS = {
  /** "T (DE)". */
  columnT: 'results.deNorms.columnT',
  /** "95 % interval {low}-{high}". */
  interval: 'results.deNorms.interval',
  /** "Percentile (DE)". */
  columnPercentile: 'results.deNorms.columnPercentile',
  /** Beside a T read in an extrapolated row. */
  extrapolated: 'results.deNorms.extrapolated',
  /** Under a table: what the interval is and that the level follows the US comparison. */
  note: 'results.deNorms.note',
  /** The short credit the licence asks for; the full attribution is `DE_NORM_TABLES.attribution`. */
  source: 'results.deNorms.source',
} as const;

/** Each fallback's explanation: why all German adults were read. */
export const GERMAN_NORM_FALLBACK_KEYS = {
  'gender-diverse': 'results.deNorms.fallback.gender-diverse',
  'gender-not-given': 'results.deNorms.fallback.gender-not-given',
  'age-not-given': 'results.deNorms.fallback.age-not-given',
  'age-under-18': 'results.deNorms.fallback.age-under-18',
} as const satisfies Record<GermanNormFallback, string>;

/** Each fallback's reason as a phrase, for the group's name inside a sentence: "German adults (gender not given)". */
export const GERMAN_NORM_FALLBACK_REASON_KEYS = {
  'gender-diverse': 'results.deNorms.fallbackReason.gender-diverse',
  'gender-not-given': 'results.deNorms.fallbackReason.gender-not-given',
  'age-not-given': 'results.deNorms.fallbackReason.age-not-given',
  'age-under-18': 'results.deNorms.fallbackReason.age-under-18',
} as const satisfies Record<GermanNormFallback, string>;

const GERMAN_GROUP_KEYS = {
  'all all': 'results.deNorms.group.all',
  'f [18,35)': 'results.deNorms.group.f18',
  'f [35,50)': 'results.deNorms.group.f35',
  'f [50,65)': 'results.deNorms.group.f50',
  'f [65,Inf)': 'results.deNorms.group.f65',
  'm [18,35)': 'results.deNorms.group.m18',
  'm [35,50)': 'results.deNorms.group.m35',
  'm [50,65)': 'results.deNorms.group.m50',
  'm [65,Inf)': 'results.deNorms.group.m65',
} as const;

export type GermanGroupKey = (typeof GERMAN_GROUP_KEYS)[keyof typeof GERMAN_GROUP_KEYS];

/** The reference group's name, e.g. "German women aged 35-49" ("Say which reference group was used"). */
export function germanGroupKey(cell: GermanNormCellId): GermanGroupKey {
  const key = (GERMAN_GROUP_KEYS as Readonly<Record<string, GermanGroupKey>>)[`${cell.gender} ${cell.ageGroup}`];
  if (key === undefined) {
    throw new Error(`No reference group ${cell.gender} ${cell.ageGroup}`);
  }
  return key;
}

/** The PID5BF+M and its ICD-11 trait domains. */
export const BFM_WORD_KEYS = {
  /** "PID5BF+M (36 items)": the form's name in choosers, headers and reports. */
  formName: 'results.bfm.formName',
  /** "ICD-11 trait domains (PID5BF+M)": the section's heading. */
  title: 'results.bfm.title',
  /** Trait domain qualifiers that support, not replace, the clinician's diagnosis. */
  caveat: 'results.bfm.caveat',
  /** No US norms exist for the PID5BF+M: German T only. */
  noUsNorms: 'results.bfm.noUsNorms',
  /** Read from the 36 items of a full-form test. */
  fromFullForm: 'results.bfm.fromFullForm',
  total: 'results.bfm.total',
  domain: {
    NegAf: 'results.bfm.domain.NegAf',
    Detac: 'results.bfm.domain.Detac',
    Antag: 'results.bfm.domain.Antag',
    Disin: 'results.bfm.domain.Disin',
    Anank: 'results.bfm.domain.Anank',
    Psych: 'results.bfm.domain.Psych',
  } satisfies Record<BfmDomainKey, string>,
  /** The three Anankastia facets (the other 15 are PID-5 facets: SCALE_NAME_KEYS). */
  facet: { Prf: 'results.bfm.facet.Prf', Rgd: 'results.bfm.facet.Rgd', Ord: 'results.bfm.facet.Ord' },
} as const;

const BFM_UNAVAILABLE_KEYS = {
  SF: 'results.bfm.notFromShortForm',
  BF: 'results.bfm.notFromBriefForm',
} as const;

/** Why a test of this form shows no ICD-11 trait domains (null for the full form and the PID5BF+M, which have them). */
export function bfmUnavailableKey(
  form: FormId | BfmFormId,
): (typeof BFM_UNAVAILABLE_KEYS)[keyof typeof BFM_UNAVAILABLE_KEYS] | null {
  return form === 'SF' || form === 'BF' ? BFM_UNAVAILABLE_KEYS[form] : null;
}

/** The AMPD trait profiles: heading, the caveat every view shows, the disorders, the count and rule. */
export const AMPD_WORD_KEYS = {
  title: 'results.ampd.title',
  /** Criterion B traits only; functioning (Criterion A) is not measured; never a diagnosis. */
  caveat: 'results.ampd.caveat',
  meanT: 'results.ampd.meanT',
  /** "{count} of {total} assigned facets at or above {threshold}". */
  count: 'results.ampd.count',
  /** "The manual's trait rule: {minimum} or more of the {total}". */
  criterion: 'results.ampd.criterion',
  /** "including {facets}" (one of them). */
  required: 'results.ampd.required',
  /** A threshold at a level: "the {level} level". */
  thresholdLevel: 'results.ampd.thresholdLevel',
  /** An institute's own threshold: "the {percentile}th percentile". */
  thresholdPercentile: 'results.ampd.thresholdPercentile',
  /** Why no share of the norm sample is given beside a mean T. */
  noShareOfSample: 'results.ampd.noShareOfSample',
  disorder: {
    ASPD: 'results.ampd.disorder.ASPD',
    AvPD: 'results.ampd.disorder.AvPD',
    BPD: 'results.ampd.disorder.BPD',
    NPD: 'results.ampd.disorder.NPD',
    OCPD: 'results.ampd.disorder.OCPD',
    STPD: 'results.ampd.disorder.STPD',
  } satisfies Record<AmpdDisorderKey, string>,
  traitRule: {
    reached: 'results.ampd.traitRule.reached',
    'not-reached': 'results.ampd.traitRule.not-reached',
    /** "{count} assigned facets not scored". */
    undetermined: 'results.ampd.traitRule.undetermined',
  } satisfies Record<AmpdTraitRule, string>,
} as const;

const AMPD_UNAVAILABLE_KEYS = {
  BF: 'results.ampd.notFromBriefForm',
  BFM: 'results.ampd.notFromBfm',
} as const;

/** Why a test of this form shows no AMPD trait profiles (null for the full and short forms, which have them). */
export function ampdUnavailableKey(
  form: FormId | BfmFormId,
): (typeof AMPD_UNAVAILABLE_KEYS)[keyof typeof AMPD_UNAVAILABLE_KEYS] | null {
  return form === 'BF' || form === 'BFM' ? AMPD_UNAVAILABLE_KEYS[form] : null;
}
