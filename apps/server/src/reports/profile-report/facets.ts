import type { TAssessmentResults } from '@pid5/contract';
import { facetTChart } from '@pid5/instrument';
import { drawBarChart } from '../drawing/bar-chart';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { caption, sectionHeading } from '../drawing/text-blocks';
import type { ReportWording } from '../report-wording';
import { formTableNote, translatedTChart } from './form';
import { drawScaleTable, scaleTableLayout } from './scale-table';

type Doc = PDFKit.PDFDocument;

/** Room for the heading, the facet chart and its caption: the section starts a new page unless they fit. */
const FACET_CHART_ROOM = 330;

/** 'Personality Trait Facets': the facet chart in T across the page and the facets' table (it runs on as needed). */
export function drawFacets(doc: Doc, results: TAssessmentResults, words: ReportWording): void {
  doc.moveDown(0.8);
  ensureSpace(doc, FACET_CHART_ROOM);
  sectionHeading(doc, words.sectionTitles.facets);
  drawBarChart(doc, translatedTChart(facetTChart(results.facets), words.t), {
    x: MARGIN.left,
    width: CONTENT_WIDTH,
    labelSize: 6.5,
  });
  caption(doc, words.chartCaption);
  drawScaleTable(
    doc,
    scaleTableLayout(results, results.facets, words.facetTexts, words, {
      nameHeader: words.t('report.table.facet'),
      hasNote: true,
      note: formTableNote(results, words),
      patientFacingLevels: results.validityVerdict.patientFacingLevels,
    }),
  );
}
