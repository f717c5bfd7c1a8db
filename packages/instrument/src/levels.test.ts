import { describe, expect, it } from 'vitest';
import levelsJson from './data/pid5-levels.json' with { type: 'json' };
import { FORM_IDS } from './keys';
import {
  classifyLevel,
  describeLevel,
  describePercentile,
  LEVEL_CUTOFFS,
  LEVEL_RULE,
  LEVELS,
  levelStartsInT,
  parseLevelRule,
} from './levels';
import { readNormTable } from './norm-lookup';
import { getNormTable, NORM_TABLE_SCALES, US_NORM_TABLES } from './norm-tables';

// Levels follow the printed US percentile (DESIGN.md "Scoring (packages/instrument)"): the words of a level must be true on every scale of every
// form, skewed or not. Cut-offs: the 84th, 93rd and 98th percentiles (T 60, 65, 70 on a normal curve; Zimmermann
// et al. 2026 anchors for mildly, moderately and severely elevated scores).

describe('classifyLevel (on the printed percentile, a proportion)', () => {
  it.each([
    [null, null],
    [0, null],
    [0.83, null],
    [0.84, 'Mild'],
    [0.92, 'Mild'],
    [0.93, 'Moderate'],
    [0.97, 'Moderate'],
    [0.98, 'High'],
    [1, 'High'],
  ] as const)('%s → %s', (percentile, level) => {
    expect(classifyLevel(percentile)).toBe(level);
  });

  it('exposes the cut-offs highest first, with their sources', () => {
    expect(LEVEL_CUTOFFS).toEqual([
      { level: 'High', atLeast: 0.98 },
      { level: 'Moderate', atLeast: 0.93 },
      { level: 'Mild', atLeast: 0.84 },
    ]);
    expect(LEVEL_RULE.sources.map((s) => s.id)).toEqual(
      expect.arrayContaining(['Markon2024', 'Zimmermann2026platform']),
    );
    expect(LEVEL_RULE.levels.map((l) => l.tOnNormalCurve)).toEqual([60, 65, 70]);
  });
});

const allTables = FORM_IDS.flatMap((form) =>
  NORM_TABLE_SCALES[form].map((key) => ({ form, key, table: getNormTable(US_NORM_TABLES, form, key) })),
);

describe("a level's words are true on every printed row of every table", () => {
  it.each(allTables)('$form $key', ({ table }) => {
    for (const row of table.rows) {
      const level = classifyLevel(row.percentile);
      const words = describeLevel({ level, percentile: row.percentile });
      if (level === null) {
        expect(row.percentile).toBeLessThan(0.84);
        expect(words).toBe('Not elevated: below the 84th percentile of the US norm sample.');
        continue;
      }
      const index = LEVELS.indexOf(level);
      const cutoff = LEVEL_RULE.levels[index]?.percentileAtLeast ?? 2;
      const nextCutoff = LEVEL_RULE.levels[index + 1]?.percentileAtLeast ?? 2;
      expect(row.percentile).toBeGreaterThanOrEqual(cutoff);
      expect(row.percentile).toBeLessThan(nextCutoff);
      // The words name this row's own printed percentile and nothing vaguer.
      expect(words).toContain(`of ${describePercentile(row.percentile)} of the adults in the US norm sample`);
      expect(words).not.toMatch(/almost any|everyone|nearly all/);
    }
  });
});

describe('skewed and non-skewed scales', () => {
  const read = (form: 'FULL' | 'SF' | 'BF', key: string, score: number) => {
    const reading = readNormTable(getNormTable(US_NORM_TABLES, form, key), score);
    const level = classifyLevel(reading.percentile);
    return { ...reading, level, words: describeLevel({ level, percentile: reading.percentile }) };
  };

  it('non-skewed: FULL Anxiousness steps through the levels at about T 65, 70 and 73', () => {
    expect(read('FULL', 'Anx', 1.65)).toMatchObject({ t: 60, percentile: 0.8, level: null });
    expect(read('FULL', 'Anx', 2.01)).toMatchObject({ t: 65, percentile: 0.9, level: 'Mild' });
    expect(read('FULL', 'Anx', 2.37)).toMatchObject({ t: 70, percentile: 0.96, level: 'Moderate' });
    expect(read('FULL', 'Anx', 2.59)).toMatchObject({ t: 73, percentile: 0.98, level: 'High' });
  });

  it('skewed: FULL Callousness at T 80 (z 3, the spec\'s "High") is at the 97th percentile: Moderate, and says so', () => {
    const cal = read('FULL', 'Cal', 1.62);
    expect(cal).toMatchObject({ t: 80, percentile: 0.97, level: 'Moderate' });
    expect(cal.words).toBe(
      'As high as or higher than the scores of about 97 % of the adults in the US norm sample: moderately elevated.',
    );
  });

  it('skewed: SF Perceptual Dysregulation, where 77 % of the sample scored 0', () => {
    // One item answered 1 (score 0.25) reads 0.26 at T 53: 86 % scored the same or lower → Mild.
    expect(read('SF', 'Prc', 0.25)).toMatchObject({ t: 53, percentile: 0.86, level: 'Mild' });
    // Score 0.75 reads 0.74 at T 67 (z ≈ 1.7, the spec's "Mild"), percentile 0.92: still Mild.
    expect(read('SF', 'Prc', 0.75)).toMatchObject({ t: 67, percentile: 0.92, level: 'Mild' });
    // Score 1.25 reads T 82 (z ≈ 3.2, the spec's "High"), but only the 97th percentile: Moderate.
    expect(read('SF', 'Prc', 1.25)).toMatchObject({ t: 82, percentile: 0.97, level: 'Moderate' });
  });

  it('the brief form total and a skewed brief domain', () => {
    expect(read('BF', 'Total', 1.92)).toMatchObject({ t: 80, percentile: 0.99, level: 'High' });
    // BF Antagonism prints 0.85 from 0.84 (T 59) to 0.99 (T 62): Mild across that plateau.
    expect(read('BF', 'Antag', 0.84)).toMatchObject({ t: 59, percentile: 0.85, level: 'Mild' });
    expect(read('BF', 'Antag', 0.99)).toMatchObject({ t: 62, percentile: 0.85, level: 'Mild' });
  });

  it('words at the ends of the percentile scale', () => {
    expect(describeLevel({ level: 'High', percentile: 1 })).toBe(
      'As high as or higher than the scores of more than 99 % of the adults in the US norm sample: highly elevated.',
    );
    expect(describePercentile(0)).toBe('less than 1 %');
    expect(describePercentile(0.5)).toBe('about 50 %');
  });
});

describe('parseLevelRule: the level data is checked on load', () => {
  const copy = () => structuredClone(levelsJson) as unknown as { levels: Record<string, unknown>[] };

  it('accepts the shipped data', () => {
    expect(parseLevelRule(copy()).levels).toHaveLength(3);
  });

  it('refuses cut-offs out of order, a description without the percentile, and a missing level', () => {
    const swapped = copy();
    (swapped.levels[1] as { percentileAtLeast: number }).percentileAtLeast = 0.8;
    expect(() => parseLevelRule(swapped)).toThrow("Moderate: cut-off 0.8 must be above Mild's");
    const vague = copy();
    (vague.levels[2] as { description: string }).description = 'Much more than almost anyone.';
    expect(() => parseLevelRule(vague)).toThrow("High: description must name the printed percentile ('{percentile}')");
    const short = copy();
    short.levels.pop();
    expect(() => parseLevelRule(short)).toThrow('levels must be listed once each, in the order Mild, Moderate, High');
  });
});

describe('levelStartsInT', () => {
  it('is the lowest printed T whose percentile reaches each cut-off', () => {
    const rows = [
      { t: 50, percentile: 0.5 },
      { t: 58, percentile: 0.83 },
      { t: 59, percentile: 0.84 },
      { t: 66, percentile: 0.93 },
      { t: 80, percentile: 0.97 },
    ];
    expect(levelStartsInT(rows)).toEqual({ Mild: 59, Moderate: 66, High: null });
  });

  it('agrees with the level of every printed row of every US table: a row has a level exactly from its start', () => {
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      for (const [key, table] of Object.entries(US_NORM_TABLES.tables[form])) {
        const starts = levelStartsInT(table.rows);
        for (const row of table.rows) {
          const level = classifyLevel(row.percentile);
          for (const name of LEVELS) {
            const start = starts[name];
            const reached = level !== null && LEVELS.indexOf(level) >= LEVELS.indexOf(name);
            expect(reached, `${form} ${key} T ${row.t} ${name}`).toBe(start !== null && row.t >= start);
          }
        }
      }
    }
  });
});
