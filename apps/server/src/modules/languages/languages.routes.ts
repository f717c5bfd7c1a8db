import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApiError,
  ZCompiledCatalogue,
  ZLanguageCatalogueParams,
  ZLanguageList,
  type PageCatalogueArea,
} from '@pid5/contract';
import { LANGUAGES, languageFolder, languageName, letterLocale, type Language } from '@pid5/i18n';
import { compileCatalogue, type CompiledCatalogue } from '@pid5/i18n/compile';

// The languages the server speaks, for the pages: the web build bundles the languages found at build time, and an
// installation's LANGUAGES_FOLDER adds its own at start, so the pages ask here for those they lack (decision 0085).

const compiled = new Map<string, CompiledCatalogue>();

/** A language's catalogue of one page area, compiled once per process as the web build compiles its own. */
function pageCatalogue(language: Language, area: PageCatalogueArea): CompiledCatalogue {
  const key = `${language}/${area}`;
  let catalogue = compiled.get(key);
  if (!catalogue) {
    const folder = languageFolder(language);
    // The English file for a language without its own (the catalogue check refuses that; the pages fall back too).
    const file = `${folder ?? languageFolder('en')}${area}.json`;
    catalogue = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    compiled.set(key, catalogue);
  }
  return catalogue;
}

export function registerLanguagesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/languages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['languages'],
        summary: 'The languages the server speaks, each in its own name, with the locale its dates and numbers use',
        response: { 200: ZLanguageList },
      },
    },
    async () => ({
      languages: LANGUAGES.map((code) => ({ code, name: languageName(code), letterLocale: letterLocale(code) })),
    }),
  );

  r.get(
    '/api/languages/:language/catalogues/:area',
    {
      config: { access: 'public' },
      schema: {
        tags: ['languages'],
        summary: "One page area's words in a language (staff, results, respondent), compiled ICU messages",
        params: ZLanguageCatalogueParams,
        response: { 200: ZCompiledCatalogue, 400: ZApiError },
      },
    },
    async (request, reply) => {
      // Asked again at each page load: a language folder changed and the server restarted is seen at once.
      void reply.header('cache-control', 'no-cache');
      return pageCatalogue(request.params.language, request.params.area);
    },
  );
}
