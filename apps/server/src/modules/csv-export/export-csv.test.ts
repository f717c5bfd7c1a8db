import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { US_NORM_TABLES, classifyLevel, getNormTable, readNormTable } from '@pid5/instrument';
import { formulaCells, readLikeSpreadsheet } from '../../../test/spreadsheet-csv';
import type { AssessmentExportRow } from './export-row';
import { EXPORT_VALIDITY_KEYS, type ExportValues } from './export-values';
import { CSV_SCALES, CSV_VALIDITY_SCALES } from './export-columns';
import { CSV_HEADERS, createAssessmentsCsvStream, encodeCsvRecord, guardCsvCell } from './export-csv';
import { containsPattern } from '../assessments/assessments.repo';
import { pageCountFor } from '../assessments/assessments.service';

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

// A spreadsheet in a semicolon locale (German, French, Dutch) splits our comma-separated file on ';' (
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
  it('has 22 fixed columns (with Country Code), the verdict, 5 validity indicators × 3 (INC-S: short form), 12 columns for 5 domains and 25 facets, the form and the brief total, the language, the German group, the ICD-11 trait domains and the AMPD profiles', () => {
    expect(CSV_HEADERS).toHaveLength(22 + 1 + 5 * 3 + 30 * 12 + 1 + 12 + 1 + 2 + 7 * 6 + 1 + 6 * 4);
    const form = CSV_HEADERS.indexOf('Form');
    expect(CSV_HEADERS.slice(form, form + 16)).toEqual([
      'Form',
      'Total raw',
      'Total T (US 2024)',
      'Total T beyond the table (US 2024)',
      'Total percentile (US 2024)',
      'Total level (US 2024)',
      'Total z (US 2024)',
      'Total T (DE 2026)',
      'Total T 95% interval low (DE 2026)',
      'Total T 95% interval high (DE 2026)',
      'Total percentile (DE 2026)',
      'Total T extrapolated (DE 2026)',
      'Total derived z (DE 2026)',
      'Language',
      'German Norms Group',
      'German Norms Fallback',
    ]);
    expect(CSV_HEADERS).toContain('ICD-11 Anankastia (PID5BF+M) T (DE 2026)');
    expect(CSV_HEADERS).toContain('AMPD Threshold');
    expect(CSV_HEADERS).toContain('INC-S (inconsistency, short form) status');
    expect(CSV_HEADERS.slice(20, 24)).toEqual([
      'Consent Date',
      'Terms ID',
      'Validity Verdict',
      'INC (inconsistency) score',
    ]);
    expect(CSV_HEADERS).toContain('PRD (under-reporting) percentile (US 2024)');
    expect(CSV_HEADERS).toContain('SD-TD (kind of favourable answering) status');
    const negativeAffect = CSV_HEADERS.indexOf('Negative Affect raw');
    expect(CSV_HEADERS.slice(negativeAffect, negativeAffect + 12)).toEqual([
      'Negative Affect raw',
      'Negative Affect T (US 2024)',
      'Negative Affect T beyond the table (US 2024)',
      'Negative Affect percentile (US 2024)',
      'Negative Affect level (US 2024)',
      'Negative Affect z (US 2024)',
      'Negative Affect T (DE 2026)',
      'Negative Affect T 95% interval low (DE 2026)',
      'Negative Affect T 95% interval high (DE 2026)',
      'Negative Affect percentile (DE 2026)',
      'Negative Affect T extrapolated (DE 2026)',
      'Negative Affect derived z (DE 2026)',
    ]);
    expect(CSV_HEADERS).toContain('Anhedonia T (US 2024)');
    expect(CSV_HEADERS[form - 1]).toBe('Withdrawal derived z (DE 2026)');
    // Never the spec's field names, which read as self- and informant-report norms.
    expect(CSV_HEADERS.filter((h) => /\b(SRF|IRF)\b/i.test(h))).toEqual([]);
    expect(new Set(CSV_HEADERS).size).toBe(CSV_HEADERS.length);
  });

  it("reads each scale's score, srf and irf as three consecutive stored values (one slice per scale)", () => {
    expect(CSV_SCALES).toHaveLength(30);
    for (const scale of CSV_SCALES) {
      expect(scale.valueIndex.score, scale.key).toBeGreaterThanOrEqual(0);
      expect(scale.valueIndex.srf, scale.key).toBe(scale.valueIndex.score + 1);
      expect(scale.valueIndex.irf, scale.key).toBe(scale.valueIndex.score + 2);
    }
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

/** A row's export_values as the database sends it (db/export-values.ts): label, indicators, total, as JSON text. */
function exportValues(
  label: string | null,
  lines: Partial<Record<(typeof EXPORT_VALIDITY_KEYS)[number], [string, number | null, number | null]>>,
  total: [number | null, number | null, number | null] = [null, null, null],
): string {
  const values: ExportValues = [
    label,
    ...EXPORT_VALIDITY_KEYS.flatMap((key) => lines[key] ?? [null, null, null]),
    ...total,
  ];
  return JSON.stringify(values);
}

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
    id === 3 ? Date.parse('2025-01-02T10:00:00Z') / 1000 : null,
    id === 3 ? 7 : null,
    id === 3
      ? exportValues('Valid', {
          INC: ['ok', 5, 0.59],
          ORS: ['ok', 0, 0.889],
          PRD: ['ok', 30, 0.97],
          SDTD: ['not-read', 24, null],
        })
      : id === 4
        ? exportValues(null, {}, [1.48, 0.5, null])
        : null,
    id === 4 ? 'BF' : 'FULL',
    id === 5 ? 'de' : 'en',
  ];

  async function read(stream: NodeJS.ReadableStream): Promise<string> {
    let text = '';
    for await (const chunk of stream) {
      text += String(chunk);
    }
    return text;
  }

  const scores = { normTables: US_NORM_TABLES, precision: 'screen' as const };

  /** The cells of a line by header (the quoted clinician name holds one comma). */
  function cellsOf(line: string | undefined): (header: string) => string | undefined {
    const cells = (line ?? '').replace('"Dr, ""Who"""', 'Dr Who').split(',');
    return (header) => cells[CSV_HEADERS.indexOf(header)];
  }

  it('marks a T beyond the printed table, keeping the T column a number (Callousness 3.00: the table ends at 2.47)', async () => {
    const base = row(3);
    const values = base[18]!.split(',');
    values[9] = '3'; // Callousness, the fourth facet: its score
    const capped: AssessmentExportRow = [
      ...base.slice(0, 18),
      values.join(','),
      ...base.slice(19),
    ] as AssessmentExportRow;
    const text = await read(
      createAssessmentsCsvStream({
        now: new Date('2025-01-15T00:00:00Z'),
        scores,
        fetchBatch: async (afterId) => (afterId === 0 ? [capped] : []),
      }),
    );
    const cell = cellsOf(text.split('\r\n')[1]);
    expect(cell('Callousness raw')).toBe('3.00');
    expect(cell('Callousness T (US 2024)')).toBe('100');
    expect(cell('Callousness T beyond the table (US 2024)')).toBe('above');
    expect(cell('Anhedonia T beyond the table (US 2024)')).toBe('');
  });

  it('writes the BOM and header, then every batch in order, asking for each batch after the last id', async () => {
    const asked: number[] = [];
    const rows = [1, 2, 3, 4, 5].map(row);
    const text = await read(
      createAssessmentsCsvStream({
        now: new Date('2025-01-15T00:00:00Z'),
        scores,
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
    // The country's name and its ISO code; a country kept as free text has no code, and goes through the
    // formula guard like any text cell.
    expect(lines[0]).toContain(',Postal Code,Country,Country Code,Diagnoses,');
    expect(cellsOf(lines[4])('Country')).toBe('United Kingdom');
    expect(cellsOf(lines[4])('Country Code')).toBe('GB');
    expect(cellsOf(lines[1])('Country')).toBe('Germany');
    expect(cellsOf(lines[1])('Country Code')).toBe('');
    // The test's language, after the form's columns.
    expect(lines[0]?.split(',')).toContain('Language');
    expect(cellsOf(lines[5])('Language')).toBe('de');
    expect(cellsOf(lines[1])('Language')).toBe('en');
    expect(lines[5]).toContain(`,"'=HYPERLINK(""x"")",,`);
    // Score columns (one more comma from the quoted clinician name): rounded as on screen; none: all empty.
    const cell = cellsOf(lines[3]);
    // And one from the German group's name, quoted: "f [18,35)".
    expect(lines[3]?.split(',')).toHaveLength(CSV_HEADERS.length + 2);
    expect(lines[3]).toContain(',"f [18,35)",,');
    expect(cell('Consent Date')).toBe('2025-01-02T10:00:00.000Z');
    expect(cell('Terms ID')).toBe('7');
    expect(cell('Validity Verdict')).toBe('Valid');
    expect(cell('INC (inconsistency) score')).toBe('5');
    expect(cell('INC (inconsistency) percentile (US 2024)')).toBe('59');
    expect(cell('ORS (over-reporting) percentile (US 2024)')).toBe('88.9');
    expect(cell('SD-TD (kind of favourable answering) status')).toBe('Not read');
    expect(cell('SD-TD (kind of favourable answering) percentile (US 2024)')).toBe('');
    const anh = readNormTable(getNormTable(US_NORM_TABLES, 'FULL', 'Anh'), 1.25);
    expect(cell('Anhedonia raw')).toBe('1.25');
    expect(cell('Anhedonia T (US 2024)')).toBe(String(anh.t));
    expect(cell('Anhedonia T beyond the table (US 2024)')).toBe('');
    expect(cell('Anhedonia percentile (US 2024)')).toBe(String(Math.round(anh.percentile * 1000) / 10));
    expect(cell('Anhedonia level (US 2024)')).toBe(classifyLevel(anh.percentile) ?? 'Not elevated');
    expect(cell('Anhedonia z (US 2024)')).toBe('-0.50');
    expect(cell('Anhedonia derived z (DE 2026)')).toBe('');
    expect(cell('Anxiousness raw')).toBe('0.00');
    // The form, the total, the language, the German group (its name split in two here), ICD-11 and AMPD cells.
    const formColumns = 1 + 12 + 1 + 3 + 7 * 6 + 1 + 6 * 4;
    expect(lines[1]?.split(',').slice(23, -formColumns)).toEqual(
      Array.from({ length: CSV_HEADERS.length - 22 - (formColumns - 1) }, () => ''),
    );
    // Every form's columns: the form given, and the brief form's total read in the brief form's table.
    expect(cellsOf(lines[1])('Form')).toBe('FULL');
    expect(cellsOf(lines[1])('Total raw')).toBe('');
    const brief = cellsOf(lines[4]);
    const total = readNormTable(getNormTable(US_NORM_TABLES, 'BF', 'Total'), 1.48);
    expect(brief('Form')).toBe('BF');
    expect(brief('Total raw')).toBe('1.48');
    expect(brief('Total T (US 2024)')).toBe(String(total.t));
    expect(brief('Total z (US 2024)')).toBe('0.50');
    expect(brief('Total derived z (DE 2026)')).toBe('');
  });

  it('guards and quotes a value in every row and column it repeats in, however many distinct values come first', async () => {
    // The export encodes repeating text cells once per value (RepeatedCells); 25,000 distinct genders before the
    // hostile one empty that memo past its bound, so both the kept and the re-encoded path are read here.
    const hostile = '=1+2;-3';
    const rows = Array.from({ length: 25_003 }, (_, i): AssessmentExportRow => {
      const base = row(i + 1);
      const repeated = i >= 25_000;
      base[9] = repeated ? hostile : `g${i}`;
      base[10] = repeated ? hostile : 'White';
      base[14] = repeated ? hostile : 'F41.1';
      return base;
    });
    const text = await read(
      createAssessmentsCsvStream({
        now: new Date('2025-01-15T00:00:00Z'),
        scores,
        fetchBatch: async (afterId, limit) => rows.filter(([rowId]) => rowId > afterId).slice(0, limit),
      }),
    );
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(25_005);
    const guarded = `"'=1+2;'-3"`;
    for (const line of lines.slice(25_001, 25_004)) {
      expect(line).toContain(`,${guarded},${guarded},123,Germany,,F41.1,${guarded},`);
    }
    expect(cellsOf(lines[1])('Gender')).toBe('g0');
    expect(cellsOf(lines[25_000])('Gender')).toBe('g24999');
  });

  it('keeps the exact stored values with precision full', async () => {
    const text = await read(
      createAssessmentsCsvStream({
        now: new Date('2025-01-15T00:00:00Z'),
        scores: { ...scores, precision: 'full' },
        fetchBatch: async (afterId) => (afterId === 0 ? [row(3)] : []),
      }),
    );
    const cell = cellsOf(text.slice(1).split('\r\n')[1]);
    expect(cell('Anhedonia raw')).toBe('1.25');
    expect(cell('Anhedonia z (US 2024)')).toBe('-0.5');
    expect(cell('Anxiousness raw')).toBe('0.00005');
  });

  it('fails the stream (and reports it) when a batch cannot be read', async () => {
    const errors: Error[] = [];
    const stream = createAssessmentsCsvStream({
      now: new Date(),
      scores,
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

describe('export_values (db/export-values.ts)', () => {
  it('holds every validity indicator the CSV has columns for', () => {
    // An indicator added to the CSV but not to the generated column would export empty cells for every test.
    expect(
      CSV_VALIDITY_SCALES.map((scale) => scale.key).filter(
        (key) => !(EXPORT_VALIDITY_KEYS as readonly string[]).includes(key),
      ),
    ).toEqual([]);
  });
});
