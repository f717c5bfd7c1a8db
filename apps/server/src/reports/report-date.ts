// Today's date on the report in the requester's format (docs/product-spec.md §2: "today's date in local format"). The server
// knows the locale only from Accept-Language (RFC 9110 §12.5.4) and the time zone only if the browser sends it;
// anything it cannot use falls back safely: unknown tags are skipped, an unknown zone becomes UTC, and a locale
// whose date would need a script the embedded font cannot draw (or that runs right to left, which the PDF writer
// does not lay out) is skipped, ending at English (en-GB: "15 January 2026", unambiguous in any country).

import { parseAcceptLanguage, pickLanguage, type Language } from '@pid5/i18n';

export const FALLBACK_REPORT_LOCALE = 'en-GB';

/** Scripts DejaVu Sans draws and that run left to right. */
const PRINTABLE =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** The zone if Intl knows it, else UTC. */
export function resolveTimeZone(timeZone: string | undefined): string {
  if (!timeZone) {
    return 'UTC';
  }
  try {
    return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function formatIn(locale: string, date: Date, timeZone: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (!canonical || Intl.DateTimeFormat.supportedLocalesOf([canonical]).length === 0) {
      return null;
    }
    const text = new Intl.DateTimeFormat(canonical, { dateStyle: 'long', timeZone }).format(date);
    return PRINTABLE.test(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The report date, e.g. 'January 15, 2026' (en-US), '15. Januar 2026' (de), '15 января 2026 г.' (ru). With
 * `language` (the report's language), the date is in that language: the first Accept-Language tag of that language
 * gives the regional form ('en-US' or 'en-GB', 'de-CH'), else the language's own ('de'; English: en-GB).
 */
export function formatReportDate(options: {
  date: Date;
  acceptLanguage?: string;
  timeZone?: string;
  language?: Language;
}): {
  text: string;
  locale: string;
} {
  const timeZone = resolveTimeZone(options.timeZone);
  const { language } = options;
  for (const locale of parseAcceptLanguage(options.acceptLanguage)) {
    if (language && pickLanguage([locale], [language]) === null) {
      continue;
    }
    const text = formatIn(locale, options.date, timeZone);
    if (text !== null) {
      return { text, locale };
    }
  }
  const fallback = language && language !== 'en' ? language : FALLBACK_REPORT_LOCALE;
  return {
    text: formatIn(fallback, options.date, timeZone) ?? options.date.toISOString().slice(0, 10),
    locale: fallback,
  };
}
