import { readFileSync } from 'node:fs';
import { languageFolder, type Language } from '@pid5/i18n';
import type { Catalogue } from '@pid5/i18n/compile';
import type enCsv from '@pid5/i18n/catalogues/en/csv.json';
import type enErrors from '@pid5/i18n/catalogues/en/errors.json';
import type enMessages from '@pid5/i18n/catalogues/en/messages.json';
import type enReport from '@pid5/i18n/catalogues/en/report.json';
import type enResults from '@pid5/i18n/catalogues/en/results.json';
import type enScoreReport from '@pid5/i18n/catalogues/en/score-report.json';
import type enValidation from '@pid5/i18n/catalogues/en/validation.json';

// The catalogue areas the server speaks (packages/i18n/catalogues/<language>/<area>.json), read from each
// language's folder the first time the language is asked for: the production build (scripts/build-server.mjs)
// copies the catalogue folders beside main.js, and a language added as a folder needs no import here. An area
// added here is added for every language.

export const SERVER_AREAS = ['report', 'results', 'score-report', 'errors', 'validation', 'csv', 'messages'] as const;

type English = typeof enReport &
  typeof enResults &
  typeof enScoreReport &
  typeof enErrors &
  typeof enValidation &
  typeof enCsv &
  typeof enMessages;

/** A key of the server's messages, typed from the English catalogues (a key missing there fails the typecheck). */
export type MessageKey = keyof English;

const loaded = new Map<Language, Catalogue>();

/** The server's messages in `language`, as written (ICU); translator.ts compiles them once per process or thread. */
export function serverCatalogue(language: Language): Catalogue {
  let catalogue = loaded.get(language);
  if (!catalogue) {
    const folder = languageFolder(language);
    if (folder === undefined) {
      throw new Error(`No catalogue folder for the language "${language}"`);
    }
    catalogue = Object.assign(
      {},
      ...SERVER_AREAS.map((area) => JSON.parse(readFileSync(`${folder}${area}.json`, 'utf8')) as Catalogue),
    ) as Catalogue;
    loaded.set(language, catalogue);
  }
  return catalogue;
}
