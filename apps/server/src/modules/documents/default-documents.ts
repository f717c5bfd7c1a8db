import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLanguage, type Language } from '@pid5/i18n';
import { DEFAULT_DOCUMENTS_FOLDER } from '../../lib/server-files';

// The documents a new installation starts with, written by this project: one HTML file per kind and language
// (defaults/{terms,consent}.{language}.html), so a language is added with its files. An institute replaces them with
// its own (`npm run documents:publish`, per language); every test records which version it showed.

export interface DefaultDocument {
  kind: 'terms' | 'consent';
  language: Language;
  html: string;
}

/** Every default document found, one per kind and language (a file of a language the product does not speak is skipped). */
export function listDefaultDocuments(folder: URL = DEFAULT_DOCUMENTS_FOLDER): DefaultDocument[] {
  const dir = fileURLToPath(folder);
  return readdirSync(dir)
    .map((name) => /^(terms|consent)\.([a-z]{2})\.html$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && isLanguage(match[2]))
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((match) => ({
      kind: match[1] as DefaultDocument['kind'],
      language: match[2] as Language,
      html: readFileSync(`${dir}${match[0]}`, 'utf8').trim(),
    }));
}
