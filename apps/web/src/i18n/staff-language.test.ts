import { describe, expect, it } from 'vitest';
import { formatScore } from '@pid5/contract';
import { formatLocaleScore } from './staff-language';

describe('formatLocaleScore', () => {
  it('writes a score as the contract does in English', () => {
    for (const value of [1.25, 0, -0.25, -0.004, 2.345, null, undefined, Number.NaN]) {
      expect(formatLocaleScore('en', value)).toBe(formatScore(value));
    }
  });

  it('writes it with a decimal comma and a real minus in German', () => {
    expect(formatLocaleScore('de', 1.25)).toBe('1,25');
    expect(formatLocaleScore('de', -0.25)).toBe('\u22120,25');
    expect(formatLocaleScore('de', -0.004)).toBe('0,00');
    expect(formatLocaleScore('de', null)).toBe('—');
  });
});
