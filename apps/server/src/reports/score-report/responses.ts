import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { drawText } from '../report-text';
import { RESPONSES_LEGEND, SCORE_REPORT_SECTIONS } from './score-report-texts';

type Doc = PDFKit.PDFDocument;

/** Item numbers (1-based) without an answer ('9' or '.'). */
export function missingItems(responses: string): number[] {
  return [...responses].flatMap((answer, i) => (answer >= '0' && answer <= '3' ? [] : [i + 1]));
}

/** The unanswered items by number, or that there are none. */
export function drawMissingItems(doc: Doc, responses: string): void {
  const missing = missingItems(responses);
  sectionHeading(doc, SCORE_REPORT_SECTIONS.missing);
  doc.font('regular').fontSize(9).fillColor(COLOR.text);
  const text =
    missing.length === 0
      ? 'None: every item was answered.'
      : `${missing.length} of ${responses.length}: ${missing.join(', ')}`;
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.moveDown(0.8);
}

const PER_ROW = 20;
const ROW_HEIGHT = 13;

/**
 * Every answer by item number, 20 to a row: the number small and muted, the answer beside it ('–' when missing).
 * Item texts are never printed here (DESIGN.md §6).
 */
export function drawResponseGrid(doc: Doc, responses: string): void {
  const rows = Math.ceil(responses.length / PER_ROW);
  ensureSpace(doc, 60 + rows * ROW_HEIGHT);
  sectionHeading(doc, SCORE_REPORT_SECTIONS.responses);
  const cellWidth = CONTENT_WIDTH / PER_ROW;
  const top = doc.y;
  for (let row = 0; row < rows; row++) {
    const y = top + row * ROW_HEIGHT;
    if (row % 2 === 1) {
      doc.rect(MARGIN.left, y - 2, CONTENT_WIDTH, ROW_HEIGHT).fill(COLOR.zebra);
    }
    for (let column = 0; column < PER_ROW; column++) {
      const index = row * PER_ROW + column;
      const answer = responses[index];
      if (answer === undefined) {
        break;
      }
      const x = MARGIN.left + column * cellWidth;
      const isAnswered = answer >= '0' && answer <= '3';
      doc.font('condensed').fontSize(6.5).fillColor(COLOR.muted);
      drawText(doc, String(index + 1), x, y + 1.2, { width: cellWidth * 0.5, align: 'right', lineBreak: false });
      // The answer in a chip of its own, so that item 1's answer 2 never reads as "12".
      const chipX = x + cellWidth * 0.5 + 2;
      doc.roundedRect(chipX, y - 1, 8, 10, 1.5).fill(isAnswered ? '#ffffff' : '#fdecea');
      doc
        .roundedRect(chipX, y - 1, 8, 10, 1.5)
        .lineWidth(0.4)
        .strokeColor(COLOR.rule)
        .stroke();
      doc
        .font('condensedBold')
        .fontSize(8)
        .fillColor(isAnswered ? COLOR.text : '#b42318');
      drawText(doc, isAnswered ? answer : '–', chipX, y, { width: 8, align: 'center', lineBreak: false });
    }
  }
  doc.x = MARGIN.left;
  doc.y = top + rows * ROW_HEIGHT + 2;
  caption(doc, RESPONSES_LEGEND);
}
