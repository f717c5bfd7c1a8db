import type { ChartGeometry, TChartGeometry } from '@pid5/instrument';
import { T_AXIS_LABEL_KEY, VALUE_LABEL_HALO_COLOR } from '@pid5/instrument';
import { levelName, levelWording, localDecimals } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';
import { bandName, barValue } from './chart-text';

// The bar chart's SVG layers, each drawing one part of the instrument's geometry as it is (bar-chart.tsx stacks them):
// the bars, the guide lines, the value axis, and under each band its name and value.

type AnyChart = ChartGeometry | TChartGeometry;

const TEXT_COLOR = '#1f2933';
const MUTED_COLOR = '#52606d';
const GUIDE_COLOR = '#3e4c59';
/** A not-interpretable profile's bars: grey, so no level reads as a finding; 3.3:1 on white (WCAG 1.4.11). */
const MUTED_BAR_COLOR = '#868e96';

/**
 * A guide line's stroke: the T chart's level starts each in its own pattern (dotted Mild, dashed Moderate, solid
 * High, as the PDF draws them), so they read apart without colour; the z chart's guides dashed.
 */
const GUIDE_DASH: Record<string, string | undefined> = { Mild: '2 3', Moderate: '7 4', High: undefined, other: '6 4' };

/** Each scored scale's bar, with its name, value and level as its tooltip; grey when `muted`. */
export function ChartBars({ chart, muted }: { chart: AnyChart; muted: boolean }) {
  const { t, language } = useStaffText();
  return chart.bars.map((bar) => (
    <rect
      key={bar.key}
      x={bar.x}
      y={bar.y}
      width={bar.width}
      height={bar.height}
      fill={muted ? MUTED_BAR_COLOR : bar.fill}
      data-muted={muted || undefined}
    >
      <title>
        {`${bandName(chart, bar.key, t)}: ${barValue(bar, language)}${bar.level ? ` (${levelWording(t, { level: bar.level, isScored: true })})` : ''}`}
      </title>
    </rect>
  ));
}

/** The guide lines: the T chart's level starts (named at their right end), the z chart's reference lines. */
export function ChartGuideLines({ chart }: { chart: AnyChart }) {
  const { t } = useStaffText();
  return chart.guideLines.map((guide) => (
    <g key={`${guide.key ?? ''}-${guide.level ?? ''}-${guide.value}`} data-level-line={guide.level}>
      <line
        x1={guide.x1}
        x2={guide.x2}
        y1={guide.y}
        y2={guide.y}
        stroke={GUIDE_COLOR}
        strokeWidth={guide.level ? 2 : 1}
        strokeDasharray={GUIDE_DASH[guide.level ?? 'other']}
      />
      {guide.level && guide.label !== '' && (
        <text x={guide.x2 + 4} y={guide.y} dominantBaseline="central" fontSize={11} fill={GUIDE_COLOR}>
          {levelName(t, guide.level)}
        </text>
      )}
    </g>
  ));
}

/** The value axis and the baseline, its ticks, and the T chart's axis title. */
export function ChartValueAxis({ chart }: { chart: AnyChart }) {
  const { t, language } = useStaffText();
  return (
    <>
      {'axisLabel' in chart && (
        <text x={4} y={chart.plot.y - 8} fontSize={12} fill={TEXT_COLOR}>
          {t(T_AXIS_LABEL_KEY)}
        </text>
      )}
      <path
        d={`M${chart.axisX},${chart.plot.y}V${chart.baselineY}H${chart.plot.x + chart.plot.width}`}
        fill="none"
        stroke={TEXT_COLOR}
        strokeWidth={1.5}
      />
      {chart.yTicks.map((tick) => (
        <g key={tick.value}>
          <line x1={chart.axisX - 5} x2={chart.axisX} y1={tick.y} y2={tick.y} stroke={TEXT_COLOR} />
          <text
            x={chart.axisX - 8}
            y={tick.y}
            textAnchor="end"
            dominantBaseline="central"
            fontSize={12}
            fill={TEXT_COLOR}
          >
            {localDecimals(language, tick.label)}
          </text>
        </g>
      ))}
    </>
  );
}

/** Under each band its scale's abbreviation, and its value where the geometry places it ("—" when not scored). */
export function ChartBandLabels({ chart }: { chart: AnyChart }) {
  const { t, language } = useStaffText();
  const isFacets = chart.kind === 'facets';
  const labelSize = isFacets ? 13 : 15;
  const valueSize = isFacets ? 11 : 13;
  const bars = new Map(chart.bars.map((bar) => [bar.key, bar]));
  const labels = new Map(chart.valueLabels.map((label) => [label.key, label]));
  return chart.bands.map((band) => {
    const bar = bars.get(band.key);
    const valueLabel = labels.get(band.key);
    return (
      <g key={band.key}>
        <text
          x={band.center}
          y={chart.baselineY + 18}
          textAnchor="middle"
          fontSize={labelSize}
          fontWeight={700}
          fill={TEXT_COLOR}
        >
          {band.label}
        </text>
        {/* The geometry's value label: its place and a halo that hides a guide line under it. */}
        <text
          x={valueLabel?.x ?? band.center}
          y={valueLabel?.y ?? chart.baselineY}
          textAnchor="middle"
          fontSize={valueSize}
          fill={MUTED_COLOR}
          stroke={VALUE_LABEL_HALO_COLOR}
          strokeWidth={2 * (valueLabel?.halo ?? 0)}
          strokeLinejoin="round"
          paintOrder="stroke"
          data-testid={`value-label-${band.key}`}
        >
          {bar ? barValue(bar, language) : t('chart.notScoredValue')}
        </text>
      </g>
    );
  });
}
