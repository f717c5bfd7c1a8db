import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import type { ChartGeometry, TChartGeometry } from '@pid5/instrument';
import { levelWording, localDecimals, scaleName } from '../../i18n/result-wording';
import { formatLocaleScore, type StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';

// The words around a chart: its accessible description and the rows of its table alternative. Pure, so they are
// unit-tested without a browser; the SVG itself only draws the instrument's geometry. The profile charts are in T
// (results page); the z charts are the admin data view's.

export interface ChartRow {
  key: string;
  name: string;
  /** The value as the chart prints it (T: "63", "≥ 100"; z: "1.23", in German "1,23"), '—' when not scored. */
  value: string;
  level: string;
}

type AnyChart = ChartGeometry | TChartGeometry;

const isT = (chart: AnyChart): chart is TChartGeometry => 'unit' in chart && chart.unit === 'T';

/** The page's words and language, for the chart's names, levels and numbers. */
export interface ChartWording {
  t: Translate<StaffKey>;
  language: Language;
}

type AnyBar = AnyChart['bars'][number];

/** A bar's value as the chart prints it, with the language's decimal sign. */
export function barValue(bar: AnyBar, language: Language): string {
  return bar.valueLabel === undefined
    ? formatLocaleScore(language, bar.value)
    : localDecimals(language, bar.valueLabel);
}

/** A band's scale name in the reader's language. */
export function bandName(chart: AnyChart, key: string, t: Translate<StaffKey>): string {
  return scaleName(t, key, chart.bands.find((band) => band.key === key)?.name ?? key);
}

/** One row per band (every scale, scored or not), in chart order. */
export function chartRows(chart: AnyChart, { t, language }: ChartWording): ChartRow[] {
  const bars = new Map(chart.bars.map((bar) => [bar.key, bar]));
  return chart.bands.map((band) => {
    const bar = bars.get(band.key);
    return {
      key: band.key,
      name: scaleName(t, band.key, band.name),
      value: bar ? barValue(bar, language) : '—',
      level: levelWording(t, { level: bar?.level ?? null, isScored: bar !== undefined }),
    };
  });
}

/** The table alternative's value column. */
export function valueHeader(
  chart: AnyChart,
  norms: NonNullable<TAssessmentResults['norms']>,
  t: Translate<StaffKey>,
): string {
  return isT(chart) ? t('chart.tValueHeader') : t('chart.zValueHeader', { norms: norms[chart.normField].shortLabel });
}

/**
 * What a screen reader hears for the chart: what it shows and against which norms, which scales reach a level
 * (highest first) and which could not be scored. The full list is in the table alternative.
 */
export function describeChart(
  chart: AnyChart,
  norms: NonNullable<TAssessmentResults['norms']>,
  { t, language }: ChartWording,
): string {
  const count = chart.bands.length;
  const what = chart.kind === 'facets' ? t('chart.facetCount', { count }) : t('chart.domainCount', { count });
  const elevated = [...chart.bars]
    .filter((bar) => bar.level !== null)
    .sort((a, b) => b.value - a.value)
    .map(
      (bar) =>
        `${bandName(chart, bar.key, t)} ${barValue(bar, language)} (${levelWording(t, { level: bar.level, isScored: true })})`,
    );
  const scored = new Set(chart.bars.map((bar) => bar.key));
  const unscored = chart.bands.filter((band) => !scored.has(band.key)).map((band) => scaleName(t, band.key, band.name));
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
