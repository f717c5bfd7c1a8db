import type { AppConfig } from './app-config';
import type { ParsedEnv } from './env-schema';

// The server as a process: where it listens and is reached, its logs, the proxies before it, its limits on slow
// clients and on a report's drawing, its database, its secret and its /metrics token.

/** PUBLIC_URL without its trailing slash; development's default is http://localhost:PORT. */
export function publicUrlOf(e: ParsedEnv): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
}

export function serverProblems(e: ParsedEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    problems.push(
      'HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS (the headers are part of it)',
    );
  }
  if (isProduction && !e.APP_SECRET) {
    problems.push('APP_SECRET: required in production (patient link codes are derived from it)');
  }
  return problems;
}

type ServerConfig = Pick<
  AppConfig,
  | 'env'
  | 'port'
  | 'host'
  | 'publicUrl'
  | 'isHttps'
  | 'logLevel'
  | 'logFormat'
  | 'trustProxy'
  | 'connections'
  | 'database'
  | 'dataDir'
  | 'appSecret'
  | 'reportTimeLimitSeconds'
  | 'webDistDir'
  | 'metricsToken'
>;

export function serverConfig(e: ParsedEnv, publicUrl: string): ServerConfig {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    isHttps: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    connections: connectionsConfig(e),
    database: databaseConfig(e),
    dataDir: e.DATA_DIR,
    appSecret: e.APP_SECRET,
    reportTimeLimitSeconds: e.REPORT_TIME_LIMIT_SECONDS,
    webDistDir: e.WEB_DIST_DIR,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

function connectionsConfig(e: ParsedEnv): AppConfig['connections'] {
  return {
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
    keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    // Behind a proxy every connection comes from the proxy: the bound is the proxy's to keep (docs/operations.md).
    maxPerAddress: e.TRUST_PROXY === false && e.MAX_CONNECTIONS_PER_ADDRESS > 0 ? e.MAX_CONNECTIONS_PER_ADDRESS : null,
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
function databaseConfig(e: ParsedEnv): AppConfig['database'] {
  return e.DATABASE_URL
    ? {
        kind: 'postgres',
        url: e.DATABASE_URL,
        poolSize: e.DATABASE_POOL_SIZE,
        timeoutSeconds: e.DATABASE_TIMEOUT_SECONDS,
      }
    : { kind: 'pglite', dataDir: e.DATA_DIR };
}
