import { describe, expect, it } from 'vitest';
import { formReverseKeyedItems, getFormFullItems } from './forms';
import type { FormId } from './keys';
import { patternRunCutoffs, screenResponsePattern as screenWith } from './response-pattern';
import { scoreResponses } from './score-responses';
import { assessValidity, type ValidityVerdict } from './validity-verdict';
import { genuineLikeResponses, randomResponses, toFormResponses } from '../test/test-helpers';

// The product's own response-pattern screen (DESIGN.md "Validity verdict"): a protocol answered in one answer or in a
// repeating cycle is flagged on every form; on the short and brief forms (no reverse-worded statements) "Very False"
// to everything is only a caution that names a possibly low profile; random and plausible protocols are not flagged.

const LENGTH: Record<FormId, number> = { FULL: 220, SF: 100, BF: 25 };
const FORMS = ['FULL', 'SF', 'BF'] as const;
const inForm = (form: FormId, full: string) => (form === 'FULL' ? full : toFormResponses(full, getFormFullItems(form)));
const patternLine = (verdict: ValidityVerdict) => verdict.lines.find((l) => l.key === 'PATTERN');
const repeat = (pattern: string, length: number) => pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);

const screenResponsePattern = (responses: string, isFullForm = true) =>
  screenWith(responses, { reverseKeyedItems: isFullForm ? formReverseKeyedItems('FULL') : [] });

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
      expect(patternLine(verdict)?.statement).toContain(
        `statements 1 to ${n} (${n} in a row) all answered “Very True or Often True”`,
      );
    });

    for (const cycle of ['03', '0011', '012', '0123', '00112233', '0123210']) {
      // A cycle is only told from chance when it repeats four times: 7 and 8 answers do not fit the brief form.
      const fits = n >= cycle.length * 4;
      it(`${form}: the cycle ${cycle} repeated over the form is ${fits ? 'not interpretable, and named' : 'not read as a cycle'}`, () => {
        const verdict = scoreResponses(repeat(cycle, n), { form }).validityVerdict;
        if (fits) {
          expect(verdict.verdict).toBe('not-interpretable');
          expect(verdict.reasons.map((r) => r.code)).toContain('PATTERNED_ANSWERS');
          expect(patternLine(verdict)?.statement).toContain(`repeat the cycle ${[...cycle].join('-')}`);
          expect(patternLine(verdict)?.statement).not.toMatch(/^No stretch/);
        } else {
          expect(screenResponsePattern(repeat(cycle, n), false).periodic).toBeNull();
        }
      });
    }

    it(`${form}: a cycle with one answer in ten changed is still found`, () => {
      const answers = [...repeat('0011', n)].map((a, i) => (i % 10 === 7 ? String((Number(a) + 2) % 4) : a));
      const screen = screenResponsePattern(answers.join(''), form === 'FULL');
      expect(screen.flag).toBe('not-interpretable');
      expect(screen.finding).toBe('periodic');
      expect(screen.periodic?.cycle).toEqual([0, 0, 1, 1]);
    });

    it(`${form}: random answers (seeded) are not flagged by the screen (INC and INC-S are for them)`, () => {
      for (const seed of [1, 2, 3, 4, 5]) {
        const screen = screenResponsePattern(randomResponses(n, seed), form === 'FULL');
        expect(screen.flag, `seed ${seed}`).toBeNull();
        expect(screen.longestRun).toBeLessThan(10);
      }
    });

    it(`${form}: plausible protocols pass the screen and say so`, () => {
      for (const seed of [20260115, 1, 2, 3]) {
        const verdict = scoreResponses(inForm(form, genuineLikeResponses(seed)), { form }).validityVerdict;
        expect(patternLine(verdict), `seed ${seed}`).toMatchObject({ status: 'ok', isConcern: false });
        expect(patternLine(verdict)?.statement).toMatch(/^No stretch of \d+ or more statements/);
        expect(verdict.reasons.map((r) => r.code)).not.toContain('PATTERNED_ANSWERS');
      }
    });
  }

  it('"Very False" to every statement: not interpretable on the full form (it has reverse-worded statements)', () => {
    expect(scoreResponses('0'.repeat(220)).validityVerdict.verdict).toBe('not-interpretable');
  });

  for (const form of ['SF', 'BF'] as const) {
    const n = LENGTH[form];
    it(`${form}: "Very False" to every statement is a caution that says it may be a genuinely low profile`, () => {
      const verdict = scoreResponses('0'.repeat(n), { form }).validityVerdict;
      expect(verdict.verdict).toBe('caution');
      expect(verdict.patientFacingLevels).toBe('show-marked');
      expect(verdict.reasons.map((r) => r.code)).not.toContain('PATTERNED_ANSWERS');
      const reason = verdict.reasons.find((r) => r.code === 'POSSIBLY_LOW_PROFILE');
      expect(reason).toMatchObject({ severity: 'caution' });
      expect(reason?.short).toBe(
        `nearly every answer “Very False or Often False” (${n} of ${n}), possibly a genuinely low profile`,
      );
      expect(patternLine(verdict)?.statement).toContain('this may be a genuinely low profile');
      expect(patternLine(verdict)?.cutoffText).toContain('no reverse-worded statements');
    });

    it(`${form}: a low scorer with a few "Sometimes False" answers is not flagged at all`, () => {
      const answers = Array.from({ length: n }, (_, i) => (i % 6 === 2 ? '1' : '0')).join('');
      expect(screenResponsePattern(answers, false)).toMatchObject({ flag: null, finding: 'none' });
    });
  }

  it('a stretch of a quarter of the full form asks for caution, naming its length', () => {
    // 60 answers "2" in a row inside random answers.
    const responses = randomResponses(220, 9).slice(0, 100) + '2'.repeat(60) + randomResponses(220, 9).slice(160);
    const verdict = scoreResponses(responses).validityVerdict;
    expect(screenResponsePattern(responses)).toMatchObject({ flag: 'caution', longestRun: 60, finding: 'uniform' });
    expect(verdict.reasons.find((r) => r.code === 'PATTERNED_ANSWERS')).toMatchObject({ severity: 'caution' });
    expect(verdict.reasons.find((r) => r.code === 'PATTERNED_ANSWERS')?.short).toMatch(
      /^answers in a fixed pattern \((\d+) of 220 in a row\)$/,
    );
  });

  it('95 % of the answers one value, spread out, is a uniform stretch over the whole form', () => {
    // 210 "1" and 10 "2" spread out, so no identical run reaches half the form.
    const responses = Array.from({ length: 220 }, (_, i) => (i % 22 === 21 ? '2' : '1')).join('');
    const screen = screenResponsePattern(responses);
    expect(screen.longestRun).toBeLessThan(110);
    expect(screen.flag).toBe('not-interpretable');
    expect(screen.uniform).toMatchObject({ from: 1, length: 220, cycle: [1], deviations: 10 });
  });

  it('a result stored by the earlier screen keeps its own words', () => {
    const stored = {
      key: 'PATTERN' as const,
      nItems: 25,
      answered: 25,
      longestRun: 25,
      longestRunAnswers: [0],
      modalAnswer: 0,
      modalShare: 1,
      cautionRunFrom: 10,
      notInterpretableRunFrom: 13,
      notInterpretableShareFrom: 0.95,
      flag: 'not-interpretable' as const,
    };
    const result = scoreResponses('0'.repeat(25), { form: 'BF' });
    const verdict = assessValidity({ ...result, validity: { ...result.validity, pattern: stored } });
    expect(verdict.verdict).toBe('not-interpretable');
    expect(patternLine(verdict)?.statement).toContain('25 statements in a row answered “Very False or Often False”');
  });
});
