import { describe, expect, it } from 'vitest';
import normTablesJson from './data/pid5-norm-tables.json' with { type: 'json' };
import scoringJson from './data/pid5-scoring.json' with { type: 'json' };
import { FORM_IDS } from './keys';
import { formatPercentile, formatTScore, readNormTable, readValidityPercentile } from './norm-lookup';
import { getNormTable, NORM_TABLE_SCALES, US_NORM_TABLES, VALIDITY_TABLE_KEYS } from './norm-tables';

// The reading rule of data/pid5-forms.NOTES.md §3 (jmgirard/hitop, review RR02), checked on every printed row of
// every shipped table (Markon, Fossati, Somma & Krueger 2024, Tables) and on the documented examples.

interface RawRow {
  t: number;
  raw: number;
  percentile: number;
}

const allTables = FORM_IDS.flatMap((form) =>
  NORM_TABLE_SCALES[form].map((key) => ({ form, key, table: getNormTable(US_NORM_TABLES, form, key) })),
);

/**
 * The row a printed raw must read, worked out directly from the rule: same raw, T nearest 50; at a floor printed
 * 0.00 the percentile of the first row above it (the share that scored at the floor, rule 4).
 */
function expectedRowFor(rows: readonly RawRow[], raw: number): RawRow {
  const same = rows.filter((r) => Math.abs(r.raw - raw) < 1e-8);
  const row = same.reduce((best, r) => (Math.abs(r.t - 50) < Math.abs(best.t - 50) ? r : best));
  const lowest = Math.min(...rows.map((r) => r.raw));
  if (row.raw === lowest && row.percentile === 0) {
    const above = rows.filter((r) => r.raw > lowest).sort((a, b) => a.raw - b.raw)[0];
    return { ...row, percentile: above?.percentile ?? 0 };
  }
  return row;
}

describe('readNormTable: every printed row of every table', () => {
  it('covers the 66 T-scored scales of the book (30 FULL, 30 SF, 6 BF)', () => {
    expect(allTables).toHaveLength(66);
  });

  it.each(allTables)('$form $key: each printed raw reads its own row, or the tie rule row', ({ table }) => {
    for (const row of table.rows) {
      const expected = expectedRowFor(table.rows, row.raw);
      const reading = readNormTable(table, row.raw);
      // T and percentile of one and the same printed row.
      expect(reading, `raw ${row.raw} (printed at T ${row.t})`).toEqual({
        t: expected.t,
        percentile: expected.percentile,
        printedRaw: expected.raw,
        capped: null,
      });
    }
  });

  it.each(allTables)('$form $key: a score above the top printed raw reads the top raw, capped', ({ table }) => {
    const topRaw = Math.max(...table.rows.map((r) => r.raw));
    // Where the book repeats the top raw (the 4.00 clamp, notes §4) the tie rule picks the T nearest 50 of the run.
    const expected = expectedRowFor(table.rows, topRaw);
    const reading = readNormTable(table, topRaw + 0.01);
    expect(reading).toEqual({ t: expected.t, percentile: expected.percentile, printedRaw: topRaw, capped: 'above' });
    expect(formatTScore(reading)).toBe(`≥ ${expected.t}`);
  });

  it.each(allTables)('$form $key: scores 0 and 3 read what the data file records (hitopLookupAtRaw0/3)', (entry) => {
    const scale = (
      normTablesJson.tables as unknown as Record<
        string,
        Record<string, { tableProperties: Record<string, { t: number; percentile: number }> }>
      >
    )[entry.form]?.[entry.key];
    const at0 = scale?.tableProperties.hitopLookupAtRaw0;
    const at3 = scale?.tableProperties.hitopLookupAtRaw3;
    // T as hitop reads it; the percentile at a 0.00 floor is the share that scored there (rule 4).
    expect(readNormTable(entry.table, 0)).toMatchObject({
      t: at0?.t,
      percentile: expectedRowFor(entry.table.rows, Math.min(...entry.table.rows.map((r) => r.raw))).percentile,
    });
    expect(readNormTable(entry.table, 3)).toMatchObject({ t: at3?.t, percentile: at3?.percentile });
  });
});

/** The two tables whose first row above the floor (0.05) lies above the domain's lowest non-zero score. */
const UPPER_BOUND_FLOORS = new Set(['FULL NegAf', 'FULL Psych']);

/** The lowest score above 0 a scale can have with every item answered: one item at 1 (domains: in one facet). */
function lowestNonZeroScore(form: string, key: string): number {
  const facet = scoringJson.facets.find((f) => f.key === key);
  const facetItems = (k: string) => (form === 'SF' ? 4 : (scoringJson.facets.find((f) => f.key === k)?.nItems ?? 1));
  if (form === 'BF') {
    return key === 'Total' ? 1 / 25 : 1 / 5;
  }
  if (facet) {
    return 1 / facetItems(key);
  }
  const domain = scoringJson.domains.find((d) => d.key === key)!;
  return Math.min(...domain.facets.map((f) => 1 / facetItems(f))) / 3;
}

describe('readNormTable: the percentile at the floor is the share that scored there', () => {
  const floored = allTables.filter(({ table }) => {
    const lowest = Math.min(...table.rows.map((r) => r.raw));
    return table.rows.filter((r) => r.raw === lowest).every((r) => r.percentile === 0);
  });

  it('applies to the 52 tables whose floor rows print 0.00', () => {
    expect(floored).toHaveLength(52);
  });

  it.each(floored)('$form $key: a score of 0 reads the first printed percentile above the floor, never 0', (entry) => {
    const above = [...entry.table.rows].filter((r) => r.raw > 0).sort((a, b) => a.raw - b.raw)[0]!;
    // That row lies below the lowest non-zero score the scale can have, so everyone at or below it scored 0; on two
    // full-form domains (means of three facet means) it lies just above it, and its share is an upper bound.
    expect(above.raw).toBeLessThan(
      lowestNonZeroScore(entry.form, entry.key) + (UPPER_BOUND_FLOORS.has(`${entry.form} ${entry.key}`) ? 0.03 : 0),
    );
    const reading = readNormTable(entry.table, 0);
    expect(reading.percentile).toBe(above.percentile);
    expect(reading.percentile).toBeGreaterThan(0);
    expect(formatPercentile(reading.percentile)).not.toBe('less than 1');
  });

  it('leaves a floor that prints its own share as it is (SF Psychoticism 0.00 at the 31st percentile)', () => {
    expect(readNormTable(getNormTable(US_NORM_TABLES, 'SF', 'Psych'), 0).percentile).toBe(0.31);
  });
});

describe('readNormTable: documented examples (data notes §3, hitop RR02 and norm_pid5 docs)', () => {
  it.each([
    ['BF', 'Detac', 0.2, 43, 0.35],
    ['BF', 'Total', 0.76, 54, 0.71], // exactly between 0.74 (T 54) and 0.78 (T 55): the tie goes to T 54
    ['SF', 'Psych', 0, 42, 0.31], // 0.00 is printed on T 30-42: the top of the run
    ['BF', 'Psych', 0, 42, 0.44], // the floor's share (rule 4): 0.00 printed on T 30-42, 0.44 on the next row
    ['BF', 'Total', 0, 37, 0.04],
    ['BF', 'NegAf', 3, 84, 1],
    ['BF', 'Detac', 3, 87, 1],
    ['BF', 'Disin', 3, 93, 1],
    ['FULL', 'NegAf', 3, 87, 1],
    ['SF', 'NegAf', 3, 85, 1],
    // Maxima quoted in the notes §4: FULL Anxiousness, Withdrawal and Submissiveness, SF Anxiousness.
    ['FULL', 'Anx', 3, 79, 1],
    ['FULL', 'Wit', 3, 79, 1],
    ['FULL', 'Sub', 3, 78, 1],
    ['SF', 'Anx', 3, 76, 0.99],
  ] as const)('%s %s at %s → T %s, percentile %s', (form, key, score, t, percentile) => {
    const reading = readNormTable(getNormTable(US_NORM_TABLES, form, key), score);
    expect(reading).toMatchObject({ t, percentile, capped: null });
  });

  it('a score between two rows reads the nearer one (FULL Anhedonia 0.75: 0.77 at T 49, not 0.71 at T 48)', () => {
    expect(readNormTable(getNormTable(US_NORM_TABLES, 'FULL', 'Anh'), 0.75)).toEqual({
      t: 49,
      percentile: 0.56,
      printedRaw: 0.77,
      capped: null,
    });
  });

  it('tables that end below 3.00 cap the highest scores (FULL Callousness ends at 2.47, T 100)', () => {
    const table = getNormTable(US_NORM_TABLES, 'FULL', 'Cal');
    expect(readNormTable(table, 2.47)).toMatchObject({ t: 100, capped: null });
    const reading = readNormTable(table, 3);
    expect(reading).toMatchObject({ t: 100, percentile: 1, printedRaw: 2.47, capped: 'above' });
    expect(formatTScore(reading)).toBe('≥ 100');
  });

  it('short and full Submissiveness use their own tables (same raws, different percentiles)', () => {
    // Notes §4: 37 of 71 percentile cells differ. At raw 1.11 (T 50) the FULL table prints 0.52, the SF 0.49.
    const full = readNormTable(getNormTable(US_NORM_TABLES, 'FULL', 'Sub'), 1.11);
    const short = readNormTable(getNormTable(US_NORM_TABLES, 'SF', 'Sub'), 1.11);
    expect(full).toMatchObject({ t: 50, percentile: 0.52 });
    expect(short).toMatchObject({ t: 50, percentile: 0.49 });
  });

  it('a table that starts above a score caps it below', () => {
    const reading = readNormTable(
      {
        rows: [
          { t: 40, raw: 0.5, percentile: 0.1 },
          { t: 41, raw: 0.6, percentile: 0.2 },
        ],
      },
      0.1,
    );
    expect(reading).toMatchObject({ t: 40, capped: 'below' });
    expect(formatTScore(reading)).toBe('≤ 40');
  });

  it('refuses a score that is not a number', () => {
    expect(() => readNormTable(getNormTable(US_NORM_TABLES, 'FULL', 'Anh'), Number.NaN)).toThrow(RangeError);
  });
});

describe('readValidityPercentile: the validity-scale tables (A-1 INC, A-2 INC-S, A-3 ORS, A-4 PRD)', () => {
  it.each(VALIDITY_TABLE_KEYS)('%s: every printed score reads its own row', (key) => {
    const table = US_NORM_TABLES.validityTables[key];
    expect(table).toBeDefined();
    for (const row of table?.rows ?? []) {
      expect(readValidityPercentile(table ?? { rows: [] }, row.score)).toEqual({
        percentile: row.percentile,
        printedScore: row.score,
        capped: null,
      });
    }
  });

  it.each([
    ['FULL_INC', 17, 0.95, null],
    ['FULL_INC', 23, 1, null],
    ['FULL_INC', 39, 1, 'above'], // table A-1 stops at 23; INC runs to 60
    ['FULL_ORS', 0, 0.889, null],
    ['FULL_ORS', 3, 0.996, null],
    ['FULL_ORS', 10, 1, 'above'], // table A-3 stops at 8
    ['FULL_PRD', 10, 0.569, null],
    ['FULL_PRD', 31, 0.979, null],
    ['FULL_PRD', 66, 1, 'above'], // table A-4 stops at 55
    ['SF_INCS', 8, 0.945, null],
    ['SF_INCS', 30, 1, 'above'], // table A-2 stops at 15
  ] as const)('%s score %s → percentile %s (capped %s)', (key, score, percentile, capped) => {
    const table = US_NORM_TABLES.validityTables[key];
    expect(readValidityPercentile(table ?? { rows: [] }, score)).toMatchObject({ percentile, capped });
  });
});

describe('formatPercentile', () => {
  it.each([
    [0.31, '31'],
    [0.05, '5'],
    [0.889, '88.9'],
    [0.996, '99.6'],
    [1, 'more than 99'],
    [0, 'less than 1'],
  ])('%s → %s', (value, text) => {
    expect(formatPercentile(value)).toBe(text);
  });
});
