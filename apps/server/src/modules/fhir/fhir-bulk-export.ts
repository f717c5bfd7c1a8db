import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../db/job-queue';
import { countSubmittedTestsSince, submittedTestsSince } from '../assessments/assessments.service';
import type { FhirSettings } from './fhir-code-systems';
import { entriesOf } from './fhir-read-api.service';
import type { Questionnaire } from './fhir-types';
import type { ResultSources } from '../results/results.service';

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
/** The resource types an export can hold, in the order its files are listed. */
export const BULK_EXPORT_TYPES = ['Questionnaire', 'QuestionnaireResponse', 'Observation', 'Provenance'] as const;
export type BulkExportType = (typeof BULK_EXPORT_TYPES)[number];
/** How long a finished export's files are kept for their client (then deleted, and the status is 404). */
export const BULK_EXPORT_HOURS = 6;
/** Tests read per database batch (as the NDJSON download's). */
const BATCH_SIZE = 50;

export interface BulkExportManifest {
  id: string;
  clientId: string;
  /** The kick-off request's URL, as the completion manifest repeats it. */
  request: string;
  types: BulkExportType[];
  since: string | null;
  /** When the kick-off was accepted: the export holds the tests submitted until then (FHIR transactionTime). */
  transactionTime: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  testsDone: number;
  testsTotal: number | null;
  output: { type: BulkExportType; file: string; count: number; bytes: number }[];
  error: string | null;
  /** When its folder is deleted: 6 hours after it completes or fails; while it runs, twice that after its kick-off. */
  expiresAt: string | null;
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

export function createBulkExports(
  deps: ResultSources & {
    db: Db;
    boss: JobQueue;
    dir: string;
    settings: FhirSettings;
    now: () => Date;
    log: { warn(details: object, message: string): void };
  },
): BulkExports {
  const folderOf = (id: string) => join(deps.dir, id);
  const manifestPath = (id: string) => join(folderOf(id), 'manifest.json');

  async function readManifest(id: string): Promise<BulkExportManifest | null> {
    try {
      return JSON.parse(await readFile(manifestPath(id), 'utf8')) as BulkExportManifest;
    } catch {
      return null;
    }
  }
  /** Written whole and renamed into place, so a reader never sees half a manifest. */
  async function writeManifest(manifest: BulkExportManifest): Promise<void> {
    const temporary = `${manifestPath(manifest.id)}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(manifest));
    await rename(temporary, manifestPath(manifest.id));
  }
  const expired = (manifest: BulkExportManifest, now: Date) =>
    manifest.expiresAt !== null && new Date(manifest.expiresAt).getTime() <= now.getTime();

  /** Deletes every expired export's folder (each bulk request sweeps). */
  async function sweep(now: Date): Promise<void> {
    let names: string[];
    try {
      names = await readdir(deps.dir);
    } catch {
      return;
    }
    for (const name of names) {
      const manifest = await readManifest(name);
      if (manifest && expired(manifest, now)) {
        await rm(folderOf(name), { recursive: true, force: true });
      }
    }
  }

  let starting: Promise<void> | null = null;
  const exports: BulkExports = {
    ensureStarted() {
      starting ??= (async () => {
        await mkdir(deps.dir, { recursive: true });
        deps.boss.on('error', (error: Error) => deps.log.warn({ err: error }, 'job queue error'));
        await deps.boss.start();
        // One try: an export that fails says so in its status; the client kicks off another.
        await deps.boss.createQueue(BULK_EXPORT_QUEUE, { retryLimit: 0, expireInSeconds: 6 * 3600 });
        await deps.boss.work<{ id: string }>(BULK_EXPORT_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]) => {
          await exports.run(job!.data.id);
        });
      })();
      return starting;
    },

    async kickOff(request) {
      await exports.ensureStarted();
      await sweep(request.now);
      const manifest: BulkExportManifest = {
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
      await mkdir(folderOf(manifest.id), { recursive: true });
      await writeManifest(manifest);
      await deps.boss.send(BULK_EXPORT_QUEUE, { id: manifest.id });
      return manifest;
    },

    async find(clientId, id, now) {
      await exports.ensureStarted();
      await sweep(now);
      const manifest = await readManifest(id);
      return manifest && manifest.clientId === clientId && !expired(manifest, now) ? manifest : null;
    },

    async filePath(clientId, id, file, now) {
      const manifest = await exports.find(clientId, id, now);
      const listed = manifest?.state === 'completed' && manifest.output.some((o) => o.file === file);
      return listed ? join(folderOf(id), file) : null;
    },

    async remove(clientId, id, now) {
      const manifest = await exports.find(clientId, id, now);
      if (!manifest) {
        return false;
      }
      // A running job sees its folder gone and stops (run checks between batches).
      await rm(folderOf(id), { recursive: true, force: true });
      return true;
    },

    async run(id) {
      const manifest = await readManifest(id);
      if (!manifest || manifest.state !== 'queued') {
        return;
      }
      const since = manifest.since ? new Date(manifest.since) : null;
      const until = new Date(manifest.transactionTime);
      manifest.state = 'running';
      manifest.testsTotal = await countSubmittedTestsSince({ db: deps.db, since });
      await writeManifest(manifest);
      const types = new Set(manifest.types);
      const files = new Map<BulkExportType, { stream: WriteStream; file: string; count: number; bytes: number }>();
      const questionnairesSent = new Set<string>();
      const questionnaires = new Map<string, Questionnaire>();
      // A test's lines of one type go to its file in one write (about forty resources a test).
      const write = async (type: BulkExportType, lines: string[]) => {
        let file = files.get(type);
        if (!file) {
          const name = `${type}.ndjson`;
          file = { stream: createWriteStream(join(folderOf(id), name)), file: name, count: 0, bytes: 0 };
          files.set(type, file);
        }
        const text = lines.join('');
        file.count += lines.length;
        file.bytes += Buffer.byteLength(text);
        if (!file.stream.write(text)) {
          await once(file.stream, 'drain');
        }
      };
      try {
        let afterId = 0;
        for (;;) {
          const batch = await submittedTestsSince({ db: deps.db, afterId, limit: BATCH_SIZE, since });
          for (const row of batch) {
            // Tests submitted after the kick-off wait for the next export (whose _since is this transactionTime).
            if (row.finishedAt && row.finishedAt.getTime() > until.getTime()) {
              continue;
            }
            const lines = new Map<BulkExportType, string[]>();
            for (const entry of entriesOf(row, { ...deps, questionnaires })) {
              const type = entry.resource.resourceType;
              if (!types.has(type)) {
                continue;
              }
              if (type === 'Questionnaire') {
                const key = `${entry.resource.url}|${entry.resource.version}`;
                if (questionnairesSent.has(key)) {
                  continue;
                }
                questionnairesSent.add(key);
              }
              let ofType = lines.get(type);
              if (!ofType) {
                ofType = [];
                lines.set(type, ofType);
              }
              ofType.push(`${JSON.stringify(entry.resource)}\n`);
            }
            for (const [type, ofType] of lines) {
              await write(type, ofType);
            }
            manifest.testsDone += 1;
          }
          const last = batch.at(-1);
          if (!last || batch.length < BATCH_SIZE) {
            break;
          }
          afterId = last.id;
          // Deleted by its client meanwhile: stop.
          if ((await readManifest(id)) === null) {
            return;
          }
          await writeManifest(manifest);
          await setImmediate();
        }
        for (const file of files.values()) {
          file.stream.end();
          await once(file.stream, 'finish');
        }
        manifest.output = BULK_EXPORT_TYPES.flatMap((type) => {
          const file = files.get(type);
          return file ? [{ type, file: file.file, count: file.count, bytes: file.bytes }] : [];
        });
        manifest.state = 'completed';
      } catch (error) {
        for (const file of files.values()) {
          file.stream.destroy();
        }
        deps.log.warn({ err: error, export: id }, 'FHIR bulk export failed');
        manifest.state = 'failed';
        manifest.error = 'The export failed on the server; kick off another.';
      }
      manifest.expiresAt = new Date(deps.now().getTime() + BULK_EXPORT_HOURS * 3_600_000).toISOString();
      if ((await stat(folderOf(id)).catch(() => null)) !== null) {
        await writeManifest(manifest);
      }
    },
  };
  return exports;
}
