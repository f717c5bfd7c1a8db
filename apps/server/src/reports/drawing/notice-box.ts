import { drawText, measureText } from '../pdf-text-replay';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from './page';
import { COLOR } from './style';

// A notice that must be read before anything under it: a tinted box with a coloured bar on its left, a bold title and
// lines of text. Kept on one page.

type Doc = PDFKit.PDFDocument;

export interface Notice {
  title: string;
  lines: readonly { text: string; bold?: boolean }[];
  /** The bar's and the title's colour. */
  color: string;
  /** The box's fill. */
  tint: string;
}

const PADDING = 9;
const BAR = 4;
const TEXT_X = MARGIN.left + BAR + PADDING;
const TEXT_WIDTH = CONTENT_WIDTH - BAR - 2 * PADDING;

function noticeHeight(doc: Doc, notice: Notice): number {
  doc.font('bold').fontSize(11);
  let height = measureText(doc, notice.title, { width: TEXT_WIDTH }) + 4;
  for (const line of notice.lines) {
    doc.font(line.bold ? 'bold' : 'regular').fontSize(9.5);
    height += measureText(doc, line.text, { width: TEXT_WIDTH, lineGap: 1.5 }) + 3;
  }
  return height + 2 * PADDING;
}

/** Draws the notice at doc.y across the content width and leaves doc.y below it. */
export function drawNotice(doc: Doc, notice: Notice): void {
  const height = noticeHeight(doc, notice);
  ensureSpace(doc, height);
  const top = doc.y;
  doc.rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(notice.tint);
  doc.rect(MARGIN.left, top, BAR, height).fill(notice.color);
  doc.font('bold').fontSize(11).fillColor(notice.color);
  drawText(doc, notice.title, TEXT_X, top + PADDING, { width: TEXT_WIDTH });
  let y = doc.y + 4;
  for (const line of notice.lines) {
    doc
      .font(line.bold ? 'bold' : 'regular')
      .fontSize(9.5)
      .fillColor(COLOR.text);
    drawText(doc, line.text, TEXT_X, y, { width: TEXT_WIDTH, lineGap: 1.5 });
    y = doc.y + 3;
  }
  doc.y = top + height + 12;
  doc.font('regular').fontSize(10).fillColor(COLOR.text);
}
