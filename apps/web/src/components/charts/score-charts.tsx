import { useMemo } from 'react';
import type { TAssessmentResults } from '@pid5/contract';
import { chartScoresFromLists, domainChart, facetChart } from '@pid5/instrument';
import { BarChart } from './bar-chart';

// The two charts of docs/product-spec.md §2/§9 from results, through the instrument's geometry (the PDF report uses the same calls).

export function FacetScoreChart({
  results,
  title = 'Personality trait facets',
}: {
  results: TAssessmentResults;
  title?: string;
}) {
  const chart = useMemo(() => facetChart(chartScoresFromLists(results)), [results]);
  return <BarChart chart={chart} title={title} norms={results.norms} minWidth={640} />;
}

export function DomainScoreChart({
  results,
  title = 'Trait domains',
}: {
  results: TAssessmentResults;
  title?: string;
}) {
  const chart = useMemo(() => domainChart(chartScoresFromLists(results)), [results]);
  return <BarChart chart={chart} title={title} norms={results.norms} minWidth={280} />;
}
