import { describe, expect, it } from 'vitest';
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS } from './keys';
import { LEVEL_KEYS, SCALE_NAME_KEYS, levelKey, scaleNameKey, verdictLabelKey } from './result-word-keys';

describe('the catalogue keys of the result words', () => {
  it('name every facet, domain and the brief total, each under results.scale', () => {
    for (const key of [...FACET_KEYS, ...DOMAIN_KEYS, BF_TOTAL_KEY]) {
      expect(scaleNameKey(key)).toBe(`results.scale.${key}`);
    }
    expect(Object.keys(SCALE_NAME_KEYS)).toHaveLength(31);
    expect(() => scaleNameKey('Nope')).toThrow(/No scale named Nope/);
  });

  it('word a level as formatLevel does: not scored, not elevated, or the level', () => {
    expect(levelKey({ level: null, isScored: false })).toBe(LEVEL_KEYS.notScored);
    expect(levelKey({ level: 'High', isScored: false })).toBe(LEVEL_KEYS.notScored);
    expect(levelKey({ level: null, isScored: true })).toBe(LEVEL_KEYS.none);
    expect(levelKey({ level: 'Moderate', isScored: true })).toBe('results.level.Moderate');
  });

  it("call a valid brief form's verdict 'no validity scale published'", () => {
    expect(verdictLabelKey('valid', 'BF')).toBe('results.verdict.noValidityScale');
    expect(verdictLabelKey('valid', 'SF')).toBe('results.verdict.valid');
    expect(verdictLabelKey('caution', 'BF')).toBe('results.verdict.caution');
  });
});
