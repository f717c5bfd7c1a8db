import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { getFreePort } from '../../test/free-port';
import { createTestDatabase, testBackend } from '../../test/test-database';
import { openDatabase, type Database } from './database';

// PostgreSQL behind a connection that goes silent (a dropped network path, a frozen server): nothing answers and
// nothing closes. /readyz still answers within its own limit, a query gives up after DATABASE_TIMEOUT_SECONDS, and
// a statement that runs too long is cancelled by PostgreSQL.

/** A TCP relay to `target` that, once frozen, swallows everything in both directions without closing anything. */
async function silentRelay(target: URL): Promise<{ port: number; freeze(frozen: boolean): void; close(): void }> {
  let frozen = false;
  const sockets: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.push(client, upstream);
    client.on('data', (chunk) => !frozen && upstream.write(chunk));
    upstream.on('data', (chunk) => !frozen && client.write(chunk));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await getFreePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    port,
    freeze: (value) => (frozen = value),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

/** The driver's own message under Drizzle's "Failed query" wrapper. */
async function failureOf(query: Promise<unknown>): Promise<string> {
  return query.then(
    () => 'answered',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );
}

describe.runIf(testBackend() === 'postgres')('PostgreSQL timeouts', () => {
  let test: { url: string | null; drop(): Promise<void> };
  let relay: Awaited<ReturnType<typeof silentRelay>>;
  let database: Database;
  let server: RunningServer;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    const target = new URL(test.url!);
    relay = await silentRelay(target);
    const relayed = new URL(test.url!);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    database = await openDatabase({ kind: 'postgres', url: relayed.href, poolSize: 4, timeoutSeconds: 2 });
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: String(await getFreePort()),
      DEV_OIDC_PORT: '0',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'timeouts-secret-0123456789abcdefghijklmnopq',
      WEB_DIST_DIR: '/nonexistent',
    });
    server = await startServer(config, { logger: false, database });
  });
  afterAll(async () => {
    relay?.freeze(false);
    await server?.close();
    relay?.close();
    await test?.drop();
  });

  it('cancels a statement that runs longer than the limit', async () => {
    expect(await failureOf(database.db.execute(sql`select pg_sleep(4)`))).toMatch(/statement timeout/);
  });

  it('answers /readyz with 503 while the connection is silent, gives up a query, and recovers', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    relay.freeze(true);
    const silent = await fetch(`${server.url}/readyz`);
    expect(silent.status).toBe(503);
    expect(await silent.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
    });
    expect(await failureOf(database.db.execute(sql`select 1`))).toMatch(/timeout/); // a query read timeout, or a new connection that never completed;
    relay.freeze(false);
    // The connections that went silent are given up; new ones answer.
    await expect
      .poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 60_000, interval: 500 })
      .toBe(200);
  });
});
