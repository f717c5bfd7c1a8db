import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getFreePort } from '../test/free-port';
import { TEST_SERVER_NODE_ARGS } from '../test/server-process';

// What `npm start` prints. In development, readable lines with only what a newcomer needs (where to open
// the app, the demo members, where the data lives), no line per request and no notices of the development identity
// provider's library; JSON (one object a line, with the request lines) when LOG_FORMAT=json, production's default.

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// One data folder for both starts: the second finds it migrated and seeded, as a restart does.
const dataDir = mkdtempSync(join(tmpdir(), 'console-output-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the server as `npm start` does, asks for /readyz, stops it, and returns everything it printed. A probed port
 * can be taken by another process before the server binds it (the two integration runs start servers side by side):
 * that start ends with EADDRINUSE, and it is started again on other ports (three tries), its output kept.
 */
async function consoleOf(env: Record<string, string>): Promise<string> {
  let printed = '';
  for (let attempt = 1; ; attempt += 1) {
    const { output, portTaken } = await startAndStop(env);
    printed += output;
    if (!portTaken || attempt === 3) {
      return printed;
    }
  }
}

async function startAndStop(env: Record<string, string>): Promise<{ output: string; portTaken: boolean }> {
  const port = await getFreePort();
  const child = spawn(process.execPath, [...TEST_SERVER_NODE_ARGS, '--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: 'UTC',
      NODE_ENV: 'development',
      PORT: String(port),
      DEV_OIDC_PORT: String(await getFreePort()),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    // A bound for a hang inside the tests' own (the project's 180 s): a start took past 50 s at load 12.
    const deadline = Date.now() + 150_000;
    while (!output.includes('demo member') && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (child.exitCode !== null && output.includes('EADDRINUSE')) {
      return { output, portTaken: true };
    }
    const ready = await fetch(`http://localhost:${port}/readyz`).catch(() => null);
    expect(ready?.status, output).toBe(200);
    // The answer was this server's, not another process's on a port it took meanwhile.
    expect(child.exitCode, output).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    // Stopped whatever happened: a server left running holds the data folder the next start needs.
    child.kill('SIGTERM');
    await exited;
  }
  return { output, portTaken: false };
}

describe('the console at npm start', () => {
  it('prints readable lines in development: the address, the demo members, the data folder', async () => {
    const output = await consoleOf({});
    expect(output).toMatch(/PID-5 assessment app: open http:\/\/localhost:\d+/);
    expect(output).toContain('Sign in with Login, then pick a demo member: Dr. Ada Admin (admin), Dr. Carl Clinician');
    expect(output).toMatch(/Data: embedded PostgreSQL \(PGlite\) in \/.*console-output-/);
    // The first start on an empty folder says which migrations it ran and the schema version now in use.
    expect(output).toMatch(/database migrated to schema \d{4}_[a-z0-9_]+: applied 0001_initial, 0002_/);
    // Whether e-mail is on, and through which server, without the password in the URL.
    expect(output).toContain('e-mail off (no SMTP_URL or SMTP_HOST)');
    // Not JSON, no request lines, no notices from the development provider's library.
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).not.toContain('incoming request');
    expect(output).not.toContain('oidc-provider');
  });

  it('prints JSON lines when LOG_FORMAT=json, request lines included', async () => {
    const output = await consoleOf({
      LOG_FORMAT: 'json',
      SMTP_URL: 'smtp://mailer:secret-password@127.0.0.1:2525',
      MAIL_FROM: 'Clinic <noreply@clinic.example>',
    });
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length, output).toBeGreaterThan(3);
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.some((msg) => msg.startsWith('PID-5 assessment app: open'))).toBe(true);
    expect(messages).toContain('incoming request');
    // The second start on the same folder: nothing to migrate, and the schema version.
    expect(messages.some((msg) => /^database schema \d{4}_[a-z0-9_]+, no migration needed$/.test(msg))).toBe(true);
    expect(messages).toContain(
      'e-mail on: through smtp://127.0.0.1:2525 as Clinic <noreply@clinic.example>, 4 at a time; text messages off',
    );
    expect(output).not.toContain('secret-password');
  });
});
