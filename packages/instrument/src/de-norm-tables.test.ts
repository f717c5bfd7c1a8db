import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import bfJson from './data/pid5-de-norm-tables-bf.json' with { type: 'json' };
import bfmJson from './data/pid5-de-norm-tables-bfplus-m.json' with { type: 'json' };
import fullJson from './data/pid5-de-norm-tables-full.json' with { type: 'json' };
import sfJson from './data/pid5-de-norm-tables-sf.json' with { type: 'json' };
import { type DeNormTableFile, formatDeNormCsv } from './de-norm-tables-file';
import {
  DE_NORM_TABLES,
  GERMAN_NORM_CELLS,
  GERMAN_NORM_FORMS,
  GERMAN_NORM_TABLE_SCALES,
  type GermanNormForm,
  GermanNormTablesError,
  parseGermanNormTables,
  validateGermanNormTables,
} from './de-norm-tables';

// The German tables as published (data/pid5-de-norm-tables.NOTES.md): the JSON gives back the platform's files byte
// for byte, every scale has its nine reference groups and every row the platform's shape, and a broken file is
// refused with every problem named.

const FILES: Readonly<Record<GermanNormForm, unknown>> = { FULL: fullJson, SF: sfJson, BF: bfJson, BFM: bfmJson };

/** The published files' sha256 and length, typed in from the NOTES file of the copy (§1), not from the JSON. */
const PUBLISHED: Readonly<Record<GermanNormForm, { sha256: string; characters: number; rows: number }>> = {
  FULL: {
    sha256: '38fc1884e7d2ab85de6b0179d25de31d3be610908eb6f3594b8a2b5b84808a70',
    characters: 1_424_202,
    rows: 22_419,
  },
  SF: { sha256: '4eeca0076a6a1bb2176ec3256f87b92fc0591a0df49dc0b2ba625a5e3724f413', characters: 428_960, rows: 7_299 },
  BF: { sha256: '79eb6bc4e8b2b9c1c0967b9369c5f6d881439a576d2ae05894f69fb5ec4051e6', characters: 80_751, rows: 1_404 },
  BFM: { sha256: 'e1a63e893c8c2798db81da579d4250d2d2d1c55be5a47c22f0ed88a799ab41f6', characters: 121_227, rows: 1_845 },
};

const copy = (form: GermanNormForm) =>
  structuredClone(FILES[form]) as {
    scales: { scale: string; cells: { gender: string; ageGroup: string; firstLine: number; rows: number[][] }[] }[];
  };

/** Φ(x) by Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7), enough to check T against a 4-decimal percentile. */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function inverseNormalCdf(p: number): number {
  let low = -8;
  let high = 8;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < p) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return (low + high) / 2;
}

describe('the German norm tables: the JSON is the published files', () => {
  it.each(GERMAN_NORM_FORMS)('%s: written back as CSV it is the published file byte for byte (sha256)', (form) => {
    const text = formatDeNormCsv(FILES[form] as DeNormTableFile);
    expect(text.length).toBe(PUBLISHED[form].characters);
    expect(text.split('\n')).toHaveLength(PUBLISHED[form].rows + 2);
    expect(createHash('sha256').update(text, 'utf8').digest('hex')).toBe(PUBLISHED[form].sha256);
    expect(DE_NORM_TABLES.files[(FILES[form] as DeNormTableFile).version].sha256).toBe(PUBLISHED[form].sha256);
  });

  it('has every scale of every form, each with its nine reference groups, and the attribution the licence asks for', () => {
    for (const form of GERMAN_NORM_FORMS) {
      expect(Object.keys(DE_NORM_TABLES.tables[form]).sort()).toEqual([...GERMAN_NORM_TABLE_SCALES[form]].sort());
      for (const table of Object.values(DE_NORM_TABLES.tables[form])) {
        expect(table.cells.map((c) => c.id)).toEqual(GERMAN_NORM_CELLS);
      }
    }
    expect(GERMAN_NORM_TABLE_SCALES.BFM).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych', 'Total']);
    expect(DE_NORM_TABLES.attribution).toContain('Zimmermann, J., Kerber, A., Kemper, C. J., & Weweck, K. (2026)');
    expect(DE_NORM_TABLES.attribution).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(DE_NORM_TABLES.attribution).toContain('ab2db9611270a46458b45d0580a2accd925bd9c7');
  });

  it('maps the platform keys to the project keys (Anhedonia, Negative Affectivity, Anankastia, the totals)', () => {
    expect(DE_NORM_TABLES.tables.FULL.Anh?.platformKey).toBe('anhedonia');
    expect(DE_NORM_TABLES.tables.SF.Prc?.platformKey).toBe('percept_dysreg');
    expect(DE_NORM_TABLES.tables.BF.NegAf?.platformKey).toBe('negative_affectivity');
    expect(DE_NORM_TABLES.tables.BFM.Anank?.platformKey).toBe('anankastia');
    expect(DE_NORM_TABLES.tables.BFM.Total?.level).toBe('total');
    // The first row of the file: full form, Antagonism, all adults, raw 0 (line 2).
    expect(DE_NORM_TABLES.tables.FULL.Antag?.cells[0]?.rows[0]).toEqual({
      line: 2,
      raw: 0,
      t: 29.6,
      tLow: 29.8,
      tHigh: 35.8,
      percentile: 0.0207,
      extrapolated: false,
    });
  });
});

describe('every published row', () => {
  const rows = GERMAN_NORM_FORMS.flatMap((form) =>
    Object.values(DE_NORM_TABLES.tables[form]).flatMap((table) =>
      table.cells.flatMap((cell) => cell.rows.map((row) => ({ form, key: table.key, cell: cell.id, row }))),
    ),
  );

  it('counts 32,967 rows, as the platform README says', () => {
    expect(rows).toHaveLength(32_967);
  });

  it('gives T = 50 + 10·Φ⁻¹(percentile) within the rounding of both columns, except in the extreme tails', () => {
    const inside = rows.filter(({ row }) => row.percentile > 0.0017 && row.percentile < 0.9976);
    expect(inside.length).toBeGreaterThan(22_000);
    const off = inside.filter(({ row }) => {
      const z = inverseNormalCdf(row.percentile);
      const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
      // T is printed to 0.1 and the percentile to 0.0001: each may be off by half its last digit.
      const tolerance = 0.05 + (10 * 0.00005) / density + 1e-6;
      return Math.abs(row.t - (50 + 10 * z)) > tolerance;
    });
    expect(off.map(({ form, key, row }) => `${form} ${key} line ${row.line}`)).toEqual([]);
  });

  it('flags as extrapolated every row in the extreme tails', () => {
    const tails = rows.filter(({ row }) => row.percentile <= 0.0017 || row.percentile >= 0.9976);
    expect(tails.length).toBeGreaterThan(0);
    expect(tails.filter(({ row }) => !row.extrapolated)).toEqual([]);
  });
});

describe('validateGermanNormTables: a broken file is refused with every problem listed', () => {
  it('accepts the shipped files', () => {
    expect(validateGermanNormTables(FILES).ok).toBe(true);
  });

  it('names a T below the row before, a reversed interval, a wrong raw grid and a bad extrapolation flag', () => {
    const full = copy('FULL');
    const anx = full.scales.find((s) => s.scale === 'anxiousness');
    const female3549 = anx?.cells.find((c) => c.gender === 'f' && c.ageGroup === '[35,50)');
    if (female3549 === undefined) {
      throw new Error('fixture');
    }
    const [, second, third, fourth, fifth] = female3549.rows;
    if (second === undefined || third === undefined || fourth === undefined || fifth === undefined) {
      throw new Error('fixture');
    }
    second[1] = 5; // T of raw 1/9 below raw 0's
    third[2] = 90; // T_int_lo above T_int_hi
    fourth[0] = 0.3; // raw 3/9 is 0.3333
    fifth[5] = 2; // extrapolation flag
    const result = validateGermanNormTables({ ...FILES, FULL: full });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    const line = female3549.firstLine;
    expect(problems).toEqual(
      expect.arrayContaining([
        `FULL Anx f [35,50) line ${line + 1} (raw 0.1111): T 5 is below the previous row's ${female3549.rows[0]?.[1]}`,
        expect.stringMatching(new RegExp(`^FULL Anx f \\[35,50\\) line ${line + 2} \\(raw 0.2222\\): interval 90-`)),
        `FULL Anx f [35,50) line ${line + 3} (raw 0.3): raw must be 0.3333 (row 4 of the 1/9 grid)`,
        `FULL Anx f [35,50) line ${line + 4}: extrapolation 2 must be 0 or 1`,
      ]),
    );
  });

  it('names a missing reference group, an unknown scale and a missing table, across files', () => {
    const bf = copy('BF');
    bf.scales[0]?.cells.splice(3, 1);
    const bfm = copy('BFM');
    const anankastia = bfm.scales.find((s) => s.scale === 'anankastia');
    if (anankastia === undefined) {
      throw new Error('fixture');
    }
    anankastia.scale = 'anankasm';
    const result = validateGermanNormTables({ ...FILES, BF: bf, BFM: bfm });
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'BF Antag f [50,65): missing',
        'BFM anankasm: unknown scale for this form (expected NegAf, Detac, Antag, Disin, Anank, Psych, Total)',
        'BFM Anank: no table',
      ]),
    );
    expect(() => parseGermanNormTables({ ...FILES, BF: bf })).toThrow(GermanNormTablesError);
    expect(() => parseGermanNormTables({ ...FILES, BF: bf })).toThrow(
      /Invalid German norm tables: .*BF Antag f \[50,65\): missing/,
    );
  });

  it('names a file of the wrong version and a row that is not six numbers', () => {
    const sf = copy('SF');
    const row = sf.scales[0]?.cells[0]?.rows[0];
    row?.pop();
    const result = validateGermanNormTables({ ...FILES, SF: sf, BF: fullJson });
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain('BF: the file is version full, expected bf');
    expect(problems).toContain(
      'SF Antag all all: every row must be 6 numbers (raw, T, T_int_lo, T_int_hi, pctl_med, extrapolation)',
    );
  });
});
