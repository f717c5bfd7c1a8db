// The vocabulary of the PID5BF+M (Bach et al. 2020; key sheet Kerber 2020): its six domains, the five of DSM-5
// Section III plus Anankastia (ICD-11), in the key sheet's order, and its 18 facets of two items. Fifteen facets are
// two-item parts of the PID-5 facet of the same name and keep its key; the three Anankastia facets are parts of
// Rigid Perfectionism and have keys of their own. The forms data (data/pid5-forms.json, `forms.BFM`) is checked
// against these lists when it loads (bfm-form.ts).

export const BFM_DOMAIN_KEYS = ['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych'] as const;

export type BfmDomainKey = (typeof BFM_DOMAIN_KEYS)[number];

export const BFM_FACET_KEYS = [
  'Emo',
  'Anx',
  'Sep',
  'Wit',
  'Anh',
  'Int',
  'Man',
  'Dec',
  'Gra',
  'Irr',
  'Imp',
  'Dis',
  'Prf',
  'Rgd',
  'Ord',
  'Unu',
  'Ecc',
  'Prc',
] as const;

export type BfmFacetKey = (typeof BFM_FACET_KEYS)[number];

/** The PID5BF+M's total score: the mean of the 30 items of its five DSM-5 domains (Anankastia left out). */
export const BFM_TOTAL_KEY = 'Total';

export function isBfmDomainKey(value: string): value is BfmDomainKey {
  return (BFM_DOMAIN_KEYS as readonly string[]).includes(value);
}

export function isBfmFacetKey(value: string): value is BfmFacetKey {
  return (BFM_FACET_KEYS as readonly string[]).includes(value);
}
