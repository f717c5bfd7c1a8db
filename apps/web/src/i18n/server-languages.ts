import { isLanguage, registerLanguage, type Language } from '@pid5/i18n';
import type { PageCatalogueArea } from '@pid5/contract';
import { apiRequest } from '../api/client';

// The build bundles the languages found when it ran; an installation's LANGUAGES_FOLDER adds languages at the
// server's start (decision 0085). Those the build lacks come from the server: their names and locales from its list,
// their words from its compiled catalogues.

let added: Promise<void> | null = null;

/**
 * Registers the languages the server speaks that this build did not bundle, once per page; a server that cannot be
 * reached adds none (the build's languages still work).
 */
export function addServerLanguages(): Promise<void> {
  added ??= apiRequest('listLanguages').then(
    ({ languages }) => {
      for (const { code, name, letterLocale } of languages) {
        if (!isLanguage(code)) {
          registerLanguage(code, { name, letterLocale });
        }
      }
    },
    () => {
      added = null;
    },
  );
  return added;
}

/** A page area's catalogue of a language the build did not bundle, compiled by the server as the build compiles. */
export async function serverCatalogue(
  language: Language,
  area: PageCatalogueArea,
): Promise<{ default: Record<string, unknown> }> {
  await addServerLanguages();
  return { default: await apiRequest('getLanguageCatalogue', { params: { language, area } }) };
}
