import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackend } from '../../test/test-database';
import type { Database } from './database';
import { assessments, documents } from './schema';

// Migration 0018: every test and document stored before languages is English. The migration has run on the fresh
// database already; it is undone here by hand, rows are written as before it, and it is run again.

const MIGRATION = readFileSync(fileURLToPath(new URL('./migrations/0018_languages.sql', import.meta.url)), 'utf8');

/** The statements of a migration file, without its comment lines. */
function statementsOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('migration 0018: languages', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(testBackend(), { runMigrations: true }));
    // One statement at a time: PGlite's extended protocol takes one per query.
    for (const statement of [
      `ALTER TABLE assessments DROP COLUMN language`,
      `DROP INDEX documents_kind_language_version`,
      `ALTER TABLE documents DROP COLUMN language`,
      `CREATE UNIQUE INDEX documents_kind_version ON documents (kind, version)`,
      `INSERT INTO users (id, username) VALUES ('lang-clinician', 'Lang')`,
      `INSERT INTO documents (kind, version, body_html) VALUES ('terms', 1, '<p>Old terms</p>'), ('consent', 1, '<p>Old consent</p>')`,
      `INSERT INTO assessments (link_nonce, test_code_hash, clinician_id, patient_id, age, gender, race, postal_code, country, dsm_codes, primary_dsm, terms_id, created_at, due_at, responses, answered_count) SELECT 'lang-' || n, 'lang-hash-' || n, 'lang-clinician', 'L-' || n, 40, '', '', '12345', 'US', '{F41.1}', 'F41.1', (SELECT id FROM documents WHERE kind = 'terms'), now(), now() + interval '30 days', repeat('9', 220), 0 FROM generate_series(1, 3) AS n`,
    ]) {
      await database.db.execute(sql.raw(statement));
    }
    for (const statement of statementsOf(MIGRATION)) {
      await database.db.execute(sql.raw(statement));
    }
  });
  afterAll(async () => {
    await drop();
  });

  it('keeps every existing test English', async () => {
    const rows = await database.db
      .select({ language: assessments.language })
      .from(assessments)
      .where(eq(assessments.clinicianId, 'lang-clinician'));
    expect(rows.map((row) => row.language)).toEqual(['en', 'en', 'en']);
  });

  it('keeps every existing document English and versions each kind per language', async () => {
    const rows = await database.db
      .select({ kind: documents.kind, language: documents.language, version: documents.version })
      .from(documents)
      .orderBy(asc(documents.kind));
    expect(rows).toEqual([
      { kind: 'consent', language: 'en', version: 1 },
      { kind: 'terms', language: 'en', version: 1 },
    ]);
    await database.db.execute(
      sql`INSERT INTO documents (kind, version, body_html, language) VALUES ('consent', 1, '<p>Einwilligung</p>', 'de')`,
    );
    await expect(
      database.db.execute(
        sql`INSERT INTO documents (kind, version, body_html, language) VALUES ('consent', 1, '<p>Again</p>', 'de')`,
      ),
    ).rejects.toThrow();
  });

  it('refuses a language the product does not speak', async () => {
    await expect(
      database.db.execute(sql`UPDATE assessments SET language = 'fr' WHERE clinician_id = 'lang-clinician'`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(
        sql`INSERT INTO documents (kind, version, body_html, language) VALUES ('terms', 1, 'x', 'fr')`,
      ),
    ).rejects.toThrow();
  });
});
