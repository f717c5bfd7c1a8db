import { randomUUID } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// One bulk export's folder under FHIR_EXPORT_DIR: its manifest (who asked, what, how far) beside its NDJSON files.
// Every server process that shares the folder reads the same manifests, so any of them answers for any export.

/** The resource types an export can hold, in the order its files are listed. */
export const BULK_EXPORT_TYPES = ['Questionnaire', 'QuestionnaireResponse', 'Observation', 'Provenance'] as const;
export type BulkExportType = (typeof BULK_EXPORT_TYPES)[number];
/** How long a finished export's files are kept for their client (then deleted, and the status is 404). */
export const BULK_EXPORT_HOURS = 6;

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

/** The exports' folders under one directory: each export's folder, its manifest, and the sweep of expired ones. */
export interface BulkExportFolders {
  folderOf(id: string): string;
  /** The export's manifest; null when its folder is gone (deleted, swept) or it never was. */
  readManifest(id: string): Promise<BulkExportManifest | null>;
  writeManifest(manifest: BulkExportManifest): Promise<void>;
  /** Deletes every expired export's folder (each bulk request sweeps). */
  sweepExpired(now: Date): Promise<void>;
}

export function isExpired(manifest: BulkExportManifest, now: Date): boolean {
  return manifest.expiresAt !== null && new Date(manifest.expiresAt).getTime() <= now.getTime();
}

export function bulkExportFolders(dir: string): BulkExportFolders {
  const folderOf = (id: string) => join(dir, id);
  const manifestPath = (id: string) => join(folderOf(id), 'manifest.json');

  async function readManifest(id: string): Promise<BulkExportManifest | null> {
    try {
      return JSON.parse(await readFile(manifestPath(id), 'utf8')) as BulkExportManifest;
    } catch {
      return null;
    }
  }

  return {
    folderOf,
    readManifest,
    /** Written whole and renamed into place, so a reader never sees half a manifest. */
    async writeManifest(manifest) {
      const temporary = `${manifestPath(manifest.id)}.${randomUUID()}.tmp`;
      await writeFile(temporary, JSON.stringify(manifest));
      await rename(temporary, manifestPath(manifest.id));
    },
    async sweepExpired(now) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const manifest = await readManifest(name);
        if (manifest && isExpired(manifest, now)) {
          await rm(folderOf(name), { recursive: true, force: true });
        }
      }
    },
  };
}
