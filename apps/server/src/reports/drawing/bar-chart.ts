import { formatScore } from '@pid5/contract';
import { VALUE_LABEL_HALO_COLOR, type ChartGeometry } from '@pid5/instrument';
import { drawText } from '../pdf-text-replay';
import { ensureSpace, MARGIN } from './page';
import { COLOR } from './style';

// A bar chart from the instrument's chart geometry (the same data the web page renders to SVG), so page and report
// can never disagree.

type Doc = PDFKit.PDFDocument;

export interface BarChartBox {
  /** Left edge, in points. */
  x: number;
  /** Width in points: the geometry's pixel canvas is scaled to it. */
  width: number;
  /** Font size of the band labels (the values above the bars are half a point smaller). */
  labelSize: number;
}

/** A chart this block draws: the geometry, and the vertical axis' title where it has one (the T chart's). */
export type DrawableChart = Omit<ChartGeometry, 'normField'> & { readonly axisLabel?: string };

/**
 * How a guide line is drawn: a T chart's level starts each in its own pattern (dotted Mild, dashed Moderate, solid
 * High), so they read apart in greyscale; other guides dashed.
 */
const GUIDE_STYLE: Record<string, { dash: [number, number] | null; width: number; color: string }> = {
  Mild: { dash: [1.2, 1.6], width: 0.9, color: '#3e4c59' },
  Moderate: { dash: [3.5, 2], width: 0.9, color: '#3e4c59' },
  High: { dash: null, width: 1, color: '#1f2933' },
  other: { dash: [3, 2], width: 0.6, color: COLOR.guide },
};

/** The geometry's pixel canvas placed on the page: `s` points per pixel, X and Y from pixels to page points. */
interface Placement {
  s: number;
  X: (px: number) => number;
  Y: (py: number) => number;
}

/**
 * One chart at doc.y (on a new page unless it fits), from the geometry's pixel coordinates scaled to `box.width`
 * points. Nothing here positions a bar: heights, axis and guide lines all come from the geometry.
 */
export function drawBarChart(doc: Doc, chart: DrawableChart, box: BarChartBox): void {
  const s = box.width / chart.width;
  const height = chart.height * s;
  // Room above the plot for the axis title.
  const titleRoom = chart.axisLabel ? 8 : 0;
  ensureSpace(doc, height + titleRoom + 10);
  const originY = doc.y + titleRoom;
  const at: Placement = { s, X: (px) => box.x + px * s, Y: (py) => originY + py * s };

  doc.save();
  drawBarsAndGuides(doc, chart, at);
  drawAxes(doc, chart, at);
  drawBandLabels(doc, chart, at, box.labelSize);
  doc.restore();
  doc.fillColor(COLOR.text).font('regular').fontSize(10);
  doc.x = MARGIN.left;
  doc.y = originY + height + 4;
}

/** Bars first, then the guide lines over them so every cut-off stays visible, then the notches of clipped bars. */
function drawBarsAndGuides(doc: Doc, chart: DrawableChart, { s, X, Y }: Placement): void {
  for (const bar of chart.bars) {
    doc.rect(X(bar.x), Y(bar.y), bar.width * s, bar.height * s).fill(bar.fill);
  }
  for (const guide of chart.guideLines) {
    const style = GUIDE_STYLE[guide.level ?? 'other'] ?? GUIDE_STYLE.other!;
    doc.moveTo(X(guide.x1), Y(guide.y)).lineTo(X(guide.x2), Y(guide.y)).lineWidth(style.width).strokeColor(style.color);
    if (style.dash) {
      doc.dash(style.dash[0], { space: style.dash[1] });
    }
    doc.stroke().undash();
    if (guide.label !== '') {
      doc.font('condensed').fontSize(6.5).fillColor(style.color);
      drawText(doc, guide.label, X(guide.x2) + 2, Y(guide.y) - 3, { width: 40, lineBreak: false });
    }
  }
  // A bar stopped at the end of its axis or table (a score beyond the printed rows) gets a notch in its top, so it
  // never reads as an exact value.
  for (const bar of chart.bars.filter((b) => b.isClipped && b.height > 0)) {
    const cx = X(bar.x + bar.width / 2);
    const top = Y(bar.y);
    const half = Math.min((bar.width * s) / 4, 4);
    doc.polygon([cx - half, top], [cx + half, top], [cx, top + half * 1.2]).fill('#ffffff');
  }
}

/** The vertical and horizontal axis, the vertical axis' title and its ticks with their labels. */
function drawAxes(doc: Doc, chart: DrawableChart, { X, Y }: Placement): void {
  doc
    .moveTo(X(chart.axisX), Y(chart.plot.y))
    .lineTo(X(chart.axisX), Y(chart.baselineY))
    .lineTo(X(chart.plot.x + chart.plot.width), Y(chart.baselineY))
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  doc.font('condensed').fontSize(7).fillColor(COLOR.text);
  if (chart.axisLabel) {
    drawText(doc, chart.axisLabel, X(0), Y(chart.plot.y) - 12, { width: 60, lineBreak: false });
  }
  for (const tick of chart.yTicks) {
    doc
      .moveTo(X(chart.axisX) - 3, Y(tick.y))
      .lineTo(X(chart.axisX), Y(tick.y))
      .lineWidth(0.6)
      .stroke();
    drawText(doc, tick.label, X(0), Y(tick.y) - 3.5, {
      width: X(chart.axisX) - X(0) - 5,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** Band labels under the axis, and each bar's value above it (or 'n/s' where a scale is not scored). */
function drawBandLabels(doc: Doc, chart: DrawableChart, { s, X, Y }: Placement, labelSize: number): void {
  const barsByKey = new Map(chart.bars.map((bar) => [bar.key, bar]));
  const labelsByKey = new Map(chart.valueLabels.map((label) => [label.key, label]));
  for (const band of chart.bands) {
    const cx = X(band.center);
    const bandWidth = Math.max(band.width * s, 24);
    doc.font('condensedBold').fontSize(labelSize).fillColor(COLOR.text);
    drawText(doc, band.label, cx - bandWidth / 2 - 4, Y(chart.baselineY) + 4, {
      width: bandWidth + 8,
      align: 'center',
      lineBreak: false,
    });
    const bar = barsByKey.get(band.key);
    const label = labelsByKey.get(band.key);
    doc
      .font('condensed')
      .fontSize(labelSize - 0.5)
      .fillColor(COLOR.muted);
    const valueText = bar ? (bar.valueLabel ?? formatScore(bar.value)) : 'n/s';
    // The geometry's value label: its baseline, and a halo (here a background box padded by the halo on
    // every side of the glyphs) that hides a guide line under the text, as the web's SVG does with a stroke.
    const fontSize = labelSize - 0.5;
    const baseline = Y(label?.y ?? chart.baselineY);
    const textTop = baseline - fontSize * 0.8;
    const halo = (label?.halo ?? 0) * s;
    const textWidth = doc.widthOfString(valueText);
    doc
      .rect(cx - textWidth / 2 - halo, textTop - halo, textWidth + 2 * halo, fontSize + 2 * halo)
      .fill(VALUE_LABEL_HALO_COLOR);
    doc.fillColor(COLOR.muted);
    drawText(doc, valueText, cx - bandWidth / 2 - 4, textTop, {
      width: bandWidth + 8,
      align: 'center',
      lineBreak: false,
    });
  }
}
