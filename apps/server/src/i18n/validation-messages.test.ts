import { describe, expect, it } from 'vitest';
import { contractMessagesWithKeys, validationMessageKey } from '@pid5/contract';
import { translator } from './translator';

describe("the contract's validation messages", () => {
  it('each have a key whose English message is the contract text, and a German one', () => {
    const en = translator('en');
    const de = translator('de');
    for (const [text, key] of contractMessagesWithKeys()) {
      expect(en(key), key).toBe(text);
      expect(de(key), key).not.toBe(text);
    }
  });

  it('are found by their text; other text is not a key', () => {
    expect(validationMessageKey('Please choose a country from the list')).toBe('validation.assessment.countryUnknown');
    expect(validationMessageKey('Something else')).toBeUndefined();
  });
});
