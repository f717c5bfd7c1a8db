import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { startServer } from '../server';
import { getFreePort } from '../../test/free-port';
import { startServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { NewerSchemaError } from './migrate';

// Going back to an earlier version on a database a newer version migrated must not start: the earlier code would
// misread what the newer one stored. And a start that cannot reach its database is one line and a non-zero exit.

describe('a database migrated by a newer version', () => {
  let test: { database: Database; drop(): Promise<void> };

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db.execute(sql`insert into schema_migrations (name) values ('9999_from_a_newer_version.sql')`);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('is refused at start, naming the migrations this version does not know, and nothing is changed', async () => {
    const migrationsNow = async () =>
      (await test.database.db.select({ name: sql<string>`name` }).from(sql`schema_migrations`)).map((r) => r.name);
    const before = await migrationsNow();
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: String(await getFreePort()),
      DEV_OIDC_PORT: '0',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'schema-version-secret-0123456789abcdefghijk',
      WEB_DIST_DIR: '/nonexistent',
    });
    const refusal = startServer(config, { logger: false, database: test.database });
    await expect(refusal).rejects.toThrow(NewerSchemaError);
    await expect(refusal).rejects.toThrow(
      /migrated by a newer version of the app: its migrations 9999_from_a_newer_version\.sql are unknown/,
    );
    expect(await migrationsNow()).toEqual(before);
  });
});

describe('a start with the database down', () => {
  it('logs one line and exits non-zero, without a stack trace', async () => {
    const closedPort = await getFreePort(); // nothing listens there
    const failure = await startServerProcess({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/pid5`,
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toContain('server exited during start (code 1)');
    const output = failure.slice(failure.indexOf(':', failure.indexOf('(code 1)')) + 1).trim();
    expect(output.split('\n')).toHaveLength(1);
    expect(output).toMatch(/^The server did not start: .*ECONNREFUSED/);
  });
});
