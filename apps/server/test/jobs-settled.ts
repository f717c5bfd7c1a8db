import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './test-server';

/** Jobs waiting, retried or running whose start time has come (a job put off to later, as after a back-off, is not). */
async function dueJobs(server: TestServer): Promise<number> {
  const result = await server.database.db.execute(
    sql`SELECT count(*)::int AS due FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
  );
  return (result as unknown as { rows: { due: number }[] }).rows[0]?.due ?? 0;
}

/**
 * Waits until the server's job queue has nothing due. After queueing work (a scan, a send) a test then sees all it
 * did, however busy the machine is, instead of sleeping for a guess.
 */
export async function jobsSettled(server: TestServer, timeoutMs = 60_000): Promise<void> {
  await expect.poll(() => dueJobs(server), { timeout: timeoutMs, interval: 50 }).toBe(0);
}
