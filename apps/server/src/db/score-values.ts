import { DOMAIN_KEYS, FACET_KEYS } from '@pid5/instrument';

// The frozen scores' numbers, flat (assessments.score_values, migration 0006): the 90 numbers of the 25 facets and
// 5 domains, each with its mean score, US z (srf) and German z (irf), in this order. The database generates the
// column from the stored JSON with the same paths in the same order (export-csv.int.test.ts checks it); the CSV
// export prints it as is, because picking the numbers out of ~10 kB of JSON per test was most of an export's time.
// The order never changes.

export const SCORE_FIELDS = ['score', 'srf', 'irf'] as const;

/** Where each value sits in the stored scores JSON (facets or domains → key → field), in the stored order. */
export const SCORE_VALUE_PATHS: readonly (readonly ['facets' | 'domains', string, (typeof SCORE_FIELDS)[number]])[] = [
  ...FACET_KEYS.flatMap((key) => SCORE_FIELDS.map((field) => ['facets', key, field] as const)),
  ...DOMAIN_KEYS.flatMap((key) => SCORE_FIELDS.map((field) => ['domains', key, field] as const)),
];
