import { describe, expect, it } from 'vitest';
import normTablesJson from './data/pid5-norm-tables.json' with { type: 'json' };
import { DOMAIN_KEYS, FACET_KEYS } from './keys';
import { InvalidResponsesError } from './responses';
import { getFormFullItems } from './forms';
import { scoreResponses } from './score-responses';
import {
  DOMAIN_FACETS,
  INCS_FULL_PAIRS,
  makeFormResponses,
  makeResponses,
  genuineLikeResponses,
  toFormResponses,
  SF_FACET_FULL_ITEMS,
  SF_FULL_ITEMS,
  sfItemOf,
} from '../test/test-helpers';

/** A plausible short-form protocol (not a fixed pattern), and the same with some answers set. */
const VARIED = toFormResponses(genuineLikeResponses(), getFormFullItems('SF'));
function overlay(base: string, answers: Readonly<Record<number, string | number>>): string {
  return [...base].map((c, i) => String(answers[i + 1] ?? c)).join('');
}

// The short form (PID-5-SF, 100 items), hand-checked: every expected value is worked out here from the key typed in
// test-helpers (Maples et al. 2015, in full-form numbers; short-form numbers = rank in full-form order), not taken
// from the scorer's data. Rules: DESIGN.md "Scoring (packages/instrument)" (facet = mean of answered items; 2 or more of 4 missing → not scored,
// the APA 25 % rule by analogy; domain = mean of its 3 primary facets; INC-S ≥ 8).

const SF = (responses: string) => scoreResponses(responses, { form: 'SF' });

/** A short-form response string in which the item with full number f is answered `answerOf(f)`. */
function byFullItem(answerOf: (fullItem: number) => string | number): string {
  return SF_FULL_ITEMS.map((fullItem) => String(answerOf(fullItem))).join('');
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('short form: hand-checked scores', () => {
  // Answer = full item number mod 4: a pattern that gives the facets different scores.
  const pattern = byFullItem((f) => f % 4);

  it.each(FACET_KEYS)('facet %s = mean of its 4 answers', (key) => {
    const expected = mean(SF_FACET_FULL_ITEMS[key].map((f) => f % 4));
    const facet = SF(pattern).facets[key];
    expect(facet).toMatchObject({ nItems: 4, answered: 4, missing: 0, isScored: true, irf: null });
    expect(facet.score).toBeCloseTo(expected, 12);
  });

  it.each(DOMAIN_KEYS)('domain %s = mean of its 3 primary facets', (key) => {
    const expected = mean(DOMAIN_FACETS[key].map((facet) => mean(SF_FACET_FULL_ITEMS[facet].map((f) => f % 4))));
    expect(SF(pattern).domains[key].score).toBeCloseTo(expected, 12);
  });

  it('Anhedonia by hand: full items 23, 26, 124, 157 → short items 9, 11, 43, 65', () => {
    expect(SF_FACET_FULL_ITEMS.Anh.map(sfItemOf)).toEqual([9, 11, 43, 65]);
    // 23 % 4 = 3, 26 % 4 = 2, 124 % 4 = 0, 157 % 4 = 1 → 6 / 4.
    expect(SF(pattern).facets.Anh.score).toBe(1.5);
  });

  it('no item is reverse-keyed: all 0 scores 0 everywhere, all 3 scores 3', () => {
    const zero = SF('0'.repeat(100));
    const three = SF('3'.repeat(100));
    for (const key of FACET_KEYS) {
      expect(zero.facets[key].score).toBe(0);
      expect(three.facets[key].score).toBe(3);
    }
  });

  it('T and percentile from the short form’s own tables (Markon et al. 2024, Tables A-7 and A-8)', () => {
    expect(SF('0'.repeat(100)).domains.Psych.us).toMatchObject({ t: 42, percentile: 0.31 }); // documented, notes §3
    expect(SF('3'.repeat(100)).domains.NegAf.us).toMatchObject({ t: 85, percentile: 1 }); // documented
    // Submissiveness has the same 4 items on both forms, but its own percentile column: answers 1 1 1 1 → 1.00,
    // nearest printed 0.97 at T 48 in both tables, percentile 0.39 (full) against 0.37 (short).
    const full = scoreResponses(makeResponses({ 9: 1, 15: 1, 63: 1, 202: 1 })).facets.Sub;
    const short = SF(byFullItem((f) => ([9, 15, 63, 202].includes(f) ? 1 : 0))).facets.Sub;
    expect(full.score).toBe(1);
    expect(short.score).toBe(1);
    expect(full.us).toMatchObject({ t: 48, percentile: 0.39 });
    expect(short.us).toMatchObject({ t: 48, percentile: 0.37 });
  });

  it('US z from the short form table’s fitted line; no German z for this form', () => {
    const result = SF(pattern);
    const fit = (normTablesJson.tables.SF.Anh as { linearFit: { mean: number; sd: number } }).linearFit;
    expect(result.facets.Anh.srf).toBeCloseTo((1.5 - fit.mean) / fit.sd, 12);
    expect(result.norms.irf.note).toBe(
      'Not available for this form: the German means and SDs were derived for the 220-item form only.',
    );
    expect(result.norms.srf.note).toContain('least-squares line');
  });
});

describe('short form: missing answers (the 25 % rule by analogy: 1 of 4 missing scored, 2 not)', () => {
  const anh = SF_FACET_FULL_ITEMS.Anh.map(sfItemOf); // 9, 11, 43, 65

  it('one missing item: the mean of the other three', () => {
    const responses = makeFormResponses(100, {
      [anh[0] ?? 0]: '9',
      [anh[1] ?? 0]: 3,
      [anh[2] ?? 0]: 2,
      [anh[3] ?? 0]: 2,
    });
    const facet = SF(responses).facets.Anh;
    expect(facet).toMatchObject({ answered: 3, missing: 1, maxMissing: 1, isScored: true });
    expect(facet.score).toBe(7 / 3);
  });

  it('two missing items: the facet and its domain are not scored, the other domains are', () => {
    const result = SF(overlay(VARIED, { [anh[0] ?? 0]: '9', [anh[2] ?? 0]: '.' }));
    expect(result.facets.Anh).toMatchObject({ score: null, missing: 2, isScored: false, us: null, level: null });
    expect(result.domains.Detac).toMatchObject({ score: null, isScored: false, unscoredFacets: ['Anh'] });
    expect(result.domains.NegAf.isScored).toBe(true);
    expect(result.validityVerdict.reasons.map((r) => r.code)).toEqual(['SCALES_NOT_SCORED']);
  });

  it('a facet that is no domain’s primary facet (Submissiveness) leaves every domain scored', () => {
    const sub = SF_FACET_FULL_ITEMS.Sub.map(sfItemOf);
    const result = SF(makeFormResponses(100, { [sub[0] ?? 0]: '9', [sub[1] ?? 0]: '9' }));
    expect(result.facets.Sub.score).toBeNull();
    for (const key of DOMAIN_KEYS) {
      expect(result.domains[key].isScored).toBe(true);
    }
  });

  it('refuses a string that is not 100 characters', () => {
    expect(() => SF('0'.repeat(220))).toThrow(InvalidResponsesError);
    expect(() => SF('0'.repeat(220))).toThrow('expected 100 characters, got 220');
  });
});

describe('short form validity: INC-S only (Lowmaster et al. 2020 and Correction 2021)', () => {
  /** INC-S worked out by hand: Σ|a − b| over the 10 pairs. */
  const incsByHand = (responses: string) =>
    INCS_FULL_PAIRS.reduce(
      (total, [a, b]) => total + Math.abs(Number(responses[sfItemOf(a) - 1]) - Number(responses[sfItemOf(b) - 1])),
      0,
    );

  it.each([
    [7, false],
    [8, true],
  ])('INC-S %i → flag %s', (total, flag) => {
    // Differences of 3, 3 and total − 6 on the first pairs, the other pairs' items 0, the rest varied.
    const answers: Record<number, number> = Object.fromEntries(INCS_FULL_PAIRS.flat().map((f) => [sfItemOf(f), 0]));
    let remaining = total;
    for (const [a] of INCS_FULL_PAIRS) {
      const diff = Math.min(3, remaining);
      answers[sfItemOf(a)] = diff;
      remaining -= diff;
    }
    const responses = overlay(VARIED, answers);
    expect(incsByHand(responses)).toBe(total);
    const result = SF(responses);
    expect(result.validity.INCS).toMatchObject({ score: total, flag, cutoff: 8, isComputed: true });
    expect(result.validityVerdict.verdict).toBe(flag ? 'not-interpretable' : 'valid');
    // 7, one below the cut-off, is borderline, never "consistent".
    const incs = result.validityVerdict.lines.find((l) => l.key === 'INCS');
    expect(incs?.status).toBe(flag ? 'flagged' : 'indeterminate');
    if (!flag) {
      expect(incs?.statement).toMatch(
        /^Score 7 \(US percentile [\d.]+\), within 2 points below the cut-off of 8: borderline/,
      );
      // The summary beside it never says "the answers were consistent".
      expect(result.validityVerdict.summary).toMatch(/^Valid, with a borderline consistency score \(INC-S\)/);
      expect(result.validityVerdict.summary).not.toContain('the answers were consistent');
    }
  });

  it('percentile of INC-S from table A-2', () => {
    const pattern = byFullItem((f) => f % 4);
    const incs = SF(pattern).validity.INCS;
    expect(incs.score).toBe(incsByHand(pattern));
    // Table A-2 (notes §1): 0 → 0.078, 8 → 0.945, 15 → 1.00, printed 0-15 of 0-30.
    expect(SF('1'.repeat(100)).validity.INCS.percentile).toEqual({ percentile: 0.078, printedScore: 0, capped: null });
  });

  it('a missing INC-S item: not computed, so the consistency is unknown (caution)', () => {
    const result = SF(overlay(VARIED, { [sfItemOf(79)]: '9' }));
    expect(result.validity.INCS).toMatchObject({ score: null, flag: false, isComputed: false, missing: 1 });
    expect(result.validityVerdict.verdict).toBe('caution');
    expect(result.validityVerdict.reasons.map((r) => r.code)).toEqual(['INCONSISTENCY_NOT_COMPUTED']);
  });

  it('ORS, PRD and SD-TD are not published for the short form and never computed', () => {
    const result = SF('3'.repeat(100)); // would flag ORS on the full form
    for (const key of ['ORS', 'PRD', 'SDTD'] as const) {
      expect(result.validity[key]).toEqual({ key, isPublished: false, form: 'SF' });
      const line = result.validityVerdict.lines.find((l) => l.key === key);
      expect(line).toMatchObject({ status: 'not-published', score: null, cutoffText: null, isConcern: false });
      expect(line?.statement).toBe(
        'Not published for the short form (PID-5-SF, 100 items): no validated version of this scale with ' +
          "cut-offs exists for it, and the full form's cut-offs do not apply.",
      );
    }
    // Not interpretable for its pattern (the product's own screen), never for over-reporting.
    expect(result.validityVerdict.reasons.map((r) => r.code)).toEqual(['PATTERNED_ANSWERS']);
    expect(result.validityVerdict.notes).toContain(
      'The short form has only one published validity scale (INC-S). Over-reporting and under-reporting cannot ' +
        'be checked on this form.',
    );
  });

  it('records the form and its versions', () => {
    const result = SF('0'.repeat(100));
    expect(result.form).toBe('SF');
    expect(result.formInfo).toMatchObject({ id: 'SF', itemCount: 100, label: 'Short (100 items)' });
    expect(result.instrumentVersion).toBe('pid5-sf-100/maples-2015/scoring-2');
    expect(result.answered).toBe(100);
  });
});
