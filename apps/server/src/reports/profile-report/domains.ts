import type { TAssessmentResults } from '@pid5/contract';
import { domainChart, type ChartScores } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { CHART_CAPTION, DOMAIN_TEXTS, SECTION_TITLES } from '../report-texts';
import { scaleTable } from './scale-table';

type Doc = PDFKit.PDFDocument;

const DOMAIN_CHART_WIDTH = 250;

/** 'Trait Domains': the domain chart, centred, and the table of the five domains. */
export function drawDomains(doc: Doc, results: TAssessmentResults, chartScores: ChartScores): void {
  sectionHeading(doc, SECTION_TITLES.domains);
  drawBarChart(doc, domainChart(chartScores), {
    x: MARGIN.left + (CONTENT_WIDTH - DOMAIN_CHART_WIDTH) / 2,
    width: DOMAIN_CHART_WIDTH,
    labelSize: 8,
  });
  caption(doc, CHART_CAPTION);
  scaleTable(doc, results.domains, DOMAIN_TEXTS, {
    nameHeader: 'Domain',
    hasNote: true,
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
}
