import { open, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { countSubmittedTestsSince, submittedTestsSince } from '../assessments/assessments.service';
import type { ResultSources } from '../results/results.service';
import {
  BULK_EXPORT_HOURS,
  BULK_EXPORT_TYPES,
  type BulkExportFolders,
  type BulkExportManifest,
  type BulkExportType,
} from './fhir-bulk-export-folder';
import type { FhirSettings } from './fhir-code-systems';
import { entriesOf } from './fhir-read-api.service';
import type { Questionnaire } from './fhir-types';

// One bulk export's work, as its queued job does it: every test submitted in its range, batch by batch, written as
// NDJSON lines into one file per resource type in the export's folder, its manifest updated as it goes.

/** Tests read per database batch (as the NDJSON download's). */
const BATCH_SIZE = 50;

export type BulkExportRunDeps = ResultSources & {
  db: Db;
  settings: FhirSettings;
  now: () => Date;
  log: { warn(details: object, message: string): void };
};

type SubmittedTest = Awaited<ReturnType<typeof submittedTestsSince>>[number];
type ExportOutput = BulkExportManifest['output'];

/** Runs the queued export `id`; nothing when it is gone or already taken. */
export async function runBulkExport(deps: BulkExportRunDeps, folders: BulkExportFolders, id: string): Promise<void> {
  const manifest = await folders.readManifest(id);
  if (!manifest || manifest.state !== 'queued') {
    return;
  }
  const since = manifest.since ? new Date(manifest.since) : null;
  manifest.state = 'running';
  manifest.testsTotal = await countSubmittedTestsSince({ db: deps.db, since });
  await folders.writeManifest(manifest);
  const files = ndjsonFiles(folders.folderOf(id));
  try {
    if ((await writeSubmittedTests(deps, folders, manifest, files)) === 'deleted') {
      return;
    }
    manifest.output = await files.close();
    manifest.state = 'completed';
  } catch (error) {
    // Deleted by its client while a file was being opened or written: nothing failed, nobody is waiting.
    if ((await folders.readManifest(id)) === null) {
      return;
    }
    deps.log.warn({ err: error, export: id }, 'FHIR bulk export failed');
    manifest.state = 'failed';
    manifest.error = 'The export failed on the server; kick off another.';
  } finally {
    await files.release();
  }
  manifest.expiresAt = new Date(deps.now().getTime() + BULK_EXPORT_HOURS * 3_600_000).toISOString();
  if ((await stat(folders.folderOf(id)).catch(() => null)) !== null) {
    await folders.writeManifest(manifest);
  }
}

/**
 * Writes every test of the manifest's range into `files`, counting them in the manifest (written after each batch);
 * 'deleted' when its client deleted the export meanwhile (checked between batches), and the work stopped.
 */
async function writeSubmittedTests(
  deps: BulkExportRunDeps,
  folders: BulkExportFolders,
  manifest: BulkExportManifest,
  files: NdjsonFiles,
): Promise<'written' | 'deleted'> {
  const since = manifest.since ? new Date(manifest.since) : null;
  const until = new Date(manifest.transactionTime);
  const types = new Set(manifest.types);
  const questionnairesSent = new Set<string>();
  const questionnaires = new Map<string, Questionnaire>();
  let afterId = 0;
  for (;;) {
    const batch = await submittedTestsSince({ db: deps.db, afterId, limit: BATCH_SIZE, since });
    for (const row of batch) {
      // Tests submitted after the kick-off wait for the next export (whose _since is this transactionTime).
      if (row.finishedAt && row.finishedAt.getTime() > until.getTime()) {
        continue;
      }
      const lines = linesOfTest(row, { ...deps, questionnaires }, types, questionnairesSent);
      for (const [type, ofType] of lines) {
        await files.write(type, ofType);
      }
      manifest.testsDone += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) {
      return 'written';
    }
    afterId = last.id;
    // Deleted by its client meanwhile: stop.
    if ((await folders.readManifest(manifest.id)) === null) {
      return 'deleted';
    }
    await folders.writeManifest(manifest);
    await setImmediate();
  }
}

/** A test's resources of the asked types as NDJSON lines by type; each questionnaire only the first time it comes. */
function linesOfTest(
  row: SubmittedTest,
  sources: Parameters<typeof entriesOf>[1],
  types: Set<BulkExportType>,
  questionnairesSent: Set<string>,
): Map<BulkExportType, string[]> {
  const lines = new Map<BulkExportType, string[]>();
  for (const entry of entriesOf(row, sources)) {
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
  return lines;
}

interface NdjsonFiles {
  /** Appends a test's lines of one type to its file in one write (about forty resources a test). */
  write(type: BulkExportType, lines: string[]): Promise<void>;
  /** Closes every file; the manifest's output, in BULK_EXPORT_TYPES order. */
  close(): Promise<ExportOutput>;
  /** Closes whatever is still open (the export stopped, failed or was deleted); safe after close. */
  release(): Promise<void>;
}

/**
 * The export's NDJSON files in `folder`, one per resource type, each opened when its first line comes. File handles,
 * not streams: a file that cannot be opened or written (its folder deleted meanwhile) is a rejected write here,
 * never an 'error' event nobody listens to.
 */
function ndjsonFiles(folder: string): NdjsonFiles {
  const files = new Map<BulkExportType, { handle: FileHandle | null; file: string; count: number; bytes: number }>();
  /** Closes each handle still open, once; `quietly` when the export is given up and a close error changes nothing. */
  const closeAll = async ({ quietly }: { quietly: boolean }) => {
    for (const file of files.values()) {
      const handle = file.handle;
      file.handle = null;
      await (quietly ? handle?.close().catch(() => undefined) : handle?.close());
    }
  };
  return {
    async write(type, lines) {
      let file = files.get(type);
      if (!file) {
        const name = `${type}.ndjson`;
        file = { handle: await open(join(folder, name), 'w'), file: name, count: 0, bytes: 0 };
        files.set(type, file);
      }
      const text = lines.join('');
      file.count += lines.length;
      file.bytes += Buffer.byteLength(text);
      // writeFile on a handle writes all of it at the handle's position, repeating short writes.
      await file.handle!.writeFile(text);
    },
    async close() {
      await closeAll({ quietly: false });
      return BULK_EXPORT_TYPES.flatMap((type) => {
        const file = files.get(type);
        return file ? [{ type, file: file.file, count: file.count, bytes: file.bytes }] : [];
      });
    },
    release: () => closeAll({ quietly: true }),
  };
}
