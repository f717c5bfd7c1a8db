import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LANGUAGES, type Language } from '@pid5/i18n';
import { compileCatalogue } from '@pid5/i18n/compile';
import { serverCatalogue, type MessageKey } from './catalogues';

// The server's words in the product's languages: one Lingui instance per language, its catalogue compiled the first
// time a language is asked for (once per process, and once per report thread: pdf-worker.ts asks in its own thread).
// Keys are typed from the English catalogues; every key is used (scripts/check-catalogues.mjs).

export type { MessageKey } from './catalogues';
export type MessageValues = Readonly<Record<string, string | number>>;
/** A message in one language: `t('report.title')`, `t('report.date', { date })`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const instances = new Map<Language, I18n>();
const translators = new Map<Language, Translate>();

function instanceFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n();
    i18n.loadAndActivate({ locale: language, messages: compileCatalogue(serverCatalogue(language)) as Messages });
    instances.set(language, i18n);
  }
  return i18n;
}

/** The messages of `language`: a key the language lacks (the catalogue check refuses that) falls back to English. */
export function translator(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    const i18n = instanceFor(language);
    const english = language === 'en' ? i18n : instanceFor('en');
    const own = serverCatalogue(language);
    translate = (key, values) => (key in own ? i18n : english)._(key, values as Record<string, unknown>);
    translators.set(language, translate);
  }
  return translate;
}

/** Whether `value` is one of the server's message keys (an AppError's or a contract message given as a key). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(serverCatalogue('en'), value);
}

/** Compiles every language's catalogue now (at start), so a broken message fails the start, not a request. */
export function loadServerCatalogues(): void {
  for (const language of LANGUAGES) {
    translator(language);
  }
}

/**
 * Every message of the given areas in every language, as written: the report threads' fixed texts, so that the
 * fonts' base glyph sets hold every letter of every language (report-document.ts).
 */
export function allMessageTexts(prefixes: readonly string[]): string[] {
  return LANGUAGES.flatMap((language) =>
    Object.entries(serverCatalogue(language))
      .filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix)))
      .map(([, message]) => message),
  );
}
