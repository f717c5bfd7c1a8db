import { useMemo } from 'react';
import type { TAssessmentResults } from '@pid5/contract';
import { chartScoresFromLists, domainChart, domainTChart, facetChart, facetTChart } from '@pid5/instrument';
import { useStaffText } from '../../i18n/staff-language';
import { BarChart } from './bar-chart';

// The charts of docs/product-spec.md §2/§9 from results, through the instrument's geometry (the PDF reports use the
// same calls). The profile a clinician reads is in T with each scale's level lines (ProfileT*); the standardised z
// charts are the admin data view's only.

export function FacetScoreChart({ results, title }: { results: TAssessmentResults; title?: string }) {
  const { t } = useStaffText();
  const chart = useMemo(() => facetChart(chartScoresFromLists(results)), [results]);
  // A PID5BF+M result has no US norms and no PID-5 scales to chart.
  return results.norms ? (
    <BarChart chart={chart} title={title ?? t('chart.facetsTitle')} norms={results.norms} minWidth={640} />
  ) : null;
}

export function DomainScoreChart({ results, title }: { results: TAssessmentResults; title?: string }) {
  const { t } = useStaffText();
  const chart = useMemo(() => domainChart(chartScoresFromLists(results)), [results]);
  // A PID5BF+M result has no US norms and no PID-5 scales to chart.
  return results.norms ? (
    <BarChart chart={chart} title={title ?? t('chart.domainsTitle')} norms={results.norms} minWidth={280} />
  ) : null;
}

/** The facets in US T, each with its own level lines. */
export function FacetTChart({ results }: { results: TAssessmentResults }) {
  const { t } = useStaffText();
  const chart = useMemo(() => facetTChart(results.facets), [results]);
  // A PID5BF+M result has no US norms and no PID-5 scales to chart.
  return results.norms ? (
    <BarChart
      chart={chart}
      title={t('chart.facetsTTitle')}
      norms={results.norms}
      minWidth={640}
      muted={isMuted(results)}
    />
  ) : null;
}

/** The domains in US T (the brief form: and its total), each with its own level lines. */
export function DomainTChart({ results }: { results: TAssessmentResults }) {
  const { t } = useStaffText();
  const chart = useMemo(
    () => domainTChart(results.total ? [...results.domains, results.total] : results.domains),
    [results],
  );
  // A PID5BF+M result has no US norms and no PID-5 scales to chart.
  return results.norms ? (
    <BarChart
      chart={chart}
      title={t('chart.domainsTTitle')}
      norms={results.norms}
      minWidth={280}
      muted={isMuted(results)}
    />
  ) : null;
}

/** A profile that may not be read is drawn in grey, as the PDF reports draw it. */
const isMuted = (results: TAssessmentResults) => results.validityVerdict.verdict === 'not-interpretable';
