import { Table } from '@mantine/core';
import { HiddenValues } from './hidden-values';
import { useId, useRef } from 'react';
import type { TAssessmentResults } from '@pid5/contract';
import { T_AXIS_LABEL_KEY, VALUE_LABEL_HALO_COLOR, type ChartGeometry, type TChartGeometry } from '@pid5/instrument';
import { levelName, levelWording, localDecimals } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';
import { ScrollHint, useOverflowsSideways } from '../scroll-hint';
import { bandName, barValue, chartRows, describeChart, valueHeader } from './chart-text';

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

/**
 * The instrument's chart geometry (docs/product-spec.md §9, DESIGN.md "Scoring (packages/instrument)") drawn as SVG: the same data the PDF report draws, so
 * page and report never disagree. Scales with the page (viewBox, width 100%; on narrow screens it keeps a
 * readable minimum width and scrolls). Screen readers get a name and description, and a table of every value.
 */
export function BarChart({
  chart,
  title,
  norms,
  minWidth,
  muted = false,
}: {
  chart: ChartGeometry | TChartGeometry;
  title: string;
  /** The US norm sets (charts exist for the PID-5's forms only). */
  norms: NonNullable<TAssessmentResults['norms']>;
  /** Below this width (px) the chart scrolls sideways instead of shrinking its labels further. */
  minWidth?: number;
  /** A profile that may not be read (not interpretable): bars and level lines in grey, as the PDF draws them. */
  muted?: boolean;
}) {
  const { t, language } = useStaffText();
  const words = { t, language };
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(scroller);
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const isFacets = chart.kind === 'facets';
  const labelSize = isFacets ? 13 : 15;
  const valueSize = isFacets ? 11 : 13;
  const bars = new Map(chart.bars.map((bar) => [bar.key, bar]));
  const labels = new Map(chart.valueLabels.map((label) => [label.key, label]));
  const rows = chartRows(chart, words);

  return (
    <figure style={{ margin: 0 }}>
      {/* On a phone the chart keeps a readable width and scrolls: a named region the keyboard can reach (2.1.1). */}
      {overflows && <ScrollHint />}
      <div
        ref={scroller}
        role="region"
        aria-label={t('staff.chartRegion', { name: title })}
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ overflowX: 'auto', position: 'relative' }}
      >
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          width="100%"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          style={{ display: 'block', maxWidth: chart.width, minWidth, height: 'auto', margin: '0 auto' }}
          fontFamily="inherit"
        >
          <title id={titleId}>{title}</title>
          <desc id={descId}>{describeChart(chart, norms, words)}</desc>
          {chart.bars.map((bar) => (
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
          ))}
          {chart.guideLines.map((guide) => (
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
          ))}
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
          {chart.bands.map((band) => {
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
          })}
        </svg>
      </div>
      <HiddenValues>
        <Table>
          <caption>{t('chart.valuesCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.scale')}</th>
              <th scope="col">{valueHeader(chart, norms, t)}</th>
              <th scope="col">{t('chart.level')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.name} ({row.key})
                </th>
                <td>{row.value}</td>
                <td>{row.level}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </HiddenValues>
    </figure>
  );
}
