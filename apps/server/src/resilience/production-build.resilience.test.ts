import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssessmentList } from '@pid5/contract';
import { signInWithDevProvider } from '../../test/factories';
import { getFreePort } from '../../test/free-port';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { TestClient } from '../../test/test-client';
import type { TestServer } from '../../test/test-server';

// The production build (docs/operations.md "Production"): the server bundled by scripts/build-server.mjs, in a copy of the
// repository's manifests with production dependencies only (`npm ci --omit=dev`: no tsx, no TypeScript, no Vite),
// started with plain node, answers a short journey on the embedded database: sign-in through the bundled identity
// provider, the dashboard, a report drawn in a worker thread.

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WORKSPACES = ['apps/server', 'apps/web', 'packages/contract', 'packages/instrument', 'e2e', 'bench'];
/** What installs and starts the build here and in the Dockerfile (checked below to be the same). */
const PRODUCTION_INSTALL = ['ci', '--omit=dev', '--workspace', '@pid5/server'];
const PRODUCTION_START = ['--enable-source-maps', 'apps/server/dist/main.js'];

describe('the production build', () => {
  let copy: string;
  let server: ServerProcess;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'pid5-production-'));
    for (const file of ['package.json', 'package-lock.json']) {
      cpSync(join(REPO_ROOT, file), join(copy, file));
    }
    for (const workspace of WORKSPACES) {
      mkdirSync(join(copy, workspace), { recursive: true });
      cpSync(join(REPO_ROOT, workspace, 'package.json'), join(copy, workspace, 'package.json'));
    }
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs'), join(copy, 'apps/server/dist')], {
      stdio: 'inherit',
    });
    // From the local cache when it has the packages (the machine's own install filled it); the registry otherwise.
    execFileSync('npm', [...PRODUCTION_INSTALL, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: copy,
      stdio: 'inherit',
    });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (copy) {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('is what the Dockerfile installs and starts', () => {
    const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain(`RUN npm ${PRODUCTION_INSTALL.join(' ')} `);
    expect(dockerfile).toContain(`CMD ["node", ${PRODUCTION_START.map((arg) => `"${arg}"`).join(', ')}]`);
    expect(dockerfile).toContain('RUN npm run build');
    for (const workspace of WORKSPACES) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
    expect(dockerfile).toMatch(/^USER node$/m);
  });

  it('has production dependencies only', () => {
    expect(existsSync(join(copy, 'node_modules/fastify'))).toBe(true);
    for (const devOnly of ['tsx', 'typescript', 'vite', 'vitest', 'esbuild']) {
      expect(existsSync(join(copy, 'node_modules', devOnly)), devOnly).toBe(false);
    }
  });

  it('starts with plain node and answers a journey: sign-in, the dashboard, a report from a worker thread', async () => {
    server = await startServerProcess(
      {
        DATA_DIR: join(copy, 'data'),
        DEMO_DATA: 'true',
        DEV_OIDC_PORT: String(await getFreePort()),
        WEB_DIST_DIR: join(copy, 'no-web-app'),
      },
      { entry: join(copy, PRODUCTION_START[1]!), cwd: copy },
    );
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { database: string };
    expect(ready.database).toBe('pglite');

    const running = { url: server.url, client: () => new TestClient(server.url) } as unknown as TestServer;
    const { client, finalLocation } = await signInWithDevProvider(running, 'demo-clinician-a');
    expect(finalLocation).toBe('/login-local'); // the page that finishes a sign-in
    const list = (await (await client.get('/api/assessments?sort=created-desc')).json()) as TAssessmentList;
    expect(list.total).toBeGreaterThan(0);
    const completed = list.items.find((item) => item.status === 'completed');
    expect(completed, 'a completed demo test').toBeDefined();
    const report = await client.get(`/api/assessments/${completed!.id}/report.pdf`);
    expect(report.status).toBe(200);
    expect(
      Buffer.from(await report.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
