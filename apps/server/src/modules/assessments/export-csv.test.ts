import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaCells, readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import type { AssessmentExportRow } from './assessments.repo';
import { CSV_HEADERS, createAssessmentsCsvStream, encodeCsvRecord, guardCsvCell } from './export-csv';
import { containsPattern } from './assessments.repo';
import { pageCountFor } from './assessments.service';

describe('guardCsvCell (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    // A line break can end a record for a program that ignores our quotes: what follows it is guarded too.
    ['\r=1', "'\r'=1"],
    ['a\n+1', "a\n'+1"],
    ['P-001', 'P-001'],
    ['a=b', 'a=b'],
    ['', ''],
    [" '=already", " '=already"],
  ])('%j → %j', (input, expected) => {
    expect(guardCsvCell(input)).toBe(expected);
  });
});

// A spreadsheet in a semicolon locale (German, French, Dutch) splits our comma-separated file on ';' (issue 14,
// finding 4): every part of a cell after a ';' (or ',', CR, LF) starts a cell there, and must not start a formula.
describe('the formula guard under comma and semicolon splitting', () => {
  const READERS = [
    { separator: ',', trimLeadingSpaces: false },
    { separator: ';', trimLeadingSpaces: false },
    { separator: ',', trimLeadingSpaces: true },
    { separator: ';', trimLeadingSpaces: true },
  ] as const;
  const exported = (rows: string[][]) => rows.map((cells) => encodeCsvRecord(cells.map(guardCsvCell))).join('');

  it.each(READERS)('a patient id "x;=1+2;" yields no formula when split on %o', (reader) => {
    const text = exported([['1', 'x;=1+2;', 'Dr; "=2+3"', 'F41.1; F32.0']]);
    expect(formulaCells(readLikeSpreadsheet(text, reader))).toEqual([]);
  });

  it('keeps the text readable: only the parts that would start a formula get the quote mark', () => {
    expect(guardCsvCell('x;=1+2;')).toBe("x;'=1+2;");
    expect(guardCsvCell('F41.1; F32.0')).toBe('F41.1; F32.0');
    expect(encodeCsvRecord(['a;b'])).toBe('"a;b"\r\n');
  });

  it('yields no formula for any text, under either separator, with or without trimmed spaces', () => {
    const nasty = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", ' ', 'x', '1'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.array(fc.array(nasty, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), (rows) => {
        const text = exported(rows.map((cells, i) => [String(i + 1), ...cells]));
        for (const reader of READERS) {
          expect(formulaCells(readLikeSpreadsheet(text, reader)), JSON.stringify({ rows, reader })).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CSV columns', () => {
  it('has 20 fixed columns then score, SRF and IRF for 25 facets and 5 domains', () => {
    expect(CSV_HEADERS).toHaveLength(20 + 30 * 3);
    expect(CSV_HEADERS.slice(20, 23)).toEqual(['Anh Score', 'Anh SRF', 'Anh IRF']);
    expect(CSV_HEADERS.at(-1)).toBe('Psych IRF');
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('abc')).toBe('%abc%');
    expect(containsPattern('50%_x')).toBe('%50\\%\\_x%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});

describe('pageCountFor', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(10)).toBe(1);
    expect(pageCountFor(11)).toBe(2);
    expect(pageCountFor(25)).toBe(3);
  });
});

describe('encodeCsvRecord (RFC 4180)', () => {
  it('quotes cells with a comma, a quote, CR or LF, doubling quotes; numbers as written; null empty', () => {
    expect(encodeCsvRecord(['a', 'b,c', 'say "hi"', 'x\ny', 'x\ry', 1.25, -0.5, 0, null, ''])).toBe(
      'a,"b,c","say ""hi""","x\ny","x\ry",1.25,-0.5,0,,\r\n',
    );
  });
});

describe('createAssessmentsCsvStream', () => {
  const row = (id: number): AssessmentExportRow => [
    id,
    id === 2 ? '=cmd' : `P-${id}`,
    'Dr, "Who"',
    'c1',
    Date.parse('2025-01-01T00:00:00Z') / 1000,
    Date.parse('2025-01-31T00:00:00Z') / 1000,
    null,
    0,
    30,
    'Female',
    'White',
    '123',
    id === 4 ? 'GB' : id === 5 ? '=HYPERLINK("x")' : 'Germany',
    'F41.1',
    'F41.1',
    '9'.repeat(220),
    null,
    null,
    id === 3 ? `1.25,-0.5,,5e-05${',0'.repeat(86)}` : null,
  ];

  async function read(stream: NodeJS.ReadableStream): Promise<string> {
    let text = '';
    for await (const chunk of stream) {
      text += String(chunk);
    }
    return text;
  }

  it('writes the BOM and header, then every batch in order, asking for each batch after the last id', async () => {
    const asked: number[] = [];
    const rows = [1, 2, 3, 4, 5].map(row);
    const text = await read(
      createAssessmentsCsvStream({
        now: new Date('2025-01-15T00:00:00Z'),
        batchSize: 2,
        fetchBatch: async (afterId, limit) => {
          asked.push(afterId);
          return rows.filter(([rowId]) => rowId > afterId).slice(0, limit);
        },
      }),
    );
    expect(asked).toEqual([0, 2, 4]);
    expect(text.startsWith('\ufeffAssessment ID,Patient ID,')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe('');
    expect(lines[2]).toContain(`2,'=cmd,"Dr, ""Who""",c1,`);
    expect(lines.slice(1, 6).map((l) => l.split(',')[0])).toEqual(['1', '2', '3', '4', '5']);
    // Issue 16: the country's name and its ISO code; a country kept as free text has no code.
    expect(lines[0]).toContain(',Postal Code,Country,Country Code,Diagnoses,');
    expect(lines[4]).toContain(',123,United Kingdom,GB,F41.1,');
    expect(lines[1]).toContain(',123,Germany,,F41.1,');
    // A free-text country kept from before goes through the formula guard like any text cell.
    expect(lines[5]).toContain(`,123,"'=HYPERLINK(""x"")",,F41.1,`);
    // Score columns (one more comma from the quoted clinician name): as the database wrote them; none: all empty.
    expect(lines[3]?.split(',').slice(21, 25)).toEqual(['1.25', '-0.5', '', '5e-05']);
    expect(lines[3]?.split(',')).toHaveLength(CSV_HEADERS.length + 1);
    expect(lines[1]?.split(',').slice(21)).toEqual(Array.from({ length: 90 }, () => ''));
  });

  it('fails the stream (and reports it) when a batch cannot be read', async () => {
    const errors: Error[] = [];
    const stream = createAssessmentsCsvStream({
      now: new Date(),
      batchSize: 1,
      fetchBatch: async (afterId) => {
        if (afterId > 0) {
          throw new Error('database gone');
        }
        return [row(1)];
      },
      onError: (error) => errors.push(error),
    });
    await expect(read(stream)).rejects.toThrow('database gone');
    expect(errors.map((e) => e.message)).toEqual(['database gone']);
  });
});
