import type { TAdministrationComparison, TComparedScale } from '@pid5/contract';
import { formatLocaleDate, type Language } from '@pid5/i18n';
import { drawPageFooters } from '../drawing/footer';
import { drawNotice } from '../drawing/notice-box';
import { CONTENT_WIDTH, ensureSpace, MARGIN, reportDocumentOptions, rule } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn, type TableRow } from '../drawing/table';
import { caption, paragraph, sectionHeading } from '../drawing/text-blocks';
import { drawLogo } from '../drawing/logo';
import { createReportDocument, endReportDocument } from '../report-document';
import { allReportFixedTexts } from '../fixed-wording';
import { drawText } from '../pdf-text-replay';
import { formatScoreIn, scoreWording, type ScoreWording } from '../score-report/score-report-wording';
import {
  BFM_WORD_KEYS,
  LEVEL_KEYS,
  LEVELS,
  scaleNameKey,
  T_Y_DOMAIN,
  type BfmDomainKey,
  type Level,
} from '@pid5/instrument';
import type { MessageKey } from '../../i18n/translator';
import { germanGroupText, germanTCell } from '../score-report/trait-models';

// The comparison of two administrations as its own small PDF: validity first, then per scale both
// administrations' scores and T, the differences and the reliable change, the reasons where there is no mark, and
// the reliabilities used with their sources. The same building blocks and engine as the profile report; every
// number and sentence comes from the comparison the server computed (compare-administrations.ts). In the reader's
// language; the comparison's own sentences (validity, forms, the RCI rule, reasons, sources) are the instrument's,
// in English.

export interface ComparisonReportInput {
  readonly kind: 'comparison';
  /** The reader's language (absent: English). */
  readonly language?: Language;
  readonly comparison: TAdministrationComparison;
  /** Already formatted in the reader's language (report-date.ts). */
  readonly dateText: string;
  readonly instituteName: string;
  readonly copyrightYear: number;
}

type Doc = PDFKit.PDFDocument;

const FORM_NAME_KEYS = {
  FULL: 'scoreReport.formName.FULL',
  SF: 'scoreReport.formName.SF',
  BF: 'scoreReport.formName.BF',
  BFM: 'scoreReport.formName.BFM',
} as const;
const NOTICE_LOOK = {
  valid: { color: COLOR.brand, tint: '#eef6f6' },
  caution: { color: '#8a5a00', tint: '#fff6e0' },
  'not-interpretable': { color: '#9b1c1c', tint: '#fdecec' },
} as const;

function signed(value: number | null, digits: number, language: Language): string {
  if (value === null) {
    return '—';
  }
  const fixed = Math.abs(value).toFixed(digits);
  const text = language === 'en' ? fixed : fixed.replace('.', ',');
  return value > 0 ? `+${text}` : value < 0 && Number(fixed) !== 0 ? `\u2212${text}` : text;
}

function formatT(reading: TComparedScale['first']): string {
  if (reading.t === null) {
    return '—';
  }
  return reading.capped === 'above' ? `≥ ${reading.t}` : reading.capped === 'below' ? `≤ ${reading.t}` : `${reading.t}`;
}

/** The day a test was completed (UTC), written out as the other reports write dates ('Nov 26, 2026'). */
function completedOn(finishedAt: string, language: Language): string {
  return formatLocaleDate(language, finishedAt, 'UTC');
}

function drawHeader(doc: Doc, input: ComparisonReportInput, { t, language }: ScoreWording): void {
  const top = MARGIN.top;
  drawLogo(doc, MARGIN.left, top, 46);
  const textX = MARGIN.left + 60;
  const textWidth = CONTENT_WIDTH - 60;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, input.instituteName, textX, top, { width: textWidth, align: 'right' });
  doc.font('bold').fontSize(22).fillColor(COLOR.brand);
  drawText(doc, t('comparison.title'), textX, top + 6, { width: textWidth });
  const { comparison } = input;
  let y = Math.max(doc.y, top + 46) + 12;
  doc.font('regular').fontSize(11).fillColor(COLOR.text);
  // The identifier as typed: plain text, never interpreted.
  doc.text(t('comparison.patientId', { patientId: comparison.patientId }), MARGIN.left, y, { width: CONTENT_WIDTH });
  doc.fontSize(10).fillColor(COLOR.muted);
  const when = (a: TAdministrationComparison['first']) =>
    t('comparison.administration', {
      id: a.id,
      form: t(FORM_NAME_KEYS[a.form]),
      date: completedOn(a.finishedAt, language),
    });
  doc.text(
    t('comparison.administrations', { earlier: when(comparison.first), later: when(comparison.second) }),
    MARGIN.left,
    doc.y + 2,
    { width: CONTENT_WIDTH },
  );
  drawText(doc, t('comparison.date', { date: input.dateText }), MARGIN.left, doc.y + 2, { width: CONTENT_WIDTH });
  y = doc.y + 8;
  rule(doc, y, { lineWidth: 1 });
  doc.y = y + 14;
  doc.fillColor(COLOR.text);
}

function drawValidity(doc: Doc, comparison: TAdministrationComparison, { t }: ScoreWording): void {
  const verdicts = [comparison.first.validity.verdict, comparison.second.validity.verdict];
  const worst = verdicts.includes('not-interpretable')
    ? 'not-interpretable'
    : verdicts.includes('caution')
      ? 'caution'
      : 'valid';
  drawNotice(doc, {
    title: t('comparison.validity'),
    color: NOTICE_LOOK[worst].color,
    tint: NOTICE_LOOK[worst].tint,
    lines: [
      { text: comparison.validityStatement, bold: true },
      { text: t('comparison.earlierSummary', { summary: comparison.first.validity.summary }) },
      { text: t('comparison.laterSummary', { summary: comparison.second.validity.summary }) },
    ],
  });
  paragraph(doc, comparison.formsStatement);
}

const [T_MIN, T_MAX] = T_Y_DOMAIN;

/** Each level's line: dotted Mild, dashed Moderate, solid High (as the profile charts draw them). */
const LEVEL_LINE: Record<Level, { dash: [number, number] | null; width: number }> = {
  Mild: { dash: [0.8, 1], width: 0.8 },
  Moderate: { dash: [2.2, 1], width: 0.8 },
  High: { dash: null, width: 1 },
};

/**
 * The profile of both administrations in US T (axis T 30-100, titled), two bars per scale: the earlier outlined
 * (white), the later solid grey, so it reads in greyscale; T 50 marked. Across each bar, where each level begins on
 * that scale's table of the form given (levels follow the printed percentile, so each scale and form has its own).
 */
function drawTChart(doc: Doc, scales: readonly TComparedScale[], { t }: ScoreWording): void {
  const rowHeight = 10;
  const labelWidth = 130;
  const plotLeft = MARGIN.left + labelWidth;
  const plotWidth = CONTENT_WIDTH - labelWidth - 10;
  // The heading, the legend, the rows, the axis labels and the three-line caption: kept on one page.
  const height = 28 + scales.length * rowHeight + 16 + 36;
  ensureSpace(doc, 40 + height);
  sectionHeading(doc, t('comparison.chart.title'));
  const top = doc.y;
  const x = (t: number) => plotLeft + ((Math.min(Math.max(t, T_MIN), T_MAX) - T_MIN) / (T_MAX - T_MIN)) * plotWidth;
  // Legend: the two tests, then the level lines, each item after the one before as wide as its words (a longer
  // word in another language never runs into the next item).
  const legendGap = 12;
  let legendX = plotLeft;
  const legendText = (text: string, at: number) => {
    doc.fillColor(COLOR.text).font('regular').fontSize(7);
    drawText(doc, text, at, top + 1, { lineBreak: false });
    legendX = at + doc.widthOfString(text) + legendGap;
  };
  doc
    .rect(legendX, top + 2, 10, 6)
    .lineWidth(0.6)
    .fillAndStroke('#ffffff', '#222222');
  legendText(t('comparison.earlier'), legendX + 14);
  doc.rect(legendX, top + 2, 10, 6).fill('#555555');
  legendText(t('comparison.later'), legendX + 14);
  for (const level of LEVELS) {
    levelLine(doc, level, legendX, top, top + 9);
    legendText(t('comparison.levelBegins', { level: t(LEVEL_KEYS[level]) }), legendX + 4);
  }
  doc.font('regular').fontSize(7).fillColor(COLOR.text);
  drawText(doc, t('results.tAxis'), MARGIN.left, top + 14, { width: labelWidth - 6, align: 'right' });
  const plotTop = top + 24;
  const plotBottom = plotTop + scales.length * rowHeight;
  for (let t = T_MIN; t <= T_MAX; t += 10) {
    doc.moveTo(x(t), plotTop).lineTo(x(t), plotBottom).lineWidth(0.4);
    doc.strokeColor(t === 50 ? '#888888' : '#dddddd').stroke();
    doc.fillColor(COLOR.muted).fontSize(6.5);
    drawText(doc, String(t), x(t) - 10, plotBottom + 3, { width: 20, align: 'center' });
  }
  scales.forEach((scale, index) => {
    const y = plotTop + index * rowHeight;
    doc
      .font(scale.kind === 'facet' ? 'regular' : 'bold')
      .fontSize(7)
      .fillColor(COLOR.text);
    // A name longer than the label's room (German's longest) is set smaller, never wrapped onto the next row.
    const name = t(scaleNameKey(scale.key));
    const room = labelWidth - 6;
    const width = doc.widthOfString(name);
    if (width > room) {
      doc.fontSize(Math.max(5, (7 * room) / width));
    }
    drawText(doc, name, MARGIN.left, y + 1.5, { width: labelWidth - 6, align: 'right', lineBreak: false });
    if (scale.first.t !== null) {
      doc
        .rect(plotLeft, y + 1, x(scale.first.t) - plotLeft, 3.8)
        .lineWidth(0.5)
        .fillAndStroke('#ffffff', '#222222');
    }
    if (scale.second.t !== null) {
      doc.rect(plotLeft, y + 5.2, x(scale.second.t) - plotLeft, 3.8).fill('#555555');
    }
    for (const level of LEVELS) {
      const first = scale.first.levelStarts?.[level] ?? null;
      const second = scale.second.levelStarts?.[level] ?? null;
      if (first !== null) {
        levelLine(doc, level, x(first), y + 0.3, y + 5);
      }
      if (second !== null) {
        levelLine(doc, level, x(second), y + 5, y + 9.7);
      }
    }
  });
  doc.fillColor(COLOR.text).font('regular');
  doc.x = MARGIN.left;
  doc.y = plotBottom + 14;
  caption(doc, t('comparison.chart.caption'));
}

function levelLine(doc: Doc, level: Level, x: number, y1: number, y2: number): void {
  const style = LEVEL_LINE[level];
  doc.moveTo(x, y1).lineTo(x, y2).lineWidth(style.width).strokeColor('#1f2933');
  if (style.dash) {
    doc.dash(style.dash[0], { space: style.dash[1] });
  }
  doc.stroke().undash();
}

function columns(t: ScoreWording['t']): readonly TableColumn[] {
  return [
    { header: t('comparison.table.scale'), width: 104 },
    { header: t('comparison.earlier'), width: 38, align: 'right' },
    { header: 'T', width: 50, align: 'right' },
    { header: t('comparison.later'), width: 38, align: 'right' },
    { header: 'T', width: 50, align: 'right' },
    { header: t('comparison.table.difference'), width: 46, align: 'right' },
    { header: t('comparison.table.tDifference'), width: 38, align: 'right' },
    { header: t('comparison.table.reliableChange'), width: CONTENT_WIDTH - 364 },
  ];
}

function changeCell(scale: TComparedScale, reasons: readonly string[], { t, language }: ScoreWording): string {
  const change = scale.reliableChange;
  if (!change) {
    return t('comparison.change.notAssessed', { reason: reasons.indexOf(scale.noReliableChangeReason ?? '') + 1 });
  }
  const verdict = !change.isReliable
    ? t('comparison.change.none')
    : change.direction === 'higher'
      ? t('comparison.change.higher')
      : change.direction === 'lower'
        ? t('comparison.change.lower')
        : t('comparison.change.none');
  const r = language === 'en' ? String(change.r) : String(change.r).replace('.', ',');
  return t('comparison.change.value', { verdict, rci: signed(change.rci, 2, language), r });
}

function drawScales(doc: Doc, comparison: TAdministrationComparison, words: ScoreWording): void {
  const { t, language } = words;
  const reasons = [
    ...new Set(comparison.scales.flatMap((s) => (s.noReliableChangeReason ? [s.noReliableChangeReason] : []))),
  ];
  // The heading with a few rows, or a new page.
  doc.moveDown(0.6);
  ensureSpace(doc, 120);
  sectionHeading(doc, t('comparison.section.scores'));
  const rows: TableRow[] = comparison.scales.map((scale) => [
    [{ text: t(scaleNameKey(scale.key)), font: scale.kind === 'facet' ? 'regular' : 'bold' }],
    [{ text: formatScoreIn(language, scale.first.score) }],
    tCell(scale.first, words),
    [{ text: formatScoreIn(language, scale.second.score) }],
    tCell(scale.second, words),
    [{ text: signed(scale.scoreDifference, 2, language) }],
    [{ text: signed(scale.tDifference, 0, language) }],
    [{ text: changeCell(scale, reasons, words), font: scale.reliableChange?.isReliable ? 'bold' : 'regular' }],
  ]);
  // Set small, as the score report's table, so the method below fits on the table's page.
  drawTable(
    doc,
    columns(t),
    rows.map((cells) => cells.map((cell) => cell.map((line: CellLine) => ({ ...line, size: line.size ?? 7.5 })))),
  );
  reasons.forEach((reason, index) => caption(doc, `(${index + 1}) ${reason}`));
  if (comparison.germanGroups) {
    caption(
      doc,
      t('results.compare.germanGroups', {
        first: germanGroupText(t, comparison.germanGroups.first),
        second: germanGroupText(t, comparison.germanGroups.second),
      }),
    );
  }
}

/** A reading's T cell: the US T, then the German T with its interval under it (DE). */
function tCell(reading: TComparedScale['first'], words: ScoreWording): CellLine[] {
  const lines: CellLine[] = [{ text: formatT(reading) }];
  if (reading.de) {
    const [t, interval] = germanTCell(words, reading.de);
    lines.push({ ...t!, text: `DE ${t!.text}`, size: 6.5 }, { ...interval!, size: 5.5 });
  }
  return lines;
}

/** The ICD-11 trait domains of both full-form tests: each German T with its interval (no US norms exist). */
function drawIcd11(doc: Doc, comparison: TAdministrationComparison, words: ScoreWording): void {
  const { icd11 } = comparison;
  if (!icd11) {
    return;
  }
  const { t } = words;
  doc.moveDown(0.6);
  ensureSpace(doc, 160);
  sectionHeading(doc, t(BFM_WORD_KEYS.title));
  paragraph(doc, t(BFM_WORD_KEYS.caveat));
  const rows: TableRow[] = [...icd11.first.domains, { ...icd11.first.total, key: 'Total' }].map((domain) => {
    const later = domain.key === 'Total' ? icd11.second.total : icd11.second.domains.find((d) => d.key === domain.key);
    return [
      [
        {
          text:
            domain.key === 'Total'
              ? t(BFM_WORD_KEYS.total)
              : t(BFM_WORD_KEYS.domain[domain.key as BfmDomainKey] as MessageKey),
        },
      ],
      germanTCell(words, domain.de),
      germanTCell(words, later?.de),
    ];
  });
  drawTable(
    doc,
    [
      { header: t('results.traitModels.col.scale'), width: 240 },
      { header: t('results.compare.earlierDeT'), width: 120, align: 'right' },
      { header: t('results.compare.laterDeT'), width: CONTENT_WIDTH - 360, align: 'right' },
    ],
    rows,
  );
  caption(doc, t('results.compare.bfmNote'));
}

function drawMethod(doc: Doc, comparison: TAdministrationComparison, { t }: ScoreWording): void {
  doc.moveDown(0.6);
  ensureSpace(doc, 100);
  sectionHeading(doc, t('comparison.section.method'));
  paragraph(doc, comparison.rciRule);
  paragraph(doc, comparison.reliabilityRule);
  const sources = new Map(
    comparison.scales.flatMap((s) => (s.reliableChange ? [[s.reliableChange.source.id, s.reliableChange.source]] : [])),
  );
  if (sources.size === 0) {
    paragraph(doc, t('comparison.noReliability'));
  }
  for (const source of sources.values()) {
    const kind =
      source.kind === 'retest'
        ? t('comparison.source.retest', { interval: source.interval ?? '' })
        : t('comparison.source.internal');
    paragraph(doc, `${source.citation}. ${kind}; ${source.sample}${source.n === null ? '' : `; N = ${source.n}`}.`);
  }
}

/** Draw the comparison; resolves to the PDF bytes. */
export function renderComparisonPdf(input: ComparisonReportInput): Promise<Uint8Array> {
  const words = scoreWording(input.language ?? 'en');
  const { t } = words;
  const doc = createReportDocument(
    reportDocumentOptions({
      title: t('comparison.title'),
      subject: t('comparison.subject'),
      language: words.language,
      instituteName: input.instituteName,
    }),
    // The profile report's texts: whichever report a thread draws first fixes the fonts' base glyphs for both.
    allReportFixedTexts,
  );
  doc.font('regular').fillColor(COLOR.text);
  drawHeader(doc, input, words);
  drawValidity(doc, input.comparison, words);
  drawTChart(doc, input.comparison.scales, words);
  drawScales(doc, input.comparison, words);
  drawIcd11(doc, input.comparison, words);
  drawMethod(doc, input.comparison, words);
  drawPageFooters(doc, {
    title: `\u00a9 ${input.copyrightYear} ${input.instituteName}`,
    // A clinician's document, not the patient's report: the score report's kind of notice.
    lines: [t('comparison.footerNotice')],
    pageText: (page, pages) => t('scoreReport.page', { page, pages }),
  });
  return endReportDocument(doc);
}
