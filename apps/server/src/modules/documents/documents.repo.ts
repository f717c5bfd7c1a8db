import { and, desc, eq, sql } from 'drizzle-orm';
import type { Language } from '@pid5/i18n';
import type { Db } from '../../db/database';
import { documents } from '../../db/schema';
import { listDefaultDocuments } from './default-documents';
import { sanitizeDocumentHtml } from './sanitize-html';

export type DocumentKind = 'terms' | 'consent';
export type DocumentRow = typeof documents.$inferSelect;

/** The current (latest published) document of a kind in one language (English unless named). */
export async function findCurrentDocument(
  db: Db,
  kind: DocumentKind,
  language: Language = 'en',
): Promise<DocumentRow | null> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.kind, kind), eq(documents.language, language)))
    .orderBy(desc(documents.version))
    .limit(1);
  return rows[0] ?? null;
}

/** One document by id, or null. */
export async function findDocument(db: Db, id: number): Promise<DocumentRow | null> {
  const rows = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Publishes a new version of a document in one language (English unless named); the HTML is sanitised first. */
export async function publishDocument(
  db: Db,
  options: { kind: DocumentKind; html: string; language?: Language; at?: Date },
): Promise<DocumentRow> {
  const language = options.language ?? 'en';
  const [row] = await db
    .insert(documents)
    .values({
      kind: options.kind,
      language,
      version: sql`(select coalesce(max(version), 0) + 1 from documents where kind = ${options.kind} and language = ${language})`,
      bodyHtml: sanitizeDocumentHtml(options.html),
      ...(options.at ? { publishedAt: options.at } : {}),
    })
    .returning();
  if (!row) {
    throw new Error('document insert returned nothing');
  }
  return row;
}

/** A new installation gets our default terms and consent in every language, so a test can be created straight away. */
export async function ensureDefaultDocuments(db: Db): Promise<void> {
  for (const { kind, language, html } of listDefaultDocuments()) {
    if (!(await findCurrentDocument(db, kind, language))) {
      await publishDocument(db, { kind, language, html });
    }
  }
}
