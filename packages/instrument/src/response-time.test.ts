import { describe, expect, it } from 'vitest';
import { FAST_SECONDS_PER_STATEMENT, screenAnswerTimes } from './response-time';
import { scoreResponses } from './score-responses';
import { assessValidity, validityVerdictIn } from './validity-verdict';

/** Times (ms) of answers given `gaps` seconds apart, statement 1 first. */
function timesFrom(gaps: readonly number[]): number[] {
  const times = [1_800_000_000_000];
  for (const gap of gaps) {
    times.push(times[times.length - 1]! + gap * 1000);
  }
  return times;
}

/** A brief-form protocol that repeats only every 13 statements (valid by every other check). */
const BRIEF = Array.from({ length: 25 }, (_, i) =>
  String([0, 1, 1, 2, 0, 1, 0, 1, 1, 0, 2, 1, 0][((i + 1) ** 2 + 3 * (i + 1)) % 13]),
).join('');

describe('screenAnswerTimes', () => {
  it('flags statements answered at under a second each, with the median, the share and the longest stretch', () => {
    const result = screenAnswerTimes(timesFrom(Array.from({ length: 24 }, () => 0.8)));
    expect(result).toMatchObject({ timed: 24, fastCount: 24, fastShare: 1, longestFastStretch: 24, flag: 'caution' });
    expect(result?.medianSeconds).toBeCloseTo(0.8, 10);
  });

  it('asks for caution from half the statements under 2 seconds, not below', () => {
    const half = [...Array.from({ length: 12 }, () => 1.9), ...Array.from({ length: 12 }, () => 5)];
    expect(screenAnswerTimes(timesFrom(half))).toMatchObject({
      fastCount: 12,
      longestFastStretch: 12,
      flag: 'caution',
    });
    const under = [...Array.from({ length: 11 }, () => 1.9), ...Array.from({ length: 13 }, () => 5)];
    expect(screenAnswerTimes(timesFrom(under))).toMatchObject({ fastCount: 11, flag: null });
    // Exactly 2 seconds is not under the threshold.
    expect(screenAnswerTimes(timesFrom(Array.from({ length: 24 }, () => FAST_SECONDS_PER_STATEMENT)))?.flag).toBeNull();
  });

  it('reads the answers in the order they were given, not by statement number', () => {
    const given = timesFrom(Array.from({ length: 24 }, () => 0.5)).reverse();
    expect(screenAnswerTimes(given)).toMatchObject({ fastCount: 24, flag: 'caution' });
  });

  it('says nothing when fewer than 10 statements carry a time', () => {
    const times: (number | null)[] = [
      ...timesFrom(Array.from({ length: 9 }, () => 0.5)),
      ...Array.from({ length: 15 }, () => null),
    ];
    expect(screenAnswerTimes(times)).toBeNull();
  });
});

describe('the verdict with response times', () => {
  it('a brief form answered at 0.8 s a statement is a caution that prints its figures, in English and German', () => {
    const result = scoreResponses(BRIEF, { form: 'BF', answerTimes: timesFrom(Array.from({ length: 24 }, () => 0.8)) });
    expect(result.validityVerdict.verdict).toBe('caution');
    expect(result.validityVerdict.reasons.map((r) => r.code)).toEqual(['FAST_ANSWERS']);
    const line = result.validityVerdict.lines.find((l) => l.key === 'TIME');
    expect(line?.statement).toContain(
      'Median 0.8 seconds per statement; 100 % of the statements (24 of 24) answered in under 2 seconds; longest fast stretch 24 statements in a row',
    );
    const de = assessValidity(result, { language: 'de' }).lines.find((l) => l.key === 'TIME');
    expect(de?.statement).toContain(
      'Median 0,8 Sekunden pro Aussage; 100 % der Aussagen (24 von 24) in unter 2 Sekunden beantwortet; längste schnelle Strecke 24 Aussagen in Folge',
    );
  });

  it('the same answers at 4 s a statement are valid, with the figures said', () => {
    const result = scoreResponses(BRIEF, { form: 'BF', answerTimes: timesFrom(Array.from({ length: 24 }, () => 4)) });
    expect(result.validityVerdict.verdict).toBe('valid');
    expect(result.validityVerdict.lines.find((l) => l.key === 'TIME')?.statement).toContain(
      'Median 4.0 seconds per statement; 0 %',
    );
  });

  it('scored without times (or stored before times were recorded): the check is "not recorded", no concern', () => {
    const result = scoreResponses(BRIEF, { form: 'BF' });
    expect(result.validityVerdict.verdict).toBe('valid');
    const time = result.validityVerdict.lines.find((l) => l.key === 'TIME');
    expect(time).toMatchObject({ status: 'not-recorded', isConcern: false, score: null });
    expect(time?.statement).toMatch(/^Not recorded: /);
    expect(result.validityVerdict.reasons).toEqual([]);
    // Too few times to read is the same as none.
    const few = scoreResponses(BRIEF, { form: 'BF', answerTimes: timesFrom([0.5, 0.5, 0.5]) });
    expect(few).toEqual(result);
  });

  it('a verdict stored before the line existed reads "not recorded" in every language, in that language', () => {
    const result = scoreResponses(BRIEF, { form: 'BF' });
    const stored = {
      ...result,
      validityVerdict: {
        ...result.validityVerdict,
        lines: result.validityVerdict.lines.filter((l) => l.key !== 'TIME'),
      },
    };
    const en = validityVerdictIn(stored, { language: 'en' }).lines.find((l) => l.key === 'TIME');
    const de = validityVerdictIn(stored, { language: 'de' });
    expect(en).toMatchObject({ status: 'not-recorded', statement: expect.stringMatching(/^Not recorded: /) });
    expect(de.lines.find((l) => l.key === 'TIME')?.statement).toMatch(/^Nicht erfasst: /);
    // Still the German words of the same decision, not the stored English ones.
    expect(de.summary).not.toBe(stored.validityVerdict.summary);
  });
});
