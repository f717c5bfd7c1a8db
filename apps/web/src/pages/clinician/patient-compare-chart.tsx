import { Text } from '@mantine/core';
import type { TComparedScale } from '@pid5/contract';
import { LEVELS, T_AXIS_LABEL_KEY, T_Y_DOMAIN, type Level } from '@pid5/instrument';
import { levelName, scaleName } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';

const [T_MIN, T_MAX] = T_Y_DOMAIN;

/** Each level's line across a bar: dotted Mild, dashed Moderate, solid High (as the profile charts draw them). */
const LEVEL_DASH: Record<Level, string | undefined> = { Mild: '2 2', Moderate: '5 2', High: undefined };

const ROW_HEIGHT = 22;
const LEFT = 190;
const WIDTH = 720;
const TOP = 40;
const TICKS = [30, 40, 50, 60, 70, 80, 90, 100];

/** Where a T is drawn across the plot, held within the axis. */
const x = (value: number) =>
  LEFT + ((Math.min(Math.max(value, T_MIN), T_MAX) - T_MIN) / (T_MAX - T_MIN)) * (WIDTH - LEFT - 20);

/**
 * Two horizontal bars per scale in US T (axis T 30-100, titled): the earlier outlined (white fill), the later solid
 * grey; T 50 marked; across each bar, where each level begins on that scale's table of the form given.
 */
export function ComparisonChart({ scales }: { scales: readonly TComparedScale[] }) {
  const { t } = useStaffText();
  const height = TOP + scales.length * ROW_HEIGHT + 24;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={t('compare.chartLabel')}>
        <ComparisonChartLegend />
        <text x={LEFT - 6} y={TOP - 6} fontSize={11} textAnchor="end">
          {t(T_AXIS_LABEL_KEY)}
        </text>
        {TICKS.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={TOP} y2={height - 20} stroke={tick === 50 ? '#888888' : '#dddddd'} />
            <text x={x(tick)} y={height - 6} fontSize={10} textAnchor="middle">
              {tick}
            </text>
          </g>
        ))}
        {scales.map((scale, index) => (
          <ComparisonChartRow key={scale.key} scale={scale} y={TOP + index * ROW_HEIGHT} />
        ))}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('compare.caption', { min: T_MIN, max: T_MAX })}
      </Text>
    </figure>
  );
}

/** Above the plot: the earlier and later bars, and each level's line. */
function ComparisonChartLegend() {
  const { t } = useStaffText();
  return (
    <>
      <rect x={LEFT} y={4} width={12} height={10} fill="#ffffff" stroke="#222222" />
      <text x={LEFT + 16} y={13} fontSize={11}>
        {t('compare.earlier')}
      </text>
      <rect x={LEFT + 70} y={4} width={12} height={10} fill="#555555" />
      <text x={LEFT + 86} y={13} fontSize={11}>
        {t('compare.later')}
      </text>
      {LEVELS.map((level, index) => (
        <g key={level}>
          <line
            x1={LEFT + 150 + index * 110}
            x2={LEFT + 150 + index * 110}
            y1={3}
            y2={15}
            stroke="#1f2933"
            strokeWidth={1.5}
            strokeDasharray={LEVEL_DASH[level]}
          />
          <text x={LEFT + 156 + index * 110} y={13} fontSize={11}>
            {t('compare.levelBegins', { level: levelName(t, level) })}
          </text>
        </g>
      ))}
    </>
  );
}

/** One scale: its name, its two bars, and across each bar where that test's levels begin. */
function ComparisonChartRow({ scale, y }: { scale: TComparedScale; y: number }) {
  const { t } = useStaffText();
  return (
    <g>
      <text x={LEFT - 6} y={y + 15} fontSize={11} textAnchor="end" fontWeight={scale.kind === 'facet' ? 400 : 700}>
        {scaleName(t, scale.key, scale.name)}
      </text>
      {scale.first.t !== null && (
        <rect x={LEFT} y={y + 3} width={x(scale.first.t) - LEFT} height={8} fill="#ffffff" stroke="#222222" />
      )}
      {scale.second.t !== null && (
        <rect x={LEFT} y={y + 12} width={x(scale.second.t) - LEFT} height={8} fill="#555555" />
      )}
      <LevelLines scale={scale} side="first" y1={y + 1} y2={y + 11.5} />
      <LevelLines scale={scale} side="second" y1={y + 11.5} y2={y + 22} />
    </g>
  );
}

/** Where each level begins for one test of the scale (none where its table gives no start). */
function LevelLines({
  scale,
  side,
  y1,
  y2,
}: {
  scale: TComparedScale;
  side: 'first' | 'second';
  y1: number;
  y2: number;
}) {
  return LEVELS.flatMap((level) => {
    const start = scale[side].levelStarts?.[level] ?? null;
    return start === null
      ? []
      : [
          <line
            key={`${side}-${level}`}
            data-level-line={level}
            x1={x(start)}
            x2={x(start)}
            y1={y1}
            y2={y2}
            stroke="#1f2933"
            strokeWidth={1.5}
            strokeDasharray={LEVEL_DASH[level]}
          />,
        ];
  });
}
