import { drawText } from '../pdf-text-replay';
import { CONTENT_WIDTH, MARGIN, PAGE, rule } from './page';
import { COLOR } from './style';

// The footer of every page, drawn once all pages exist (the document buffers its pages): a rule, a title line on the
// left, 'Page X of Y' on the right, and small muted lines under them.

type Doc = PDFKit.PDFDocument;

export interface PageFooter {
  /** In bold on the left (a copyright line). */
  title: string;
  /** Under it, in small muted type, each from a new line. */
  lines: readonly string[];
  /** 'Page 2 of 5' in the report's language (default English). */
  pageText?: (page: number, pages: number) => string;
}

export function drawPageFooters(doc: Doc, footer: PageFooter): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start a new page: lift the margin while drawing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = PAGE.height - MARGIN.bottom + 22;
    rule(doc, top, { lineWidth: 0.5 });
    const page = i - range.start + 1;
    const pageText = footer.pageText ? footer.pageText(page, range.count) : `Page ${page} of ${range.count}`;
    doc.font('condensedBold').fontSize(7.5).fillColor(COLOR.text);
    drawText(doc, pageText, MARGIN.left, top + 6, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    drawText(doc, footer.title, MARGIN.left, top + 6, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.font('condensed').fontSize(7).fillColor(COLOR.muted);
    let y = top + 17;
    for (const line of footer.lines) {
      drawText(doc, line, MARGIN.left, y, { width: CONTENT_WIDTH, lineGap: 0.5 });
      y = doc.y + 1;
    }
    doc.page.margins.bottom = bottom;
  }
}
