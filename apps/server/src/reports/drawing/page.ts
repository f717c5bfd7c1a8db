import { COLOR } from './style';

// The page every report is drawn on (A4, the house margins) and the moves every building block needs: keeping a
// piece on one page, and a horizontal rule.

type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89 }; // A4
export const MARGIN = { top: 54, left: 54, right: 54, bottom: 84 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
export const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

/**
 * The document options of every report: A4 with the house margins, pages kept until the end (for 'Page X of Y'), in
 * its language (English unless told), its title shown by PDF viewers, and the institute as author and creator.
 */
export function reportDocumentOptions(info: {
  title: string;
  subject: string;
  instituteName: string;
  language?: string;
}): PDFKit.PDFDocumentOptions {
  return {
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: info.language ?? 'en',
    displayTitle: true,
    info: { Title: info.title, Author: info.instituteName, Subject: info.subject, Creator: info.instituteName },
  };
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) {
    doc.addPage();
  }
}

/** A horizontal line from the left margin at `y`: across the content width in the rule colour unless told otherwise. */
export function rule(doc: Doc, y: number, line: { lineWidth: number; color?: string; length?: number }): void {
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + (line.length ?? CONTENT_WIDTH), y)
    .lineWidth(line.lineWidth)
    .strokeColor(line.color ?? COLOR.rule)
    .stroke();
}
