import { scaleBand, scaleLinear } from 'd3-scale';
import {
  BAR_COLOR,
  CHART_MARGINS,
  type ChartBand,
  type ChartBar,
  type ChartGeometry,
  type ChartGuideLine,
  type ChartMargins,
  placeValueLabels,
} from './chart-geometry';
import { LEVELS, type Level, type LevelStartsT } from './levels';

// The profile chart in T units, for every profile a clinician or patient sees (results page, patient report, score
// report; DESIGN.md "Chart geometry"): the same plain data as chart-geometry.ts (absolute pixels, y growing down), so
// the PDF's bar-chart drawing and the web's SVG render it unchanged. A bar runs from the bottom of the axis (T 30,
// the lowest T any printed US table has) up to the scale's printed T (`us.t`, Markon et al. 2024, the same row as
// its percentile). The axis ends at T 100, the highest printed T. A score beyond a table's end reads the end row
// (`capped`): its bar stops at that T and is flagged `isClipped`, and its label says "≥ 100" or "≤ 30" as the tables
// do. The levels follow the printed percentile (levels.ts), and the printed T scores are linear, so each level
// begins at a different T on each scale: the guide lines are drawn across each band at that scale's own start
// (`us.levelStarts`, levelStartsInT), and a bar reaches a line exactly when its level is reached. The last band's lines
// carry the level's name.

/** Axis of the T chart: the range of T printed in the US tables. */
export const T_Y_DOMAIN: readonly [number, number] = [30, 100];
/** The axis title of every T chart. */
export const T_AXIS_LABEL = 'T score';

/** What the T chart reads of a scale: the printed US reading (null when not scored) and the level. */
export interface TChartScale {
  readonly key: string;
  readonly name: string;
  readonly us: {
    readonly t: number;
    readonly capped: 'above' | 'below' | null;
    readonly tText: string;
    /** Where each level begins on this scale's table, in T (levelStartsInT); null or absent: no lines for it. */
    readonly levelStarts?: LevelStartsT | null;
  } | null;
  readonly level: Level | null;
}

export interface TChartGeometry extends Omit<ChartGeometry, 'normField'> {
  readonly unit: 'T';
  /** The vertical axis' title ("T score"). */
  readonly axisLabel: string;
}

interface TChartLayout {
  readonly kind: 'facets' | 'domains';
  readonly width: number;
  readonly height: number;
  readonly margin: ChartMargins;
  readonly paddingInner: number;
  readonly paddingOuter: number;
}

function buildTChart(layout: TChartLayout, scales: readonly TChartScale[]): TChartGeometry {
  const { width, height, margin } = layout;
  const [bottom, top] = T_Y_DOMAIN;
  const y = scaleLinear()
    .domain([bottom, top])
    .range([height - margin.bottom, margin.top]);
  const x = scaleBand<string>()
    .domain(scales.map((s) => s.key))
    .range([margin.left, width - margin.right])
    .paddingInner(layout.paddingInner)
    .paddingOuter(layout.paddingOuter);
  const baselineY = y(bottom);
  const bands: ChartBand[] = scales.map((s) => {
    const bandX = x(s.key) ?? 0;
    return {
      key: s.key,
      label: s.key,
      name: s.name,
      x: bandX,
      width: x.bandwidth(),
      center: bandX + x.bandwidth() / 2,
    };
  });
  const bars: ChartBar[] = [];
  for (const s of scales) {
    if (s.us === null) {
      continue;
    }
    const plottedValue = Math.min(top, Math.max(bottom, s.us.t));
    const barTop = y(plottedValue);
    bars.push({
      key: s.key,
      label: s.key,
      x: x(s.key) ?? 0,
      y: barTop,
      width: x.bandwidth(),
      height: baselineY - barTop,
      value: s.us.t,
      plottedValue,
      isClipped: plottedValue !== s.us.t || s.us.capped !== null,
      level: s.level,
      fill: BAR_COLOR,
      valueLabel: s.us.tText,
    });
  }
  // Each scale's own level starts, across its band and half the gap either side; the last band's are named.
  const gap = (x.step() - x.bandwidth()) / 2;
  const guideLines: ChartGuideLine[] = [];
  scales.forEach((s, index) => {
    const band = bands[index]!;
    for (const level of LEVELS) {
      const start = s.us?.levelStarts?.[level] ?? null;
      if (start === null || start < bottom || start > top) {
        continue;
      }
      guideLines.push({
        value: start,
        y: y(start),
        x1: band.x - gap,
        x2: band.x + band.width + gap,
        label: index === scales.length - 1 ? level : '',
        level,
        key: s.key,
      });
    }
  });
  return {
    kind: layout.kind,
    unit: 'T',
    axisLabel: T_AXIS_LABEL,
    width,
    height,
    margin,
    plot: {
      x: margin.left,
      y: margin.top,
      width: width - margin.left - margin.right,
      height: height - margin.top - margin.bottom,
    },
    yDomain: [bottom, top],
    baselineY,
    axisX: margin.left,
    bands,
    bars,
    yTicks: y.ticks(7).map((value) => ({ value, y: y(value), label: String(value) })),
    guideLines,
    valueLabels: placeValueLabels(bands, bars, baselineY),
  };
}

/** CHART_MARGINS with room on the right for the level names at the end of the last band's lines. */
export const T_CHART_MARGINS: ChartMargins = { ...CHART_MARGINS, right: 70 };

/** The 25 facets in T: the facet chart's size and padding (960 × 450, 0.1), margins 20/70/30/40. */
export function facetTChart(facets: readonly TChartScale[]): TChartGeometry {
  return buildTChart(
    { kind: 'facets', width: 960, height: 450, margin: T_CHART_MARGINS, paddingInner: 0.1, paddingOuter: 0.1 },
    facets,
  );
}

/** The 5 domains in T: the domain chart's size and padding (450 × 500, inner 0.1), margins 20/70/30/40. */
export function domainTChart(domains: readonly TChartScale[]): TChartGeometry {
  return buildTChart(
    { kind: 'domains', width: 450, height: 500, margin: T_CHART_MARGINS, paddingInner: 0.1, paddingOuter: 0 },
    domains,
  );
}
