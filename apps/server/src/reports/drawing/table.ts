import type { ReportFont } from '../report-fonts';
import { drawText, measureText } from '../pdf-text-replay';
import { CONTENT_BOTTOM, CONTENT_WIDTH, ensureSpace, MARGIN, rule } from './page';
import { COLOR } from './style';

// A table across the content width: a header row in the brand colour, zebra rows, a rule under each row. A cell is
// a few lines of text, each in its own font, size and colour. Rows never split across pages; the header repeats on
// every page the table continues on.

type Doc = PDFKit.PDFDocument;

/** One line of text in a cell (condensed, 8 pt, in the text colour unless told otherwise). */
export interface CellLine {
  text: string;
  font?: ReportFont;
  size?: number;
  color?: string;
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A row: one cell (a list of lines) per column. */
export type TableRow = readonly (readonly CellLine[])[];

const CELL_PAD_X = 4;
const CELL_PAD_Y = 4;
const BODY_SIZE = 8;
/** The header row's height, in points. */
export const TABLE_HEADER_HEIGHT = 18;

/** The width a cell's text may take in a column this wide (its padding left and right). */
export function cellTextWidth(columnWidth: number): number {
  return columnWidth - 2 * CELL_PAD_X;
}

function lineHeight(doc: Doc, line: CellLine, width: number): number {
  doc.font(line.font ?? 'condensed').fontSize(line.size ?? BODY_SIZE);
  return measureText(doc, line.text, { width: cellTextWidth(width), lineGap: 1 });
}

function cellHeight(doc: Doc, lines: readonly CellLine[], width: number): number {
  let h = 0;
  for (const line of lines) {
    h += lineHeight(doc, line, width);
  }
  return h + 2 * CELL_PAD_Y;
}

/** The height of a row: that of its tallest cell. */
export function tableRowHeight(doc: Doc, columns: readonly TableColumn[], row: TableRow): number {
  return Math.max(...row.map((cell, i) => cellHeight(doc, cell, columns[i]?.width ?? 0)));
}

/**
 * How many of the first rows (at most `maxRows`) fit under a header row between doc.y and the bottom of the page:
 * where to split a table so that its first part ends on this page.
 */
export function countRowsThatFit(
  doc: Doc,
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  maxRows: number,
): number {
  let available = CONTENT_BOTTOM - doc.y - TABLE_HEADER_HEIGHT;
  let count = 0;
  while (count < Math.min(maxRows, rows.length)) {
    const height = tableRowHeight(doc, columns, rows[count] ?? []);
    if (height > available) {
      break;
    }
    available -= height;
    count++;
  }
  return count;
}

function drawHeaderRow(doc: Doc, columns: readonly TableColumn[]): void {
  const y = doc.y;
  const height = TABLE_HEADER_HEIGHT;
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.brand);
  let x = MARGIN.left;
  doc.font('condensedBold').fillColor('#ffffff');
  for (const column of columns) {
    const width = cellTextWidth(column.width);
    doc.fontSize(headerFontSize(doc, column.header, width));
    drawText(doc, column.header, x + CELL_PAD_X, y + 5, { width, align: column.align ?? 'left', lineBreak: false });
    x += column.width;
  }
  doc.fontSize(BODY_SIZE);
  doc.y = y + height;
}

/** The smallest a header is set in to stay on its one line (below it, the column must be made wider). */
const MIN_HEADER_SIZE = 6.5;

/**
 * A header's size: the body size, or smaller where the header would not fit its column on one line. The header row
 * has room for one line, and pdfkit wraps a text wider than its box even without line breaks ('US %ile' became
 * 'US' over a clipped '%ile' in the facet tables).
 */
export function headerFontSize(doc: Doc, header: string, width: number): number {
  doc.fontSize(BODY_SIZE);
  const natural = doc.widthOfString(header);
  return natural <= width ? BODY_SIZE : Math.max(MIN_HEADER_SIZE, Math.floor((BODY_SIZE * width * 10) / natural) / 10);
}

/** A table's last rows stay together: never fewer than these under a repeated header (no row left alone on a page). */
export const KEEP_LAST_ROWS_TOGETHER = 3;

/**
 * Where a table breaks across pages: the indexes of the rows that start a new page. A row starts one when it does
 * not fit below the previous row; and the last KEEP_LAST_ROWS_TOGETHER rows start one together when they do not all
 * fit, unless they would leave a page with no row of the table. `firstSpace` is the height below the header on the
 * first page, `pageSpace` on every later page.
 */
export function planTableBreaks(heights: readonly number[], firstSpace: number, pageSpace: number): number[] {
  const breaks: number[] = [];
  const lastGroup = Math.max(0, heights.length - KEEP_LAST_ROWS_TOGETHER);
  const restHeight = heights.slice(lastGroup).reduce((sum, height) => sum + height, 0);
  let space = firstSpace;
  let rowsOnPage = 0;
  heights.forEach((height, index) => {
    const startsLastGroup = index === lastGroup && lastGroup > 0;
    if (rowsOnPage > 0 && (height > space || (startsLastGroup && restHeight > space && restHeight <= pageSpace))) {
      breaks.push(index);
      space = pageSpace;
      rowsOnPage = 0;
    }
    space -= height;
    rowsOnPage++;
  });
  return breaks;
}

/** The table at doc.y, starting a new page first unless its header and a first row fit; doc.y ends below it. */
export function drawTable(doc: Doc, columns: readonly TableColumn[], rows: readonly TableRow[]): void {
  ensureSpace(doc, TABLE_HEADER_HEIGHT + 30);
  drawHeaderRow(doc, columns);
  const heights = rows.map((row) => tableRowHeight(doc, columns, row));
  const pageSpace = CONTENT_BOTTOM - MARGIN.top - TABLE_HEADER_HEIGHT;
  const breaks = new Set(planTableBreaks(heights, CONTENT_BOTTOM - doc.y, pageSpace));
  rows.forEach((row, rowIndex) => {
    const height = heights[rowIndex] ?? 0;
    // The plan, and a row that does not fit after all (the plan measures the page; this is the drawn truth).
    if (breaks.has(rowIndex) || (doc.y + height > CONTENT_BOTTOM && rowIndex > 0)) {
      doc.addPage();
      drawHeaderRow(doc, columns);
    }
    const y = doc.y;
    if (rowIndex % 2 === 1) {
      doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.zebra);
    }
    let x = MARGIN.left;
    row.forEach((cell, i) => {
      const column = columns[i];
      if (!column) {
        return;
      }
      let cy = y + CELL_PAD_Y;
      for (const line of cell) {
        doc
          .font(line.font ?? 'condensed')
          .fontSize(line.size ?? BODY_SIZE)
          .fillColor(line.color ?? COLOR.text);
        drawText(doc, line.text, x + CELL_PAD_X, cy, {
          width: cellTextWidth(column.width),
          align: column.align ?? 'left',
          lineGap: 1,
        });
        cy = doc.y;
      }
      x += column.width;
    });
    rule(doc, y + height, { lineWidth: 0.4 });
    doc.y = y + height;
  });
  doc.x = MARGIN.left;
  doc.fillColor(COLOR.text).font('regular').fontSize(10);
}
