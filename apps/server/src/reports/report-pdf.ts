import type { TAssessmentResults } from '@pid5/contract';
import { drawPageFooters } from './drawing/footer';
import { reportDocumentOptions } from './drawing/page';
import { COLOR } from './drawing/style';
import { drawAbout } from './profile-report/about';
import { drawDomains } from './profile-report/domains';
import { drawFacets } from './profile-report/facets';
import { profileFooter } from './profile-report/footer';
import { drawHeader } from './profile-report/header';
import { drawNavigating } from './profile-report/navigating';
import { drawUnderstanding } from './profile-report/understanding';
import { drawValidityFirst, showsProfile } from './profile-report/validity-first';
import { createReportDocument, endReportDocument } from './report-document';
import { allReportFixedTexts } from './base-glyph-texts';
import { REPORT_TITLE } from './report-wording';

// The printable report (docs/product-spec.md §2 "Printable report"), for the patient, drawn in code with pdfkit from
// stored data (docs/decisions/): its sections in order, each in profile-report/, built from the building blocks in
// drawing/ (page, text, table, chart, footer); after page 1 the sections run on, each starting a new page only when
// its heading and chart do not fit, so no page is left nearly empty. Charts are drawn from the instrument's chart geometry, the same data the web page renders to SVG. Every
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

  drawHeader(doc, input);
  drawValidityFirst(doc, results);
  // A protocol that is not interpretable gets no profile: page 1's box says why and what happens next.
  if (showsProfile(results)) {
    drawUnderstanding(doc, { hasFacets: results.facets.length > 0 });
    doc.addPage();
    drawDomains(doc, results);
    if (results.facets.length > 0) {
      drawFacets(doc, results);
    }
    drawNavigating(doc, results);
    drawAbout(doc);
  }
  drawPageFooters(doc, profileFooter(input));
  return endReportDocument(doc);
}
