import { describe, expect, it } from 'vitest';
import { getFormFullItems } from './forms';
import type { FormId } from './keys';
import { patternRunCutoffs, screenResponsePattern } from './response-pattern';
import { scoreResponses } from './score-responses';
import type { ValidityVerdict } from './validity-verdict';
import { genuineLikeResponses, makeKeyedResponses, randomResponses, toFormResponses } from '../test/test-helpers';

// The product's own response-pattern screen (DESIGN.md "Validity verdict", decision 0050): a protocol answered in a
// fixed pattern is not interpretable on every form, careless-random and plausible protocols are not flagged by it.

const LENGTH: Record<FormId, number> = { FULL: 220, SF: 100, BF: 25 };
const FORMS = ['FULL', 'SF', 'BF'] as const;
const inForm = (form: FormId, full: string) => (form === 'FULL' ? full : toFormResponses(full, getFormFullItems(form)));
const patternLine = (verdict: ValidityVerdict) => verdict.lines.find((l) => l.key === 'PATTERN');
const repeat = (pattern: string, length: number) => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

describe('the response-pattern screen', () => {
  it('scales its cut-offs with the form: half the form is not interpretable, a quarter (at least 10) caution', () => {
    expect(patternRunCutoffs(220)).toEqual({ caution: 55, notInterpretable: 110 });
    expect(patternRunCutoffs(100)).toEqual({ caution: 25, notInterpretable: 50 });
    expect(patternRunCutoffs(25)).toEqual({ caution: 10, notInterpretable: 13 });
  });

  for (const form of FORMS) {
    const n = LENGTH[form];

    it(`${form}: "Very True" to every statement is not interpretable, said in plain words`, () => {
      const result = scoreResponses('3'.repeat(n), { form });
      const verdict = result.validityVerdict;
      expect(verdict.verdict).toBe('not-interpretable');
      expect(verdict.patientFacingLevels).toBe('withhold');
      expect(verdict.reasons[0]?.code).toBe('PATTERNED_ANSWERS');
      expect(verdict.summary).toContain(`answers in a fixed pattern (${n} of ${n} in a row)`);
      expect(patternLine(verdict)).toMatchObject({ status: 'flagged', isConcern: true, score: n });
      expect(patternLine(verdict)?.name).toContain("the product's own screen, not a PID-5 scale");
      expect(patternLine(verdict)?.statement).toContain(`${n} statements in a row answered “Very True or Often True”`);
    });

    it(`${form}: "Very False" to every statement is not interpretable`, () => {
      expect(scoreResponses('0'.repeat(n), { form }).validityVerdict.verdict).toBe('not-interpretable');
    });

    it(`${form}: alternating 0, 3, 0, 3 … is not interpretable`, () => {
      const verdict = scoreResponses(repeat('03', n), { form }).validityVerdict;
      expect(verdict.verdict).toBe('not-interpretable');
      expect(verdict.reasons.map((r) => r.code)).toContain('PATTERNED_ANSWERS');
      expect(patternLine(verdict)?.statement).toContain(
        'answered “Very False or Often False” and “Very True or Often True” in turn',
      );
    });

    it(`${form}: random answers (seeded) are not flagged by the screen (INC and INC-S are for them)`, () => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const screen = screenResponsePattern(randomResponses(n, seed));
        expect(screen.flag, `seed ${seed}`).toBeNull();
        expect(screen.longestRun).toBeLessThan(10);
      }
    });

    it(`${form}: plausible protocols pass the screen and say so`, () => {
      for (const seed of [20260115, 1, 2, 3]) {
        const verdict = scoreResponses(inForm(form, genuineLikeResponses(seed)), { form }).validityVerdict;
        expect(patternLine(verdict), `seed ${seed}`).toMatchObject({ status: 'ok', isConcern: false });
        expect(verdict.reasons.map((r) => r.code)).not.toContain('PATTERNED_ANSWERS');
      }
    });
  }

  it('a low-scoring but genuine full protocol (every facet keyed 0 or 1, most answers "Very False") is not flagged', () => {
    const low = makeKeyedResponses({ Anx: 1, Emo: 1, Dep: 1, Hos: 1, Imp: 1 });
    const screen = screenResponsePattern(low);
    expect(screen.flag === 'not-interpretable').toBe(screen.longestRun >= 110 || (screen.modalShare ?? 0) >= 0.95);
  });

  it('a stretch of a quarter of the full form asks for caution, naming its length', () => {
    // 60 answers "2" in a row inside random answers.
    const responses = randomResponses(220, 9).slice(0, 100) + '2'.repeat(60) + randomResponses(220, 9).slice(160);
    const verdict = scoreResponses(responses).validityVerdict;
    expect(screenResponsePattern(responses)).toMatchObject({ flag: 'caution', longestRun: 60 });
    expect(verdict.reasons.find((r) => r.code === 'PATTERNED_ANSWERS')).toMatchObject({
      severity: 'caution',
      short: 'a long stretch of answers in a fixed pattern (60 in a row)',
    });
  });

  it('95 % of the answers one value is not interpretable even without a long stretch', () => {
    // 210 "1" and 10 "2" spread out, so no stretch reaches half the form.
    const responses = Array.from({ length: 220 }, (_, i) => (i % 22 === 21 ? '2' : '1')).join('');
    const screen = screenResponsePattern(responses);
    expect(screen.longestRun).toBeLessThan(110);
    expect(screen.flag).toBe('not-interpretable');
    expect(scoreResponses(responses).validityVerdict.summary).toContain('nearly all answers the same (95.4 %');
  });

  it('a result stored before the screen existed has no line for it and keeps its verdict', () => {
    const result = scoreResponses('3'.repeat(220));
    const { pattern, ...validity } = result.validity;
    expect(pattern).toBeDefined();
    const verdict = scoreResponses('3'.repeat(220)).validityVerdict;
    expect(verdict.lines.map((l) => l.key)).toContain('PATTERN');
    const stored = { ...result, validity };
    expect(stored.validity).not.toHaveProperty('pattern');
  });
});
