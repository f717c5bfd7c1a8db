import { describe, expect, it } from 'vitest';
import { pdfToText, splitPages } from '../../../test/results-test-helpers';
import { createReportDocument, endReportDocument } from '../report-document';
import { CONTENT_WIDTH, MARGIN } from './page';
import { countRowsThatFit, drawTable, type TableColumn, type TableRow } from './table';

// The table building block on its own, as a second report would use it: rows of several lines, more than a page.

const columns: TableColumn[] = [
  { header: 'Key', width: 60 },
  { header: 'Statement', width: CONTENT_WIDTH - 60 },
];

function rowsOf(count: number): TableRow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return [
      [{ text: `K${n}` }],
      [{ text: `Start ${n}: ${'several words that wrap onto a next line '.repeat(4)}end ${n}.` }, { text: 'second' }],
    ];
  });
}

describe('drawTable', () => {
  it('continues on new pages with the header repeated, never splitting a row; countRowsThatFit says where', async () => {
    const doc = createReportDocument({ size: 'A4', margins: MARGIN, bufferPages: true }, () => []);
    doc.font('regular');
    const rows = rowsOf(40);
    const firstPageRows = countRowsThatFit(doc, columns, rows, rows.length);
    expect(firstPageRows).toBeGreaterThan(3);
    expect(countRowsThatFit(doc, columns, rows, 3)).toBe(3);
    drawTable(doc, columns, rows);
    const pages = splitPages(await pdfToText(await endReportDocument(doc)));

    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.trimStart().startsWith('Key')).toBe(true);
      expect(page).toContain('Statement');
    }
    for (let i = 1; i <= rows.length; i++) {
      const n = String(i).padStart(2, '0');
      const page = pages.find((text) => text.includes(`Start ${n}:`)) ?? '';
      expect(page, `row ${n}`).toContain(`end ${n}.`);
      expect(page, `row ${n}`).toContain(`K${n}`);
    }
    expect(pages[0]?.match(/\bK\d\d\b/g)).toHaveLength(firstPageRows);
    // The thread's first document parses the fonts: slow on a busy machine.
  }, 30_000);
});
