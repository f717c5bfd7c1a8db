import type { TTrendDomain } from '@pid5/contract';
import { useStaffText } from '../../i18n/staff-language';
import type { TrendLayout, TrendPoint } from './patient-trend-layout';

// One domain's line on the trend chart: its points (arrows where reliably changed, hollow where not interpretable)
// and its entry in the legend. Domains are told apart by line pattern and marker, not colour alone.

type MarkerShape = 'circle' | 'square' | 'diamond' | 'triangle' | 'cross';

const SERIES: Record<string, { dash?: string; marker: MarkerShape }> = {
  NegAf: { marker: 'circle' },
  Detac: { dash: '8 4', marker: 'square' },
  Antag: { dash: '2 3', marker: 'diamond' },
  Disin: { dash: '10 3 2 3', marker: 'triangle' },
  Psych: { dash: '4 2', marker: 'cross' },
};
const COLORS = ['#1d5f62', '#9c5700', '#5b3e96', '#b42318', '#3e4c59'];

function TrendMarker({
  shape,
  x,
  y,
  color,
  hollow,
}: {
  shape: MarkerShape;
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
    case 'circle':
      return <circle cx={x} cy={y} r={4.5} fill={fill} stroke={color} strokeWidth={1.5} />;
  }
}

/** A domain's T at one test: its tooltip, its marker, and an arrow where it changed reliably from the test before. */
function TrendSeriesPoint({
  point,
  domain,
  name,
  shape,
  color,
  x,
  y,
}: {
  point: TrendPoint;
  domain: TTrendDomain & { t: number };
  name: string | undefined;
  shape: MarkerShape;
  color: string;
  x: number;
  y: number;
}) {
  const { t, formatDate } = useStaffText();
  const change = domain.reliableChange;
  return (
    <g>
      <title>
        {t(change === 'higher' ? 'trend.pointHigher' : change === 'lower' ? 'trend.pointLower' : 'trend.point', {
          domain: name ?? domain.name,
          date: formatDate(point.finishedAt),
          t: domain.tText ?? domain.t,
        })}
      </title>
      <TrendMarker shape={shape} x={x} y={y} color={color} hollow={point.validity?.verdict === 'not-interpretable'} />
      {(change === 'higher' || change === 'lower') && (
        <text data-reliable-change={change} x={x + 8} y={y - 6} fontSize={13} fontWeight={700} fill={color}>
          {change === 'higher' ? '▲' : '▼'}
        </text>
      )}
    </g>
  );
}

/** The domain's line (its own colour, dash and marker) through the tests it has a T in, and its legend entry. */
export function TrendSeries({
  domainKey,
  index,
  name,
  points,
  layout,
}: {
  domainKey: string;
  /** The domain's place in the legend, which also picks its colour. */
  index: number;
  name: string | undefined;
  points: readonly TrendPoint[];
  layout: TrendLayout;
}) {
  const { width, margin, x, y } = layout;
  const style = SERIES[domainKey] ?? { marker: 'circle' as const };
  const color = COLORS[index % COLORS.length]!;
  const series = points.flatMap((point, at) => {
    const domain = point.domains.find((d) => d.key === domainKey);
    return domain?.t === null || domain?.t === undefined ? [] : [{ point, at, domain: { ...domain, t: domain.t } }];
  });
  const path = series.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(s.at)},${y(s.domain.t)}`).join('');
  const legendY = margin.top + 10 + index * 22;
  return (
    <g data-domain={domainKey}>
      <path d={path} fill="none" stroke={color} strokeWidth={2} strokeDasharray={style.dash} />
      {series.map(({ point, at, domain }) => (
        <TrendSeriesPoint
          key={point.id}
          point={point}
          domain={domain}
          name={name}
          shape={style.marker}
          color={color}
          x={x(at)}
          y={y(domain.t)}
        />
      ))}
      <line
        x1={width - margin.right + 16}
        x2={width - margin.right + 46}
        y1={legendY}
        y2={legendY}
        stroke={color}
        strokeWidth={2}
        strokeDasharray={style.dash}
      />
      <TrendMarker shape={style.marker} x={width - margin.right + 31} y={legendY} color={color} hollow={false} />
      <text x={width - margin.right + 52} y={legendY} fontSize={11} dominantBaseline="central">
        {name}
      </text>
    </g>
  );
}
