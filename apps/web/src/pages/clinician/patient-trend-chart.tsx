import { Text } from '@mantine/core';
import { ChartScrollRegion } from '../../components/charts/chart-scroll-region';
import { ChartValuesTable } from '../../components/charts/hidden-values';
import type { TPatientAdministration } from '@pid5/contract';
import { T_AXIS_LABEL_KEY } from '@pid5/instrument';
import { scaleName } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';
import { FORM_LABELS } from './patient-panel-keys';
import {
  completedWithDomains,
  TREND_TICKS,
  trendLayout,
  type TrendLayout,
  type TrendPoint,
} from './patient-trend-layout';
import { TrendSeries } from './patient-trend-series';

// Each domain's US T across a patient's completed administrations (three or more), oldest first, on the details
// page's patient panel. A point the comparison marks as reliable change from the administration before it gets an
// arrow (up: reliably higher, down: reliably lower); an administration that is not interpretable is drawn hollow
// and its values are not to be read as change. Each domain's line: patient-trend-series.tsx.

/** Shown from this many completed administrations. */
export const TREND_FROM = 3;

export function PatientTrendChart({ administrations }: { administrations: readonly TPatientAdministration[] }) {
  const { t } = useStaffText();
  const points = completedWithDomains(administrations);
  if (points.length < TREND_FROM) {
    return null;
  }
  const layout = trendLayout(points.length);
  const keys = points[0]!.domains.map((d) => d.key);
  const nameOf = new Map(points[0]!.domains.map((d) => [d.key, scaleName(t, d.key, d.name)]));
  return (
    <figure style={{ margin: 0 }} data-testid="patient-trend">
      <Text fw={600} size="sm" mb={4}>
        {t('trend.title')}
      </Text>
      <ChartScrollRegion name={t('trend.title')}>
        <svg
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          width="100%"
          role="img"
          aria-label={t('trend.label', { count: points.length })}
          style={{ display: 'block', maxWidth: layout.width, minWidth: 560 }}
        >
          <TrendAxes points={points} layout={layout} />
          {keys.map((key, index) => (
            <TrendSeries
              key={key}
              domainKey={key}
              index={index}
              name={nameOf.get(key)}
              points={points}
              layout={layout}
            />
          ))}
        </svg>
      </ChartScrollRegion>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('trend.caption')}
      </Text>
      <TrendValuesTable points={points} keys={keys} nameOf={nameOf} />
    </figure>
  );
}

/** A test's label: its form, marked where its profile is not interpretable. */
function useTestLabel() {
  const { t } = useStaffText();
  return (point: TrendPoint) =>
    `${t(FORM_LABELS[point.form])}${point.validity?.verdict === 'not-interpretable' ? ` ${t('trend.notInterpretable')}` : ''}`;
}

/** The T axis (title, ticks, grid lines) and under the plot each test's date and form. */
function TrendAxes({ points, layout }: { points: readonly TrendPoint[]; layout: TrendLayout }) {
  const { t, formatDate } = useStaffText();
  const testLabel = useTestLabel();
  const { width, height, margin, x, y } = layout;
  return (
    <>
      <text x={4} y={margin.top - 12} fontSize={12}>
        {t(T_AXIS_LABEL_KEY)}
      </text>
      {TREND_TICKS.map((tick) => (
        <g key={tick}>
          <line
            x1={margin.left}
            x2={width - margin.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke={tick === 50 ? '#9aa5b1' : '#e4e7eb'}
          />
          <text x={margin.left - 6} y={y(tick)} fontSize={11} textAnchor="end" dominantBaseline="central">
            {tick}
          </text>
        </g>
      ))}
      {points.map((point, index) => (
        <g key={point.id}>
          <text x={x(index)} y={height - margin.bottom + 18} fontSize={11} textAnchor="middle">
            {formatDate(point.finishedAt)}
          </text>
          <text x={x(index)} y={height - margin.bottom + 33} fontSize={10} textAnchor="middle" fill="#52606d">
            {testLabel(point)}
          </text>
        </g>
      ))}
    </>
  );
}

/** The trend's values for screen readers: a row per domain, a column per test, reliable change in words. */
function TrendValuesTable({
  points,
  keys,
  nameOf,
}: {
  points: readonly TrendPoint[];
  keys: readonly string[];
  nameOf: ReadonlyMap<string, string>;
}) {
  const { t, formatDate } = useStaffText();
  const testLabel = useTestLabel();
  const cell = (point: TrendPoint, key: string) => {
    const domain = point.domains.find((d) => d.key === key);
    const value = domain?.tText ?? domain?.t ?? null;
    if (value === null) {
      return t('chart.notScoredValue');
    }
    const change = domain?.reliableChange;
    return t(change === 'higher' ? 'trend.cellHigher' : change === 'lower' ? 'trend.cellLower' : 'trend.cell', {
      t: value,
    });
  };
  return (
    <ChartValuesTable
      title={t('trend.title')}
      columns={points.map((point) => ({
        key: point.id,
        header: `${formatDate(point.finishedAt)}, ${testLabel(point)}`,
      }))}
      rows={keys.map((key) => ({ key, name: nameOf.get(key), cells: points.map((point) => cell(point, key)) }))}
    />
  );
}
