import { describe, expect, it } from 'vitest';
import { formReverseKeyedItems, getFormFullItems } from './forms';
import type { FormId } from './keys';
import {
  PATTERN_CHANCE_AT_MOST,
  patternRunCutoffs,
  periodicChance,
  screenResponsePattern as screenWith,
} from './response-pattern';
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
      // Judged by chance, not by four repeats: cycles of 7 and 8 answers over the brief form are found too.
      it(`${form}: the cycle ${cycle} repeated over the form is not interpretable, and named`, () => {
        const verdict = scoreResponses(repeat(cycle, n), { form }).validityVerdict;
        expect(verdict.verdict).toBe('not-interpretable');
        expect(verdict.reasons.map((r) => r.code)).toContain('PATTERNED_ANSWERS');
        expect(patternLine(verdict)?.statement).toContain(`repeat the cycle ${[...cycle].join('-')}`);
        expect(patternLine(verdict)?.statement).not.toMatch(/^No stretch/);
        expect(patternLine(verdict)?.cutoffText).toContain('by chance (at most once in 1000');
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

  it('a result stored by the screen that counted four repeats keeps its rule in its words', () => {
    const result = scoreResponses(repeat('0123', 25), { form: 'BF' });
    const pattern = result.validity.pattern;
    if (pattern === null || pattern === undefined) {
      throw new Error('no pattern screen');
    }
    const stored = { ...pattern, screen: 2 as const, periodicChanceAtMost: undefined };
    const verdict = assessValidity({ ...result, validity: { ...result.validity, pattern: stored } });
    expect(patternLine(verdict)?.cutoffText).toContain('a cycle of 2 to 8 answers repeated at least four times');
    expect(patternLine(verdict)?.cutoffText).not.toContain('by chance');
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

// A periodic stretch counts when honest answering, drawn from the protocol's own answer shares, repeats its cycle as
// closely at most once in 1000 (periodicChance); how long it is decides caution or not interpretable, as before.
describe('the chance of a periodic stretch', () => {
  const brief = (responses: string) => screenWith(responses, { reverseKeyedItems: [] });
  // A low scorer's answers after the stretch: no stretch of their own, shares far from even.
  const after = '001000200100010002001000';
  const cycleThenBlank = (cycle: string, length: number) => (repeat(cycle, length) + '9' + after).slice(0, 25);

  it('is the chance that each later statement repeats its phase of the cycle, at most `deviations` not', () => {
    expect(PATTERN_CHANCE_AT_MOST).toBe(0.001);
    // 0, 1, 0, 1 with even shares: the second 0 and the second 1 each at 1/2.
    expect(periodicChance(4, [0, 1], 0, [0.5, 0.5, 0, 0])).toBeCloseTo(0.25, 12);
    // Ten statements, 8 repeats at 1/2, at most one missed: (1 + 8) / 256.
    expect(periodicChance(10, [0, 1], 1, [0.5, 0.5, 0, 0])).toBeCloseTo(9 / 256, 12);
    // A cycle through a rarely given answer is less likely than one through the common answers.
    expect(periodicChance(12, [0, 1], 0, [0.9, 0.1, 0, 0])).toBeCloseTo(0.9 ** 5 * 0.1 ** 5, 12);
    expect(periodicChance(12, [0, 1], 0, [0.9, 0.1, 0, 0])).toBeLessThan(
      periodicChance(12, [0, 1], 0, [0.5, 0.5, 0, 0]),
    );
  });

  it('brief form: 0-1 over 11 statements is within chance (0.0013), over 12 it is not (0.00047) and asks for caution', () => {
    // Both have 15 "0", 9 "1" and one "2": shares 0.6 and 0.36.
    const eleven = '0101010101001000100011002';
    const twelve = '0101010101011000100010002';
    expect(brief(eleven)).toMatchObject({ flag: null, finding: 'none', periodic: null });
    const found = brief(twelve);
    expect(found).toMatchObject({ flag: 'caution', finding: 'periodic' });
    expect(found.periodic).toMatchObject({ from: 1, length: 12, cycle: [0, 1], deviations: 0 });
    expect(found.periodic?.chance).toBeCloseTo(0.6 ** 5 * 0.36 ** 5, 12);
    expect(periodicChance(11, [0, 1], 0, [0.6, 0.36, 0.04, 0])).toBeGreaterThan(PATTERN_CHANCE_AT_MOST);
  });

  it('brief form: an improbable cycle asks for caution from 10 statements and is not interpretable from 13', () => {
    const at = (length: number) => brief(cycleThenBlank('0123', length));
    // Nine statements: improbable (chance below 1 in 1000) but shorter than the caution cut-off.
    expect(at(9).periodic?.length).toBe(9);
    expect(at(9).periodic?.chance).toBeLessThan(PATTERN_CHANCE_AT_MOST);
    expect(at(9).flag).toBeNull();
    expect(at(10)).toMatchObject({ flag: 'caution', finding: 'periodic', periodic: { from: 1, length: 10 } });
    expect(at(12)).toMatchObject({ flag: 'caution', periodic: { length: 12 } });
    expect(at(13)).toMatchObject({ flag: 'not-interpretable', periodic: { length: 13 } });
  });

  it('brief form: a missing answer ends a stretch (a statement left out was looked at)', () => {
    const whole = repeat('0123', 25);
    const blankAt = (statement: number) => whole.slice(0, statement - 1) + '9' + whole.slice(statement);
    // Statement 13 missing: two stretches of 12, each a caution, neither half the form.
    expect(brief(blankAt(13))).toMatchObject({ flag: 'caution', periodic: { from: 1, length: 12, deviations: 0 } });
    // Statement 2 missing: statements 3 to 25 still repeat the cycle.
    expect(brief(blankAt(2))).toMatchObject({ flag: 'not-interpretable', periodic: { from: 3, length: 23 } });
  });

  it('brief form: a cycle of 8 answers over half the form is found (four repeats could not fit in 13 statements)', () => {
    const responses = repeat('01233210', 13) + after.slice(0, 12);
    expect(brief(responses)).toMatchObject({ flag: 'not-interpretable', periodic: { from: 1, length: 13 } });
  });

  it('brief form: a low scorer\'s scattered "Sometimes False" that line up with a cycle by chance are not flagged', () => {
    // Honest-like protocols the screen with four repeats called not interpretable (0-1-0-0, 0-0-0-1 …).
    for (const responses of ['0100010000000100000000112', '0001000010000000100011200', '3200200001000100011001000']) {
      expect(brief(responses), responses).toMatchObject({ flag: null, finding: 'none', periodic: null });
    }
  });
});
