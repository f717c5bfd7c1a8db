import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

// A production server without a licensed item set shows patients the demonstration items: its log says so at start,
// so an operator who forgot ITEM_SET_FILE finds out before a patient's results are read.

const WARNING = /no licensed item set \(ITEM_SET_FILE or ITEM_SET_FILES\): patients are shown the demonstration items/;

describe('a production start without a licensed item set', () => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        ENABLE_LOCAL_ACCOUNTS: 'false',
        OIDC_ISSUER: 'https://login.institute.example',
        OIDC_CLIENT_ID: 'pid5',
        OIDC_CLIENT_SECRET: 'client-secret-0123456789',
      },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('warns in the log, once, with what to set', () => {
    const warnings = lines.filter((line) => WARNING.test(line));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
  });
});
