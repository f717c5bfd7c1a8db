import type { Db } from '../../db/database';
import { findCurrentDocument, type DocumentKind, type DocumentRow } from './documents.repo';

// What other modules may ask of the documents (terms and consent); the SQL stays in documents.repo.ts.

export type { DocumentKind, DocumentRow };

/** The version of a kind shown now (the newest published), or null before any is published. */
export function getCurrentDocument(db: Db, kind: DocumentKind): Promise<DocumentRow | null> {
  return findCurrentDocument(db, kind);
}
