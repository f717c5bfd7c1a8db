import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, TEST_SERVER_NODE_ARGS, type ServerProcess } from '../../test/server-process';

// One writer per PGlite data folder: a second server on the same DATA_DIR refuses to start, the operator command
// refuses while the server holds the folder, and a server killed with SIGKILL leaves no lock behind.

const USER_ROLE = fileURLToPath(new URL('../cli/user-role.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'pid5-lock-'));
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(envFile, { force: true });
});

const settings = { NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: 'server-process-secret-0123456789abcdef' };
/** The server's settings as a file, the way the systemd unit reads them (EnvironmentFile). */
const envFile = join(dataDir, '..', `${basename(dataDir)}.env`);
writeFileSync(
  envFile,
  Object.entries(settings)
    .map(([name, value]) => `${name}=${value}\n`)
    .join(''),
);

/**
 * The operator command as an operator runs it, on `dataDir`: its settings in the shell, or read from the settings
 * file with --env-file; resolves with its exit code and output.
 */
function runUserRole(from: 'shell' | 'env-file'): Promise<{ code: number | null; output: string }> {
  const fileArgument = from === 'env-file' ? [`--env-file=${envFile}`] : [];
  const child = spawn(
    process.execPath,
    [...TEST_SERVER_NODE_ARGS, '--import', 'tsx', USER_ROLE, ...fileArgument, 'someone@example.org', 'admin'],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(from === 'shell' ? settings : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

describe('one process per PGlite data folder', () => {
  it('refuses a second server and the operator command while a server runs, and is free again after SIGKILL', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    running.push(first);

    const second = await startServerProcess({ DATA_DIR: dataDir }).then(
      (server) => {
        running.push(server);
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(second).toContain('server exited during start (code 1)');
    expect(second).toContain(`The data folder ${dataDir} is in use by another process`);
    expect(second).not.toMatch(/\n\s+at /); // one line, no stack trace

    for (const from of ['shell', 'env-file'] as const) {
      const command = await runUserRole(from);
      expect(command.code, from).toBe(1);
      expect(command.output).toContain(`The server (or another command) is running on the data folder ${dataDir}`);
      expect(command.output).toContain('Nothing was changed');
      expect(command.output).not.toContain('is now admin');
    }

    // The first server still serves.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    await first.kill();
    const third = await startServerProcess({ DATA_DIR: dataDir });
    running.push(third);
    expect((await fetch(`${third.url}/readyz`)).status).toBe(200);
    await third.stop();

    // With no server running, the command reaches the database (and finds no such user there).
    const alone = await runUserRole('env-file');
    expect(alone.output).toContain('No user with email or username "someone@example.org"');
  });
});
