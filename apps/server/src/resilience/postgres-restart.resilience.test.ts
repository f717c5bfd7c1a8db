import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { insertOpenTests, nthSave, putAnswer } from '../../test/answer-load';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createTestDatabase } from '../../test/test-database';

// PostgreSQL going away under load (a restart, a fail-over): requests fail cleanly with 503 while it
// is down and succeed again afterwards, without restarting our server. Stops and starts the
// machine's PostgreSQL cluster, so it runs only when RESILIENCE_RESTART_POSTGRES=1 (CI sets it).

const canRestart = Boolean(process.env.TEST_DATABASE_URL) && process.env.RESILIENCE_RESTART_POSTGRES === '1';

function pgCluster(action: 'stop' | 'start') {
  const version = readdirSync('/etc/postgresql')[0] ?? '15';
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'ignore' });
}

let server: ServerProcess | null = null;
let drop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

describe.runIf(canRestart)('PostgreSQL restarted under load', () => {
  it('answers 503 while the database is down and recovers by itself', async () => {
    process.env.TEST_DB = 'postgres';
    const created = await createTestDatabase();
    drop = created.drop;
    // Twenty links, so the load stays far below the per-link rate limit (600 saves a minute).
    const codes = await insertOpenTests(created.database.db, { count: 20, label: 'Restart' });
    server = await startServerProcess({ DATABASE_URL: created.url ?? '' });
    const url = server.url;

    let hung = 0;
    let phase: 'before' | 'down' | 'after' = 'before';
    const byPhase = { before: [] as number[], down: [] as number[], after: [] as number[] };
    let isRunning = true;
    const loop = async (worker: number) => {
      let n = worker;
      while (isRunning) {
        const { code, item } = nthSave(codes, n);
        n += 4;
        try {
          const response = await putAnswer(url, { code, item, value: n % 4, timeoutMs: 10_000 });
          await response.arrayBuffer();
          byPhase[phase].push(response.status);
        } catch {
          hung += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const loops = Array.from({ length: 4 }, (_, i) => loop(i));

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    phase = 'down';
    pgCluster('stop');
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) });
      expect(ready.status).toBe(503);
    } finally {
      pgCluster('start');
    }
    phase = 'after';
    // Give the pool a moment to reconnect, then require success.
    const recoveredBy = Date.now() + 20_000;
    while (Date.now() < recoveredBy && !byPhase.after.slice(-10).every((s) => s === 200)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    isRunning = false;
    await Promise.all(loops);

    console.log(
      `PostgreSQL restart: before ${count(byPhase.before)}, while down ${count(byPhase.down)}, after ${count(byPhase.after)}, hung ${hung}`,
    );
    expect([...byPhase.before, ...byPhase.down, ...byPhase.after].every((s) => s === 200 || s === 503)).toBe(true);
    expect(byPhase.down).toContain(503);
    expect(hung).toBe(0);
    expect(byPhase.after.slice(-10).every((s) => s === 200)).toBe(true);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
  }, 120_000);
});

function count(statuses: number[]): string {
  const tally = new Map<number, number>();
  for (const s of statuses) {
    tally.set(s, (tally.get(s) ?? 0) + 1);
  }
  return [...tally].map(([s, n]) => `${n}×${s}`).join(', ') || 'none';
}
