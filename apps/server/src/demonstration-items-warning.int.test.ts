import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { startServer } from './server';
import { getFreePort } from '../test/free-port';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db/database';

// A production server without a licensed item set shows patients the demonstration items: its log says so at start,
// so an operator who forgot ITEM_SET_FILE finds out before a patient's results are read.

const WARNING = /no licensed item set \(ITEM_SET_FILE or ITEM_SET_FILES\): patients are shown the demonstration items/;

describe('a production start without a licensed item set', () => {
  let test: { database: Database; drop(): Promise<void> };

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  /** Starts a production server on the test database, stops it, and returns the log lines it wrote. */
  async function startLog(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    const config = parseConfig({
      NODE_ENV: 'production',
      PORT: String(await getFreePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      APP_SECRET: 'production-warning-secret-0123456789abcdefghij',
      OIDC_ISSUER: 'https://login.institute.example',
      OIDC_CLIENT_ID: 'pid5',
      OIDC_CLIENT_SECRET: 'client-secret-0123456789',
      PUBLIC_URL: 'https://pid5.institute.example',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    });
    const server = await startServer(config, {
      database: test.database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await server.close();
    return lines;
  }

  it('warns in the log, once, with what to set', async () => {
    const warnings = (await startLog({})).filter((line) => WARNING.test(line));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
  });
});
