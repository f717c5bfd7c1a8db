import { describe, expect, it } from 'vitest';
import { scoreResponses } from './score-responses';
import { INC_PAIRS, makeResponses, ORS_ITEMS, PRD_ITEMS, SDTD_ITEMS } from '../test/test-helpers';

// Validity scales at and around their published cut-offs (data notes §8). Item lists typed in from the notes:
// INC pairs (Keeley et al. 2016, Table 1), ORS items (Sellbom et al. 2018, Table 2), PRD items (Williams et al.
// 2019, Table 4 note), SD-TD items (Williams et al. 2019, Table 5 note + item 38, see validity-scales.ts).

/** Answers for `items` (all 0 elsewhere) whose raw sum is exactly `total`: 3s first, then the remainder. */
function answersSummingTo(items: readonly number[], total: number): Record<number, number> {
  let remaining = total;
  const answers: Record<number, number> = {};
  for (const item of items) {
    const value = Math.min(3, remaining);
    answers[item] = value;
    remaining -= value;
  }
  if (remaining !== 0) {
    throw new Error(`cannot reach ${total} with ${items.length} items`);
  }
  return answers;
}

/** All-0 answers except that the first item of the first pairs differ from their partners to give INC = total. */
function incOf(total: number): string {
  const answers: Record<number, number> = {};
  let remaining = total;
  for (const [a] of INC_PAIRS) {
    const diff = Math.min(3, remaining);
    answers[a] = diff;
    remaining -= diff;
  }
  return makeResponses(answers);
}

describe('INC (response inconsistency): Σ|a − b| over 20 pairs, flag at ≥ 17', () => {
  it.each([
    [0, false],
    [15, false],
    [16, false],
    [17, true],
    [18, true],
    [60, true],
  ])('INC %i → flag %s', (total, flag) => {
    const inc = scoreResponses(incOf(total)).validity.INC;
    expect(inc.score).toBe(total);
    expect(inc.flag).toBe(flag);
    expect(inc.isComputed).toBe(true);
  });

  it('uses absolute differences in both directions, on raw answers', () => {
    // 79 = 3, 174 = 0 → 3; 110 = 2, 109 = 0 → 2; 148 = 1, 169 = 3 → 2. Total 7.
    const inc = scoreResponses(makeResponses({ 79: 3, 110: 2, 148: 1, 169: 3 })).validity.INC;
    expect(inc.score).toBe(7);
  });

  it('answering both items of a pair the same adds nothing', () => {
    expect(scoreResponses('3'.repeat(220)).validity.INC.score).toBe(0);
    expect(scoreResponses(makeResponses({ 79: 2, 174: 2 })).validity.INC.score).toBe(0);
  });

  it('is not computed when one of its 40 items is missing', () => {
    const inc = scoreResponses(makeResponses({ 185: '9' }, '3')).validity.INC;
    expect(inc).toMatchObject({ score: null, flag: false, isComputed: false, missing: 1, nItems: 40 });
  });
});

describe('ORS (over-reporting): count of its 10 items answered 3, flag at ≥ 3', () => {
  it.each([
    [0, false],
    [2, false],
    [3, true],
    [4, true],
    [10, true],
  ])('%i items answered 3 → flag %s', (count, flag) => {
    // The other ORS items are answered 2, which must not count.
    const answers: Record<number, number> = {};
    ORS_ITEMS.forEach((item, i) => {
      answers[item] = i < count ? 3 : 2;
    });
    const ors = scoreResponses(makeResponses(answers)).validity.ORS;
    expect(ors.score).toBe(count);
    expect(ors.flag).toBe(flag);
  });

  it('counts raw 3s only on its own items', () => {
    expect(scoreResponses(makeResponses({ 1: 3, 3: 3, 5: 3 })).validity.ORS.score).toBe(0);
  });

  it('is not computed when one of its items is missing', () => {
    const ors = scoreResponses(makeResponses({ 2: '.' }, '3')).validity.ORS;
    expect(ors).toMatchObject({ score: null, flag: false, isComputed: false });
  });
});

describe('PRD (positive impression): raw sum of 22 items; ≤ 10 positive-impression, ≥ 21 genuine', () => {
  it.each([
    [0, 'positive-impression'],
    [10, 'positive-impression'],
    [11, 'indeterminate'],
    [20, 'indeterminate'],
    [21, 'genuine'],
    [66, 'genuine'],
  ] as const)('PRD %i → %s', (total, flag) => {
    const prd = scoreResponses(makeResponses(answersSummingTo(PRD_ITEMS, total))).validity.PRD;
    expect(prd.score).toBe(total);
    expect(prd.flag).toBe(flag);
  });

  it('sums reverse-keyed items 96 and 98 raw, as the data specifies', () => {
    expect(scoreResponses(makeResponses({ 96: 3, 98: 2 })).validity.PRD.score).toBe(5);
  });

  it('is not computed when one of its items is missing', () => {
    const prd = scoreResponses(makeResponses({ 199: '9' })).validity.PRD;
    expect(prd).toMatchObject({ score: null, flag: null, isComputed: false });
  });
});

describe('SD-TD (social desirability / total denial): raw sum of 17 items; ≤ 11 / ≥ 19', () => {
  it.each([
    [0, 'social-desirability'],
    [11, 'social-desirability'],
    [12, 'indeterminate'],
    [18, 'indeterminate'],
    [19, 'defensiveness'],
    [51, 'defensiveness'],
  ] as const)('SD-TD %i → %s', (total, flag) => {
    const sdtd = scoreResponses(makeResponses(answersSummingTo(SDTD_ITEMS, total))).validity.SDTD;
    expect(sdtd.score).toBe(total);
    expect(sdtd.flag).toBe(flag);
  });

  it('includes item 38 (uncertain in the source; kept, see validity-scales.ts) and reports it as uncertain', () => {
    const sdtd = scoreResponses(makeResponses({ 38: 3 })).validity.SDTD;
    expect(sdtd.score).toBe(3);
    expect(sdtd.nItems).toBe(17);
    expect(sdtd.itemsUncertain).toEqual([38]);
  });

  it('sums reverse-keyed item 30 raw', () => {
    expect(scoreResponses(makeResponses({ 30: 3 })).validity.SDTD.score).toBe(3);
  });

  it('is not computed when one of its items is missing', () => {
    const sdtd = scoreResponses(makeResponses({ 209: '.' })).validity.SDTD;
    expect(sdtd).toMatchObject({ score: null, flag: null, isComputed: false, missing: 1 });
  });
});

describe('missing count', () => {
  it('counts both markers', () => {
    const validity = scoreResponses(makeResponses({ 1: '9', 2: '.', 220: '9' })).validity;
    expect(validity.missing).toBe(3);
  });

  it('a missing item outside a scale leaves the scale computed', () => {
    const validity = scoreResponses(makeResponses({ 1: '9' })).validity;
    expect(validity.INC.isComputed && validity.ORS.isComputed && validity.PRD.isComputed).toBe(true);
    expect(validity.SDTD.isComputed).toBe(true);
  });
});
