import type { TAssessmentResults } from '@pid5/contract';
import { facetChart, type ChartScores } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { CHART_CAPTION, FACET_TEXTS, SECTION_TITLES } from '../report-wording';
import { formTableNote } from './form';
import { scaleTable } from './scale-table';

type Doc = PDFKit.PDFDocument;

/** 'Personality Trait Facets': the facet chart across the page and the facets' table in two parts (13 and 12). */
export function drawFacets(doc: Doc, results: TAssessmentResults, chartScores: ChartScores): void {
  sectionHeading(doc, SECTION_TITLES.facets);
  drawBarChart(doc, facetChart(chartScores), { x: MARGIN.left, width: CONTENT_WIDTH, labelSize: 6.5 });
  caption(doc, CHART_CAPTION);
  const half = Math.ceil(results.facets.length / 2);
  scaleTable(doc, results.facets.slice(0, half), FACET_TEXTS, {
    nameHeader: 'Facet',
    hasNote: false,
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
  doc.moveDown(0.8);
  scaleTable(doc, results.facets.slice(half), FACET_TEXTS, {
    nameHeader: 'Facet',
    hasNote: true,
    note: formTableNote(results),
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
}
