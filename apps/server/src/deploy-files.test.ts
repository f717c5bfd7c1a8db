import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Containers and systemd cannot run on the machines the tests run on, so the packaging is checked as written: every
// setting the operator's guide documents reaches the app, the data outlives the container, the app runs without
// privileges, the health checks are the right ones, and a stop waits for the reports in flight.

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

/** The variables of the guide's tables (first column), as an operator reads them there. */
function documentedVariables(): string[] {
  const names = new Set<string>();
  for (const line of read('docs/operations.md').split('\n')) {
    if (line.startsWith('| `')) {
      for (const [, name] of (line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) {
        names.add(name!);
      }
    }
  }
  return [...names];
}

interface ComposeService {
  env_file?: ({ path: string; required?: boolean } | string)[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[]; start_period?: string };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const app = compose.services.app!;
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1] ?? NaN);
/** REPORT_TIME_LIMIT_SECONDS's default (config.ts): a stop must wait longer than a report may take. */
const REPORT_LIMIT_SECONDS = 30;

describe('compose.yaml', () => {
  it('passes the whole .env to the app, and sets only documented variables itself', () => {
    expect(app.env_file).toContainEqual({ path: '.env', required: true });
    const documented = documentedVariables();
    expect(documented.length).toBeGreaterThan(60);
    expect(Object.keys(app.environment ?? {}).filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('lists every documented variable in deploy/env.example, the .env an operator starts from', () => {
    const example = read('deploy/env.example');
    const missing = documentedVariables().filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });

  it('publishes no port of the app: only the proxy reaches it, so TRUST_PROXY cannot be abused from outside', () => {
    expect(app.ports).toBeUndefined();
    expect(app.environment?.TRUST_PROXY).toBe('true');
    const proxy = compose.services.proxy!;
    expect(proxy.ports).toEqual(['80:80', '443:443']);
    for (const [name, service] of Object.entries(compose.services)) {
      if (name !== 'proxy') {
        expect(service.ports ?? [], name).toEqual([]);
      }
    }
  });

  it('keeps the data in volumes and mounts the licensed item sets and norm tables read-only', () => {
    expect(app.volumes).toContain('app-data:/app/data');
    expect(app.volumes).toContain('./licensed:/app/licensed:ro');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['db-data', 'app-data']));
  });

  it('checks readiness on /readyz with a start period for a first start, and waits for reports at a stop', () => {
    expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(seconds(app.healthcheck?.start_period ?? '')).toBeGreaterThanOrEqual(120);
    expect(seconds(app.stop_grace_period ?? '')).toBeGreaterThan(REPORT_LIMIT_SECONDS + 10);
    expect(compose.services.proxy?.depends_on?.app?.condition).toBe('service_healthy');
  });
});

describe('Dockerfile and .dockerignore', () => {
  const dockerfile = read('Dockerfile');
  const production = dockerfile.slice(dockerfile.lastIndexOf('FROM '));

  it('runs as the unprivileged user with the data folder a volume, liveness on /healthz', () => {
    expect(production).toMatch(/^USER node$/m);
    expect(production).toMatch(/^VOLUME \["\/app\/data"\]$/m);
    expect(production).toMatch(/^ENV .*DATA_DIR=\/app\/data/m);
    const healthcheck = /HEALTHCHECK (.*)\\\n\s+CMD (.*)/.exec(production);
    expect(healthcheck?.[2]).toContain('/healthz');
    expect(Number(/--start-period=(\d+)s/.exec(healthcheck?.[1] ?? '')?.[1])).toBeGreaterThanOrEqual(120);
  });

  it('leaves secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.env', '.env.*', '.git']));
  });
});

describe('the systemd unit', () => {
  const unit = read('deploy/pid5.service');
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1];

  it('runs as pid5 with its data folder the one the sandbox lets it write, and states its prerequisites', () => {
    expect(setting('User')).toBe('pid5');
    expect(setting('Environment')).toBe('DATA_DIR=/var/lib/pid5');
    expect(setting('StateDirectory')).toBe('pid5');
    expect(setting('ReadWritePaths')).toBe('/var/lib/pid5');
    expect(unit).toContain('useradd --system');
    expect(unit).toMatch(/Node\.js 22\.12 or later, or 24/);
    expect(unit).toContain('flock');
  });

  it('waits for the reports in flight at a stop', () => {
    expect(Number(setting('TimeoutStopSec'))).toBeGreaterThan(REPORT_LIMIT_SECONDS + 10);
  });
});
