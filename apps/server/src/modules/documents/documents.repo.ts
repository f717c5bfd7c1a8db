import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { documents } from '../../db/schema';
import { DEFAULT_CONSENT_HTML, DEFAULT_TERMS_HTML } from './default-documents';
import { sanitizeDocumentHtml } from './sanitize-html';

export type DocumentKind = 'terms' | 'consent';
export type DocumentRow = typeof documents.$inferSelect;

/** The current (latest published) document of a kind. */
export async function findCurrentDocument(db: Db, kind: DocumentKind): Promise<DocumentRow | null> {
  const rows = await db
    .select()
    .from(documents)
    .where(eq(documents.kind, kind))
    .orderBy(desc(documents.version))
    .limit(1);
  return rows[0] ?? null;
}

/** Publishes a new version of a document; the HTML is sanitised before it is stored. */
export async function publishDocument(
  db: Db,
  options: { kind: DocumentKind; html: string; at?: Date },
): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({
      kind: options.kind,
      version: sql`(select coalesce(max(version), 0) + 1 from documents where kind = ${options.kind})`,
      bodyHtml: sanitizeDocumentHtml(options.html),
      ...(options.at ? { publishedAt: options.at } : {}),
    })
    .returning();
  if (!row) {
    throw new Error('document insert returned nothing');
  }
  return row;
}

/** A new installation gets our default terms and consent, so a test can be created straight away. */
export async function ensureDefaultDocuments(db: Db): Promise<void> {
  for (const [kind, html] of [
    ['terms', DEFAULT_TERMS_HTML],
    ['consent', DEFAULT_CONSENT_HTML],
  ] as const) {
    if (!(await findCurrentDocument(db, kind))) {
      await publishDocument(db, { kind, html });
    }
  }
}
