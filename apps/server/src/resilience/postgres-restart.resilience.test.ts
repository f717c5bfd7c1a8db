import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { assessments, users } from '../db/schema';
import { createRandomToken, hashToken } from '../lib/tokens';
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
    const clinicianId = `clinician-${createRandomToken(6)}`;
    await created.database.db.insert(users).values({ id: clinicianId, username: 'Restart Test Clinician' });
    // Twenty links, so the load stays far below the per-link rate limit (600 saves a minute).
    const codes = Array.from({ length: 20 }, () => createRandomToken(16));
    const now = new Date();
    await created.database.db.insert(assessments).values(
      codes.map((code, i) => ({
        testCode: code,
        testCodeHash: hashToken(code),
        clinicianId,
        patientId: `RESTART-${i}`,
        age: 40,
        gender: 'Unspecified',
        race: 'Unspecified',
        postalCode: '12345',
        country: 'United States',
        dsmCodes: ['F41.1'],
        primaryDsm: 'F41.1',
        createdAt: now,
        dueAt: new Date(now.getTime() + 30 * 86_400_000),
        consentAgreedAt: now,
        responses: '9'.repeat(220),
      })),
    );
    server = await startServerProcess({ DATABASE_URL: created.url ?? '' });
    const url = server.url;

    const statuses: number[] = [];
    let hung = 0;
    let phase: 'before' | 'down' | 'after' = 'before';
    const byPhase = { before: [] as number[], down: [] as number[], after: [] as number[] };
    let isRunning = true;
    const loop = async (worker: number) => {
      let n = worker;
      while (isRunning) {
        const code = codes[n % codes.length] ?? '';
        const item = (Math.floor(n / codes.length) % 220) + 1;
        n += 4;
        try {
          const response = await fetch(`${url}/api/patient/${code}/answers/${item}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ value: n % 4 }),
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          statuses.push(response.status);
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
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
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
