import type { BuildAppOptions } from '../src/app';
import { parseConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/database';
import { createManualClock } from '../src/lib/clock';
import type { RetentionScheduleOptions } from '../src/modules/patients/patient-retention';
import { startServer, type RunningServer } from '../src/server';
import { createTestDatabase } from './test-database';
import { TestClient } from './test-client';
import { onFreePort } from './free-port';
import { TEST_REPORT_TIME_LIMIT_SECONDS } from './report-time-limit';

export interface TestServer {
  url: string;
  config: AppConfig;
  database: Database;
  clock: ReturnType<typeof createManualClock>;
  running: RunningServer;
  /** A new browser-like client (its own cookie jar) for this server. */
  client(): TestClient;
  close(): Promise<void>;
}

/**
 * The real server over real HTTP on a fresh database (PGlite or PostgreSQL, see test-database.ts),
 * with a manual clock and the bundled development identity provider on its own port.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    logStream?: { write(line: string): void };
    /** Passed to buildApp (app.ts): the benchmarks' floor routes' test adds them with it. */
    extend?: BuildAppOptions['extend'];
    /** When the RETENTION_YEARS sweep runs (server.ts); the default waits minutes. */
    retentionSchedule?: RetentionScheduleOptions;
  } = {},
): Promise<TestServer> {
  const { database, drop } = await createTestDatabase();
  const clock = createManualClock(new Date());
  const start = async (port: number) => {
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEV_OIDC_PORT: '0',
      DEMO_DATA: 'false',
      ENABLE_LOCAL_ACCOUNTS: 'true',
      LOG_LEVEL: 'silent',
      APP_SECRET: 'integration-tests-secret-0123456789abcdef',
      WEB_DIST_DIR: '/nonexistent',
      REPORT_TIME_LIMIT_SECONDS: String(TEST_REPORT_TIME_LIMIT_SECONDS),
      ...options.env,
    });
    // Quiet unless the test reads the log (then with LOG_LEVEL from env).
    const running = await startServer(config, {
      clock,
      logger: options.logStream !== undefined,
      logStream: options.logStream,
      database,
      extend: options.extend,
      retentionSchedule: options.retentionSchedule,
    });
    return { config, running };
  };
  const { config, running } = await onFreePort(start).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  // env may choose PORT and PUBLIC_URL (e.g. a redirect URI registered at a provider before start).
  const url = `http://127.0.0.1:${config.port}`;
  return {
    url,
    config,
    database,
    clock,
    running,
    client: () => new TestClient(url),
    close: async () => {
      running.stopSchedules();
      await running.app.close();
      await running.devIdentityProvider?.close();
      await drop();
    },
  };
}
