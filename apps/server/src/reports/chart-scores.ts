import type { TAssessmentResults } from '@pid5/contract';
import { DOMAIN_KEYS, FACET_KEYS, type ChartScaleScores, type ChartScores } from '@pid5/instrument';

type KeyedScale = ChartScaleScores & { readonly key: string };

function byKey<K extends string>(keys: readonly K[], scales: readonly KeyedScale[]): Record<K, ChartScaleScores> {
  const found = new Map(scales.map((scale) => [scale.key, scale]));
  const record = {} as Record<K, ChartScaleScores>;
  for (const key of keys) {
    // A scale missing from the results is drawn as not scored (a band with no bar), never invented.
    record[key] = found.get(key) ?? { name: key, srf: null, irf: null, level: null };
  }
  return record;
}

/** Results (API shape, scales in lists) → what the instrument's chart geometry reads (scales keyed). */
export function toChartScores(results: Pick<TAssessmentResults, 'facets' | 'domains'>): ChartScores {
  return { facets: byKey(FACET_KEYS, results.facets), domains: byKey(DOMAIN_KEYS, results.domains) };
}
