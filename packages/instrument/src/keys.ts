// The fixed vocabulary of the PID-5 (220-item adult self-report form): 25 facet and 5 domain keys.
// The order is the one used everywhere (results, CLI JSON, charts): facets alphabetical by key as in the
// product spec §3 and the scoring data, domains in the APA Domain Table order (Krueger et al. 2013).
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

/** Validity scales computed for the 220-item form (keys as in the scoring data's `validityScales`). */
export const VALIDITY_KEYS = ['INC', 'ORS', 'PRD', 'SDTD'] as const;

export type ValidityKey = (typeof VALIDITY_KEYS)[number];

export function isFacetKey(value: string): value is FacetKey {
  return (FACET_KEYS as readonly string[]).includes(value);
}

export function isDomainKey(value: string): value is DomainKey {
  return (DOMAIN_KEYS as readonly string[]).includes(value);
}
