import { hasRightToLeftWords, visualWordOrder } from '../report-name';
import { CONTENT_WIDTH, MARGIN } from './page';

type Doc = PDFKit.PDFDocument;

/**
 * A label and a person's name (already sanitised, report-name.ts) on one line at `y`, in the current font at 12 pt.
 * Drawn, never recorded (pdf-text-replay.ts): a patient's name is not kept once their report is done. pdfkit lays out a
 * line as words in typed order, each followed by its space, so a right-to-left word came out with its space in front
 * and two Hebrew or Arabic words ran together in the wrong order. A name with such words is therefore drawn word by
 * word in the order of the page (report-name.ts `visualWordOrder`), on one line, in a smaller size if it would not
 * fit.
 */
export function drawNameLine(doc: Doc, label: string, name: string, y: number): void {
  if (!hasRightToLeftWords(name)) {
    doc.text(`${label}${name}`, MARGIN.left, y, { width: CONTENT_WIDTH });
    return;
  }
  const words = visualWordOrder(name);
  // Width grows in proportion to the font size: measured once at 12 pt, the line is set as large as fits (≥ 7 pt).
  doc.fontSize(12);
  const widthAt12 =
    doc.widthOfString(label) +
    doc.widthOfString(' ') * (words.length - 1) +
    words.reduce((sum, word) => sum + doc.widthOfString(word), 0);
  const size = Math.max(7, Math.min(12, Math.floor((24 * CONTENT_WIDTH) / widthAt12) / 2));
  doc.fontSize(size);
  const space = doc.widthOfString(' ');
  let x = MARGIN.left;
  for (const text of [label.trimEnd(), ...words]) {
    doc.text(text, x, y, { lineBreak: false });
    x += doc.widthOfString(text) + space;
  }
  doc.fontSize(12);
  doc.x = MARGIN.left;
  doc.y = y + doc.currentLineHeight(true);
}
