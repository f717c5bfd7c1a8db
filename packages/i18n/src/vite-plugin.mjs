// Plain JavaScript: Vite loads its configuration, and so this file, before any TypeScript tooling runs.
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const CATALOGUE = /[\\/]packages[\\/]i18n[\\/]catalogues[\\/][a-z]{2}[\\/][a-z-]+\.json$/;

/**
 * Bundles each catalogue compiled, so the page needs no ICU parser (Lingui's runtime is then about 2.5 kB gzipped).
 * Runs before Vite's JSON plugin, so the module stays JSON. The server compiles with src/compile-catalogue.ts.
 */
export function compiledCatalogues() {
  return {
    name: 'pid5-compiled-catalogues',
    enforce: 'pre',
    load(id) {
      const path = id.split('?')[0] ?? id;
      if (!CATALOGUE.test(path)) {
        return null;
      }
      const messages = JSON.parse(readFileSync(path, 'utf8'));
      const compiled = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${path}: message ${key} is not valid ICU: ${error.message}`, { cause: error });
        }
      }
      return JSON.stringify(compiled);
    },
  };
}
