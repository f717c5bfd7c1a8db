import { NOT_SCORED_LABEL, NO_LEVEL_LABEL, formatScore, type TAssessmentResults } from '@pid5/contract';
import type { ChartGeometry, TChartGeometry } from '@pid5/instrument';
import type { StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';

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
export function valueHeader(chart: AnyChart, norms: TAssessmentResults['norms'], t: Translate<StaffKey>): string {
  return isT(chart) ? t('chart.tValueHeader') : t('chart.zValueHeader', { norms: norms[chart.normField].shortLabel });
}

/**
 * What a screen reader hears for the chart: what it shows and against which norms, which scales reach a level
 * (highest first) and which could not be scored. The full list is in the table alternative.
 */
export function describeChart(chart: AnyChart, norms: TAssessmentResults['norms'], t: Translate<StaffKey>): string {
  const count = chart.bands.length;
  const what = chart.kind === 'facets' ? t('chart.facetCount', { count }) : t('chart.domainCount', { count });
  const named = (key: string) => chart.bands.find((b) => b.key === key)?.name ?? key;
  const elevated = [...chart.bars]
    .filter((bar) => bar.level !== null)
    .sort((a, b) => b.value - a.value)
    .map((bar) => `${named(bar.key)} ${bar.valueLabel ?? formatScore(bar.value)} (${bar.level})`);
  const scored = new Set(chart.bars.map((bar) => bar.key));
  const unscored = chart.bands.filter((band) => !scored.has(band.key)).map((band) => band.name);
  const parts = isT(chart)
    ? [t('chart.describeT', { what, citation: norms.srf.citation }), t('chart.describeTLines')]
    : [
        t('chart.describeZ', {
          what,
          norms: norms[chart.normField].shortLabel,
          citation: norms[chart.normField].citation,
        }),
        t('chart.describeZLines'),
      ];
  parts.push(elevated.length === 0 ? t('chart.noneElevated') : t('chart.elevated', { scales: elevated.join('; ') }));
  if (unscored.length > 0) {
    parts.push(t('chart.notScored', { scales: unscored.join(', ') }));
  }
  return parts.join(' ');
}
