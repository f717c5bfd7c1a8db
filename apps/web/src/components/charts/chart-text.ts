import { NOT_SCORED_LABEL, NO_LEVEL_LABEL, formatScore, type TAssessmentResults } from '@pid5/contract';
import type { ChartGeometry, TChartGeometry } from '@pid5/instrument';

// The words around a chart: its accessible description and the rows of its table alternative. Pure, so they are
// unit-tested without a browser; the SVG itself only draws the instrument's geometry. The profile charts are in T
// (results page); the z charts are the admin data view's.

export interface ChartRow {
  key: string;
  name: string;
  /** The value as the chart prints it (T: "63", "≥ 100"; z: "1.23"), '—' when not scored. */
  value: string;
  level: string;
}

type AnyChart = ChartGeometry | TChartGeometry;

const isT = (chart: AnyChart): chart is TChartGeometry => 'unit' in chart && chart.unit === 'T';

/** One row per band (every scale, scored or not), in chart order. */
export function chartRows(chart: AnyChart): ChartRow[] {
  const bars = new Map(chart.bars.map((bar) => [bar.key, bar]));
  return chart.bands.map((band) => {
    const bar = bars.get(band.key);
    return {
      key: band.key,
      name: band.name,
      value: bar ? (bar.valueLabel ?? formatScore(bar.value)) : '—',
      level: bar ? (bar.level ?? NO_LEVEL_LABEL) : NOT_SCORED_LABEL,
    };
  });
}

/** The table alternative's value column. */
export function valueHeader(chart: AnyChart, norms: TAssessmentResults['norms']): string {
  return isT(chart) ? 'T score (US)' : `Standardised score (${norms[chart.normField].shortLabel})`;
}

/**
 * What a screen reader hears for the chart: what it shows and against which norms, which scales reach a level
 * (highest first) and which could not be scored. The full list is in the table alternative.
 */
export function describeChart(chart: AnyChart, norms: TAssessmentResults['norms']): string {
  const what = chart.kind === 'facets' ? `${chart.bands.length} trait facets` : `${chart.bands.length} trait domains`;
  const named = (key: string) => chart.bands.find((b) => b.key === key)?.name ?? key;
  const elevated = [...chart.bars]
    .filter((bar) => bar.level !== null)
    .sort((a, b) => b.value - a.value)
    .map((bar) => `${named(bar.key)} ${bar.valueLabel ?? formatScore(bar.value)} (${bar.level})`);
  const scored = new Set(chart.bars.map((bar) => bar.key));
  const unscored = chart.bands.filter((band) => !scored.has(band.key)).map((band) => band.name);
  const parts = isT(chart)
    ? [
        `Bar chart of the US T scores of the ${what} (50 is the US average; ${norms.srf.citation}).`,
        'Lines across each bar mark where Mild, Moderate and High begin on that scale: levels follow the printed ' +
          'percentile, so each scale has its own.',
      ]
    : [
        `Bar chart of the standardised scores of the ${what}, against the ${norms[chart.normField].shortLabel} norms (${norms[chart.normField].citation}).`,
        'Dashed lines mark 1.5, 2 and 3 standard deviations above the average; levels come from the percentile in the published US table.',
      ];
  parts.push(elevated.length === 0 ? 'No scale reaches a level.' : `Elevated: ${elevated.join('; ')}.`);
  if (unscored.length > 0) {
    parts.push(`Not scored (too many unanswered items): ${unscored.join(', ')}.`);
  }
  return parts.join(' ');
}
