import type { TAssessmentResults } from '@pid5/contract';
import { facetTChart } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { CHART_CAPTION, FACET_TEXTS, SECTION_TITLES } from '../report-wording';
import { formTableNote } from './form';
import { scaleTable } from './scale-table';

type Doc = PDFKit.PDFDocument;

/** Room for the heading, the facet chart and its caption: the section starts a new page unless they fit. */
const FACET_CHART_ROOM = 330;

/** 'Personality Trait Facets': the facet chart in T across the page and the facets' table (it runs on as needed). */
export function drawFacets(doc: Doc, results: TAssessmentResults): void {
  doc.moveDown(0.8);
  ensureSpace(doc, FACET_CHART_ROOM);
  sectionHeading(doc, SECTION_TITLES.facets);
  drawBarChart(doc, facetTChart(results.facets), { x: MARGIN.left, width: CONTENT_WIDTH, labelSize: 6.5 });
  caption(doc, CHART_CAPTION);
  scaleTable(doc, results.facets, FACET_TEXTS, {
    nameHeader: 'Facet',
    hasNote: true,
    note: formTableNote(results),
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
}
