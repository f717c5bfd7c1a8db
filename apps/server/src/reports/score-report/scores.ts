import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
  type TTotalResult,
} from '@pid5/contract';
import { domainTChart, facetTChart } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type TableColumn } from '../drawing/table';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { drawText } from '../pdf-text-replay';
import { SCORE_REPORT_SECTIONS, SCORE_TABLE_HEADERS, SCORE_TABLE_NOTES, T_CHART_CAPTION } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

const WIDTHS = [34, 150, 44, 40, 40, 46, 70];

/** Every scale's numbers, domains, facets, then the brief form's total: raw, US T, US percentile, US level, German z. */
export function drawScoresTable(doc: Doc, results: TAssessmentResults): void {
  sectionHeading(doc, SCORE_REPORT_SECTIONS.scores);
  const verdict = results.validityVerdict;
  if (verdict.verdict !== 'valid') {
    doc.font('bold').fontSize(9).fillColor(VERDICT_COLOR[verdict.verdict]);
    drawText(
      doc,
      verdict.verdict === 'not-interpretable'
        ? 'Not interpretable: the numbers below are listed for the record only; do not interpret the levels.'
        : 'Interpret with caution: see the validity table above.',
      MARGIN.left,
      doc.y,
      { width: CONTENT_WIDTH },
    );
    doc.moveDown(0.4);
  }
  const columns: TableColumn[] = SCORE_TABLE_HEADERS.map((header, i) => ({
    header,
    width: WIDTHS[i] ?? CONTENT_WIDTH - WIDTHS.reduce((a, b) => a + b, 0),
    align: i >= 3 && i !== 6 ? 'right' : 'left',
  }));
  const row = (scale: TFacetResult | TDomainResult | TTotalResult, domain: string, isDomain: boolean) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: scale.name, font: isDomain ? ('condensedBold' as const) : ('condensed' as const) }],
    [{ text: domain, color: COLOR.muted }],
    [{ text: formatScore(scale.score) }],
    [{ text: scale.us?.tText ?? '—' }],
    [{ text: scale.us?.percentileText ?? '—' }],
    [levelCell(scale, verdict.verdict)],
    [{ text: formatScore(scale.irf) }],
  ];
  const rows = [
    ...results.domains.map((d) => row(d, '(domain)', true)),
    ...results.facets.map((f) => row(f, f.domain ?? '—', false)),
    ...(results.total ? [row(results.total, '(all items)', true)] : []),
  ];
  drawTable(
    doc,
    columns,
    rows.map((cells) => cells.map((cell) => cell.map((line) => ({ ...line, size: 7.5 })))),
  );
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  drawText(doc, SCORE_TABLE_NOTES[results.form], MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.fillColor(COLOR.text).fontSize(10);
  doc.moveDown(0.8);
}

/**
 * A scale's level: elevated levels in bold colour, except under a not-interpretable verdict, where a level is kept
 * for the record in parentheses and plain, as the results page shows it (no colour that invites reading it).
 */
function levelCell(
  scale: TFacetResult | TDomainResult | TTotalResult,
  verdict: TAssessmentResults['validityVerdict']['verdict'],
) {
  if (scale.level && verdict === 'not-interpretable') {
    return { text: `(${scale.level})`, font: 'condensed' as const, color: COLOR.muted };
  }
  return {
    text: formatLevel(scale),
    font: scale.level ? ('condensedBold' as const) : ('condensed' as const),
    color: scale.level ? COLOR.elevated : COLOR.text,
  };
}

const VERDICT_COLOR = { caution: '#9c5700', 'not-interpretable': '#b42318', valid: COLOR.text } as const;

const DOMAIN_CHART_WIDTH = 230;

/**
 * The profile in T: domains (the brief form: and its total), then the facets where the form has them, from the
 * instrument's T chart geometry, each scale with its own level lines.
 */
export function drawTCharts(doc: Doc, results: TAssessmentResults): void {
  const domainScales = results.total ? [...results.domains, results.total] : results.domains;
  const domainWidth = DOMAIN_CHART_WIDTH;
  ensureSpace(doc, 70 + (domainWidth * 500) / 450);
  sectionHeading(doc, SCORE_REPORT_SECTIONS.chart);
  drawBarChart(doc, domainTChart(domainScales), {
    x: MARGIN.left + (CONTENT_WIDTH - domainWidth) / 2,
    width: domainWidth,
    labelSize: 7.5,
  });
  if (results.facets.length > 0) {
    doc.moveDown(0.6);
    drawBarChart(doc, facetTChart(results.facets), { x: MARGIN.left, width: CONTENT_WIDTH, labelSize: 6.5 });
  }
  caption(doc, T_CHART_CAPTION);
}
