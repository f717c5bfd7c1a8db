import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { TAssessmentList, TAuditEvent, TAuditPage } from '@pid5/contract';
import { signInWithDevProvider } from '../../test/factories';
import { getFreePort } from '../../test/free-port';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { TestClient } from '../../test/test-client';
import type { TestServer } from '../../test/test-server';
import { createTestDatabase } from '../../test/test-database';

// docs/operations.md "Backups", done as an operator would and checked as a clinician would: a database with tests in several
// states (the demo data: not started, in progress, completed, with answer histories and an audit trail) is backed up,
// restored into a fresh database, and a new server on it shows every test, answer, score, answer change, audit entry
// and patient link as before. A server started on the restored database with another APP_SECRET is refused, with the
// reason, instead of running with every patient link broken.

const SECRET = 'backup-restore-secret-0123456789abcdefghijk';

interface Snapshot {
  tests: unknown[];
  links: { id: number; status: number; answers: string }[];
  audit: TAuditEvent[];
}

async function startOn(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    APP_SECRET: SECRET,
    DEMO_DATA: 'true',
    DEV_OIDC_PORT: String(await getFreePort()),
    ...env,
  });
}

/** Everything a restore must bring back, read through the API as the demo admin (every clinician's tests). */
async function snapshot(server: ServerProcess): Promise<Snapshot> {
  const running = { url: server.url, client: () => new TestClient(server.url) } as unknown as TestServer;
  const { client } = await signInWithDevProvider(running, 'demo-admin');
  const json = async <T>(path: string): Promise<T> => {
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  // The audit trail first: the reads below add to it.
  const audit: TAuditEvent[] = [];
  for (let page = 1; ; page++) {
    const events = await json<TAuditPage>(`/api/admin/audit?page=${page}`);
    audit.push(...events.items);
    if (page >= events.pageCount) {
      break;
    }
  }
  const list = await json<TAssessmentList>('/api/assessments?sort=created-asc');
  expect(list.total).toBeGreaterThanOrEqual(3);
  expect(new Set(list.items.map((item) => item.status)).size).toBeGreaterThan(1);
  const tests: unknown[] = [];
  const links: Snapshot['links'] = [];
  const patient = new TestClient(server.url);
  for (const item of list.items) {
    const details = await json<{ testLink: string | null }>(`/api/assessments/${item.id}`);
    const history = await json<unknown>(`/api/assessments/${item.id}/answer-history`);
    const results = item.status === 'completed' ? await json<unknown>(`/api/assessments/${item.id}/results`) : null;
    // The link's path: each server here has its own port in PUBLIC_URL.
    const linkPath = new URL(details.testLink!).pathname;
    tests.push({ item, details: { ...details, testLink: linkPath }, history, results });
    // The link the clinician sends still opens the patient's test, with their answers.
    const code = linkPath.split('/').pop()!;
    const opened = await patient.get(`/api/patient/${code}`);
    const body = opened.status === 200 ? ((await opened.json()) as { answers?: string }) : {};
    links.push({ id: item.id, status: opened.status, answers: body.answers ?? '' });
  }
  expect(links.some((link) => link.status === 200)).toBe(true);
  return { tests, links, audit };
}

function expectRestored(before: Snapshot, after: Snapshot): void {
  expect(after.tests).toEqual(before.tests);
  expect(after.links).toEqual(before.links);
  // Every audit entry of the backup is there as it was (the reads after the backup only add to it).
  const restored = new Map(after.audit.map((event) => [event.id, event]));
  for (const event of before.audit) {
    expect(restored.get(event.id), `audit event ${event.id}`).toEqual(event);
  }
}

describe('backup and restore', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup();
    }
  });

  it('PGlite: stop, copy DATA_DIR, start on the copy: everything is there; another APP_SECRET is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pid5-backup-'));
    const restoredDir = mkdtempSync(join(tmpdir(), 'pid5-restored-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(restoredDir, { recursive: true, force: true }));

    const original = await startOn({ DATA_DIR: dataDir });
    const before = await snapshot(original);
    await original.stop();
    cpSync(dataDir, restoredDir, { recursive: true });

    const restored = await startOn({ DATA_DIR: restoredDir });
    cleanups.push(() => restored.stop());
    expectRestored(before, await snapshot(restored));
    await restored.stop();

    await expect(startOn({ DATA_DIR: restoredDir, APP_SECRET: `${SECRET}-other` })).rejects.toThrow(
      /APP_SECRET (is not|does not match) the secret/,
    );
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: pg_dump, pg_restore into a fresh database: everything is there; another APP_SECRET is refused',
    async () => {
      const source = await createTestDatabase('postgres');
      const target = await createTestDatabase('postgres');
      cleanups.push(() => source.drop());
      cleanups.push(() => target.drop());
      // The target starts empty, as a new database for a restore does (the harness migrates it: clear it again).
      await target.database.db.execute(sql.raw('DROP SCHEMA public CASCADE; CREATE SCHEMA public'));
      await target.database.close();
      const dumpDir = mkdtempSync(join(tmpdir(), 'pid5-dump-'));
      cleanups.push(() => rmSync(dumpDir, { recursive: true, force: true }));

      const original = await startOn({ DATABASE_URL: source.url! });
      const before = await snapshot(original);
      await original.stop();
      const dump = join(dumpDir, 'pid5.dump');
      execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', dump, source.url!]);
      execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', target.url!, dump]);

      const restored = await startOn({ DATABASE_URL: target.url! });
      cleanups.push(() => restored.stop());
      expectRestored(before, await snapshot(restored));
      await restored.stop();

      await expect(startOn({ DATABASE_URL: target.url!, APP_SECRET: `${SECRET}-other` })).rejects.toThrow(
        /APP_SECRET (is not|does not match) the secret/,
      );
    },
  );
});
