import { Table, Text } from '@mantine/core';
import { HiddenValues } from '../../components/charts/hidden-values';
import type { TPatientAdministration, TTrendDomain } from '@pid5/contract';
import { T_AXIS_LABEL_KEY, T_Y_DOMAIN } from '@pid5/instrument';
import { scaleName } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';
import { FORM_LABELS } from './patient-panel-keys';

// Each domain's US T across a patient's completed administrations (three or more), oldest first, on the details
// page's patient panel. A point the comparison marks as reliable change from the administration before it gets an
// arrow (up: reliably higher, down: reliably lower); an administration that is not interpretable is drawn hollow
// and its values are not to be read as change. Domains are told apart by line pattern and marker, not colour alone.

/** Shown from this many completed administrations. */
export const TREND_FROM = 3;

const SERIES: Record<string, { dash?: string; marker: 'circle' | 'square' | 'diamond' | 'triangle' | 'cross' }> = {
  NegAf: { marker: 'circle' },
  Detac: { dash: '8 4', marker: 'square' },
  Antag: { dash: '2 3', marker: 'diamond' },
  Disin: { dash: '10 3 2 3', marker: 'triangle' },
  Psych: { dash: '4 2', marker: 'cross' },
};
const COLORS = ['#1d5f62', '#9c5700', '#5b3e96', '#b42318', '#3e4c59'];

type Completed = TPatientAdministration & { finishedAt: string; domains: TTrendDomain[] };

export function completedWithDomains(administrations: readonly TPatientAdministration[]): Completed[] {
  return administrations
    .filter((a): a is Completed => a.finishedAt !== null && Array.isArray(a.domains))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id - b.id);
}

function Marker({
  shape,
  x,
  y,
  color,
  hollow,
}: {
  shape: string;
  x: number;
  y: number;
  color: string;
  hollow: boolean;
}) {
  const fill = hollow ? '#ffffff' : color;
  switch (shape) {
    case 'square':
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill={fill} stroke={color} strokeWidth={1.5} />;
    case 'diamond':
      return (
        <path
          d={`M${x},${y - 5}L${x + 5},${y}L${x},${y + 5}L${x - 5},${y}Z`}
          fill={fill}
          stroke={color}
          strokeWidth={1.5}
        />
      );
    case 'triangle':
      return (
        <path d={`M${x},${y - 5}L${x + 5},${y + 4}L${x - 5},${y + 4}Z`} fill={fill} stroke={color} strokeWidth={1.5} />
      );
    case 'cross':
      return (
        <path
          d={`M${x - 4},${y - 4}L${x + 4},${y + 4}M${x - 4},${y + 4}L${x + 4},${y - 4}`}
          stroke={color}
          strokeWidth={2}
        />
      );
    default:
      return <circle cx={x} cy={y} r={4.5} fill={fill} stroke={color} strokeWidth={1.5} />;
  }
}

export function PatientTrendChart({ administrations }: { administrations: readonly TPatientAdministration[] }) {
  const { t, formatDate } = useStaffText();
  const points = completedWithDomains(administrations);
  if (points.length < TREND_FROM) {
    return null;
  }
  const [bottom, top] = T_Y_DOMAIN;
  const width = 760;
  const height = 340;
  const margin = { top: 30, right: 150, bottom: 56, left: 50 };
  const plotWidth = width - margin.left - margin.right;
  const x = (index: number) =>
    margin.left + (points.length === 1 ? plotWidth / 2 : (index * plotWidth) / (points.length - 1));
  const y = (value: number) =>
    margin.top +
    ((top - Math.min(top, Math.max(bottom, value))) / (top - bottom)) * (height - margin.top - margin.bottom);
  const keys = points[0]!.domains.map((d) => d.key);
  const nameOf = new Map(points[0]!.domains.map((d) => [d.key, scaleName(t, d.key, d.name)]));
  const ticks = [30, 40, 50, 60, 70, 80, 90, 100];
  return (
    <figure style={{ margin: 0 }} data-testid="patient-trend">
      <Text fw={600} size="sm" mb={4}>
        {t('trend.title')}
      </Text>
      <div
        role="region"
        aria-label={t('staff.chartRegion', { name: t('trend.title') })}
        tabIndex={0}
        className="mantine-focus-auto"
        style={{ overflowX: 'auto', position: 'relative' }}
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          role="img"
          aria-label={t('trend.label', { count: points.length })}
          style={{ display: 'block', maxWidth: width, minWidth: 560 }}
        >
          <text x={4} y={margin.top - 12} fontSize={12}>
            {t(T_AXIS_LABEL_KEY)}
          </text>
          {ticks.map((tick) => (
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
                {t(FORM_LABELS[point.form])}
                {point.validity?.verdict === 'not-interpretable' ? ` ${t('trend.notInterpretable')}` : ''}
              </text>
            </g>
          ))}
          {keys.map((key, k) => {
            const style = SERIES[key] ?? { marker: 'circle' as const };
            const color = COLORS[k % COLORS.length]!;
            const series = points.map((point, index) => ({
              point,
              index,
              domain: point.domains.find((d) => d.key === key),
            }));
            const path = series
              .filter((s) => s.domain?.t !== null && s.domain?.t !== undefined)
              .map((s, i) => `${i === 0 ? 'M' : 'L'}${x(s.index)},${y(s.domain!.t!)}`)
              .join('');
            return (
              <g key={key} data-domain={key}>
                <path d={path} fill="none" stroke={color} strokeWidth={2} strokeDasharray={style.dash} />
                {series.map(({ point, index, domain }) =>
                  domain?.t === null || domain?.t === undefined ? null : (
                    <g key={point.id}>
                      <title>
                        {t(
                          domain.reliableChange === 'higher'
                            ? 'trend.pointHigher'
                            : domain.reliableChange === 'lower'
                              ? 'trend.pointLower'
                              : 'trend.point',
                          {
                            domain: nameOf.get(key) ?? domain.name,
                            date: formatDate(point.finishedAt),
                            t: domain.tText ?? domain.t,
                          },
                        )}
                      </title>
                      <Marker
                        shape={style.marker}
                        x={x(index)}
                        y={y(domain.t)}
                        color={color}
                        hollow={point.validity?.verdict === 'not-interpretable'}
                      />
                      {(domain.reliableChange === 'higher' || domain.reliableChange === 'lower') && (
                        <text
                          data-reliable-change={domain.reliableChange}
                          x={x(index) + 8}
                          y={y(domain.t) - 6}
                          fontSize={13}
                          fontWeight={700}
                          fill={color}
                        >
                          {domain.reliableChange === 'higher' ? '▲' : '▼'}
                        </text>
                      )}
                    </g>
                  ),
                )}
                <line
                  x1={width - margin.right + 16}
                  x2={width - margin.right + 46}
                  y1={margin.top + 10 + k * 22}
                  y2={margin.top + 10 + k * 22}
                  stroke={color}
                  strokeWidth={2}
                  strokeDasharray={style.dash}
                />
                <Marker
                  shape={style.marker}
                  x={width - margin.right + 31}
                  y={margin.top + 10 + k * 22}
                  color={color}
                  hollow={false}
                />
                <text
                  x={width - margin.right + 52}
                  y={margin.top + 10 + k * 22}
                  fontSize={11}
                  dominantBaseline="central"
                >
                  {nameOf.get(key)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('trend.caption')}
      </Text>
      <HiddenValues>
        <Table>
          <caption>{t('chart.valuesCaption', { title: t('trend.title') })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.scale')}</th>
              {points.map((point) => (
                <th scope="col" key={point.id}>
                  {formatDate(point.finishedAt)}, {t(FORM_LABELS[point.form])}
                  {point.validity?.verdict === 'not-interpretable' ? ` ${t('trend.notInterpretable')}` : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key}>
                <th scope="row">{nameOf.get(key)}</th>
                {points.map((point) => {
                  const domain = point.domains.find((d) => d.key === key);
                  const value = domain?.tText ?? domain?.t ?? null;
                  return (
                    <td key={point.id}>
                      {value === null
                        ? t('chart.notScoredValue')
                        : t(
                            domain?.reliableChange === 'higher'
                              ? 'trend.cellHigher'
                              : domain?.reliableChange === 'lower'
                                ? 'trend.cellLower'
                                : 'trend.cell',
                            { t: value },
                          )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </HiddenValues>
    </figure>
  );
}
