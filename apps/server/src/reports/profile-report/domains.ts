import type { TAssessmentResults } from '@pid5/contract';
import { domainTChart } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import type { ReportWording } from '../report-wording';
import { domainTableTexts, formGivenText, formTableNote, totalRow, translatedTChart } from './form';
import { scaleTable } from './scale-table';

type Doc = PDFKit.PDFDocument;

const DOMAIN_CHART_WIDTH = 280;

/**
 * 'Trait Domains': the form given, the domain chart in T (the brief form: with its total), centred, and the table
 * of the domains (and total). Starts a new page unless the heading and the chart fit.
 */
export function drawDomains(doc: Doc, results: TAssessmentResults, words: ReportWording): void {
  const scales = [...results.domains, ...totalRow(results)];
  ensureSpace(doc, 80 + (DOMAIN_CHART_WIDTH * 500) / 450);
  sectionHeading(doc, words.sectionTitles.domains);
  caption(doc, formGivenText(results, words));
  drawBarChart(doc, translatedTChart(domainTChart(scales), words.t), {
    x: MARGIN.left + (CONTENT_WIDTH - DOMAIN_CHART_WIDTH) / 2,
    width: DOMAIN_CHART_WIDTH,
    labelSize: 8,
  });
  caption(doc, words.chartCaption);
  scaleTable(doc, results, scales, domainTableTexts(words), words, {
    nameHeader: words.t('report.table.domain'),
    hasNote: true,
    note: formTableNote(results, words),
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
  if (results.total && !results.total.isScored) {
    caption(doc, words.t('report.form.totalNotScored'));
  }
}
