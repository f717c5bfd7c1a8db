import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { caption, sectionHeading } from '../drawing/text-blocks';
import { drawText } from '../pdf-text-replay';
import { responsesLegend, scoreReportSections, type ScoreWording } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

/** Item numbers (1-based) without an answer ('9' or '.'). */
export function missingItems(responses: string): number[] {
  return [...responses].flatMap((answer, i) => (answer >= '0' && answer <= '3' ? [] : [i + 1]));
}

/** The unanswered items by number, or that there are none. */
export function drawMissingItems(doc: Doc, responses: string, { t }: ScoreWording): void {
  const missing = missingItems(responses);
  sectionHeading(doc, scoreReportSections(t).missing);
  doc.font('regular').fontSize(9).fillColor(COLOR.text);
  const text =
    missing.length === 0
      ? t('scoreReport.missing.none')
      : t('scoreReport.missing.some', { count: missing.length, total: responses.length, items: missing.join(', ') });
  drawText(doc, text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.moveDown(0.8);
}

const PER_ROW = 20;
const ROW_HEIGHT = 13;

/**
 * Every answer by item number, 20 to a row: the number small and muted, the answer beside it ('–' when missing).
 * Item texts are never printed here (DESIGN.md "Item texts"). The legend quotes the item set's own answer labels
 * when they are known.
 */
export function drawResponseGrid(
  doc: Doc,
  responses: string,
  { t }: ScoreWording,
  answerLabels?: readonly string[] | null,
): void {
  const rows = Math.ceil(responses.length / PER_ROW);
  ensureSpace(doc, 60 + rows * ROW_HEIGHT);
  sectionHeading(doc, scoreReportSections(t).responses);
  const cellWidth = CONTENT_WIDTH / PER_ROW;
  const top = doc.y;
  const cells = [...responses].map((answer, index) => ({
    item: index + 1,
    answer,
    isAnswered: answer >= '0' && answer <= '3',
    x: MARGIN.left + (index % PER_ROW) * cellWidth,
    y: top + Math.floor(index / PER_ROW) * ROW_HEIGHT,
  }));
  for (let row = 1; row < rows; row += 2) {
    doc.rect(MARGIN.left, top + row * ROW_HEIGHT - 2, CONTENT_WIDTH, ROW_HEIGHT).fill(COLOR.zebra);
  }
  // Each answer in a chip of its own, so that item 1's answer 2 never reads as "12". The chips of one kind are one
  // path, filled and outlined at once (220 separate shapes were most of this section's time).
  const chipX = (cell: { x: number }) => cell.x + cellWidth * 0.5 + 2;
  for (const isAnswered of [true, false]) {
    const chips = cells.filter((cell) => cell.isAnswered === isAnswered);
    if (chips.length === 0) {
      continue;
    }
    for (const cell of chips) {
      doc.roundedRect(chipX(cell), cell.y - 1, 8, 10, 1.5);
    }
    doc.lineWidth(0.4).fillAndStroke(isAnswered ? '#ffffff' : '#fdecea', COLOR.rule);
  }
  doc.font('condensed').fontSize(6.5).fillColor(COLOR.muted);
  for (const cell of cells) {
    drawText(doc, String(cell.item), cell.x, cell.y + 1.2, {
      width: cellWidth * 0.5,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.font('condensedBold').fontSize(8).fillColor(COLOR.text);
  for (const cell of cells) {
    if (!cell.isAnswered) {
      doc.fillColor('#b42318');
    }
    drawText(doc, cell.isAnswered ? cell.answer : '–', chipX(cell), cell.y, {
      width: 8,
      align: 'center',
      lineBreak: false,
    });
    if (!cell.isAnswered) {
      doc.fillColor(COLOR.text);
    }
  }
  doc.x = MARGIN.left;
  doc.y = top + rows * ROW_HEIGHT + 2;
  caption(doc, responsesLegend(t, answerLabels));
}
