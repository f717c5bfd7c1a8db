import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
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
import { allReportFixedTexts } from './fixed-wording';
import { reportWording } from './report-wording';
import { scoreWording } from './score-report/score-report-wording';
import { drawIcd11TraitDomains } from './score-report/trait-models';

// The printable report (docs/product-spec.md §2 "Printable report"), for the patient, drawn in code with pdfkit from
// stored data (docs/decisions/): its sections in order, each in profile-report/, built from the building blocks in
// drawing/ (page, text, table, chart, footer); after page 1 the sections run on, each starting a new page only when
// its heading and chart do not fit, so no page is left nearly empty. Charts are drawn from the instrument's chart geometry, the same data the web page renders to SVG. Every
// text the person typed (the name) is printed with pdfkit's text(), i.e. as plain text, never interpreted. Runs in a
// worker thread (pdf-pool.ts) so a report never blocks the event loop.

export interface ReportInput {
  /** Which report the PDF pool draws (absent: this one). */
  readonly kind?: 'profile';
  /** The test's language: the report's words (absent: English). */
  readonly language?: Language;
  /** Already sanitised (report-name.ts). */
  readonly name: string;
  /** Already formatted in the report's language (report-date.ts). */
  readonly dateText: string;
  readonly results: TAssessmentResults;
  readonly instituteName: string;
  readonly copyrightYear: number;
}

/** Draw the report; resolves to the PDF bytes. */
export function renderReportPdf(input: ReportInput): Promise<Uint8Array> {
  const words = reportWording(input.language ?? 'en');
  const doc = createReportDocument(
    reportDocumentOptions({
      title: `${words.title} — ${input.name}`,
      subject: words.subject,
      language: words.language,
      instituteName: input.instituteName,
    }),
    allReportFixedTexts,
  );
  doc.font('regular').fillColor(COLOR.text);
  const { results } = input;

  drawHeader(doc, input, words);
  drawValidityFirst(doc, results, words);
  // A protocol that is not interpretable gets no profile: page 1's box says why and what happens next.
  if (showsProfile(results) && results.bfm && results.form === 'BFM') {
    // The PID5BF+M: its six trait domains with German T (the score report's section, in the report's language; its
    // note says whom they are compared with). No PID-5 domains or facets to explain, and not the US sample's page.
    drawIcd11TraitDomains(
      doc,
      { bfm: results.bfm, unavailable: null, form: results.form },
      scoreWording(words.language),
    );
  } else if (showsProfile(results)) {
    drawUnderstanding(doc, { hasFacets: results.facets.length > 0, tMiddleShare: results.tMiddleShare }, words);
    // The domains start page 2, unless the explanations ran on to it (longer words): then they follow when they fit.
    if (doc.bufferedPageRange().count === 1) {
      doc.addPage();
    }
    drawDomains(doc, results, words);
    if (results.facets.length > 0) {
      drawFacets(doc, results, words);
    }
    drawNavigating(doc, results, words);
    drawAbout(doc, words);
  }
  drawPageFooters(doc, profileFooter(input, words));
  return endReportDocument(doc);
}
