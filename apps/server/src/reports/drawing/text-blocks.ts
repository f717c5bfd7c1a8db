import { drawText, measureText } from '../pdf-text-replay';
import { CONTENT_WIDTH, ensureSpace, MARGIN, rule } from './page';
import { COLOR } from './style';

// Running text: headings, paragraphs, captions, and blocks of notes (optionally bulleted), each drawn at doc.y across
// the content width and leaving doc.y below itself.

type Doc = PDFKit.PDFDocument;

/** A section's title in the brand colour with a short rule under it; never alone at the bottom of a page. */
export function sectionHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 60);
  doc.font('bold').fontSize(15).fillColor(COLOR.brand);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 3;
  rule(doc, y, { lineWidth: 2, color: COLOR.brand, length: 40 });
  doc.y = y + 10;
  doc.font('regular').fontSize(10).fillColor(COLOR.text);
}

export function subHeading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.font('bold').fontSize(11).fillColor(COLOR.text);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10);
}

/** A paragraph of body text, kept on one page. */
export function paragraph(doc: Doc, text: string): void {
  doc.font('regular').fontSize(10);
  ensureSpace(doc, measureText(doc, text, { width: CONTENT_WIDTH, lineGap: 2 }));
  // Colours after any page break: a new page starts with a fresh graphics state.
  doc.fillColor(COLOR.text);
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 2 });
  doc.moveDown(0.6);
}

/** Small muted text under a chart or table. */
export function caption(doc: Doc, text: string): void {
  doc.font('regular').fontSize(8).fillColor(COLOR.muted);
  drawText(doc, text, MARGIN.left, doc.y + 4, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.moveDown(0.9);
  doc.fillColor(COLOR.text);
}

/** The height `caption` takes for `text`, its spacing included. */
export function captionHeight(doc: Doc, text: string): number {
  doc.font('regular').fontSize(8);
  return 4 + measureText(doc, text, { width: CONTENT_WIDTH, lineGap: 1 }) + doc.currentLineHeight(true) * 0.9;
}

/** One block of a note: a text in the regular font, indented, with space after it and optionally a coloured dot. */
export interface TextBlock {
  text: string;
  size: number;
  color: string;
  indent: number;
  gapAfter: number;
  /** The colour of a dot drawn in the indent. */
  bullet?: string;
}

function textBlockHeight(doc: Doc, block: TextBlock): number {
  doc.font('regular').fontSize(block.size);
  return measureText(doc, block.text, { width: CONTENT_WIDTH - block.indent, lineGap: 1.5 }) + block.gapAfter;
}

/** The height the blocks take together (to keep them on one page). */
export function textBlocksHeight(doc: Doc, blocks: readonly TextBlock[]): number {
  return blocks.reduce((sum, block) => sum + textBlockHeight(doc, block), 0);
}

/** The blocks one under the other; a block that does not fit starts a new page. */
export function drawTextBlocks(doc: Doc, blocks: readonly TextBlock[]): void {
  for (const block of blocks) {
    const height = textBlockHeight(doc, block);
    ensureSpace(doc, height);
    const y = doc.y;
    if (block.bullet) {
      doc.circle(MARGIN.left + 4, y + block.size / 2, 1.8).fill(block.bullet);
    }
    doc.font('regular').fontSize(block.size).fillColor(block.color);
    drawText(doc, block.text, MARGIN.left + block.indent, y, { width: CONTENT_WIDTH - block.indent, lineGap: 1.5 });
    doc.y = y + height;
  }
  doc.fillColor(COLOR.text);
}
