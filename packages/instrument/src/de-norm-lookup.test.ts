import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GermanNormReading,
  germanAgeGroupOf,
  nearestGermanNormRow,
  readGermanNorm,
  readGermanNorms,
  resolveGermanReferenceGroup,
} from './de-norm-lookup';
import { DE_NORM_TABLES, GERMAN_NORM_FORMS, getGermanNormTable } from './de-norm-tables';
import { createDemoResponses } from './demo-responses';
import { scoreResponses } from './score-responses';

// The reading rule of docs/decisions/0073-german-norms-as-published.md (the platform's pf_resolve_frame and
// pf_nearest_row), checked on every row of every cell of every table.

const cells = GERMAN_NORM_FORMS.flatMap((form) =>
  Object.values(DE_NORM_TABLES.tables[form]).flatMap((table) =>
    table.cells.map((cell) => ({
      name: `${form} ${table.key} ${cell.id.gender} ${cell.id.ageGroup}`,
      form,
      table,
      cell,
    })),
  ),
);

const groupOf = (cell: (typeof cells)[number]['cell']) => ({ cell: cell.id, fallbacks: [] });

describe('readGermanNorm: every row of every table', () => {
  it('covers 33 scales × 9 reference groups … 666 cells', () => {
    expect(cells).toHaveLength((31 + 31 + 6 + 7) * 9);
  });

  it.each(GERMAN_NORM_FORMS)('%s: each row’s own raw reads that row, all five published numbers', (form) => {
    const wrong: string[] = [];
    for (const { name, table, cell } of cells.filter((c) => c.form === form)) {
      for (const row of cell.rows) {
        const reading = readGermanNorm(form, table.key, row.raw, groupOf(cell));
        const read = [reading.t, reading.tLow, reading.tHigh, reading.percentile, reading.extrapolated].join(' ');
        if (reading.row !== row || read !== [row.t, row.tLow, row.tHigh, row.percentile, row.extrapolated].join(' ')) {
          wrong.push(`${name} line ${row.line}: read line ${reading.row.line} (${read})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(GERMAN_NORM_FORMS)('%s: a score between two rows reads the nearer; exactly midway, the lower', (form) => {
    const wrong: string[] = [];
    let pairs = 0;
    for (const { name, table, cell } of cells.filter((c) => c.form === form)) {
      cell.rows.slice(1).forEach((upper, index) => {
        const lower = cell.rows[index];
        if (lower === undefined) {
          return;
        }
        pairs++;
        const gap = upper.raw - lower.raw;
        const read = (score: number) => readGermanNorm(form, table.key, score, groupOf(cell)).row;
        for (const [score, expected] of [
          [lower.raw + gap * 0.3, lower],
          [lower.raw + gap * 0.7, upper],
          [(lower.raw + upper.raw) / 2, lower],
        ] as const) {
          if (read(score) !== expected) {
            wrong.push(`${name}: ${score} read line ${read(score).line}, expected ${expected.line}`);
          }
        }
      });
    }
    expect(pairs).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('reads, for any score 0-3, the row no other row is nearer to, and of equally near rows the lower', () => {
    const cellArb = fc.constantFrom(...cells);
    fc.assert(
      fc.property(cellArb, fc.double({ min: 0, max: 3, noNaN: true }), ({ form, table, cell }, score) => {
        const row = readGermanNorm(form, table.key, score, groupOf(cell)).row;
        const distance = Math.abs(row.raw - score);
        for (const other of cell.rows) {
          const otherDistance = Math.abs(other.raw - score);
          expect(otherDistance).toBeGreaterThanOrEqual(distance - 1e-9);
          if (Math.abs(otherDistance - distance) <= 1e-9) {
            expect(row.raw).toBeLessThanOrEqual(other.raw);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a score outside 0-3 and one that is not a number', () => {
    const group = resolveGermanReferenceGroup({ gender: null, age: null });
    expect(() => readGermanNorm('FULL', 'Anx', 3.01, group)).toThrow(RangeError);
    expect(() => readGermanNorm('FULL', 'Anx', Number.NaN, group)).toThrow(/mean item score 0-3/);
    expect(() => readGermanNorm('BF', 'Anx', 1, group)).toThrow(/No German norm table for BF Anx/);
    expect(nearestGermanNormRow(getGermanNormTable('BF', 'Total').cells[0]?.rows ?? [], 0.02).raw).toBe(0);
  });
});

describe('the reference group', () => {
  it('is the patient’s gender and age group, the groups closed left and open right', () => {
    const cases: [number, string][] = [
      [18, '[18,35)'],
      [34, '[18,35)'],
      [34.99, '[18,35)'],
      [35, '[35,50)'],
      [40, '[35,50)'],
      [49, '[35,50)'],
      [50, '[50,65)'],
      [64, '[50,65)'],
      [65, '[65,Inf)'],
      [120, '[65,Inf)'],
    ];
    for (const [age, ageGroup] of cases) {
      expect(germanAgeGroupOf(age), `age ${age}`).toBe(ageGroup);
      expect(resolveGermanReferenceGroup({ gender: 'female', age })).toEqual({
        cell: { gender: 'f', ageGroup },
        fallbacks: [],
      });
      expect(resolveGermanReferenceGroup({ gender: 'male', age }).cell).toEqual({ gender: 'm', ageGroup });
    }
  });

  it('falls back to all adults, saying why, for a diverse or missing gender and a missing or under-18 age', () => {
    const all = { gender: 'all', ageGroup: 'all' };
    expect(resolveGermanReferenceGroup({ gender: 'diverse', age: 40 })).toEqual({
      cell: all,
      fallbacks: ['gender-diverse'],
    });
    expect(resolveGermanReferenceGroup({ gender: 'unspecified', age: 40 })).toEqual({
      cell: all,
      fallbacks: ['gender-not-given'],
    });
    expect(resolveGermanReferenceGroup({ gender: null, age: null })).toEqual({
      cell: all,
      fallbacks: ['gender-not-given', 'age-not-given'],
    });
    expect(resolveGermanReferenceGroup({ gender: 'female', age: null })).toEqual({
      cell: all,
      fallbacks: ['age-not-given'],
    });
    expect(resolveGermanReferenceGroup({ gender: 'male', age: 17 })).toEqual({
      cell: all,
      fallbacks: ['age-under-18'],
    });
    expect(resolveGermanReferenceGroup({ gender: 'male', age: 17.9 }).fallbacks).toEqual(['age-under-18']);
    expect(resolveGermanReferenceGroup({ gender: 'diverse', age: 16 }).fallbacks).toEqual([
      'gender-diverse',
      'age-under-18',
    ]);
  });

  it('refuses an age that is not a number of years', () => {
    expect(() => germanAgeGroupOf(-1)).toThrow(RangeError);
    expect(() => resolveGermanReferenceGroup({ gender: 'female', age: Number.NaN })).toThrow(/number of years/);
  });
});

describe('readGermanNorms: a result’s scales for a patient', () => {
  it('reads a 40-year-old woman’s full-form facets and domains in the female 35-49 rows', () => {
    const result = scoreResponses(createDemoResponses());
    const norms = readGermanNorms(result, { gender: 'female', age: 40 });
    expect(norms.group).toEqual({ cell: { gender: 'f', ageGroup: '[35,50)' }, fallbacks: [] });
    expect(Object.keys(norms.scales)).toHaveLength(30);
    for (const [key, reading] of Object.entries(norms.scales) as [string, GermanNormReading][]) {
      const table = getGermanNormTable('FULL', key);
      const cell = table.cells.find((c) => c.id.gender === 'f' && c.id.ageGroup === '[35,50)');
      expect(cell?.rows).toContain(reading.row);
      const score = key in result.facets ? result.facets[key as 'Anx'].score : result.domains[key as 'NegAf'].score;
      expect(reading.score).toBe(score);
    }
    // Anxiousness of the demo protocol: 23 of 27 keyed points, the female 35-49 row of raw 2.5556.
    expect(result.facets.Anx.score).toBeCloseTo(23 / 9, 10);
    expect(norms.scales.Anx?.row.raw).toBe(2.5556);
    expect(norms.normTables.version).toBe('DE-GESIS-2026@pid5-norms-platform-ab2db96');
  });

  it('gives an unscored scale no reading, and the brief form its domains and total', () => {
    const full = scoreResponses('9'.repeat(220));
    expect(Object.values(readGermanNorms(full, { gender: null, age: null }).scales).every((r) => r === null)).toBe(
      true,
    );
    const brief = scoreResponses('1'.repeat(25), { form: 'BF' });
    const norms = readGermanNorms(brief, { gender: 'male', age: 70 });
    expect(Object.keys(norms.scales)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Psych', 'Total']);
    expect(norms.scales.Total?.row.raw).toBe(1);
    expect(norms.scales.Total?.table).toEqual({ form: 'BF', key: 'Total', platformKey: 'total', file: 'bf' });
    expect(norms.group.cell).toEqual({ gender: 'm', ageGroup: '[65,Inf)' });
  });
});
