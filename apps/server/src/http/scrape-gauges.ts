import { Gauge, type Registry } from 'prom-client';
import { schemaVersion } from '../db/migrate';
import type { RunCounts } from '../lib/repeat-in-background';

// The gauges /metrics reads at scrape time from parts the composition root owns: the PDF queue, the database pool, the
// mail queue, the retention sweep, and which build answers. Counts and states only, never whom they concern.

/** What the metrics read at scrape time from parts the composition root owns. */
export interface MetricsSources {
  /** The database connections: in use, idle, and requests waiting for one (PostgreSQL's pool; null on PGlite). */
  databasePool(): { total: number; idle: number; waiting: number } | null;
  /** The PDF pool: reports waiting for a worker and being drawn. */
  pdfQueue(): { waiting: number; drawing: number };
  /** Messages not yet settled, by state: queued, sending, failed (a retry due). Counted in the database at scrape. */
  mailQueue(): Promise<{ queued: number; sending: number; failed: number }>;
  /** The retention sweep's runs; null when no sweep is scheduled in this process. */
  retentionRuns(): RunCounts | null;
}

export function registerScrapeGauges(registry: Registry, sources: MetricsSources): void {
  registerPdfQueueGauge(registry, sources);
  registerDatabasePoolGauges(registry, sources);
  registerMailQueueGauge(registry, sources);
  registerRetentionGauges(registry, sources);
  registerAppInfoGauge(registry);
}

function registerPdfQueueGauge(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'pdf_queue_reports',
    help: 'PDF reports waiting for a worker (state=waiting) and being drawn (state=drawing).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const queue = sources.pdfQueue();
      this.set({ state: 'waiting' }, queue.waiting);
      this.set({ state: 'drawing' }, queue.drawing);
    },
  });
}

function registerDatabasePoolGauges(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'database_pool_connections',
    help: 'PostgreSQL pool connections by state: open, and idle among them (PGlite: none).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources.databasePool();
      if (pool) {
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
      }
    },
  });
  // Requests, not connections: a series of its own, so no sum over the states above mixes the two.
  new Gauge({
    name: 'database_pool_waiting_requests',
    help: 'Requests waiting for a PostgreSQL pool connection (PGlite: none).',
    registers: [registry],
    collect() {
      const pool = sources.databasePool();
      if (pool) {
        this.set(pool.waiting);
      }
    },
  });
}

function registerMailQueueGauge(registry: Registry, sources: MetricsSources): void {
  // Counts by state only: the queue's depth says nothing of whom a message is for.
  new Gauge({
    name: 'mail_queue_messages',
    help: 'Messages not yet settled, by state: queued, sending, failed (waiting for a retry). Shared by all processes.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const queue = await sources.mailQueue();
      for (const state of ['queued', 'sending', 'failed'] as const) {
        this.set({ state }, queue[state]);
      }
    },
  });
}

function registerRetentionGauges(registry: Registry, sources: MetricsSources): void {
  new Gauge({
    name: 'retention_sweep_runs',
    help: 'Retention sweep runs in this process since it started, by outcome: done or failed (none when RETENTION_YEARS is unset).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const runs = sources.retentionRuns();
      if (runs) {
        this.set({ outcome: 'done' }, runs.done);
        this.set({ outcome: 'failed' }, runs.failed);
      }
    },
  });
  new Gauge({
    name: 'retention_sweep_last_success_timestamp_seconds',
    help: 'When the retention sweep last completed in this process (Unix time); absent until it has.',
    registers: [registry],
    collect() {
      const last = sources.retentionRuns()?.lastDoneAt;
      if (last) {
        this.set(last.getTime() / 1000);
      }
    },
  });
}

function registerAppInfoGauge(registry: Registry): void {
  // Which build answers: its schema version (the name of its last migration, as the start log and the release notes
  // name versions). Always 1; the label is the information.
  new Gauge({
    name: 'app_info',
    help: 'The running build: version (its database schema version). Always 1.',
    labelNames: ['version'],
    registers: [registry],
  }).set({ version: schemaVersion() }, 1);
}
