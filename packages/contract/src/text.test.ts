import { describe, expect, it } from 'vitest';
import { isStorableText } from './text';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Jane Roe', true],
    ['an emoji (a surrogate pair)', 'ok 😀', true],
    ['accents and other scripts', 'Zoë Ελένη שרה', true],
    ['NUL', '\u0000', false],
    ['NUL inside', 'a\u0000b', false],
    ['a lone high surrogate', '\ud800', false],
    ['a lone low surrogate', 'x\udc00', false],
    ['a high surrogate at the end', 'ok \ud83d', false],
    ['two high surrogates', '\udbff\udbff', false],
  ])('%s → %s', (_what, text, expected) => {
    expect(isStorableText(text)).toBe(expected);
  });
});
