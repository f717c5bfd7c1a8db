import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { startServer } from '../server';
import { getFreePort } from '../../test/free-port';
import { createTestDatabase } from '../../test/test-database';
import { AppSecretMismatchError, appSecretVerifier, checkAppSecret } from './app-secret-check';
import type { Database } from './database';
import { appSecretCheck } from './schema';

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
      /APP_SECRET does not match the secret this database was created with, so no patient link would open/,
    );
  });
});
