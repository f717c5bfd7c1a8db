import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
} from '@pid5/contract';
import { chartScoresFromLists, domainChart, facetChart, type ChartGeometry } from '@pid5/instrument';
import { createReportDocument } from './report-document';
import { NAME_FONT } from './report-fonts';
import { hasRightToLeftWords, visualWordOrder } from './report-name';
import { drawText, measureText } from './report-text';
import {
  CHART_CAPTION,
  DOMAIN_TEXTS,
  FACET_TEXTS,
  FOOTER_NOTICE,
  LEVEL_EXPLANATIONS,
  NAVIGATING_INTRO,
  REPORT_TITLE,
  reportFixedTexts,
  SECTION_TITLES,
  UNDERSTANDING_CLOSING,
  UNDERSTANDING_PARAGRAPHS,
  type TraitText,
} from './report-texts';

// The printable report (spec §2 "Printable report"), drawn in code with pdfkit from stored data (DESIGN.md §10):
// header, Understanding Your Personality Profile, Trait Domains (chart + table), Personality Trait Facets (chart +
// table in two parts), Navigating Challenges and Harnessing Potential (two tables, the second on a new page), a
// validity note, and on every page the footer with the copyright line, the notice, the item set and norms used, and
// 'Page X of Y'. Charts are drawn from the instrument's chart geometry, the same data the web page renders to SVG.
// Every text the person typed (the name) is printed with pdfkit's text(), i.e. as plain text, never interpreted.
// Runs in a worker thread (pdf-pool.ts) so a report never blocks the event loop.

export interface ReportInput {
  /** Already sanitised (report-name.ts). */
  readonly name: string;
  /** Already formatted in the requester's locale (report-date.ts). */
  readonly dateText: string;
  readonly results: TAssessmentResults;
  readonly instituteName: string;
  readonly copyrightYear: number;
}

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = { top: 54, left: 54, right: 54, bottom: 84 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  brand: '#2b7a7e',
  rule: '#c9d4d8',
  zebra: '#f1f7f7',
  elevated: '#1d5f62',
  guide: '#3e4c59',
};

type Doc = PDFKit.PDFDocument;

/** What the report prints besides its texts: the copyright sign, and scores and levels in every form. */
function fixedTexts(): string[] {
  return [
    ...reportFixedTexts(),
    '\u00a9',
    formatScore(-1.23),
    formatScore(null),
    formatLevel({ level: null, isScored: true }),
    formatLevel({ level: null, isScored: false }),
  ];
}

/** Draw the report; resolves to the PDF bytes. */
export function renderReportPdf(input: ReportInput): Promise<Uint8Array> {
  const doc = createReportDocument(
    {
      size: 'A4',
      margins: MARGIN,
      bufferPages: true,
      lang: 'en',
      displayTitle: true,
      info: {
        Title: `${REPORT_TITLE} — ${input.name}`,
        Author: input.instituteName,
        Subject: 'Personality profile (PID-5 adult self-report)',
        Creator: input.instituteName,
      },
    },
    fixedTexts,
  );
  doc.font('regular').fillColor(COLOR.text);

  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const { results } = input;
  const chartScores = chartScoresFromLists(results);

  drawHeader(doc, input);
  drawUnderstanding(doc);

  doc.addPage();
  sectionHeading(doc, SECTION_TITLES.domains);
  const domainGeometry = domainChart(chartScores);
  const domainWidth = 250;
  drawChart(doc, domainGeometry, { x: MARGIN.left + (CONTENT_WIDTH - domainWidth) / 2, y: doc.y, width: domainWidth });
  caption(doc, CHART_CAPTION);
  scaleTable(doc, results.domains, DOMAIN_TEXTS, { nameHeader: 'Domain', hasNote: true });

  doc.addPage();
  sectionHeading(doc, SECTION_TITLES.facets);
  drawChart(doc, facetChart(chartScores), { x: MARGIN.left, y: doc.y, width: CONTENT_WIDTH });
  caption(doc, CHART_CAPTION);
  const half = Math.ceil(results.facets.length / 2);
  scaleTable(doc, results.facets.slice(0, half), FACET_TEXTS, { nameHeader: 'Facet', hasNote: false });
  doc.moveDown(0.8);
  scaleTable(doc, results.facets.slice(half), FACET_TEXTS, { nameHeader: 'Facet', hasNote: true });

  doc.addPage();
  sectionHeading(doc, SECTION_TITLES.navigating);
  paragraph(doc, NAVIGATING_INTRO);
  doc.moveDown(0.4);
  drawTraitTables(doc, results);

  drawValidityNote(doc, results);
  drawFooters(doc, input);
  doc.end();
  return done;
}

// ——— Layout helpers ———

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) {
    doc.addPage();
  }
}

/** A horizontal line from the left margin at `y`: across the content width in the rule colour unless told otherwise. */
function rule(doc: Doc, y: number, line: { lineWidth: number; color?: string; length?: number }): void {
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + (line.length ?? CONTENT_WIDTH), y)
    .lineWidth(line.lineWidth)
    .strokeColor(line.color ?? COLOR.rule)
    .stroke();
}

function sectionHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.font('bold').fontSize(15).fillColor(COLOR.brand);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 3;
  rule(doc, y, { lineWidth: 2, color: COLOR.brand, length: 40 });
  doc.y = y + 10;
  doc.font('regular').fontSize(10).fillColor(COLOR.text);
}

function subHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.font('bold').fontSize(11).fillColor(COLOR.text);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10);
}

function paragraph(doc: Doc, text: string): void {
  doc.font('regular').fontSize(10);
  ensureSpace(doc, measureText(doc, text, { width: CONTENT_WIDTH, lineGap: 2 }));
  // Colours after any page break: a new page starts with a fresh graphics state.
  doc.fillColor(COLOR.text);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
  doc.moveDown(0.6);
}

function caption(doc: Doc, text: string): void {
  doc.font('regular').fontSize(8).fillColor(COLOR.muted);
  drawText(doc, text, MARGIN.left, doc.y + 4, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.moveDown(0.9);
  doc.fillColor(COLOR.text);
}

// ——— Header and introduction ———

/** The logo (apps/web/public/logo.svg) drawn as vectors: a teal rounded square with four rising bars. */
function drawLogo(doc: Doc, x: number, y: number, size: number): void {
  const s = size / 32;
  doc.save();
  doc.roundedRect(x, y, 32 * s, 32 * s, 6 * s).fill(COLOR.brand);
  doc.fillColor('#ffffff');
  for (const [bx, by, bw, bh] of [
    [6, 16, 4, 10],
    [12, 10, 4, 16],
    [18, 13, 4, 13],
    [24, 6, 2, 20],
  ] as const) {
    doc.rect(x + bx * s, y + by * s, bw * s, bh * s).fill();
  }
  doc.restore();
}

function drawHeader(doc: Doc, input: ReportInput): void {
  const top = MARGIN.top;
  drawLogo(doc, MARGIN.left, top, 46);
  const textX = MARGIN.left + 60;
  const textWidth = CONTENT_WIDTH - 60;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, input.instituteName, textX, top, { width: textWidth, align: 'right' });
  doc.font('bold').fontSize(24).fillColor(COLOR.brand);
  drawText(doc, REPORT_TITLE, textX, top + 6, { width: textWidth });
  let y = Math.max(doc.y, top + 46) + 14;

  doc.font(NAME_FONT).fontSize(12).fillColor(COLOR.text);
  drawNameLine(doc, input.name, y);
  doc.font('regular').fontSize(10).fillColor(COLOR.muted);
  drawText(doc, `Date: ${input.dateText}`, MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH });
  y = doc.y + 10;
  rule(doc, y, { lineWidth: 1 });
  doc.y = y + 18;
  doc.fillColor(COLOR.text);
}

/**
 * 'Name: ' and the name. Drawn, never recorded (report-text.ts): a patient's name is not kept once their report is
 * done. pdfkit lays out a line as words in typed order, each followed by its space, so a right-to-left word came out
 * with its space in front and two Hebrew or Arabic words ran together in the wrong order. A name with such words is
 * therefore drawn word by word in the order of the page (report-name.ts `visualWordOrder`), on one line, in a smaller
 * size if it would not fit.
 */
function drawNameLine(doc: Doc, name: string, y: number): void {
  const label = 'Name: ';
  if (!hasRightToLeftWords(name)) {
    doc.text(`${label}${name}`, MARGIN.left, y, { width: CONTENT_WIDTH });
    return;
  }
  const words = visualWordOrder(name);
  // Width grows in proportion to the font size: measured once at 12 pt, the line is set as large as fits (≥ 7 pt).
  doc.fontSize(12);
  const widthAt12 =
    doc.widthOfString(label) +
    doc.widthOfString(' ') * (words.length - 1) +
    words.reduce((sum, word) => sum + doc.widthOfString(word), 0);
  const size = Math.max(7, Math.min(12, Math.floor((24 * CONTENT_WIDTH) / widthAt12) / 2));
  doc.fontSize(size);
  const space = doc.widthOfString(' ');
  let x = MARGIN.left;
  for (const text of [label.trimEnd(), ...words]) {
    doc.text(text, x, y, { lineBreak: false });
    x += doc.widthOfString(text) + space;
  }
  doc.fontSize(12);
  doc.x = MARGIN.left;
  doc.y = y + doc.currentLineHeight(true);
}

const LEVEL_SWATCH: Record<'Mild' | 'Moderate' | 'High', string> = {
  Mild: '#a8d5d7',
  Moderate: '#48A9AD',
  High: '#1d5f62',
};

function drawUnderstanding(doc: Doc): void {
  sectionHeading(doc, SECTION_TITLES.understanding);
  const [profile, domains, facets, scores] = UNDERSTANDING_PARAGRAPHS;
  subHeading(doc, 'What is a personality profile?');
  paragraph(doc, profile ?? '');
  subHeading(doc, 'Trait domains');
  paragraph(doc, domains ?? '');
  subHeading(doc, 'Trait facets');
  paragraph(doc, facets ?? '');
  subHeading(doc, 'How to read the scores');
  paragraph(doc, scores ?? '');

  for (const { level, text } of LEVEL_EXPLANATIONS) {
    const y = doc.y;
    doc.rect(MARGIN.left + 8, y + 1, 10, 10).fill(LEVEL_SWATCH[level]);
    doc.font('bold').fontSize(10).fillColor(COLOR.text);
    drawText(doc, level, MARGIN.left + 26, y, { width: 70 });
    doc.font('regular');
    drawText(doc, text, MARGIN.left + 96, y, { width: CONTENT_WIDTH - 96 });
    doc.y = Math.max(doc.y, y + 12) + 4;
  }
  doc.moveDown(0.6);
  paragraph(doc, UNDERSTANDING_CLOSING);
}

// ——— Charts ———

/**
 * One chart from the instrument's geometry (pixel coordinates of the spec's 960×450 / 450×500 canvas), scaled to
 * `width` points. Nothing here positions a bar: heights, axis and guide lines all come from the geometry.
 */
function drawChart(doc: Doc, chart: ChartGeometry, box: { x: number; y: number; width: number }): void {
  const s = box.width / chart.width;
  const height = chart.height * s;
  ensureSpace(doc, height + 10);
  const originY = doc.y;
  const X = (px: number) => box.x + px * s;
  const Y = (py: number) => originY + py * s;
  const isFacets = chart.kind === 'facets';
  const labelSize = isFacets ? 6.5 : 8;

  doc.save();
  // Bars first, then the guide lines over them so every cut-off stays visible.
  for (const bar of chart.bars) {
    doc.rect(X(bar.x), Y(bar.y), bar.width * s, bar.height * s).fill(bar.fill);
  }
  for (const guide of chart.guideLines) {
    doc
      .moveTo(X(guide.x1), Y(guide.y))
      .lineTo(X(guide.x2), Y(guide.y))
      .dash(3, { space: 2 })
      .lineWidth(0.6)
      .strokeColor(COLOR.guide)
      .stroke()
      .undash();
  }
  // Axes.
  doc
    .moveTo(X(chart.axisX), Y(chart.plot.y))
    .lineTo(X(chart.axisX), Y(chart.baselineY))
    .lineTo(X(chart.plot.x + chart.plot.width), Y(chart.baselineY))
    .lineWidth(0.8)
    .strokeColor(COLOR.text)
    .stroke();
  doc.font('condensed').fontSize(7).fillColor(COLOR.text);
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
  // Band labels under the axis, and each bar's value above it (or 'n/s' where a scale is not scored).
  const barsByKey = new Map(chart.bars.map((bar) => [bar.key, bar]));
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
    doc
      .font('condensed')
      .fontSize(labelSize - 0.5)
      .fillColor(COLOR.muted);
    const valueText = bar ? formatScore(bar.value) : 'n/s';
    const top = bar ? Y(bar.y) : Y(chart.baselineY);
    // A white patch behind the value keeps it readable where a guide line passes.
    const textWidth = doc.widthOfString(valueText);
    doc.rect(cx - textWidth / 2 - 1, top - labelSize - 1.5, textWidth + 2, labelSize + 0.5).fill('#ffffff');
    doc.fillColor(COLOR.muted);
    drawText(doc, valueText, cx - bandWidth / 2 - 4, top - labelSize - 1.5, {
      width: bandWidth + 8,
      align: 'center',
      lineBreak: false,
    });
  }
  doc.restore();
  doc.fillColor(COLOR.text).font('regular').fontSize(10);
  doc.x = MARGIN.left;
  doc.y = originY + height + 4;
}

// ——— Tables ———

interface Line {
  text: string;
  font?: 'regular' | 'bold' | 'condensed' | 'condensedBold';
  size?: number;
  color?: string;
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const CELL_PAD_X = 4;
const CELL_PAD_Y = 4;
const BODY_SIZE = 8;

function lineHeight(doc: Doc, line: Line, width: number): number {
  doc.font(line.font ?? 'condensed').fontSize(line.size ?? BODY_SIZE);
  return measureText(doc, line.text, { width: width - 2 * CELL_PAD_X, lineGap: 1 });
}

function cellHeight(doc: Doc, lines: readonly Line[], width: number): number {
  let h = 0;
  for (const line of lines) {
    h += lineHeight(doc, line, width);
  }
  return h + 2 * CELL_PAD_Y;
}

const HEADER_ROW_HEIGHT = 18;

function rowHeight(doc: Doc, columns: readonly Column[], row: readonly (readonly Line[])[]): number {
  return Math.max(...row.map((cell, i) => cellHeight(doc, cell, columns[i]?.width ?? 0)));
}

function drawHeaderRow(doc: Doc, columns: readonly Column[]): void {
  const y = doc.y;
  const height = HEADER_ROW_HEIGHT;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.brand);
  let x = MARGIN.left;
  doc.font('condensedBold').fontSize(BODY_SIZE).fillColor('#ffffff');
  for (const column of columns) {
    drawText(doc, column.header, x + CELL_PAD_X, y + 5, {
      width: column.width - 2 * CELL_PAD_X,
      align: column.align ?? 'left',
      lineBreak: false,
    });
    x += column.width;
  }
  doc.y = y + height;
}

/** A table whose rows never split across pages; the header repeats on every page it continues on. */
function drawTable(doc: Doc, columns: readonly Column[], rows: readonly (readonly (readonly Line[])[])[]): void {
  ensureSpace(doc, HEADER_ROW_HEIGHT + 30);
  drawHeaderRow(doc, columns);
  rows.forEach((row, rowIndex) => {
    const height = rowHeight(doc, columns, row);
    if (doc.y + height > CONTENT_BOTTOM) {
      doc.addPage();
      drawHeaderRow(doc, columns);
    }
    const y = doc.y;
    if (rowIndex % 2 === 1) {
      doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    }
    let x = MARGIN.left;
    row.forEach((cell, i) => {
      const column = columns[i];
      if (!column) {
        return;
      }
      let cy = y + CELL_PAD_Y;
      for (const line of cell) {
        doc
          .font(line.font ?? 'condensed')
          .fontSize(line.size ?? BODY_SIZE)
          .fillColor(line.color ?? COLOR.text);
        drawText(doc, line.text, x + CELL_PAD_X, cy, {
          width: column.width - 2 * CELL_PAD_X,
          align: column.align ?? 'left',
          lineGap: 1,
        });
        cy = doc.y;
      }
      x += column.width;
    });
    rule(doc, y + height, { lineWidth: 0.4 });
    doc.y = y + height;
  });
  doc.x = MARGIN.left;
  doc.fillColor(COLOR.text).font('regular').fontSize(10);
}

function levelLine(scale: { level: TFacetResult['level']; isScored: boolean }): Line {
  const text = formatLevel(scale);
  return scale.level
    ? { text, font: 'condensedBold', color: COLOR.elevated }
    : { text, color: scale.isScored ? COLOR.text : COLOR.muted };
}

/** Abbreviation, name, description, then the numbers: mean item score, both standardised scores, level. */
function scaleTable(
  doc: Doc,
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  options: { nameHeader: string; hasNote: boolean },
): void {
  const columns: Column[] = [
    { header: 'Abbr.', width: 38 },
    { header: options.nameHeader, width: 86 },
    { header: 'Description', width: 187 },
    { header: 'Score', width: 36, align: 'right' },
    { header: 'US z', width: 38, align: 'right' },
    { header: 'German z', width: 50, align: 'right' },
    { header: 'Level', width: CONTENT_WIDTH - 435 },
  ];
  const rows = scales.map((scale) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: scale.name, font: 'condensedBold' as const }],
    [{ text: texts[scale.key]?.description ?? '' }],
    [{ text: formatScore(scale.score) }],
    [{ text: formatScore(scale.srf) }],
    [{ text: formatScore(scale.irf) }],
    [levelLine(scale)],
  ]);
  drawTable(doc, columns, rows);
  if (!options.hasNote) {
    return;
  }
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  drawText(
    doc,
    'Score: mean answer on the 0-3 scale (domains: mean of their three facets). US z and German z: standardised ' +
      'scores against the US and German general-population norms. Level: from US z (Mild 1.5, Moderate 2, High 3).',
    MARGIN.left,
    doc.y + 3,
    { width: CONTENT_WIDTH, lineGap: 1 },
  );
  doc.fillColor(COLOR.text).fontSize(10);
}

interface TraitRow {
  name: string;
  kind: 'Domain' | 'Facet';
  scale: TFacetResult | TDomainResult;
  text: TraitText;
}

/** The five domains, then the 25 facets in alphabetical order of their names. */
function traitRows(results: TAssessmentResults): TraitRow[] {
  const domains = results.domains.map((scale): TraitRow => ({
    name: scale.name,
    kind: 'Domain',
    scale,
    text: textFor(DOMAIN_TEXTS, scale.key),
  }));
  const facets = [...results.facets]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((scale): TraitRow => ({ name: scale.name, kind: 'Facet', scale, text: textFor(FACET_TEXTS, scale.key) }));
  return [...domains, ...facets];
}

function textFor(texts: Readonly<Record<string, TraitText>>, key: string): TraitText {
  const text = texts[key];
  if (!text) {
    throw new Error(`No report text for ${key}`);
  }
  return text;
}

const TRAIT_NAME_WIDTH = CONTENT_WIDTH * 0.2;
const TRAIT_DIFFICULTY_WIDTH = CONTENT_WIDTH * 0.4;
const TRAIT_COLUMNS: readonly Column[] = [
  { header: 'Trait', width: TRAIT_NAME_WIDTH },
  { header: 'Possible difficulties', width: TRAIT_DIFFICULTY_WIDTH },
  { header: 'Strengths', width: CONTENT_WIDTH - TRAIT_NAME_WIDTH - TRAIT_DIFFICULTY_WIDTH },
];

function traitCells(row: TraitRow): Line[][] {
  const nameCell: Line[] = [
    { text: row.name, font: 'condensedBold' },
    { text: row.kind, size: 7, color: COLOR.muted },
  ];
  if (row.scale.level) {
    nameCell.push({ text: `Your level: ${row.scale.level}`, font: 'condensedBold', size: 7, color: COLOR.elevated });
  }
  return [nameCell, [{ text: row.text.difficulties }], [{ text: row.text.strengths }]];
}

/**
 * Spec §2: a first table, then after a page break a second one that covers at least Perceptual Dysregulation to
 * Withdrawal. The first takes the domains and as many facets as fit on its page, up to (not including) Perceptual
 * Dysregulation; the second starts on a new page with the rest. So no page is left mostly empty between them.
 */
function drawTraitTables(doc: Doc, results: TAssessmentResults): void {
  const rows = traitRows(results);
  const secondStartsBy = rows.findIndex((row) => row.kind === 'Facet' && row.scale.key === 'Prc');
  const cells = rows.map(traitCells);
  let available = CONTENT_BOTTOM - doc.y - HEADER_ROW_HEIGHT;
  let split = 0;
  while (split < secondStartsBy) {
    const height = rowHeight(doc, TRAIT_COLUMNS, cells[split] ?? []);
    if (height > available) {
      break;
    }
    available -= height;
    split++;
  }
  drawTable(doc, TRAIT_COLUMNS, cells.slice(0, split));
  doc.addPage();
  drawTable(doc, TRAIT_COLUMNS, cells.slice(split));
}

// ——— Validity note and footers ———

interface Block {
  text: string;
  size: number;
  color: string;
  indent: number;
  gapAfter: number;
  bullet?: string;
}

function validityBlocks(results: TAssessmentResults): Block[] {
  const { srf, irf } = results.norms;
  return [
    { text: results.validity.summary, size: 10, color: COLOR.text, indent: 0, gapAfter: 8 },
    ...results.validity.scales.map((scale): Block => ({
      text: `${scale.name}: ${scale.statement}`,
      size: 9,
      color: COLOR.text,
      indent: 14,
      gapAfter: 4,
      bullet: scale.isConcern ? '#b7791f' : COLOR.brand,
    })),
    {
      text:
        `Norms: US general population (${srf.citation}; N = ${srf.sampleN ?? 'n/a'}) for the charts, US z and the ` +
        `levels; German general population (${irf.citation}; N = ${irf.sampleN ?? 'n/a'}) for German z. ` +
        `Versions: ${results.instrument.version}; ${results.normsVersion}.`,
      size: 8,
      color: COLOR.muted,
      indent: 0,
      gapAfter: 0,
    },
  ];
}

function blockHeight(doc: Doc, block: Block): number {
  doc.font('regular').fontSize(block.size);
  return measureText(doc, block.text, { width: CONTENT_WIDTH - block.indent, lineGap: 1.5 }) + block.gapAfter;
}

/** The validity note, kept on one page: it starts a new page rather than leave its last lines alone on the next. */
function drawValidityNote(doc: Doc, results: TAssessmentResults): void {
  const blocks = validityBlocks(results);
  const headingHeight = 50;
  const total = headingHeight + blocks.reduce((sum, block) => sum + blockHeight(doc, block), 0);
  doc.y += 16;
  if (doc.y + total > CONTENT_BOTTOM) {
    doc.addPage();
  }
  sectionHeading(doc, SECTION_TITLES.validity);
  for (const block of blocks) {
    const height = blockHeight(doc, block);
    ensureSpace(doc, height);
    const y = doc.y;
    if (block.bullet) {
      doc.circle(MARGIN.left + 4, y + block.size / 2, 1.8).fill(block.bullet);
    }
    doc.font('regular').fontSize(block.size).fillColor(block.color);
    drawText(doc, block.text, MARGIN.left + block.indent, y, { width: CONTENT_WIDTH - block.indent, lineGap: 1.5 });
    doc.y = y + height;
  }
  doc.fillColor(COLOR.text);
}

function itemSetText(results: TAssessmentResults): string {
  const { id, title } = results.itemSet;
  if (id === null) {
    return 'not recorded';
  }
  return title ? `${title} (${id})` : id;
}

function drawFooters(doc: Doc, input: ReportInput): void {
  const range = doc.bufferedPageRange();
  const { srf, irf } = input.results.norms;
  const copyright = `\u00a9 ${input.copyrightYear} ${input.instituteName}`;
  const usedLine =
    `Items: ${itemSetText(input.results)}. Norms: ${srf.shortLabel} (${srf.citation}); ` +
    `${irf.shortLabel} (${irf.citation}).`;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page: lift the margin while drawing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = PAGE.height - MARGIN.bottom + 22;
    rule(doc, top, { lineWidth: 0.5 });
    const pageText = `Page ${i - range.start + 1} of ${range.count}`;
    doc.font('condensedBold').fontSize(7.5).fillColor(COLOR.text);
    drawText(doc, pageText, MARGIN.left, top + 6, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    drawText(doc, copyright, MARGIN.left, top + 6, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.font('condensed').fontSize(7).fillColor(COLOR.muted);
    drawText(doc, FOOTER_NOTICE, MARGIN.left, top + 17, { width: CONTENT_WIDTH, lineGap: 0.5 });
    drawText(doc, usedLine, MARGIN.left, doc.y + 1, { width: CONTENT_WIDTH, lineGap: 0.5 });
    doc.page.margins.bottom = bottom;
  }
}
