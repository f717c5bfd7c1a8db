import { describe, expect, it } from 'vitest';
import { isLanguage, parseAcceptLanguage, pickLanguage } from './languages';
import { formatLocaleDate, formatLocaleDateTime, formatLocaleLongDate, formatLocaleNumber } from './locale-format';

describe('choosing a language', () => {
  it('serves a regional tag with its language, in the order of preference', () => {
    expect(pickLanguage(['fr-FR', 'de-CH', 'en'])).toBe('de');
    expect(pickLanguage(['en_GB'])).toBe('en');
    expect(pickLanguage(['fr', 'it'])).toBeNull();
    expect(pickLanguage(['de'], ['en'])).toBeNull();
  });

  it('orders Accept-Language ranges by q, keeping header order for ties, and drops * and q=0', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('en;q=0.5, de, ru;q=0')).toEqual(['de', 'en']);
    expect(parseAcceptLanguage('en;q=abc, de')).toEqual(['de']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('knows its languages', () => {
    expect(isLanguage('de')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('dates and numbers in the language’s conventions', () => {
  const at = new Date('2026-11-26T14:05:09Z');

  it('writes German dates day first with dots, English ones month first', () => {
    expect(formatLocaleDate('de', at, 'UTC')).toBe('26.11.2026');
    expect(formatLocaleDate('en', at, 'UTC')).toBe('Nov 26, 2026');
    expect(formatLocaleLongDate('de', at, 'UTC')).toBe('26. November 2026');
    expect(formatLocaleDateTime('de', at, 'UTC')).toBe('26.11.2026, 14:05:09');
  });

  it('writes a German decimal comma and keeps the asked decimals', () => {
    expect(formatLocaleNumber('de', 1.5, 1)).toBe('1,5');
    expect(formatLocaleNumber('en', 1.5, 1)).toBe('1.5');
    expect(formatLocaleNumber('de', 2, 2)).toBe('2,00');
    expect(formatLocaleNumber('en', 1234, 0)).toBe('1234');
  });
});
