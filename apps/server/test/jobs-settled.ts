import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server';

/**
 * Waits until the server's job queue has nothing due: no job waiting, retried or running whose start time has come
 * (a job put off to later, like a send retried after a back-off, does not count). After queueing work (a scan, a
 * send) a test then sees all it did, however busy the machine is, instead of sleeping for a guess.
 */
export async function jobsSettled(server: TestServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await server.database.db.execute(
      sql`SELECT count(*)::int AS due FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    const due = (result as unknown as { rows: { due: number }[] }).rows[0]?.due ?? 0;
    if (due === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the job queue still had ${due} jobs due after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
