// Plain JavaScript: Vite loads its configuration, and so this file, before any TypeScript tooling runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const CATALOGUE = /[\\/]packages[\\/]i18n[\\/]catalogues[\\/][a-z]{2,3}[\\/][a-z-]+\.json$/;
const CATALOGUES = new URL('../catalogues/', import.meta.url);

/** Every language folder's language.json ({ code: { name, letterLocale } }): the languages the page offers. */
export function languageDescriptions() {
  const descriptions = {};
  for (const entry of readdirSync(CATALOGUES, { withFileTypes: true })) {
    const file = new URL(`${entry.name}/language.json`, CATALOGUES);
    if (entry.isDirectory() && existsSync(file)) {
      descriptions[entry.name] = JSON.parse(readFileSync(file, 'utf8'));
    }
  }
  return descriptions;
}

/**
 * Bundles each catalogue compiled, so the page needs no ICU parser (Lingui's runtime is then about 2.5 kB gzipped).
 * Runs before Vite's JSON plugin, so the module stays JSON. The server compiles with src/compile-catalogue.ts.
 */
export function compiledCatalogues() {
  return {
    name: 'pid5-compiled-catalogues',
    enforce: 'pre',
    // The languages are the catalogue folders found at build time (src/languages.ts reads the list), so a language
    // added as files is offered with no code changed.
    config() {
      return { define: { __PID5_LANGUAGES__: JSON.stringify(languageDescriptions()) } };
    },
    load(id) {
      const path = id.split('?')[0] ?? id;
      if (!CATALOGUE.test(path)) {
        return null;
      }
      return JSON.stringify(compiledCatalogueFile(path));
    },
  };
}

/** A catalogue file's messages compiled as the page bundles them. */
export function compiledCatalogueFile(path) {
  const messages = JSON.parse(readFileSync(path, 'utf8'));
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${path}: message ${key} is not valid ICU: ${error.message}`, { cause: error });
    }
  }
  return compiled;
}
