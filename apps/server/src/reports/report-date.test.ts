import { describe, expect, it } from 'vitest';
import { formatReportDate, resolveTimeZone } from './report-date';

const date = new Date('2026-01-15T12:00:00Z');

describe('report date', () => {
  it.each([
    ['en-US,en;q=0.9', 'January 15, 2026', 'en-US'],
    ['en-GB', '15 January 2026', 'en-GB'],
    ['de-DE,de;q=0.9', '15. Januar 2026', 'de-DE'],
    ['ru', '15 января 2026 г.', 'ru'],
    ['el', '15 Ιανουαρίου 2026', 'el'],
    ['ja-JP,ja;q=0.9,fr;q=0.5', '15 janvier 2026', 'fr'],
    ['ar-EG, zh', '15 January 2026', 'en-GB'],
    ['not a tag!!, x-klingon', '15 January 2026', 'en-GB'],
    [undefined, '15 January 2026', 'en-GB'],
  ])('formats for %j as %j', (acceptLanguage, text, locale) => {
    expect(formatReportDate({ date, acceptLanguage })).toEqual({ text, locale });
  });

  it('uses the time zone when known, else UTC', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Mars/Olympus')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    const late = new Date('2026-01-15T23:30:00Z');
    expect(formatReportDate({ date: late, acceptLanguage: 'en-GB', timeZone: 'Europe/Berlin' }).text).toBe(
      '16 January 2026',
    );
    expect(formatReportDate({ date: late, acceptLanguage: 'en-GB', timeZone: 'nope' }).text).toBe('15 January 2026');
  });

  it.each([
    ['de', 'en-US', '15. Januar 2026', 'de'],
    ['de', 'de-CH, en', '15. Januar 2026', 'de-CH'],
    ['en', 'de-DE', '15 January 2026', 'en-GB'],
    ['en', 'de-DE, en-US;q=0.5', 'January 15, 2026', 'en-US'],
    ['en', undefined, '15 January 2026', 'en-GB'],
  ] as const)('in the report language %s for %j: %j', (language, acceptLanguage, text, locale) => {
    expect(formatReportDate({ date, acceptLanguage, language })).toEqual({ text, locale });
  });
});
