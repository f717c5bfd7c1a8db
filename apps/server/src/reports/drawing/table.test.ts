import { describe, expect, it } from 'vitest';
import { createReportDocument } from '../report-document';
import { KEEP_LAST_ROWS_TOGETHER, headerFontSize, planTableBreaks } from './table';

// The facet table left 'Int', its last row, alone under its header at the top of a page.

describe('planTableBreaks', () => {
  const rows = (n: number, height = 10) => Array.from({ length: n }, () => height);

  it('breaks where a row no longer fits', () => {
    expect(planTableBreaks(rows(10), 55, 1000)).toEqual([5]);
    expect(planTableBreaks(rows(10), 1000, 1000)).toEqual([]);
  });

  it('never leaves fewer than the last three rows on a page of their own', () => {
    expect(KEEP_LAST_ROWS_TOGETHER).toBe(3);
    // 9 of 10 rows fit: the last 3 move together, so 7 stay and 3 go.
    expect(planTableBreaks(rows(10), 95, 1000)).toEqual([7]);
    // 8 fit: the last 3 go together.
    expect(planTableBreaks(rows(10), 85, 1000)).toEqual([7]);
    // 7 fit: the break falls before the last 3 anyway.
    expect(planTableBreaks(rows(10), 75, 1000)).toEqual([7]);
    // Rows of the 25-facet table, a page and a half long: the last page has 3 rows or more.
    const breaks = planTableBreaks(rows(25, 20), 20 * 24 + 5, 20 * 30);
    expect(breaks).toEqual([22]);
  });

  it('breaks a table of three rows or fewer only where a row does not fit, and puts a row on every page', () => {
    expect(planTableBreaks(rows(3), 25, 1000)).toEqual([2]);
    // The last three do not fit on any page: they break row by row, none dropped.
    expect(planTableBreaks(rows(5, 40), 85, 50)).toEqual([2, 3, 4]);
  });
});

describe('headerFontSize', () => {
  it("keeps a header on its one line: the body size where it fits, smaller where it would wrap ('US %ile')", () => {
    const doc = createReportDocument({ size: 'A4' }, () => []);
    doc.font('condensedBold');
    expect(headerFontSize(doc, 'Score', 24)).toBe(8);
    for (const [header, width] of [
      ['US %ile', 28],
      ['German z', 36],
    ] as const) {
      doc.fontSize(8);
      expect(doc.widthOfString(header), header).toBeGreaterThan(width);
      const size = headerFontSize(doc, header, width);
      expect(size).toBeLessThan(8);
      expect(size).toBeGreaterThanOrEqual(6.5);
      doc.fontSize(size);
      expect(doc.widthOfString(header), header).toBeLessThanOrEqual(width);
    }
  });
});
