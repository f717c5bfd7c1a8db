import { describe, expect, it } from 'vitest';
import { getNormTable, NORM_TABLE_SCALES, US_NORM_TABLES } from './norm-tables';
import { inTenAdults, sharePercent, tableMiddleShare, tMiddleShare } from './t-middle-share';

describe('the share of adults between T 40 and 60', () => {
  it('is the printed tables’ figure per form, not the normal curve’s two in three', () => {
    const figures = (['FULL', 'SF', 'BF'] as const).map((form) => {
      const share = tMiddleShare(US_NORM_TABLES, form);
      return [form, sharePercent(share.lowest), sharePercent(share.median), sharePercent(share.highest)];
    });
    expect(figures).toEqual([
      ['FULL', 62, 72, 86],
      ['SF', 52, 83, 90],
      ['BF', 59, 81, 86],
    ]);
    expect((['FULL', 'SF', 'BF'] as const).map((form) => inTenAdults(tMiddleShare(US_NORM_TABLES, form)))).toEqual([
      7, 8, 8,
    ]);
  });

  it('counts the people at the floor by the T they read, with the share the floor rule gives', () => {
    // Brief-form Negative Affectivity: a score of 0 reads T 39 and the share of the row above (decision 0054), so
    // those adults are below 40, not inside the middle.
    const table = getNormTable(US_NORM_TABLES, 'BF', 'NegAf');
    const share = tableMiddleShare(table);
    const t60 = Math.max(...table.rows.filter((r) => r.t <= 60).map((r) => r.percentile));
    expect(share).toBeLessThan(t60);
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      for (const key of NORM_TABLE_SCALES[form]) {
        const s = tableMiddleShare(getNormTable(US_NORM_TABLES, form, key));
        expect(s, `${form} ${key}`).toBeGreaterThan(0.4);
        expect(s, `${form} ${key}`).toBeLessThan(1);
      }
    }
  });
});
