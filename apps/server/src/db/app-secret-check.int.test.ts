import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { startServer } from '../server';
import { getFreePort } from '../../test/free-port';
import { createTestDatabase } from '../../test/test-database';
import { AppSecretMismatchError, appSecretVerifier, checkAppSecret } from './app-secret-check';
import type { Database } from './database';
import { eq } from 'drizzle-orm';
import { createLinkCodes } from '../lib/link-codes';
import { hashToken } from '../lib/tokens';
import { rotateAppSecret } from './app-secret-rotation';
import { appSecretCheck, assessments, users } from './schema';

// A database belongs to one APP_SECRET (patient links are derived from it): the first start records which, as an
// HMAC, and a start with another secret is refused with the reason, instead of running with every link broken.

describe('the APP_SECRET check', () => {
  let test: { database: Database; drop(): Promise<void> };

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('records the secret once, as an HMAC, and refuses another', async () => {
    const first = 'the-first-secret-0123456789abcdefghijklmnop';
    await checkAppSecret(test.database.db, first);
    await checkAppSecret(test.database.db, first);
    const rows = await test.database.db.select().from(appSecretCheck);
    expect(rows).toEqual([expect.objectContaining({ id: 1, verifier: appSecretVerifier(first) })]);
    expect(JSON.stringify(rows)).not.toContain(first);
    await expect(checkAppSecret(test.database.db, 'another-secret-0123456789abcdefghijklmnop')).rejects.toThrow(
      AppSecretMismatchError,
    );
  });

  it('stops a server started with another secret, saying why', async () => {
    const port = await getFreePort();
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      DEV_OIDC_PORT: '0',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'yet-another-secret-0123456789abcdefghijklmnop',
      WEB_DIST_DIR: '/nonexistent',
    });
    await expect(startServer(config, { logger: false, database: test.database })).rejects.toThrow(
      /APP_SECRET does not match the secret this database was first started with, so no patient link would open/,
    );
  });
});

describe('the APP_SECRET check on a database from before the check', () => {
  let test: { database: Database; drop(): Promise<void> };
  const secretA = 'the-secret-that-made-the-links-0123456789abcdef';
  const secretB = 'another-data-folders-secret-0123456789abcdefgh';
  let linkHash = '';
  let linkNonce = '';

  beforeAll(async () => {
    test = await createTestDatabase();
    // As the earlier version left it: a test whose link was made with secret A, and no verifier recorded.
    const db = test.database.db;
    await db.insert(users).values({ id: 'clinician-secret-check', username: 'Secret Check Clinician' });
    const link = createLinkCodes(secretA).create();
    linkHash = link.codeHash;
    linkNonce = link.nonce;
    await db.insert(assessments).values({
      testCodeHash: link.codeHash,
      linkNonce: link.nonce,
      clinicianId: 'clinician-secret-check',
      patientId: 'SECRET-1',
      age: 40,
      gender: 'Unspecified',
      race: 'Unspecified',
      postalCode: '10115',
      country: 'Germany',
      dsmCodes: ['F41.1'],
      primaryDsm: 'F41.1',
      dueAt: new Date(Date.now() + 86_400_000),
      responses: '9'.repeat(220),
      answeredCount: 0,
    });
    await db.delete(appSecretCheck);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('refuses a secret that did not make the stored links, and records nothing', async () => {
    await expect(checkAppSecret(test.database.db, secretB)).rejects.toThrow(
      /APP_SECRET is not the secret the patient links stored in this database were made with/,
    );
    expect(await test.database.db.select().from(appSecretCheck)).toEqual([]);
  });

  it('accepts the secret that made them, records it, and rotates it on purpose to another', async () => {
    await checkAppSecret(test.database.db, secretA);
    expect(await test.database.db.select().from(appSecretCheck)).toEqual([
      expect.objectContaining({ verifier: appSecretVerifier(secretA) }),
    ]);

    await expect(rotateAppSecret(test.database.db, { current: secretB, next: secretA })).rejects.toThrow(
      AppSecretMismatchError,
    );
    expect(await rotateAppSecret(test.database.db, { current: secretA, next: secretB })).toBe(1);
    await checkAppSecret(test.database.db, secretB);
    await expect(checkAppSecret(test.database.db, secretA)).rejects.toThrow(AppSecretMismatchError);
    // The test's link is a new one, made with the new secret: the one sent before no longer opens.
    const [row] = await test.database.db.select().from(assessments).where(eq(assessments.patientId, 'SECRET-1'));
    expect(row!.testCodeHash).not.toBe(linkHash);
    expect(row!.linkNonce).not.toBe(linkNonce);
    expect(hashToken(createLinkCodes(secretB).codeFor(row!.linkNonce!))).toBe(row!.testCodeHash);
  });
});
