import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { Database, Db } from './database';

// The job queue (docs/decisions/0060-pg-boss-job-queue.md): pg-boss in the app's own database, in its schema
// `pgboss`. On PostgreSQL every server process polls the same tables and SKIP LOCKED hands each job to one of them;
// on the embedded database the same code runs in the one process there is.

export type JobQueue = PgBoss;

export function createJobQueue(database: Database, options: { poolSize?: number } = {}): JobQueue {
  const connection = database.jobQueueConnection;
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({ backend: 'pglite', db: fromPglite(connection.client) })
      : new PgBoss({ connectionString: connection.url, max: options.poolSize ?? 3 });
  return boss;
}

/** For boss.send's `db` option: the job is created in the caller's transaction, so it exists exactly when it commits. */
export function inTransaction(tx: Db) {
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
