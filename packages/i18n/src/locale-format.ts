import type { Language } from './languages';

// Dates and numbers in the language's own conventions: 'Nov 26, 2026' and 1.5 in English, '26.11.2026' and 1,5 in
// German. One formatter per language and style, since Intl formatters are costly to build and are pure.

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, ...(timeZone ? { timeZone } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date: 'Nov 26, 2026' / '26.11.2026'. `timeZone` defaults to the runtime's (the browser's on a page). */
export function formatLocaleDate(language: Language, at: Date | string, timeZone?: string): string {
  return dateFormat(language, { dateStyle: 'medium' }, timeZone).format(new Date(at));
}

/** A date and time to the second: 'Nov 26, 2026, 14:05:09' / '26.11.2026, 14:05:09'. */
export function formatLocaleDateTime(language: Language, at: Date | string, timeZone?: string): string {
  return dateFormat(language, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }, timeZone).format(
    new Date(at),
  );
}

/** A long date for a letter or report: 'November 26, 2026' / '26. November 2026'. */
export function formatLocaleLongDate(language: Language, at: Date | string, timeZone?: string): string {
  return dateFormat(language, { dateStyle: 'long' }, timeZone).format(new Date(at));
}

/** A number with a fixed count of decimals: 1.5 / 1,5. No grouping below 10,000, as in a table of scores. */
export function formatLocaleNumber(language: Language, value: number, decimals = 0): string {
  const key = `${language}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'min2',
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
