import { z } from 'zod';
import { isLanguage, LANGUAGES, type Language } from '@pid5/i18n';

/**
 * A language of the product, checked against the language registry when a request is parsed (the registry is read
 * from files, so a language added as files is accepted with no schema changed).
 */
export function zLanguage(message: string | (() => string) = () => `Choose one of: ${LANGUAGES.join(', ')}`) {
  const error = () => (typeof message === 'string' ? message : message());
  return z.string({ error }).refine((value): value is Language => isLanguage(value), { error });
}

/** The page areas whose catalogues the server hands the web app: the staff pages, the instrument's words, the patient's. */
export const PAGE_CATALOGUE_AREAS = ['staff', 'results', 'respondent'] as const;
export type PageCatalogueArea = (typeof PAGE_CATALOGUE_AREAS)[number];

/**
 * The languages the server speaks, each with its own name and letter locale (`GET /api/languages`): the web app adds
 * those its build did not bundle (an installation's LANGUAGES_FOLDER) and loads their catalogues from the server.
 */
export const ZLanguageList = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string(), letterLocale: z.string() })),
});
export type TLanguageList = z.infer<typeof ZLanguageList>;

export const ZLanguageCatalogueParams = z.object({
  language: zLanguage(),
  area: z.enum(PAGE_CATALOGUE_AREAS, { error: `The areas are ${PAGE_CATALOGUE_AREAS.join(', ')}` }),
});

/** One area's catalogue in one language, compiled as the web build compiles its own (key → compiled ICU message). */
export const ZCompiledCatalogue = z.record(z.string(), z.unknown());
