import { formatScore, type TAssessmentResults } from '@pid5/contract';
import type { ChartGeometry } from '@pid5/instrument';

// The words around a chart: its accessible description and the rows of its table alternative. Pure, so they are
// unit-tested without a browser; the SVG itself only draws the instrument's geometry.

export interface ChartRow {
  key: string;
  name: string;
  /** Formatted standardised score, '—' when not scored. */
  value: string;
  level: string;
}

/** One row per band (every scale, scored or not), in chart order. */
export function chartRows(chart: ChartGeometry): ChartRow[] {
  const bars = new Map(chart.bars.map((bar) => [bar.key, bar]));
  return chart.bands.map((band) => {
    const bar = bars.get(band.key);
    return {
      key: band.key,
      name: band.name,
      value: bar ? formatScore(bar.value) : '—',
      level: bar ? (bar.level ?? 'Not elevated') : 'Not scored',
    };
  });
}

/**
 * What a screen reader hears for the chart: what it shows and against which norms, which scales reach a level
 * (highest first) and which could not be scored. The full list is in the table alternative.
 */
export function describeChart(chart: ChartGeometry, norms: TAssessmentResults['norms']): string {
  const what = chart.kind === 'facets' ? `${chart.bands.length} trait facets` : `${chart.bands.length} trait domains`;
  const norm = norms[chart.normField];
  const elevated = [...chart.bars]
    .filter((bar) => bar.level !== null)
    .sort((a, b) => b.value - a.value)
    .map(
      (bar) =>
        `${chart.bands.find((b) => b.key === bar.key)?.name ?? bar.key} ${formatScore(bar.value)} (${bar.level})`,
    );
  const scored = new Set(chart.bars.map((bar) => bar.key));
  const unscored = chart.bands.filter((band) => !scored.has(band.key)).map((band) => band.name);
  const parts = [
    `Bar chart of the standardised scores of the ${what}, against the ${norm.shortLabel} norms (${norm.citation}).`,
    `Dashed lines mark 1.5, 2 and 3 standard deviations above the average; levels come from the percentile in the published US table.`,
    elevated.length === 0 ? 'No scale reaches a level.' : `Elevated: ${elevated.join('; ')}.`,
  ];
  if (unscored.length > 0) {
    parts.push(`Not scored (too many unanswered items): ${unscored.join(', ')}.`);
  }
  return parts.join(' ');
}
