import { describe, expect, it } from 'vitest';
import normTablesJson from './data/pid5-norm-tables.json' with { type: 'json' };
import { NormTablesError, parseNormTables, US_NORM_TABLES, validateNormTables } from './norm-tables';
import { scoreResponses } from './score-responses';

// The norm-table file is validated on load like the scoring definition; these tests break copies of the shipped
// file on purpose and check that every problem is named, and that an institute's own file in the same format
// (NORM_TABLES_FILE on the server) is accepted and used.

type Json = Record<string, unknown>;

/** A deep copy of the shipped file with `change` applied, as an institute's file (with its own id). */
function institutesFile(change: (file: Json & { tables: Record<string, Record<string, Json>> }) => void = () => {}) {
  const file = structuredClone(normTablesJson) as unknown as Json & { tables: Record<string, Record<string, Json>> };
  file.id = 'clinic-2026';
  file.version = 'clinic-2026@1';
  file.label = 'Our clinic (licensed copy)';
  change(file);
  return file;
}

function problemsOf(raw: unknown): readonly string[] {
  const result = validateNormTables(raw);
  return result.ok ? [] : result.problems;
}

function rowsOf(file: { tables: Record<string, Record<string, Json>> }, form: string, key: string) {
  return (file.tables[form]?.[key] as { rows: { t: number; raw: number; percentile: number }[] }).rows;
}

describe('the shipped US tables (Markon et al. 2024)', () => {
  it('load and name their source', () => {
    expect(US_NORM_TABLES.id).toBe('US-Markon2024');
    expect(US_NORM_TABLES.source).toContain('Markon, Fossati, Somma & Krueger (2024)');
    expect(US_NORM_TABLES.sample).toContain('N = 1,082');
    expect(US_NORM_TABLES.tables.FULL.Anx?.printedIn).toBe('Table A-6, p. 124');
    expect(US_NORM_TABLES.tables.BF.Total?.rows).toHaveLength(61);
    expect(Object.keys(US_NORM_TABLES.validityTables).sort()).toEqual(['FULL_INC', 'FULL_ORS', 'FULL_PRD', 'SF_INCS']);
  });

  it('need an id, version and label from the caller when the file has none', () => {
    expect(problemsOf(normTablesJson)).toEqual([
      'id is missing (add "id" to the file)',
      'version is missing (add "version" to the file)',
      'label is missing (add "label" to the file)',
    ]);
  });
});

describe('validateNormTables: a broken file fails loudly, listing every problem', () => {
  it('accepts an intact copy', () => {
    expect(problemsOf(institutesFile())).toEqual([]);
  });

  it('names a missing form, a missing scale and an unknown one', () => {
    const problems = problemsOf(
      institutesFile((file) => {
        delete file.tables.BF;
        delete file.tables.SF?.Anx;
        (file.tables.FULL as Json).Foo = { rows: [] };
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining(['tables.BF is missing', 'tables.SF.Anx is missing', 'tables.FULL: unknown scale Foo']),
    );
  });

  it('names rows out of order: a raw or percentile below the row before, a percentile outside 0-1', () => {
    const problems = problemsOf(
      institutesFile((file) => {
        rowsOf(file, 'FULL', 'Anx')[20] = { t: 50, raw: 0.1, percentile: 0.56 }; // row 19 prints raw 0.86
        rowsOf(file, 'SF', 'Emo')[5] = { t: 35, raw: 0, percentile: 1.3 };
        rowsOf(file, 'BF', 'Total')[40] = { t: 75, raw: 1.7, percentile: 0.5 }; // row 39 prints 0.97
      }),
    );
    expect(problems).toEqual([
      "tables.FULL.Anx.rows[20] (T 50): raw 0.1 is below the previous row's 0.86",
      'tables.SF.Emo.rows[5] (T 35): percentile 1.3 must be a proportion 0-1',
      "tables.SF.Emo.rows[6] (T 36): percentile 0 is below the previous row's 1.3",
      "tables.BF.Total.rows[40] (T 75): percentile 0.5 is below the previous row's 0.97",
    ]);
  });

  it('names a T that does not rise and a shape error with its path', () => {
    expect(
      problemsOf(
        institutesFile((file) => {
          rowsOf(file, 'FULL', 'Wit')[3] = { t: 30, raw: 0, percentile: 0 };
        }),
      ),
    ).toContain("tables.FULL.Wit.rows[3] (T 30): T must be higher than the previous row's 32");
    expect(
      problemsOf(
        institutesFile((file) => {
          rowsOf(file, 'FULL', 'Wit')[3] = { t: 33, raw: 'x', percentile: 0 } as never;
        }),
      ),
    ).toEqual(['tables.FULL.Wit.rows.3.raw: Invalid input: expected number, received string']);
  });

  it('names validity-table problems', () => {
    const problems = problemsOf(
      institutesFile((file) => {
        const validity = file.validityTables as Record<string, { rows: { score: number; percentile: number }[] }>;
        validity.FULL_XYZ = { rows: [{ score: 0, percentile: 0 }] };
        const ors = validity.FULL_ORS?.rows ?? [];
        ors[2] = { score: 1, percentile: 0.5 };
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'validityTables: unknown table FULL_XYZ (expected FULL_INC, FULL_ORS, FULL_PRD, SF_INCS)',
        "validityTables.FULL_ORS.rows[2] (score 1): score must be higher than the previous row's 1",
        "validityTables.FULL_ORS.rows[2] (score 1): percentile 0.5 is below the previous row's 0.974",
      ]),
    );
  });

  it('parseNormTables throws a NormTablesError that lists the problems', () => {
    const broken = institutesFile((file) => {
      delete file.tables.SF;
    });
    expect(() => parseNormTables(broken)).toThrow(NormTablesError);
    expect(() => parseNormTables(broken)).toThrow('Invalid norm tables: tables.SF is missing');
    expect(() => parseNormTables('not a file')).toThrow(/expected object/);
  });
});

describe("an institute's own norm file", () => {
  it('is used for T and percentile, and named in the result and the norms version', () => {
    const own = parseNormTables(
      institutesFile((file) => {
        // A different (made-up) table for Anhedonia: every row one T higher.
        for (const row of rowsOf(file, 'FULL', 'Anh')) {
          row.t += 1;
        }
        delete file.validityTables;
      }),
    );
    const responses = '0'.repeat(220);
    const shipped = scoreResponses(responses);
    const result = scoreResponses(responses, { normTables: own });
    expect(result.facets.Anh.us?.t).toBe((shipped.facets.Anh.us?.t ?? 0) + 1);
    expect(result.normTables).toMatchObject({ id: 'clinic-2026', version: 'clinic-2026@1' });
    expect(result.normsVersion.endsWith('+clinic-2026@1')).toBe(true);
    // No validity tables in the file: the validity scales are scored, without percentiles.
    expect(result.validity.INC).toMatchObject({ score: 0, percentile: null });
  });
});
