import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countryCodeFor } from '@pid5/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testBackend } from '../../test/test-database';
import type { Database } from './database';
import { assessments, users } from './schema';

// Migration 0009: free-text countries that name a country become its ISO code; others stay as typed.
// The migration has run on the fresh database already; it is run again here on rows written as before it.

const MIGRATION = readFileSync(fileURLToPath(new URL('./migrations/0009_country_codes.sql', import.meta.url)), 'utf8');

const TYPED = [
  ['United States', 'US'],
  ['  usa ', 'US'],
  ['us', 'US'],
  ['United Kingdom', 'GB'],
  ['UK', 'GB'],
  ['the netherlands', 'NL'],
  ['Netherlands', 'NL'],
  ['DEU', 'DE'],
  ['Canada', 'CA'],
  ['Congo', 'Congo'], // two countries go by it
  ['Deutschland', 'Deutschland'], // not an English name
  ['Untied States', 'Untied States'], // a misspelling stays as typed
  ['<b>x</b>', '<b>x</b>'],
  ['NL', 'NL'],
] as const;

describe('migration 0009: countries to ISO codes', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase(testBackend(), { runMigrations: true }));
    await database.db.insert(users).values({ id: 'country-clinician', username: 'Country' });
  });
  afterAll(async () => {
    await drop();
  });

  it('maps names and codes to the code, keeps everything else as typed, as countryCodeFor reads them', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const rows = await database.db
      .insert(assessments)
      .values(
        TYPED.map(([country], i) => ({
          linkNonce: `country-${i}`,
          testCodeHash: `country-hash-${i}`,
          clinicianId: 'country-clinician',
          patientId: `C-${i}`,
          age: 40,
          gender: '',
          race: '',
          postalCode: '12345',
          country,
          dsmCodes: ['F41.1'],
          primaryDsm: 'F41.1',
          createdAt: now,
          dueAt: now,
          responses: '9'.repeat(220),
          answeredCount: 0,
        })),
      )
      .returning({ id: assessments.id });

    await database.db.execute(sql.raw(MIGRATION));

    for (const [i, [typed, expected]] of TYPED.entries()) {
      const [row] = await database.db
        .select({ country: assessments.country })
        .from(assessments)
        .where(eq(assessments.id, rows[i]!.id));
      expect(row?.country, typed).toBe(expected);
      expect(countryCodeFor(typed) ?? typed, typed).toBe(expected);
    }
  });
});
