import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { DOMAIN_KEYS, FACET_KEYS } from '@pid5/instrument';
import type { AssessmentWithClinician } from './assessments.repo';
import { isExpired } from './assessments.presenter';

// The CSV export (DESIGN.md §7): UTF-8 with a byte-order mark (so spreadsheet programs read it as UTF-8),
// comma separated, RFC 4180 quoting with CRLF line ends, and the OWASP CSV-injection guard on every text
// cell. Streamed: rows are read from the database in keyset-paged batches and piped through the
// stringifier, so an export of any size never sits in memory.

/**
 * OWASP CSV Injection: a cell starting with = + - @ tab or carriage return can run as a formula in a
 * spreadsheet. Prefixing a single quote makes the program show it as text. Applied to every text cell.
 */
export function guardCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const SCORE_FIELDS = [
  ['score', 'Score'],
  ['srf', 'SRF'],
  ['irf', 'IRF'],
] as const;

/** The columns, stable whatever the data (scores stay empty for unfinished tests). */
export const CSV_HEADERS: readonly string[] = [
  'Assessment ID',
  'Patient ID',
  'Clinician',
  'Clinician ID',
  'Date Created',
  'Due Date',
  'Date Completed',
  'Status',
  'Questions Completed',
  'Age',
  'Gender',
  'Race',
  'Postal Code',
  'Country',
  'Diagnoses',
  'Primary Diagnosis',
  'Responses',
  'Instrument Version',
  'Norms Version',
  ...FACET_KEYS.flatMap((key) => SCORE_FIELDS.map(([, label]) => `${key} ${label}`)),
  ...DOMAIN_KEYS.flatMap((key) => SCORE_FIELDS.map(([, label]) => `${key} ${label}`)),
];

export type CsvCell = string | number | null;

export function assessmentStatus(row: AssessmentWithClinician['assessment'], now: Date): string {
  if (row.finishedAt) {
    return 'Completed';
  }
  if (isExpired(row, now)) {
    return 'Expired';
  }
  return row.answeredCount > 0 ? 'In progress' : 'Not started';
}

/** A number from the stored scores (facets or domains → key → field), or null; tolerant of any stored shape. */
export function readStoredScore(
  scores: unknown,
  group: 'facets' | 'domains',
  key: string,
  field: string,
): number | null {
  const value = (scores as Record<string, Record<string, Record<string, unknown> | undefined> | undefined> | null)?.[
    group
  ]?.[key]?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** One CSV record; every text cell goes through the injection guard. */
export function toCsvRecord(row: AssessmentWithClinician, now: Date): CsvCell[] {
  const a = row.assessment;
  const text = (value: string | null | undefined): string => guardCsvCell(value ?? '');
  const scoreCells = (group: 'facets' | 'domains', keys: readonly string[]) =>
    keys.flatMap((key) => SCORE_FIELDS.map(([field]) => readStoredScore(a.scores, group, key, field)));
  return [
    a.id,
    text(a.patientId),
    text(row.clinicianName),
    text(a.clinicianId),
    a.createdAt.toISOString(),
    a.dueAt.toISOString(),
    a.finishedAt?.toISOString() ?? '',
    assessmentStatus(a, now),
    a.answeredCount,
    a.age,
    text(a.gender),
    text(a.race),
    text(a.postalCode),
    text(a.country),
    text(a.dsmCodes.join('; ')),
    text(a.primaryDsm),
    text(a.responses),
    text(a.instrumentVersion),
    text(a.normsVersion),
    ...scoreCells('facets', FACET_KEYS),
    ...scoreCells('domains', DOMAIN_KEYS),
  ];
}

export const CSV_BATCH_SIZE = 500;

/**
 * The export as a byte stream. `fetchBatch(afterId, limit)` returns the next rows by id; the stream asks
 * for a batch only when the stringifier wants more (back-pressure from the client's download).
 */
export function createAssessmentsCsvStream(options: {
  fetchBatch: (afterId: number, limit: number) => Promise<AssessmentWithClinician[]>;
  now: Date;
  batchSize?: number;
  onError?: (error: Error) => void;
}): NodeJS.ReadableStream {
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;
  async function* records(): AsyncGenerator<CsvCell[]> {
    let afterId = 0;
    for (;;) {
      const batch = await options.fetchBatch(afterId, batchSize);
      for (const row of batch) {
        yield toCsvRecord(row, options.now);
      }
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) {
        return;
      }
      afterId = last.assessment.id;
    }
  }
  const stringifier = stringify({
    bom: true,
    delimiter: ',',
    record_delimiter: 'windows',
    // csv-stringify only quotes a cell containing the whole CRLF; RFC 4180 readers need a lone CR or LF quoted too.
    quoted_match: /[\r\n]/,
    header: true,
    columns: CSV_HEADERS.map(guardCsvCell),
  });
  return pipeline(Readable.from(records()), stringifier, (error) => {
    if (error) {
      options.onError?.(error);
    }
  });
}
