import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { insertOpenTests, putAnswer } from '../../test/answer-load';
import { assessments } from './schema';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-database';

// DATABASE_POOL_SIZE (README "Configuration"): start-up holds one pooled connection for its advisory lock (several
// processes may start at once) while it works on another, so a pool of one waited for itself and failed after the
// pool's 5 s connect timeout with a stack trace. The smallest pool that works is 2; 1 is refused before anything
// starts, with a message naming the variable.

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs the server's entry point with `env` until it exits; its exit code and what it printed on stderr. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', PORT: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // 'close' comes after stderr is drained ('exit' may come before).
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    await cleanup();
  }
});

describe('the PostgreSQL pool size', () => {
  it('refuses DATABASE_POOL_SIZE=1 at once, saying why and naming the variable', async () => {
    const { code, stderr } = await runUntilExit({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never-opened',
      DATABASE_POOL_SIZE: '1',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_POOL_SIZE: must be at least 2');
    expect(stderr).not.toContain('timeout exceeded');
  }, 60_000);

  // On PostgreSQL whichever back end the other tests run on (as the crash test): the pool is PostgreSQL's.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'starts with a pool of 2 and saves 40 answers sent at once',
    async () => {
      const { database, url, drop } = await createTestDatabase('postgres');
      cleanups.push(drop);
      const codes = await insertOpenTests(database.db, { count: 40, label: 'Pool' });
      const server: ServerProcess = await startServerProcess({ DATABASE_URL: url ?? '', DATABASE_POOL_SIZE: '2' });
      cleanups.push(server.stop);

      const statuses = await Promise.all(
        codes.map(
          async (code, i) => (await putAnswer(server.url, { code, item: 1, value: i % 4, timeoutMs: 20_000 })).status,
        ),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      const stored = await database.db
        .select({ responses: assessments.responses })
        .from(assessments)
        .orderBy(assessments.patientId);
      expect(stored.map((row) => row.responses[0])).toEqual(codes.map((_, i) => String(i % 4)));
    },
    120_000,
  );
});
