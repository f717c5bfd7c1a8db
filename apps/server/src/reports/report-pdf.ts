import type { TAssessmentResults } from '@pid5/contract';
import { chartScoresFromLists } from '@pid5/instrument';
import { drawPageFooters } from './drawing/footer';
import { reportDocumentOptions } from './drawing/page';
import { COLOR } from './drawing/style';
import { drawDomains } from './profile-report/domains';
import { drawFacets } from './profile-report/facets';
import { profileFooter } from './profile-report/footer';
import { drawHeader } from './profile-report/header';
import { drawNavigating } from './profile-report/navigating';
import { drawUnderstanding } from './profile-report/understanding';
import { drawValidityFirst } from './profile-report/validity-first';
import { drawValidityNote } from './profile-report/validity-note';
import { createReportDocument, endReportDocument } from './report-document';
import { allReportFixedTexts } from './base-glyph-texts';
import { REPORT_TITLE } from './report-wording';

// The printable report (docs/product-spec.md §2 "Printable report"), drawn in code with pdfkit from stored data (docs/decisions/): its
// sections in order, each in profile-report/, built from the building blocks in drawing/ (page, text, table, chart,
// footer). Charts are drawn from the instrument's chart geometry, the same data the web page renders to SVG. Every
// text the person typed (the name) is printed with pdfkit's text(), i.e. as plain text, never interpreted. Runs in a
// worker thread (pdf-pool.ts) so a report never blocks the event loop.

export interface ReportInput {
  /** Which report the PDF pool draws (absent: this one). */
  readonly kind?: 'profile';
  /** Already sanitised (report-name.ts). */
  readonly name: string;
  /** Already formatted in the requester's locale (report-date.ts). */
  readonly dateText: string;
  readonly results: TAssessmentResults;
  readonly instituteName: string;
  readonly copyrightYear: number;
}

/** Draw the report; resolves to the PDF bytes. */
export function renderReportPdf(input: ReportInput): Promise<Uint8Array> {
  const doc = createReportDocument(
    reportDocumentOptions({
      title: `${REPORT_TITLE} — ${input.name}`,
      subject: 'Personality profile (PID-5 adult self-report)',
      instituteName: input.instituteName,
    }),
    allReportFixedTexts,
  );
  doc.font('regular').fillColor(COLOR.text);
  const { results } = input;
  const chartScores = chartScoresFromLists(results);

  drawHeader(doc, input);
  drawValidityFirst(doc, results);
  drawUnderstanding(doc, { hasFacets: results.facets.length > 0 });
  doc.addPage();
  drawDomains(doc, results, chartScores);
  doc.addPage();
  // The brief form has no facets: its report has the domain chart and table only.
  if (results.facets.length > 0) {
    drawFacets(doc, results, chartScores);
    doc.addPage();
  }
  drawNavigating(doc, results);
  drawValidityNote(doc, results);
  drawPageFooters(doc, profileFooter(input));
  return endReportDocument(doc);
}
