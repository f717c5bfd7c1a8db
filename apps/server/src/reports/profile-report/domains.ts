import type { TAssessmentResults } from '@pid5/contract';
import { domainTChart } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_BOTTOM, CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { caption, captionHeight, sectionHeading } from '../drawing/text-blocks';
import type { ReportWording } from '../report-wording';
import { domainTableTexts, formGivenText, formTableNote, totalRow, translatedTChart } from './form';
import { drawScaleTable, scaleTableHeight, scaleTableLayout } from './scale-table';

type Doc = PDFKit.PDFDocument;

const DOMAIN_CHART_WIDTH = 280;
/** The narrowest the domain chart is drawn to keep its table on the same page (its labels stay legible). */
const MIN_DOMAIN_CHART_WIDTH = 190;
/** Room the chart takes beyond its drawn height (axis title, spacing). */
const CHART_EXTRA = 22;

/**
 * 'Trait Domains': the form given, the domain chart in T (the brief form: with its total), centred, and the table
 * of the domains (and total). Starts a new page unless the heading and the chart fit; the chart is drawn smaller
 * (down to MIN_DOMAIN_CHART_WIDTH) when that keeps the whole table on its page, as German's longer rows need.
 */
export function drawDomains(doc: Doc, results: TAssessmentResults, words: ReportWording): void {
  const scales = [...results.domains, ...totalRow(results)];
  const chart = translatedTChart(domainTChart(scales), words.t);
  const chartHeight = (width: number) => (chart.height * width) / chart.width + CHART_EXTRA;
  ensureSpace(doc, 80 + chartHeight(DOMAIN_CHART_WIDTH));
  sectionHeading(doc, words.sectionTitles.domains);
  caption(doc, formGivenText(results, words));
  const table = scaleTableLayout(results, scales, domainTableTexts(words), words, {
    nameHeader: words.t('report.table.domain'),
    hasNote: true,
    note: formTableNote(results, words),
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
  const belowChart = captionHeight(doc, words.chartCaption) + scaleTableHeight(doc, table);
  const room = CONTENT_BOTTOM - doc.y - belowChart;
  const width =
    room >= chartHeight(DOMAIN_CHART_WIDTH) || room < chartHeight(MIN_DOMAIN_CHART_WIDTH)
      ? DOMAIN_CHART_WIDTH
      : Math.floor(((room - CHART_EXTRA) * chart.width) / chart.height);
  drawBarChart(doc, chart, { x: MARGIN.left + (CONTENT_WIDTH - width) / 2, width, labelSize: 8 });
  caption(doc, words.chartCaption);
  drawScaleTable(doc, table);
  if (results.total && !results.total.isScored) {
    caption(doc, words.t('report.form.totalNotScored'));
  }
}
