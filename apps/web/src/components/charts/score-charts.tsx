import { useMemo } from 'react';
import type { TAssessmentResults } from '@pid5/contract';
import { chartScoresFromLists, domainChart, domainTChart, facetChart, facetTChart } from '@pid5/instrument';
import { BarChart } from './bar-chart';

// The charts of docs/product-spec.md §2/§9 from results, through the instrument's geometry (the PDF reports use the
// same calls). The profile a clinician reads is in T with each scale's level lines (ProfileT*); the standardised z
// charts are the admin data view's only.

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

/** The facets in US T, each with its own level lines. */
export function FacetTChart({ results }: { results: TAssessmentResults }) {
  const chart = useMemo(() => facetTChart(results.facets), [results]);
  return <BarChart chart={chart} title="Personality trait facets (T scores)" norms={results.norms} minWidth={640} />;
}

/** The domains in US T (the brief form: and its total), each with its own level lines. */
export function DomainTChart({ results }: { results: TAssessmentResults }) {
  const chart = useMemo(
    () => domainTChart(results.total ? [...results.domains, results.total] : results.domains),
    [results],
  );
  return <BarChart chart={chart} title="Trait domains (T scores)" norms={results.norms} minWidth={280} />;
}

/** Under every T chart: how to read the level lines. */
export const T_CHART_CAPTION =
  'Bars: US T scores (50 is the US average). Levels follow the printed US percentile, and the printed T scores are ' +
  'linear, so each level begins at a different T on each scale: the lines across each bar are where that scale ' +
  'reaches the 84th (Mild, dotted), 93rd (Moderate, dashed) and 98th (High, solid) percentile, and a bar that ' +
  'reaches a line has that level.';
