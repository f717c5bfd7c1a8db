import { describe, expect, it } from 'vitest';
import { chartScoresFromLists, domainChart, facetChart } from './chart-geometry';
import { DOMAIN_KEYS, FACET_KEYS } from './keys';
import { scoreResponses } from './score-responses';

describe('chartScoresFromLists', () => {
  it('draws the same charts from listed scales (the API shape) as from the ScoreResult', () => {
    const result = scoreResponses('0123'.repeat(55));
    const lists = {
      facets: FACET_KEYS.map((key) => result.facets[key]).reverse(),
      domains: DOMAIN_KEYS.map((key) => result.domains[key]),
    };
    expect(facetChart(chartScoresFromLists(lists))).toEqual(facetChart(result));
    expect(domainChart(chartScoresFromLists(lists))).toEqual(domainChart(result));
  });

  it('keeps the band of a scale missing from the lists, without a bar', () => {
    const result = scoreResponses('1'.repeat(220));
    const lists = {
      facets: FACET_KEYS.filter((key) => key !== 'Anx').map((key) => result.facets[key]),
      domains: [],
    };
    const facets = facetChart(chartScoresFromLists(lists));
    expect(facets.bands.map((b) => b.key)).toContain('Anx');
    expect(facets.bars.map((b) => b.key)).not.toContain('Anx');
    expect(domainChart(chartScoresFromLists(lists)).bars).toEqual([]);
  });
});
