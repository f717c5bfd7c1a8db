import { useId } from 'react';
import type { TAssessmentResults } from '@pid5/contract';
import type { ChartGeometry, TChartGeometry } from '@pid5/instrument';
import { useStaffText } from '../../i18n/staff-language';
import { ChartBandLabels, ChartBars, ChartGuideLines, ChartValueAxis } from './bar-chart-layers';
import { ChartScrollRegion } from './chart-scroll-region';
import { chartRows, describeChart, valueHeader } from './chart-text';
import { ChartValuesTable } from './hidden-values';

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
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <figure style={{ margin: 0 }}>
      {/* On a phone the chart keeps a readable width and scrolls: a named region the keyboard can reach (2.1.1). */}
      <ChartScrollRegion name={title} scrollHint>
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
          <ChartBars chart={chart} muted={muted} />
          <ChartGuideLines chart={chart} />
          <ChartValueAxis chart={chart} />
          <ChartBandLabels chart={chart} />
        </svg>
      </ChartScrollRegion>
      <ChartValuesTable
        title={title}
        columns={[
          { key: 'value', header: valueHeader(chart, norms, t) },
          { key: 'level', header: t('chart.level') },
        ]}
        rows={chartRows(chart, words).map((row) => ({
          key: row.key,
          name: `${row.name} (${row.key})`,
          cells: [row.value, row.level],
        }))}
      />
    </figure>
  );
}
