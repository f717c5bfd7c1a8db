import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LANGUAGES, pickLanguage, type Language } from '@pid5/i18n';

/** A page's language: one of the product's, or the pseudo-locale that shows untranslated text (`?lang=en-XA`). */
export type LanguageChoice = Language | 'pseudo';
export const PSEUDO_TAG = 'en-XA';

/** Loads one area's catalogue (`respondent`, `staff`) in one language; each is its own chunk of the build. */
export type CatalogueLoader = (language: Language) => Promise<{ default: Record<string, unknown> }>;

export function createI18n(): I18n {
  return setupI18n();
}

/** `?lang=de` or `?lang=en-XA` on the page's address: a tester's or an institute's explicit choice. */
export function languageFromAddress(search: string): LanguageChoice | null {
  const value = new URLSearchParams(search).get('lang');
  if (value === PSEUDO_TAG) {
    return 'pseudo';
  }
  return value ? pickLanguage([value]) : null;
}

/** The browser's first language the product speaks, else English. */
export function browserLanguage(offered: readonly Language[] = LANGUAGES): Language {
  const preferences = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])];
  return pickLanguage(preferences, offered) ?? 'en';
}

/**
 * Loads the catalogue and switches the page to it; `<html lang>` follows, so screen readers pronounce the page in
 * its language. The pseudo-locale is English's catalogue made strange (packages/i18n/src/pseudo-locale.ts).
 */
export async function activateLanguage(i18n: I18n, choice: LanguageChoice, load: CatalogueLoader): Promise<void> {
  const language: Language = choice === 'pseudo' ? 'en' : choice;
  const messages = (await load(language)).default as Messages;
  if (choice === 'pseudo') {
    const { pseudoCatalogue } = await import('@pid5/i18n/pseudo');
    i18n.loadAndActivate({ locale: PSEUDO_TAG, messages: pseudoCatalogue(messages as never) as Messages });
  } else {
    i18n.loadAndActivate({ locale: language, messages });
  }
  if (typeof document !== 'undefined') {
    document.documentElement.lang = choice === 'pseudo' ? PSEUDO_TAG : language;
  }
}

/** The language whose conventions format dates and numbers on the page (the pseudo-locale formats as English). */
export function formatLanguage(i18n: I18n): Language {
  return pickLanguage([i18n.locale]) ?? 'en';
}
