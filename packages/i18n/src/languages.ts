/** The languages the product speaks. A test is given in one of them; the staff pages follow the reader's. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie in which the staff app keeps the reader's choice, so the server writes PDFs and messages in it too. */
export const LANGUAGE_COOKIE = 'pid5_lang';

/** Each language in its own name, for a language switch (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/**
 * The locale each language writes letters' dates in (a region where the language has one convention): Intl formats
 * from it, so no code asks which language it is.
 */
export const LETTER_LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of `preferences` (BCP 47 tags, best first) that one of `offered` serves: 'de-CH' is served by 'de'. */
export function pickLanguage(
  preferences: readonly string[],
  offered: readonly Language[] = LANGUAGES,
): Language | null {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const match = offered.find((language) => language === primary);
    if (match) {
      return match;
    }
  }
  return null;
}

/** The language ranges of an Accept-Language header, best first (by q, then order); '*' and q=0 dropped. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) {
    return [];
  }
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .slice(0, 12)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((r) => r.tag !== '' && r.tag !== '*' && r.q > 0);
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges.map((r) => r.tag);
}
