import { ensureSpace } from '../drawing/page';
import { paragraph, sectionHeading } from '../drawing/text-blocks';
import { ABOUT_PARAGRAPHS, SECTION_TITLES } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/** 'About This Report', kept together: who the scores are compared with, and the clinician's score report. */
export function drawAbout(doc: Doc): void {
  doc.y += 12;
  ensureSpace(doc, 130);
  sectionHeading(doc, SECTION_TITLES.about);
  for (const text of ABOUT_PARAGRAPHS) {
    paragraph(doc, text);
  }
}
