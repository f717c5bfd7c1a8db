import { describe, expect, it } from 'vitest';
import demoDeJson from './data/demo-item-set-de.json' with { type: 'json' };
import demoJson from './data/demo-item-set.json' with { type: 'json' };
import { FACETS } from './definition';
import { demoItemSet } from './demo-item-set';
import { demoItemSetDe } from './demo-item-set-de';
import { getItemText, ItemSetError, parseItemSet, validateItemSet, ZItemSet } from './item-set';

interface RawItemSet {
  id: unknown;
  title: unknown;
  language: unknown;
  source: unknown;
  licenceNote: unknown;
  answerLabels?: unknown;
  items: unknown[];
  [extra: string]: unknown;
}

function validSet(): RawItemSet {
  return {
    id: 'test-set-1',
    title: 'Test set',
    language: 'en',
    source: 'Written for the tests',
    licenceNote: 'Free to use',
    items: Array.from({ length: 220 }, (_, i) => ({ number: i + 1, text: `Test sentence number ${i + 1}.` })),
  };
}

function withItem(set: RawItemSet, number: number, item: unknown): RawItemSet {
  return { ...set, items: set.items.map((it, i) => (i === number - 1 ? item : it)) };
}

function problemsOf(json: unknown): readonly string[] {
  const result = validateItemSet(json);
  return result.ok ? [] : result.problems;
}

describe('validateItemSet', () => {
  it('accepts a well-formed set and sorts its items by number', () => {
    const set = validSet();
    set.items.reverse();
    const parsed = parseItemSet(set);
    expect(parsed.items).toHaveLength(220);
    expect(parsed.items.map((i) => i.number)).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    expect(getItemText(parsed, 17)).toBe('Test sentence number 17.');
  });

  it('accepts optional answer labels in the set’s language', () => {
    const set = {
      ...validSet(),
      language: 'de-DE',
      answerLabels: ['Falsch', 'Eher falsch', 'Eher richtig', 'Richtig'],
    };
    expect(parseItemSet(set).answerLabels).toEqual(['Falsch', 'Eher falsch', 'Eher richtig', 'Richtig']);
  });

  const cases: [string, (set: RawItemSet) => unknown, string[]][] = [
    ['an empty text', (s) => withItem(s, 17, { number: 17, text: '' }), ['item 17: text is empty']],
    ['a blank text', (s) => withItem(s, 17, { number: 17, text: '   ' }), ['item 17: text is empty']],
    [
      'text with outer spaces',
      (s) => withItem(s, 5, { number: 5, text: ' Hi' }),
      ['item 5: text has leading or trailing spaces'],
    ],
    [
      'a line break in a text',
      (s) => withItem(s, 5, { number: 5, text: 'a\nb' }),
      ['item 5: text contains a line break or control character'],
    ],
    [
      'an over-long text',
      (s) => withItem(s, 9, { number: 9, text: 'x'.repeat(301) }),
      ['item 9: text is longer than 300 characters'],
    ],
    ['a text that is not a string', (s) => withItem(s, 9, { number: 9, text: 42 }), ['item 9: text must be text']],
    ['a missing text', (s) => withItem(s, 9, { number: 9 }), ['item 9: text is missing']],
    [
      'an unknown item field',
      (s) => withItem(s, 9, { number: 9, text: 'ok', note: 'x' }),
      ['item 9: unknown field note'],
    ],
    [
      'a fractional number',
      (s) => withItem(s, 9, { number: 9.5, text: 'ok' }),
      ['items[8]: number must be a whole number', 'missing item 9'],
    ],
    [
      'a number out of range',
      (s) => withItem(s, 9, { number: 221, text: 'ok' }),
      ['item 221: number must be between 1 and 220', 'missing item 9'],
    ],
    [
      'an item that is not an object',
      (s) => withItem(s, 9, 'text'),
      ['items[8]: must be an object with number and text', 'missing item 9'],
    ],
    [
      'a duplicated number',
      (s) => withItem(s, 203, { number: 202, text: 'again' }),
      ['item 202: listed more than once', 'missing item 203'],
    ],
    [
      'a missing item',
      (s) => ({ ...s, items: s.items.filter((_, i) => i !== 202) }),
      ['expected 220 items, got 219', 'missing item 203'],
    ],
    [
      'an extra item',
      (s) => ({ ...s, items: [...s.items, { number: 1, text: 'extra' }] }),
      ['expected 220 items, got 221', 'item 1: listed more than once'],
    ],
    ['no items', (s) => ({ ...s, items: [] }), ['expected 220 items, got 0', 'missing item 1', 'missing item 220']],
    ['items not a list', (s) => ({ ...s, items: {} }), ['items must be a list']],
    ['a missing title', (s) => ({ ...s, title: undefined }), ['title is missing']],
    ['an empty licence note', (s) => ({ ...s, licenceNote: '' }), ['licenceNote is empty']],
    ['a bad id', (s) => ({ ...s, id: 'Demo Set' }), ['id must be lower-case letters, digits and dashes']],
    [
      'a bad language tag',
      (s) => ({ ...s, language: 'English' }),
      ['language must be a language tag such as en or de-DE'],
    ],
    ['an unknown top-level field (typo)', (s) => ({ ...s, licenseNote: 'x' }), ['unknown field licenseNote']],
    [
      'three answer labels',
      (s) => ({ ...s, answerLabels: ['a', 'b', 'c'] }),
      ['answerLabels must have 4 labels (answers 0-3)'],
    ],
    [
      'an empty answer label',
      (s) => ({ ...s, answerLabels: ['a', '', 'c', 'd'] }),
      ['answerLabels.1: answer label is empty'],
    ],
    ['not an object', () => 'items', ['an item set must be a JSON object']],
    ['null', () => null, ['an item set must be a JSON object']],
  ];

  it.each(cases)('rejects %s', (_name, breakIt, expected) => {
    const problems = problemsOf(breakIt(validSet()));
    for (const message of expected) {
      expect(problems).toContain(message);
    }
  });

  it('reports header and item problems together, in order', () => {
    const set = withItem({ ...validSet(), title: '' }, 17, { number: 17, text: '' });
    expect(problemsOf({ ...set, items: set.items.slice(0, 202).concat(set.items.slice(203)) })).toEqual([
      'title is empty',
      'item 17: text is empty',
      'expected 220 items, got 219',
      'missing item 203',
    ]);
  });

  it('parseItemSet throws an ItemSetError whose message names the first problems', () => {
    const set = withItem(validSet(), 17, { number: 17, text: '' });
    set.items.splice(202, 1);
    expect(() => parseItemSet(set)).toThrow(ItemSetError);
    expect(() => parseItemSet(set)).toThrow(
      'Invalid item set: item 17: text is empty; expected 220 items, got 219; missing item 203',
    );
  });

  it('summarises long problem lists', () => {
    try {
      parseItemSet({ ...validSet(), items: [] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ItemSetError);
      expect((error as ItemSetError).problems).toHaveLength(221);
      expect((error as Error).message).toMatch(/missing item 4 \(and 216 more\)$/);
    }
  });

  it('the zod schema can be used directly', () => {
    expect(ZItemSet.safeParse(validSet()).success).toBe(true);
    expect(ZItemSet.safeParse({ ...validSet(), items: [] }).success).toBe(false);
  });
});

describe('demoItemSet (our own demonstration sentences)', () => {
  it('passes validation: 220 unique, non-empty items numbered 1-220', () => {
    expect(validateItemSet(demoJson).ok).toBe(true);
    expect(demoItemSet.items).toHaveLength(220);
    expect(demoItemSet.items.map((i) => i.number)).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    const texts = demoItemSet.items.map((i) => i.text);
    expect(new Set(texts).size).toBe(220);
    for (const text of texts) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(10);
      expect(text.length).toBeLessThanOrEqual(120);
    }
  });

  it('is clearly labelled as not the published PID-5 and as our own, free to use', () => {
    expect(demoItemSet.id).toBe('demo-en-1');
    expect(demoItemSet.language).toBe('en');
    expect(demoItemSet.title).toContain(
      'Demonstration items — not the published PID-5 wording; for trying the software only',
    );
    expect(demoItemSet.licenceNote).toContain('Written by this project');
    expect(demoItemSet.licenceNote).toContain('free to use');
  });

  it('writes first-person sentences in the spirit of the facets (spot checks)', () => {
    // Item 79 belongs to Anxiousness, item 1 to Anhedonia, item 30 is reverse-keyed Anhedonia.
    expect(FACETS.find((f) => f.items.includes(79))?.key).toBe('Anx');
    expect(getItemText(demoItemSet, 79)).toBe('I often feel tense about things that might go wrong.');
    expect(getItemText(demoItemSet, 30)).toBe('I find real joy in small everyday moments.');
    for (const item of demoItemSet.items) {
      expect(item.text).toMatch(/^[A-Z].*\.$/);
      expect(item.text).toMatch(/\b(I|me|my|myself)\b/i);
    }
  });
});

describe('demoItemSetDe (the German version of our demonstration sentences)', () => {
  it('passes validation: 220 unique, non-empty items numbered 1-220, with four German answer labels', () => {
    expect(validateItemSet(demoDeJson).ok).toBe(true);
    expect(demoItemSetDe.items.map((i) => i.number)).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    const texts = demoItemSetDe.items.map((i) => i.text);
    expect(new Set(texts).size).toBe(220);
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(10);
      expect(text.length).toBeLessThanOrEqual(120);
      expect(text).toMatch(/^[A-ZÄÖÜ].*\.$/);
      expect(text).toMatch(/\b(ich|mich|mir|mein\w*)\b/i);
    }
    expect(demoItemSetDe.answerLabels).toEqual([
      'Trifft überhaupt nicht zu',
      'Trifft eher nicht zu',
      'Trifft eher zu',
      'Trifft genau zu',
    ]);
  });

  it('is German, labelled as not the published PID-5, and says the same thing as the English item it stands for', () => {
    expect(demoItemSetDe).toMatchObject({ id: 'demo-de-1', language: 'de' });
    expect(demoItemSetDe.title).toContain('nicht der veröffentlichte Wortlaut des PID-5');
    expect(demoItemSetDe.licenceNote).toContain('Von diesem Projekt geschrieben');
    expect(getItemText(demoItemSet, 79)).toBe('I often feel tense about things that might go wrong.');
    expect(getItemText(demoItemSetDe, 79)).toBe('Ich bin oft angespannt wegen Dingen, die schiefgehen könnten.');
    expect(getItemText(demoItemSetDe, 30)).toBe('Kleine Momente im Alltag machen mir echte Freude.');
  });
});
