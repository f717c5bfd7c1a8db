import { describe, expect, it } from 'vitest';
import { DOMAIN_KEYS } from './keys';
import { scoreResponses } from './score-responses';
import { BF_DOMAIN_ITEMS, makeFormResponses } from '../test/test-helpers';

// The brief form (PID-5-BF, 25 items), hand-checked from the APA Domain Scoring table typed in test-helpers
// (notes §2). Rules: DESIGN.md "Scoring (packages/instrument)" (domain = mean of its 5 answered items, 2 or more missing → not scored, the APA
// BF rule; total = mean of all 25 items (Markon et al. 2024, p. 23), 7 or more missing → not scored, which is
// jmgirard/hitop's decision D-021 since the book gives no rule for the total).

const BF = (responses: string) => scoreResponses(responses, { form: 'BF' });

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('brief form: hand-checked scores', () => {
  // Answer = item number mod 4.
  const pattern = Array.from({ length: 25 }, (_, i) => String((i + 1) % 4)).join('');

  it.each(DOMAIN_KEYS)('domain %s = mean of its 5 items', (key) => {
    const expected = mean(BF_DOMAIN_ITEMS[key].map((item) => item % 4));
    const domain = BF(pattern).domains[key];
    expect(domain).toMatchObject({ nItems: 5, answered: 5, missing: 0, isScored: true, items: BF_DOMAIN_ITEMS[key] });
    expect(domain.score).toBeCloseTo(expected, 12);
  });

  it('Negative Affect by hand: items 8, 9, 10, 11, 15 answered 0, 1, 2, 3, 3 → 9 / 5', () => {
    expect(BF(pattern).domains.NegAf.score).toBe(1.8);
  });

  it('the total is the mean of all 25 items', () => {
    const total = BF(pattern).total;
    // 1..25 mod 4: six full cycles 1+2+3+0 = 36, plus item 25 → 1: 37 / 25.
    expect(total).toMatchObject({ key: 'Total', nItems: 25, answered: 25, isScored: true });
    expect(total.score).toBeCloseTo(37 / 25, 12);
  });

  it('T and percentile from the brief form table A-9: the documented lookups', () => {
    // One Detachment item answered 1 → 0.20 → T 43 (notes §3).
    expect(BF(makeFormResponses(25, { 4: 1 })).domains.Detac.us).toMatchObject({ t: 43, percentile: 0.35 });
    // 19 points over 25 items → total 0.76 → T 54, percentile 0.71.
    const nineteen = makeFormResponses(25, Object.fromEntries(Array.from({ length: 19 }, (_, i) => [i + 1, 1])));
    expect(BF(nineteen).total.score).toBeCloseTo(0.76, 12);
    expect(BF(nineteen).total.us).toMatchObject({ t: 54, percentile: 0.71 });
    const zero = BF('0'.repeat(25));
    // At the floor, the share that scored 0: the first printed row above it (norm-lookup.ts, the floor's rule).
    expect(zero.domains.Psych.us).toMatchObject({ t: 42, percentile: 0.44 });
    expect(zero.total.us).toMatchObject({ t: 37, percentile: 0.04 });
    const three = BF('3'.repeat(25));
    expect(three.domains.NegAf.us).toMatchObject({ t: 84, percentile: 1 });
    expect(three.domains.Detac.us).toMatchObject({ t: 87, percentile: 1 });
    expect(three.domains.Disin.us).toMatchObject({ t: 93, percentile: 1 });
    // Antagonism's table ends at 2.61 (T 95): 3.00 is capped.
    expect(three.domains.Antag.us).toMatchObject({ t: 95, capped: 'above' });
  });
});

/**
 * A brief-form protocol whose every domain has the mean `mid`: each domain's first item answered `mid` − 1, its
 * second `mid` + 1, the rest `mid`. Varied enough not to be a fixed pattern (the response-pattern screen).
 */
function background(mid: 1 | 2, answers: Readonly<Record<number, string | number>> = {}): string {
  const chars = Array.from({ length: 25 }, () => String(mid));
  for (const items of Object.values(BF_DOMAIN_ITEMS)) {
    chars[items[0] - 1] = String(mid - 1);
    chars[items[1] - 1] = String(mid + 1);
  }
  for (const [item, value] of Object.entries(answers)) {
    chars[Number(item) - 1] = String(value);
  }
  return chars.join('');
}

describe('brief form: missing answers', () => {
  it('one missing item in a domain: the mean of the other four', () => {
    const result = BF(makeFormResponses(25, { 8: '9', 9: 3, 10: 2, 11: 1, 15: 3 }));
    expect(result.domains.NegAf).toMatchObject({ answered: 4, missing: 1, maxMissing: 1, isScored: true });
    expect(result.domains.NegAf.score).toBe(9 / 4);
    expect(result.total.score).toBe(9 / 24);
  });

  it('two missing items in a domain: that domain is not scored', () => {
    const result = BF(background(1, { 8: '9', 9: '.' }));
    expect(result.domains.NegAf).toMatchObject({ score: null, isScored: false, us: null, level: null });
    expect(result.domains.Detac.score).toBe(1);
    expect(result.total.score).toBe(1);
    expect(result.validityVerdict.verdict).toBe('caution');
    expect(result.validityVerdict.reasons[0]?.text).toBe(
      'Unanswered: 2 of 25 statements, so 1 scale(s) could not be scored: Negative Affect.',
    );
  });

  it('six missing, two in each of three domains: three domains unscored, the total still scored (hitop D-021)', () => {
    const answers = { 8: '9', 9: '9', 4: '9', 13: '9', 17: '9', 19: '9' };
    const result = BF(background(2, answers));
    expect(DOMAIN_KEYS.filter((key) => !result.domains[key].isScored)).toEqual(['NegAf', 'Detac', 'Antag']);
    expect(result.total).toMatchObject({ answered: 19, missing: 6, maxMissing: 6, isScored: true, score: 2 });
    expect(result.total.missingRuleSource).toContain('D-021');
    expect(result.validityVerdict.verdict).toBe('caution');
  });

  it('seven missing: the total is not scored, and more than a quarter missing makes the protocol not interpretable', () => {
    const answers = Object.fromEntries([1, 2, 4, 7, 8, 17, 13].map((item) => [item, '9']));
    const result = BF(background(2, answers));
    expect(result.total).toMatchObject({ score: null, missing: 7, isScored: false, us: null });
    expect(result.validityVerdict.verdict).toBe('not-interpretable');
    expect(result.validityVerdict.reasons[0]?.code).toBe('TOO_MANY_MISSING');
  });
});

describe('brief form validity: none published', () => {
  it('lists every scale as not published, and says what cannot be checked', () => {
    const result = BF(background(2));
    for (const key of ['INC', 'ORS', 'PRD', 'SDTD'] as const) {
      expect(result.validity[key]).toEqual({ key, isPublished: false, form: 'BF' });
    }
    expect(result.validityVerdict.lines.map((l) => [l.key, l.status])).toEqual([
      ['INC', 'not-published'],
      ['ORS', 'not-published'],
      ['PRD', 'not-published'],
      ['SDTD', 'not-published'],
      ['PATTERN', 'ok'],
      ['TIME', 'not-recorded'],
    ]);
    expect(result.validityVerdict).toMatchObject({
      verdict: 'valid',
      label: 'No validity scale published',
      patientFacingLevels: 'show',
    });
    expect(result.validityVerdict.summary).toContain('inconsistent, exaggerated or overly favourable answering cannot');
    expect(result.validityVerdict.notes).toContain(
      'The brief form has no published validity scales: inconsistent, exaggerated or overly favourable answering ' +
        'cannot be detected on this form.',
    );
  });

  it('no German z; US z from the table’s fitted line; the form is recorded', () => {
    const result = BF('1'.repeat(25));
    expect(result.domains.NegAf.irf).toBeNull();
    expect(result.domains.NegAf.srf).not.toBeNull();
    expect(result.form).toBe('BF');
    expect(result.formInfo).toMatchObject({ label: 'Brief (25 items)', minutesLabel: 'about 5 minutes' });
    expect(result.instrumentVersion).toBe('pid5-bf-25/apa-2013/scoring-2');
    expect(() => BF('1'.repeat(24))).toThrow('expected 25 characters, got 24');
  });
});
