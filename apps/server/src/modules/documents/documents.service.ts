import type { Language } from '@pid5/i18n';
import type { Db } from '../../db/database';
import { findCurrentDocument, findDocument, type DocumentKind, type DocumentRow } from './documents.repo';

// What other modules may ask of the documents (terms and consent); the SQL stays in documents.repo.ts.

export type { DocumentKind, DocumentRow };

/** The version of a kind shown now in English (the newest published), or null before any is published. */
export function getCurrentDocument(db: Db, kind: DocumentKind): Promise<DocumentRow | null> {
  return findCurrentDocument(db, kind, 'en');
}

/**
 * The version of a kind shown now to a reader of `language` (DESIGN.md "Languages"): the newest published in that
 * language, or, when none has ever been published in it, the newest English one; null before any is published.
 */
export async function getCurrentDocumentIn(
  db: Db,
  kind: DocumentKind,
  language: Language,
): Promise<DocumentRow | null> {
  return (await findCurrentDocument(db, kind, language)) ?? (language === 'en' ? null : findCurrentDocument(db, kind));
}

/**
 * Whether `id` is a document of `kind` that is shown now: the current version of its own language, as
 * `getCurrentDocumentIn` gives it to a reader of that language (or of a language with none, for an English one).
 */
export async function isCurrentDocument(db: Db, kind: DocumentKind, id: number): Promise<DocumentRow | null> {
  const document = await findDocument(db, id);
  if (!document || document.kind !== kind) {
    return null;
  }
  const current = await findCurrentDocument(db, kind, document.language);
  return current?.id === id ? document : null;
}

/** The documents with these ids (those that exist), for the patient-data export. */
export async function getDocumentsById(db: Db, ids: number[]): Promise<DocumentRow[]> {
  const rows = await Promise.all([...new Set(ids)].map((id) => findDocument(db, id)));
  return rows.filter((row) => row !== null);
}
