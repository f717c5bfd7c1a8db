import { describe, expect, it } from 'vitest';
import {
  ANSWER_LABELS,
  ANSWER_OPTIONS,
  countAnswered,
  createEmptyResponses,
  findResponsesProblem,
  getAnswer,
  isItemNumber,
  isValidResponses,
  normaliseResponses,
  RESPONSES_LENGTH,
  setAnswer,
  UNANSWERED,
} from './responses';
import { makeResponses } from '../test/test-helpers';

describe('response strings', () => {
  it('has the spec constants', () => {
    expect(RESPONSES_LENGTH).toBe(220);
    expect(UNANSWERED).toBe('9');
    expect(createEmptyResponses()).toBe('9'.repeat(220));
  });

  it('has the answer labels of docs/product-spec.md §3', () => {
    expect(ANSWER_LABELS).toEqual({
      0: 'Very False or Often False',
      1: 'Sometimes or Somewhat False',
      2: 'Sometimes or Somewhat True',
      3: 'Very True or Often True',
    });
    expect(ANSWER_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['0'.repeat(220), null],
    ['9'.repeat(220), null],
    ['.'.repeat(220), null],
    ['0123.9'.repeat(36) + '0123', null],
    ['0'.repeat(219), 'expected 220 characters, got 219'],
    ['0'.repeat(221), 'expected 220 characters, got 221'],
    ['', 'expected 220 characters, got 0'],
    [makeResponses({ 17: 'x' }), 'position 17: expected 0-3, 9 or ., got "x"'],
    [makeResponses({ 1: '4' }), 'position 1: expected 0-3, 9 or ., got "4"'],
    [makeResponses({ 220: ' ', 100: '-' }), 'position 100: expected 0-3, 9 or ., got "-"'],
    [makeResponses({ 3: '8' }), 'position 3: expected 0-3, 9 or ., got "8"'],
  ])('findResponsesProblem(%#) → %s', (responses, problem) => {
    expect(findResponsesProblem(responses)).toBe(problem);
    expect(isValidResponses(responses)).toBe(problem === null);
  });

  it('isValidResponses rejects non-strings', () => {
    expect(isValidResponses(undefined)).toBe(false);
    expect(isValidResponses(220)).toBe(false);
  });

  it('countAnswered counts 0-3 only', () => {
    expect(countAnswered('9'.repeat(220))).toBe(0);
    expect(countAnswered('0'.repeat(220))).toBe(220);
    expect(countAnswered(makeResponses({ 1: '9', 2: '.', 3: '3' }))).toBe(218);
  });

  it('getAnswer reads 1-based items', () => {
    const responses = makeResponses({ 1: 3, 220: 2, 5: '.' });
    expect(getAnswer(responses, 1)).toBe(3);
    expect(getAnswer(responses, 220)).toBe(2);
    expect(getAnswer(responses, 5)).toBeNull();
    expect(getAnswer(responses, 2)).toBe(0);
  });

  it('setAnswer changes one item and can clear it', () => {
    const empty = createEmptyResponses();
    const one = setAnswer({ responses: empty, item: 220, value: 2 });
    expect(one).toHaveLength(220);
    expect(one.endsWith('2')).toBe(true);
    expect(countAnswered(one)).toBe(1);
    expect(setAnswer({ responses: one, item: 220, value: null })).toBe(empty);
    expect(() => setAnswer({ responses: empty, item: 0, value: 1 })).toThrow(RangeError);
    expect(() => setAnswer({ responses: empty, item: 221, value: 1 })).toThrow(RangeError);
  });

  it('normaliseResponses maps . to 9', () => {
    expect(normaliseResponses('.'.repeat(220))).toBe('9'.repeat(220));
  });
});

describe('response strings of the short and brief forms', () => {
  it('check the length the form needs', () => {
    expect(findResponsesProblem('0'.repeat(100), 100)).toBeNull();
    expect(findResponsesProblem('0'.repeat(100))).toBe('expected 220 characters, got 100');
    expect(findResponsesProblem('0'.repeat(26), 25)).toBe('expected 25 characters, got 26');
    expect(isValidResponses('1'.repeat(25), 25)).toBe(true);
    expect(createEmptyResponses(25)).toBe('9'.repeat(25));
    expect(isItemNumber(100, 100)).toBe(true);
    expect(isItemNumber(101, 100)).toBe(false);
  });

  it('setAnswer and normaliseResponses work on a 25-item string', () => {
    const responses = setAnswer({ responses: createEmptyResponses(25), item: 25, value: 3, length: 25 });
    expect(responses).toBe(`${'9'.repeat(24)}3`);
    expect(() => setAnswer({ responses, item: 26, value: 1, length: 25 })).toThrow(
      'item must be an integer 1-25, got 26',
    );
    expect(normaliseResponses('.'.repeat(25), 25)).toBe('9'.repeat(25));
  });
});
