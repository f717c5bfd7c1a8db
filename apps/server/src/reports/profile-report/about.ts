import { ensureSpace } from '../drawing/page';
import { paragraph, sectionHeading } from '../drawing/text-blocks';
import type { ReportWording } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/** 'About This Report', kept together: who the scores are compared with, and the clinician's score report. */
export function drawAbout(doc: Doc, words: ReportWording): void {
  doc.y += 12;
  ensureSpace(doc, 130);
  sectionHeading(doc, words.sectionTitles.about);
  for (const text of words.aboutParagraphs) {
    paragraph(doc, text);
  }
}
