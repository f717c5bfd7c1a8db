import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { startServer } from './server';
import { getFreePort } from '../test/free-port';
import { demoReportInput } from '../test/report-input';
import { createTestDatabase } from '../test/test-database';
import { startTestServer, type TestServer } from '../test/test-server';
import { UNKNOWN_CODE_LIMIT } from './modules/respondent/unknown-code-limiter';

// The composition root (server.ts) builds the shared parts once per server and hands them down (DESIGN.md decision
// log): two servers in one process share none of them, and closing a server closes what it built.

describe('the composition root', () => {
  let first: TestServer;
  let second: TestServer;
  let isFirstClosed = false;

  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer();
  });
  afterAll(async () => {
    await second.close();
    if (!isFirstClosed) {
      await first.close();
    }
  });

  it('builds the shared parts for each server', () => {
    for (const part of ['pdfPool', 'unknownCodeLimiter', 'providerSessions', 'catalogue', 'linkCodes'] as const) {
      expect(first.running.app.deps[part]).not.toBe(second.running.app.deps[part]);
    }
  });

  it("blocks a guessing address on the server it guessed on, and only there (each server's own limiter)", async () => {
    for (let i = 0; i < UNKNOWN_CODE_LIMIT.max; i++) {
      expect((await first.client().get(`/api/patient/unknown-${i}`)).status).toBe(404);
    }
    expect((await first.client().get('/api/patient/unknown-again')).status).toBe(429);
    expect((await second.client().get('/api/patient/unknown-again')).status).toBe(404);
  });

  it('closes the PDF pool it built when the app closes', async () => {
    await first.close();
    isFirstClosed = true;
    await expect(first.running.app.deps.pdfPool.render(demoReportInput())).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});

/** Listens on `port` of loopback until closed. */
function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('a start whose port is taken', () => {
  it("fails with EADDRINUSE and leaves nothing it opened listening (the identity provider's port is free again)", async () => {
    const { database, drop } = await createTestDatabase();
    const [port, idpPort] = [await getFreePort(), await getFreePort()];
    const blocker = await occupy(port);
    try {
      const config = parseConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DEV_OIDC_PORT: String(idpPort),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        APP_SECRET: 'integration-tests-secret-0123456789abcdef',
        WEB_DIST_DIR: '/nonexistent',
      });
      await expect(startServer(config, { database })).rejects.toThrow('EADDRINUSE');
      await close(await occupy(idpPort));
    } finally {
      await close(blocker);
      await drop();
    }
  });
});
