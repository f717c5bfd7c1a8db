import { type TAssessmentResults, type TDomainResult, type TFacetResult, type TTotalResult } from '@pid5/contract';
import { domainTChart, facetTChart, levelKey, scaleNameKey } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn } from '../drawing/table';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { drawText } from '../pdf-text-replay';
import { translatedTChart } from '../profile-report/form';
import { germanGroupText, germanPercentileText, germanTCell } from './trait-models';
import {
  decimalIn,
  formatScoreIn,
  SCORE_TABLE_HEADER_KEYS,
  scoreReportSections,
  scoreTableNote,
  type ScoreWording,
} from './score-report-wording';

type Doc = PDFKit.PDFDocument;

const WIDTHS = [34, 134, 46, 38, 32, 36, 60, 54];

/**
 * Every scale's numbers, domains, facets, then the brief form's total: raw, US T, US percentile, US level, then the
 * German T with its 95 % interval and the German percentile as published (for the patient's group).
 */
export function drawScoresTable(doc: Doc, results: TAssessmentResults, words: ScoreWording): void {
  if (results.form === 'BFM') {
    // No PID-5 scales: the PID5BF+M's six trait domains are the ICD-11 section's (trait-models.ts).
    return;
  }
  const { t, language } = words;
  // The heading with the table's header and a few rows, or a new page.
  ensureSpace(doc, 90);
  sectionHeading(doc, scoreReportSections(t).scores);
  const verdict = results.validityVerdict;
  if (verdict.verdict !== 'valid') {
    doc.font('bold').fontSize(9).fillColor(VERDICT_COLOR[verdict.verdict]);
    drawText(
      doc,
      verdict.verdict === 'not-interpretable'
        ? t('scoreReport.scores.notInterpretable')
        : t('scoreReport.scores.caution'),
      MARGIN.left,
      doc.y,
      { width: CONTENT_WIDTH },
    );
    doc.moveDown(0.4);
  }
  const columns: TableColumn[] = SCORE_TABLE_HEADER_KEYS.map((key, i) => ({
    header: t(key),
    width: WIDTHS[i] ?? CONTENT_WIDTH - WIDTHS.reduce((a, b) => a + b, 0),
    align: i >= 3 && i !== 6 ? 'right' : 'left',
  }));
  const row = (scale: TFacetResult | TDomainResult | TTotalResult, domain: string, isDomain: boolean) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: t(scaleNameKey(scale.key)), font: isDomain ? ('condensedBold' as const) : ('condensed' as const) }],
    [{ text: domain, color: COLOR.muted }],
    [{ text: formatScoreIn(language, scale.score) }],
    [{ text: scale.us?.tText ?? '—' }],
    [{ text: decimalIn(language, scale.us?.percentileText ?? '—') }],
    [levelCell(scale, verdict.verdict, words)],
    germanTCell(words, scale.de),
    [{ text: germanPercentileText(words, scale.de) }],
  ];
  const rows = [
    ...results.domains.map((d) => row(d, t('scoreReport.scoresTable.isDomain'), true)),
    ...results.facets.map((f) => row(f, f.domain ?? '—', false)),
    ...(results.total ? [row(results.total, t('scoreReport.scoresTable.allItems'), true)] : []),
  ];
  drawTable(
    doc,
    columns,
    rows.map((cells) => cells.map((cell) => cell.map((line: CellLine) => ({ ...line, size: line.size ?? 7.5 })))),
  );
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  const group = results.germanNorms ? germanGroupText(t, results.germanNorms.group) : '—';
  drawText(doc, scoreTableNote(t, results.form, group), MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });
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
  { t }: ScoreWording,
) {
  const level = t(levelKey(scale));
  if (scale.level && verdict === 'not-interpretable') {
    return { text: `(${level})`, font: 'condensed' as const, color: COLOR.muted };
  }
  return {
    text: level,
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
export function drawTCharts(doc: Doc, results: TAssessmentResults, { t }: ScoreWording): void {
  if (results.domains.length === 0) {
    return;
  }
  const domainScales = results.total ? [...results.domains, results.total] : results.domains;
  const domainWidth = DOMAIN_CHART_WIDTH;
  ensureSpace(doc, 70 + (domainWidth * 500) / 450);
  sectionHeading(doc, scoreReportSections(t).chart);
  drawBarChart(doc, translatedTChart(domainTChart(domainScales), t), {
    x: MARGIN.left + (CONTENT_WIDTH - domainWidth) / 2,
    width: domainWidth,
    labelSize: 7.5,
  });
  if (results.facets.length > 0) {
    doc.moveDown(0.6);
    drawBarChart(doc, translatedTChart(facetTChart(results.facets), t), {
      x: MARGIN.left,
      width: CONTENT_WIDTH,
      labelSize: 6.5,
    });
  }
  caption(doc, t('scoreReport.chartCaption'));
}
