import { format } from 'd3-format';
import { scaleBand, scaleLinear } from 'd3-scale';
import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey } from './keys';
import type { NormField } from './norm-sets';
import type { Level } from './levels';
import type { StandardisedScores } from './score-responses';

// Chart geometry for the facet and domain bar charts (product docs/product-spec.md §9), as plain serialisable data. The web app
// renders it to SVG and the PDF writer to vectors, so page and report draw the same thing (DESIGN.md "Scoring (packages/instrument)").
// All coordinates are absolute pixels in the width × height canvas (margins already applied), y growing down.
//
// What a bar plots. The spec's axis runs from −6 to 2 (niced) and every tick is labelled "value + 4"; guide lines
// sit at −5.5, −2.5, −2 and −1. Read through the labels, those guides are at −1.5, 1.5, 2 and 3: exactly the
// spec's level cut-offs Mild 1.5, Moderate 2 and High 3 (docs/product-spec.md §2, §9) plus a mirror line 1.5 below the mean. So the
// labels are standardised scores and the axis is that scale shifted down by 4: the old chart plotted z − 4 and
// printed the axis back as z. (Levels now follow the printed US percentile, levels.ts, because z misstates how
// unusual a score is on skewed scales; the guide lines still mark z 1.5, 2 and 3 as the spec draws them, and a
// bar's `level` comes from the percentile.) We do the same: a scale with standardised score z (srf by default) is drawn as a
// bar from the bottom of the axis (−6, labelled −2) up to z − 4, so its top reads z on the axis labels, and a
// score on a cut-off touches that cut-off's guide line (z = 2 meets the line labelled 2). Bars are clipped to the
// axis (z below −2 gives a zero-height bar at the bottom, z above 6 stops at the top) and flagged `isClipped`.
// A scale without a score keeps its band and label but has no bar.

/** docs/product-spec.md §9: tick labels show the axis value plus this offset; bars plot the score minus it. */
export const AXIS_LABEL_OFFSET = 4;
/** docs/product-spec.md §9: vertical axis domain before `.nice()`. */
export const Y_DOMAIN: readonly [number, number] = [-6, 2];
/** docs/product-spec.md §9: guide lines (axis values; their labels read −1.5, 1.5, 2, 3). */
export const GUIDE_LINE_VALUES: readonly number[] = [-5.5, -2.5, -2, -1];
/** The spec's teal (#48A9AD), darkened to 3.45:1 against white so the bars meet WCAG 1.4.11 (3:1). */
export const BAR_COLOR = '#3B979B';

/**
 * Where each bar's value label goes and how it stays legible (a label such as '1.90' could sit on a dashed guide line and read
 * struck through): its baseline VALUE_LABEL_GAP above the bar's top (above the axis for a scale not scored), drawn
 * over a background halo VALUE_LABEL_HALO wide on every side of the glyphs, which hides a guide line under the
 * text. The web's SVG (a stroke of twice the halo, painted under the fill) and the PDF (a background box padded by
 * the halo) both read these, scaled like the rest of the geometry.
 */
export const VALUE_LABEL_GAP = 5;
export const VALUE_LABEL_HALO = 2;
export const VALUE_LABEL_HALO_COLOR = '#ffffff';

export interface ChartValueLabel {
  readonly key: string;
  /** Centre of the text. */
  readonly x: number;
  /** Baseline of the text. */
  readonly y: number;
  /** Halo around the glyphs, in the geometry's pixels. */
  readonly halo: number;
}

/** Each band's value label: VALUE_LABEL_GAP above its bar (above the axis without one), with the halo. */
export function placeValueLabels(
  bands: readonly ChartBand[],
  bars: readonly ChartBar[],
  baselineY: number,
): ChartValueLabel[] {
  const barTops = new Map(bars.map((bar) => [bar.key, bar.y]));
  return bands.map((band) => ({
    key: band.key,
    x: band.center,
    y: (barTops.get(band.key) ?? baselineY) - VALUE_LABEL_GAP,
    halo: VALUE_LABEL_HALO,
  }));
}

export interface ChartMargins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** docs/product-spec.md §9 facet chart margins. The spec gives none for the domain chart; it uses the same (DESIGN.md "Scoring (packages/instrument)"). */
export const CHART_MARGINS: ChartMargins = { top: 20, right: 20, bottom: 30, left: 40 };

export interface ChartBand {
  readonly key: string;
  /** Axis label (the abbreviation). */
  readonly label: string;
  /** Full facet/domain name (for tooltips and accessible text). */
  readonly name: string;
  readonly x: number;
  readonly width: number;
  /** Centre of the band, where the x-axis label goes. */
  readonly center: number;
}

export interface ChartBar {
  readonly key: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The standardised score shown (reads on the tick labels at the bar's top). */
  readonly value: number;
  /** Where the bar's top is on the axis scale: value − 4, clipped to the axis domain. */
  readonly plottedValue: number;
  readonly isClipped: boolean;
  /** The scale's level (Mild / Moderate / High, from its printed US percentile), for colouring or text. */
  readonly level: Level | null;
  readonly fill: string;
  /** How to print the value above the bar, when not as a standardised score (the T chart: "63", "≥ 100"). */
  readonly valueLabel?: string;
}

export interface ChartTick {
  /** Axis value. */
  readonly value: number;
  readonly y: number;
  /** value + 4 in d3-format '~s' (negative numbers use the minus sign U+2212, as d3 prints them). */
  readonly label: string;
}

export interface ChartGuideLine {
  readonly value: number;
  readonly y: number;
  readonly x1: number;
  readonly x2: number;
  /** Printed at the line's right end; empty: not labelled. */
  readonly label: string;
  /** The T chart: the level this line is the start of, and the scale it belongs to. */
  readonly level?: Level;
  readonly key?: string;
}

export interface ChartGeometry {
  readonly kind: 'facets' | 'domains';
  /** Which standardised score the bars show. */
  readonly normField: NormField;
  readonly width: number;
  readonly height: number;
  readonly margin: ChartMargins;
  /** The plotting area inside the margins. */
  readonly plot: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /** The niced axis domain [bottom, top]. */
  readonly yDomain: readonly [number, number];
  /** y of the axis bottom, where every bar starts. */
  readonly baselineY: number;
  /** x of the vertical axis line. */
  readonly axisX: number;
  readonly bands: readonly ChartBand[];
  readonly bars: readonly ChartBar[];
  readonly yTicks: readonly ChartTick[];
  readonly guideLines: readonly ChartGuideLine[];
  /** One per band: where its value (or 'n/s') is written, with its halo. */
  readonly valueLabels: readonly ChartValueLabel[];
}

/** What a chart reads of each scale: its name, standardised scores and level. */
export type ChartScaleScores = Pick<StandardisedScores, 'srf' | 'irf' | 'level'> & { readonly name: string };

/**
 * What the charts read of a result. A `ScoreResult` is one; so is a result read back from the API or the stored
 * scores (keyed the same way), which lets the page and the PDF draw from the same data without a full result.
 */
export interface ChartScores {
  readonly facets: Readonly<Record<FacetKey, ChartScaleScores>>;
  readonly domains: Readonly<Record<DomainKey, ChartScaleScores>>;
}

export interface ChartOptions {
  /** The standardised score to plot; defaults to 'srf' (the US norms). */
  readonly normField?: NormField;
}

interface ChartScale {
  readonly key: string;
  readonly name: string;
  readonly value: number | null;
  readonly level: Level | null;
}

interface ChartLayout {
  readonly kind: 'facets' | 'domains';
  readonly width: number;
  readonly height: number;
  readonly margin: ChartMargins;
  readonly paddingInner: number;
  readonly paddingOuter: number;
}

const formatTick = format('~s');

/** Axis label for an axis value: value + 4 in short SI format (docs/product-spec.md §9). */
export function formatAxisLabel(value: number): string {
  return formatTick(value + AXIS_LABEL_OFFSET);
}

function buildChart(layout: ChartLayout, scales: readonly ChartScale[], normField: NormField): ChartGeometry {
  const { width, height, margin } = layout;
  const plot = {
    x: margin.left,
    y: margin.top,
    width: width - margin.left - margin.right,
    height: height - margin.top - margin.bottom,
  };
  const y = scaleLinear()
    .domain([...Y_DOMAIN])
    .nice()
    .range([height - margin.bottom, margin.top]);
  const [bottom = Y_DOMAIN[0], top = Y_DOMAIN[1]] = y.domain();
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
    if (s.value === null) {
      continue;
    }
    const shifted = s.value - AXIS_LABEL_OFFSET;
    const plottedValue = Math.min(top, Math.max(bottom, shifted));
    const barTop = y(plottedValue);
    bars.push({
      key: s.key,
      label: s.key,
      x: x(s.key) ?? 0,
      y: barTop,
      width: x.bandwidth(),
      height: baselineY - barTop,
      value: s.value,
      plottedValue,
      isClipped: plottedValue !== shifted,
      level: s.level,
      fill: BAR_COLOR,
    });
  }

  const valueLabels = placeValueLabels(bands, bars, baselineY);

  return {
    kind: layout.kind,
    normField,
    width,
    height,
    margin,
    plot,
    yDomain: [bottom, top],
    baselineY,
    axisX: margin.left,
    bands,
    bars,
    yTicks: y.ticks().map((value) => ({ value, y: y(value), label: formatAxisLabel(value) })),
    guideLines: GUIDE_LINE_VALUES.map((value) => ({
      value,
      y: y(value),
      x1: margin.left,
      x2: width - margin.right,
      label: formatAxisLabel(value),
    })),
    valueLabels,
  };
}

/** Facet chart (docs/product-spec.md §9): 960 × 450, margins 20/20/30/40, band padding 0.1 (inner and outer), 25 facets. */
export function facetChart(result: ChartScores, options: ChartOptions = {}): ChartGeometry {
  const normField = options.normField ?? 'srf';
  const scales = FACET_KEYS.map((key) => {
    const f = result.facets[key];
    return { key, name: f.name, value: f[normField], level: f.level };
  });
  return buildChart(
    { kind: 'facets', width: 960, height: 450, margin: CHART_MARGINS, paddingInner: 0.1, paddingOuter: 0.1 },
    scales,
    normField,
  );
}

/**
 * Domain chart (docs/product-spec.md §9): 450 × 500, inner band padding 0.1 (no outer padding), 5 domains. The spec gives no
 * margins for it; it uses the facet chart's (20/20/30/40) so both axes line up the same way.
 */
export function domainChart(result: ChartScores, options: ChartOptions = {}): ChartGeometry {
  const normField = options.normField ?? 'srf';
  const scales = DOMAIN_KEYS.map((key) => {
    const d = result.domains[key];
    return { key, name: d.name, value: d[normField], level: d.level };
  });
  return buildChart(
    { kind: 'domains', width: 450, height: 500, margin: CHART_MARGINS, paddingInner: 0.1, paddingOuter: 0 },
    scales,
    normField,
  );
}

/** A scale as the results API lists it: its key with name, standardised scores and level. */
export type KeyedChartScale = ChartScaleScores & { readonly key: string };

/**
 * ChartScores from lists of scales (the results API shape), for the web page and the PDF alike. A scale missing
 * from the lists is drawn as not scored (its band with no bar), never invented.
 */
export function chartScoresFromLists(lists: {
  readonly facets: readonly KeyedChartScale[];
  readonly domains: readonly KeyedChartScale[];
}): ChartScores {
  const byKey = <K extends string>(keys: readonly K[], scales: readonly KeyedChartScale[]) => {
    const found = new Map(scales.map((scale) => [scale.key, scale]));
    const record = {} as Record<K, ChartScaleScores>;
    for (const key of keys) {
      record[key] = found.get(key) ?? { name: key, srf: null, irf: null, level: null };
    }
    return record;
  };
  return { facets: byKey(FACET_KEYS, lists.facets), domains: byKey(DOMAIN_KEYS, lists.domains) };
}
