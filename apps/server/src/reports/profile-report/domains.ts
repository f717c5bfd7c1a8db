import type { TAssessmentResults } from '@pid5/contract';
import { domainChart, type ChartScores } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { CHART_CAPTION, DOMAIN_TEXTS, SECTION_TITLES } from '../report-wording';
import { drawTotal, formGivenText, formTableNote } from './form';
import { scaleTable } from './scale-table';

type Doc = PDFKit.PDFDocument;

const DOMAIN_CHART_WIDTH = 250;

/** 'Trait Domains': the form given, the domain chart, centred, the table of the five domains (brief form: the total). */
export function drawDomains(doc: Doc, results: TAssessmentResults, chartScores: ChartScores): void {
  sectionHeading(doc, SECTION_TITLES.domains);
  caption(doc, formGivenText(results));
  drawBarChart(doc, domainChart(chartScores), {
    x: MARGIN.left + (CONTENT_WIDTH - DOMAIN_CHART_WIDTH) / 2,
    width: DOMAIN_CHART_WIDTH,
    labelSize: 8,
  });
  caption(doc, CHART_CAPTION);
  scaleTable(doc, results.domains, DOMAIN_TEXTS, {
    nameHeader: 'Domain',
    hasNote: true,
    note: formTableNote(results),
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
  drawTotal(doc, results);
}
