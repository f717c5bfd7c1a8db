import { Readable } from 'node:stream';
import { displayCountry, isCountryCode } from '@pid5/contract';
import { SCORE_VALUE_PATHS, type SCORE_FIELDS } from '../../db/score-values';
import { assessmentStatus, type AssessmentStatus } from './assessment-lifecycle';
import type { AssessmentExportRow } from './assessments.repo';

// The CSV export (DESIGN.md §7): UTF-8 with a byte-order mark (so spreadsheet programs read it as UTF-8),
// comma separated, RFC 4180 quoting with CRLF line ends, and the OWASP CSV-injection guard on every text
// cell. Streamed: rows are read from the database in keyset-paged batches and encoded a batch at a time (one
// chunk per batch, the next batch read while this one is sent), so an export of any size never sits in memory.

/**
 * Where a spreadsheet may start a cell inside our text: at its start, and after any `,` or `;` (a program in a
 * semicolon locale splits the whole line on `;`, ignoring our commas and quotes) or CR/LF, past any spaces and quotes
 * it may drop; followed by a formula trigger (= + - @, or tab or CR, which some programs drop first).
 */
const FORMULA_START = /(?<=^|[,;\r\n])[ "]*(?=[=+\-@\t\r])/g;

/**
 * OWASP CSV Injection: a cell starting with = + - @ tab or carriage return can run as a formula in a spreadsheet.
 * Prefixing a single quote makes the program show it as text. Applied to every text cell, at every place a
 * spreadsheet could start a cell under comma or semicolon splitting (issue 14: `x;=1+2;` became `=1+2` in German
 * Excel), so only those parts carry the mark: `x;'=1+2;`.
 */
export function guardCsvCell(value: string): string {
  return value.replace(FORMULA_START, "$&'");
}

const SCORE_LABELS: Readonly<Record<(typeof SCORE_FIELDS)[number], string>> = {
  score: 'Score',
  srf: 'SRF',
  irf: 'IRF',
};

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
  'Country Code',
  'Diagnoses',
  'Primary Diagnosis',
  'Responses',
  'Instrument Version',
  'Norms Version',
  ...SCORE_VALUE_PATHS.map(([, key, field]) => `${key} ${SCORE_LABELS[field]}`),
];

export type CsvCell = string | number | null;

/** Seconds since the epoch as Date.toISOString text. */
const isoFromEpoch = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString();

const STATUS_LABELS: Readonly<Record<AssessmentStatus, string>> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/** The Status cell, decided by the lifecycle from the row's epoch-second times. */
function statusCell(test: { finishedAt: number | null; dueAt: number; answeredCount: number }, now: Date): string {
  const toDate = (seconds: number) => new Date(Math.round(seconds * 1000));
  const status = assessmentStatus(
    {
      finishedAt: test.finishedAt === null ? null : toDate(test.finishedAt),
      dueAt: toDate(test.dueAt),
      answeredCount: test.answeredCount,
    },
    now,
  );
  return STATUS_LABELS[status];
}

/** A test without scores: every score column empty. */
const NO_SCORE_CELLS = ','.repeat(SCORE_VALUE_PATHS.length - 1);

/**
 * One record with its CRLF line end. Every text cell goes through the injection guard; the score cells come as the
 * database wrote them (numbers and empty cells only, see listAssessmentsAfter), which need neither quoting nor guard.
 */
function encodeExportRecord(row: AssessmentExportRow, now: Date): string {
  const [
    id,
    patientId,
    clinicianName,
    clinicianId,
    createdAt,
    dueAt,
    finishedAt,
    answeredCount,
    age,
    gender,
    race,
    postalCode,
    country,
    diagnoses,
    primaryDsm,
    responses,
    instrumentVersion,
    normsVersion,
    scoreCells,
  ] = row;
  const text = (value: string | null): string => guardCsvCell(value ?? '');
  const cells: CsvCell[] = [
    id,
    text(patientId),
    text(clinicianName),
    text(clinicianId),
    isoFromEpoch(createdAt),
    isoFromEpoch(dueAt),
    finishedAt === null ? '' : isoFromEpoch(finishedAt),
    statusCell({ finishedAt, dueAt, answeredCount }, now),
    answeredCount,
    age,
    text(gender),
    text(race),
    text(postalCode),
    text(displayCountry(country)),
    text(isCountryCode(country) ? country : ''), // Issue 16: the ISO code; empty for a country kept as free text.
    text(diagnoses),
    text(primaryDsm),
    text(responses),
    text(instrumentVersion),
    text(normsVersion),
  ];
  return `${cells.map(encodeCsvCell).join(',')},${scoreCells ?? NO_SCORE_CELLS}\r\n`;
}

const CSV_BATCH_SIZE = 1000;

const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * RFC 4180: a cell holding a comma, a double quote, CR or LF is quoted, with its quotes doubled; null is empty. A
 * semicolon too, so a program that reads the file with `;` as separator keeps such a cell whole where it can.
 */
function encodeCsvCell(cell: CsvCell): string {
  if (cell === null) {
    return '';
  }
  const text = typeof cell === 'number' ? String(cell) : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line end. */
export function encodeCsvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(encodeCsvCell).join(',')}\r\n`;
}

/**
 * The export as a byte stream: the BOM and header, then one chunk per batch. `fetchBatch(afterId, limit)` returns
 * the next rows by id; the next batch is read while the current one is sent, and no further one until the client
 * has taken it (back-pressure from the download), so at most two batches are in memory.
 */
export function createAssessmentsCsvStream(options: {
  fetchBatch: (afterId: number, limit: number) => Promise<AssessmentExportRow[]>;
  now: Date;
  batchSize?: number;
  onError?: (error: Error) => void;
}): NodeJS.ReadableStream {
  const batchSize = options.batchSize ?? CSV_BATCH_SIZE;
  // Read ahead: a failure is seen when the batch is awaited; until then it must not count as unhandled.
  const readAhead = (afterId: number) => {
    const batch = options.fetchBatch(afterId, batchSize);
    batch.catch(() => undefined);
    return batch;
  };
  async function* chunks(): AsyncGenerator<string> {
    try {
      yield `\ufeff${encodeCsvRecord(CSV_HEADERS.map(guardCsvCell))}`;
      let next: Promise<AssessmentExportRow[]> | null = readAhead(0);
      while (next) {
        const batch: AssessmentExportRow[] = await next;
        const last = batch.at(-1);
        next = last && batch.length === batchSize ? readAhead(last[0]) : null;
        if (batch.length > 0) {
          yield batch.map((row) => encodeExportRecord(row, options.now)).join('');
        }
      }
    } catch (error) {
      options.onError?.(error as Error);
      throw error;
    }
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 1 });
}
