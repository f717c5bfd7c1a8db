import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../db/job-queue';
import {
  BULK_EXPORT_HOURS,
  bulkExportFolders,
  isExpired,
  type BulkExportManifest,
  type BulkExportType,
} from './fhir-bulk-export-folder';
import { runBulkExport, type BulkExportRunDeps } from './fhir-bulk-export-run';

// FHIR Bulk Data Access (system-level `$export`, decision "FHIR Bulk Data export on the job queue"): a machine client
// kicks an export off, a job on the queue writes one NDJSON file per resource type into FHIR_EXPORT_DIR, the client
// polls its status and downloads the files with the same token; the files are deleted when the client says so or
// when they expire. Each export's folder holds its manifest (who asked, what, how far) beside its files, so every
// server process that shares the folder answers for it.

export const BULK_EXPORT_QUEUE = 'fhir-bulk-export';

/** A kick-off, status read, download or deletion, audited as a search (`fhir.search`, interaction `export`). */
export function auditBulkExport(
  db: Db,
  event: { client: string; ip: string; at: Date; details: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, {
    actor: event.client,
    action: 'fhir.search',
    assessmentId: null,
    ip: event.ip,
    at: event.at,
    details: { interaction: 'export', ...event.details },
  });
}

export interface BulkExports {
  /** Starts the queue and this process's worker (once; every bulk request calls it). */
  ensureStarted(): Promise<void>;
  kickOff(request: {
    clientId: string;
    request: string;
    types: BulkExportType[];
    since: Date | null;
    now: Date;
  }): Promise<BulkExportManifest>;
  /** The export of `clientId` named `id`; null when there is none (another client's, deleted or expired). */
  find(clientId: string, id: string, now: Date): Promise<BulkExportManifest | null>;
  /** A file of the export: its path, or null (not this client's, not finished, not one of its files). */
  filePath(clientId: string, id: string, file: string, now: Date): Promise<string | null>;
  /** Cancels a running export and deletes its files; false when there was none for this client. */
  remove(clientId: string, id: string, now: Date): Promise<boolean>;
  /** Runs one export (the job's work). */
  run(id: string): Promise<void>;
}

type KickOff = Parameters<BulkExports['kickOff']>[0];

export function createBulkExports(deps: BulkExportRunDeps & { boss: JobQueue; dir: string }): BulkExports {
  const folders = bulkExportFolders(deps.dir);
  let starting: Promise<void> | null = null;
  const exports: BulkExports = {
    ensureStarted() {
      starting ??= startBulkExportWorker(deps, (id) => exports.run(id));
      return starting;
    },

    async kickOff(request) {
      await exports.ensureStarted();
      await folders.sweepExpired(request.now);
      const manifest = queuedManifest(request);
      await mkdir(folders.folderOf(manifest.id), { recursive: true });
      await folders.writeManifest(manifest);
      await deps.boss.send(BULK_EXPORT_QUEUE, { id: manifest.id });
      return manifest;
    },

    async find(clientId, id, now) {
      await exports.ensureStarted();
      await folders.sweepExpired(now);
      const manifest = await folders.readManifest(id);
      return manifest && manifest.clientId === clientId && !isExpired(manifest, now) ? manifest : null;
    },

    async filePath(clientId, id, file, now) {
      const manifest = await exports.find(clientId, id, now);
      const listed = manifest?.state === 'completed' && manifest.output.some((o) => o.file === file);
      return listed ? join(folders.folderOf(id), file) : null;
    },

    async remove(clientId, id, now) {
      const manifest = await exports.find(clientId, id, now);
      if (!manifest) {
        return false;
      }
      // A running job sees its folder gone and stops (run checks between batches).
      await rm(folders.folderOf(id), { recursive: true, force: true });
      return true;
    },

    run: (id) => runBulkExport(deps, folders, id),
  };
  return exports;
}

/** The exports' folder, the job queue and this process's worker on it, which runs each export it takes. */
async function startBulkExportWorker(
  deps: { boss: JobQueue; dir: string; log: BulkExportRunDeps['log'] },
  run: (id: string) => Promise<void>,
): Promise<void> {
  await mkdir(deps.dir, { recursive: true });
  deps.boss.on('error', (error: Error) => deps.log.warn({ err: error }, 'job queue error'));
  await deps.boss.start();
  // One try: an export that fails says so in its status; the client kicks off another.
  await deps.boss.createQueue(BULK_EXPORT_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
  await deps.boss.work<{ id: string }>(BULK_EXPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
    await run(job!.data.id);
  });
}

/** A new export's manifest, queued: nothing written yet. */
function queuedManifest(request: KickOff): BulkExportManifest {
  return {
    id: randomUUID(),
    clientId: request.clientId,
    request: request.request,
    types: request.types,
    since: request.since?.toISOString() ?? null,
    transactionTime: request.now.toISOString(),
    state: 'queued',
    testsDone: 0,
    testsTotal: null,
    output: [],
    error: null,
    // An export whose process stopped midway never finishes: it is swept after twice the files' time.
    expiresAt: new Date(request.now.getTime() + 2 * BULK_EXPORT_HOURS * 3_600_000).toISOString(),
  };
}
