import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLanguage, LANGUAGES, type Language } from '@pid5/i18n';
import { defaultDocumentFile } from '../../i18n/language-files';
import { DEFAULT_DOCUMENTS_FOLDER } from '../../lib/server-files';

// The documents a new installation starts with, written by this project: one HTML file per kind and language
// (defaults/{terms,consent}.{language}.html, or terms.html and consent.html in a language's own folder), so a language
// is added with its files. An institute replaces them with
// its own (`npm run documents:publish`, per language); every test records which version it showed.

export interface DefaultDocument {
  kind: 'terms' | 'consent';
  language: Language;
  html: string;
}

/**
 * Every default document found, one per kind and language (a file of a language the product does not speak is
 * skipped; a language's folder wins over `folder`).
 */
export function listDefaultDocuments(folder: URL = DEFAULT_DOCUMENTS_FOLDER): DefaultDocument[] {
  const dir = fileURLToPath(folder);
  const fromFolders = LANGUAGES.flatMap((language) =>
    (['consent', 'terms'] as const).flatMap((kind) => {
      const html = defaultDocumentFile(language, kind);
      return html === null ? [] : [{ kind, language, html }];
    }),
  );
  const shipped = readdirSync(dir)
    .map((name) => /^(terms|consent)\.([a-z]{2,3})\.html$/.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && isLanguage(match[2]))
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((match) => ({
      kind: match[1] as DefaultDocument['kind'],
      language: match[2] as Language,
      html: readFileSync(`${dir}${match[0]}`, 'utf8').trim(),
    }))
    .filter((doc) => !fromFolders.some((own) => own.kind === doc.kind && own.language === doc.language));
  return [...shipped, ...fromFolders];
}
