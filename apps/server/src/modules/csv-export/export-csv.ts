import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { displayCountry, isCountryCode } from '@pid5/contract';
import {
  assessValidity,
  bfmProtocol,
  FACET_KEYS,
  getGermanNormTable,
  germanNormCellName,
  readGermanNorm,
  resolveGermanReferenceGroup,
  scoreBfmForm,
  scoreResponses,
  type FormId,
  type GermanReferenceGroup,
  type NormTables,
} from '@pid5/instrument';
import { normReferenceOf } from '../results/trait-models';
import { encodeTraitModelCells, traitModelHeaders } from './export-trait-models';
import { isoFromMs } from './iso-time';
import { SCORE_VALUE_PATHS } from '../../db/score-values';
import { EXPORT_VALIDITY_KEYS, EXPORT_VALUES_LAYOUT, type ExportValues } from './export-values';
import { assessmentStatus, type AssessmentStatus } from '../assessments/assessment-lifecycle';
import type { AssessmentExportRow } from './export-row';
import {
  CSV_SCALES,
  CSV_VALIDITY_SCALES,
  SCALE_COLUMNS,
  VALIDITY_COLUMNS,
  formColumnHeaders,
  readUsNorms,
  scoreColumnHeaders,
  type CsvPrecision,
  type ValidityLineCells,
} from './export-columns';

// The CSV export (DESIGN.md "API"): UTF-8 with a byte-order mark (so spreadsheet programs read it as UTF-8),
// comma separated, RFC 4180 quoting with CRLF line ends, and the OWASP CSV-injection guard on every text
// cell. Streamed: rows are read from the database in keyset-paged batches and encoded a batch at a time (one
// chunk per batch, the next batch read while this one is sent), so an export of any size never sits in memory.

/**
 * Where a spreadsheet may start a cell inside our text: at its start, and after any `,` or `;` (a program in a
 * semicolon locale splits the whole line on `;`, ignoring our commas and quotes) or CR/LF, past any spaces and quotes
 * it may drop; followed by a formula trigger (= + - @, or tab or CR, which some programs drop first).
 */
const FORMULA_START = /(?<=^|[,;\r\n])[ "]*(?=[=+\-@\t\r])/g;
/** FORMULA_START can only match where this does: a trigger at the start (past spaces and quotes), or a separator. */
const MAY_START_FORMULA = /^[ "]*[=+\-@\t\r]|[,;\r\n]/;

/**
 * OWASP CSV Injection: a cell starting with = + - @ tab or carriage return can run as a formula in a spreadsheet.
 * Prefixing a single quote makes the program show it as text. Applied to every text cell, at every place a
 * spreadsheet could start a cell under comma or semicolon splitting (`x;=1+2;` became `=1+2` in German
 * Excel), so only those parts carry the mark: `x;'=1+2;`.
 */
export function guardCsvCell(value: string): string {
  // Most cells (answers, codes, ids like P-0042) hold no separator and start with no trigger: one plain scan instead
  // of the lookbehind at each place.
  return MAY_START_FORMULA.test(value) ? value.replace(FORMULA_START, "$&'") : value;
}

/** The columns, stable whatever the data (scores stay empty for unfinished tests); their meaning: export-dictionary.ts. */
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
  'Consent Date',
  'Terms ID',
  ...scoreColumnHeaders(),
  ...formColumnHeaders(),
  'Language',
  ...traitModelHeaders(),
];

export type CsvCell = string | number | null;

const STATUS_LABELS: Readonly<Record<AssessmentStatus, string>> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/** Milliseconds since the epoch from the database's seconds (to the millisecond, as the rows were stored). */
const msFromEpoch = (seconds: number) => Math.round(seconds * 1000);

/** A Date from the database's epoch seconds. At module level: a closure made per row costs a function each time. */
const dateFromEpoch = (seconds: number) => new Date(msFromEpoch(seconds));

/** The Status cell, decided by the lifecycle from the row's epoch-second times. */
function statusCell(test: { finishedAt: number | null; dueAt: number; answeredCount: number }, now: Date): string {
  const status = assessmentStatus(
    {
      finishedAt: test.finishedAt === null ? null : dateFromEpoch(test.finishedAt),
      dueAt: dateFromEpoch(test.dueAt),
      answeredCount: test.answeredCount,
    },
    now,
  );
  return STATUS_LABELS[status];
}

const SCORE_COLUMN_COUNT = scoreColumnHeaders().length;
/** The numbers of a completed test in score_values (db/score-values.ts). */
const SCORE_VALUE_COUNT = SCORE_VALUE_PATHS.length;

/** A test without scores: every score column empty. */
const NO_SCORE_CELLS = ','.repeat(SCORE_COLUMN_COUNT - 1);

export interface CsvScoreOptions {
  /** The loaded US tables (the results' own), for T, percentile and level. */
  normTables: NormTables;
  precision: CsvPrecision;
}

/**
 * The verdict and the validity lines of a submitted test: as stored at submission (export_values), or, for a test
 * stored before the verdict existed (scoring-1), scored again from its answers like the results page does
 * ('recomputed').
 */
function verdictOf(
  row: AssessmentExportRow,
  stored: ExportValues | null,
  normTables: NormTables,
): { label: string; lines: readonly ValidityLineCells[] } {
  const storedLabel = stored?.[EXPORT_VALUES_LAYOUT.label];
  if (stored && typeof storedLabel === 'string') {
    const lines: ValidityLineCells[] = [];
    for (let keyIndex = 0; keyIndex < EXPORT_VALIDITY_KEYS.length; keyIndex++) {
      const at = EXPORT_VALUES_LAYOUT.indicator(keyIndex);
      const status = stored[at];
      // No status: the test's verdict has no line for this indicator (another form's scale).
      if (typeof status === 'string') {
        lines.push([
          EXPORT_VALIDITY_KEYS[keyIndex]!,
          status,
          numberOrNull(stored[at + 1]),
          numberOrNull(stored[at + 2]),
        ]);
      }
    }
    return { label: storedLabel, lines };
  }
  const form = row[22];
  const verdict =
    form === 'BFM'
      ? assessValidity(bfmProtocol(scoreBfmForm(row[15], { reference: { gender: null, age: null } })))
      : scoreResponses(row[15], { form, normTables }).validityVerdict;
  return {
    label: verdict.label,
    lines: verdict.lines.map((line) => [line.key, line.status, line.score, line.percentile?.percentile ?? null]),
  };
}

const numberOrNull = (value: string | number | null | undefined): number | null =>
  typeof value === 'number' ? value : null;

/**
 * Encoded cells kept per table file, by what they are computed from (a scale's three stored numbers as the database
 * wrote them, or a verdict with its lines): scores repeat across patients, and computing and formatting ~200 cells
 * for every row was most of an export's time (bench/README.md, csv). Only numbers and fixed words are kept, no
 * patient data beyond what the row itself holds.
 */
interface EncodedCells {
  /** Per scale (CSV_SCALES order) and precision: its columns by the stored "score,srf,irf" text. */
  scales: Record<CsvPrecision, Map<string, string>[]>;
  /** The validity columns by the row's export_values text. */
  verdicts: Map<string, string>;
  size: number;
}

const encodedCells = new WeakMap<NormTables, EncodedCells>();
const MAX_ENCODED_CELLS = 200_000;

function cellCacheFor(normTables: NormTables): EncodedCells {
  let cache = encodedCells.get(normTables);
  if (!cache || cache.size > MAX_ENCODED_CELLS) {
    const perScale = () => CSV_SCALES.map(() => new Map<string, string>());
    cache = { scales: { screen: perScale(), full: perScale() }, verdicts: new Map(), size: 0 };
    encodedCells.set(normTables, cache);
  }
  return cache;
}

const parseStored = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/** One scale's columns (SCALE_COLUMNS) from its stored "score,srf,irf" text. */
function encodeScale(
  scale: Pick<(typeof CSV_SCALES)[number], 'key'>,
  triple: string,
  options: CsvScoreOptions,
  form: FormId,
  group: GermanReferenceGroup,
): string {
  const [scoreText, srfText, irfText] = triple.split(',');
  const score = parseStored(scoreText);
  const input = {
    score,
    srf: parseStored(srfText),
    irf: parseStored(irfText),
    // The form's own table.
    us: readUsNorms(options.normTables, scale.key, score, form),
    // The form's own German table for the patient's group (a scale the form does not have is not scored).
    de: score === null || !hasGermanTable(form, scale.key) ? null : readGermanNorm(form, scale.key, score, group),
  };
  return SCALE_COLUMNS.map((column) => encodeCsvCell(column.cell(input, options.precision))).join(',');
}

/** Whether the form has a German table for the scale (every scale of the three forms has one). */
function hasGermanTable(form: FormId, key: string): boolean {
  try {
    getGermanNormTable(form, key);
    return true;
  } catch {
    return false;
  }
}

/** The verdict and each validity indicator's columns (VALIDITY_COLUMNS). */
function encodeValidity(label: string, lines: readonly ValidityLineCells[]): string {
  const byKey = new Map(lines.map((line) => [line[0], line]));
  const cells: string[] = [label];
  for (const scale of CSV_VALIDITY_SCALES) {
    const line = byKey.get(scale.key);
    for (const column of VALIDITY_COLUMNS) {
      cells.push(column.cell(line));
    }
  }
  return cells.map(encodeCsvCell).join(',');
}

/** The brief form's total columns from its three stored numbers (empty for the other forms, which have none). */
function encodeTotal(row: AssessmentExportRow, options: CsvScoreOptions, group: GermanReferenceGroup): string {
  const [text, form] = [row[21], row[22]];
  if (text === null || form !== 'BF') {
    return NO_TOTAL_CELLS;
  }
  const stored = JSON.parse(text) as ExportValues;
  const at = EXPORT_VALUES_LAYOUT.total;
  // As "score,srf,irf" (empty where null), the way a scale's numbers are stored.
  const triple = [stored[at], stored[at + 1], stored[at + 2]]
    .map((value) => (typeof value === 'number' ? String(value) : ''))
    .join(',');
  return encodeScale({ key: 'Total' }, triple, options, 'BF', group);
}

/**
 * The validity columns of a submitted test. A stored verdict's are looked up by the row's export_values text as the
 * database sent it (a verdict and its indicator scores repeat across patients), parsed only the first time; a test
 * without a stored verdict (scoring-1) is scored again each time.
 */
function validityCells(row: AssessmentExportRow, options: CsvScoreOptions, cache: EncodedCells): string {
  const text = row[21];
  let cells = text === null ? undefined : cache.verdicts.get(text);
  if (cells === undefined) {
    const stored = text === null ? null : (JSON.parse(text) as ExportValues);
    const { label, lines } = verdictOf(row, stored, options.normTables);
    cells = encodeValidity(label, lines);
    if (text !== null && typeof stored?.[EXPORT_VALUES_LAYOUT.label] === 'string') {
      cache.verdicts.set(text, cells);
      cache.size += 1;
    }
  }
  return cells;
}

/** Where each stored value ends in the score_values text: its commas, then the text's length (reused per row). */
const valueEnds = new Int32Array(SCORE_VALUE_COUNT + 1);

/**
 * The scales' cells of a submitted test (numbers and fixed words only), from the stored numbers and the US tables. A
 * scale's three stored values are next to each other in score_values (score, srf, irf), so its text is one slice of
 * the row's, and its encoded columns are looked up by that slice: no per-row splitting or key building (most of an
 * export's time otherwise).
 */
function encodeScaleCells(
  row: AssessmentExportRow,
  scoreCells: string,
  options: CsvScoreOptions,
  cache: EncodedCells,
  group: GermanReferenceGroup,
) {
  let count = 0;
  valueEnds[0] = -1;
  for (let i = scoreCells.indexOf(','); i !== -1; i = scoreCells.indexOf(',', i + 1)) {
    valueEnds[++count] = i;
  }
  valueEnds[++count] = scoreCells.length;
  if (count !== SCORE_VALUE_COUNT) {
    throw new Error(`score_values has ${count} values, expected ${SCORE_VALUE_COUNT}`);
  }
  const perScale = cache.scales[options.precision];
  const form = row[22];
  if (form === 'BFM') {
    return NO_PID5_SCALE_CELLS;
  }
  let encoded = '';
  // A plain loop: this runs 30 times a row, a million rows an export.
  for (let index = 0; index < CSV_SCALES.length; index++) {
    const scale = CSV_SCALES[index]!;
    const at = scale.valueIndex.score;
    const triple = scoreCells.slice((valueEnds[at] ?? 0) + 1, valueEnds[at + 3]);
    const scaleCache = perScale[index]!;
    // Keyed by form and German group too: the same raw score reads another row in another form's or group's table.
    const cacheKey = `${form}|${germanNormCellName(group.cell)}|${triple}`;
    let cells = scaleCache.get(cacheKey);
    if (cells === undefined) {
      cells = encodeScale(scale, triple, options, form, group);
      scaleCache.set(cacheKey, cells);
      cache.size += 1;
    }
    encoded += `,${cells}`;
  }
  return encoded;
}

const NO_TOTAL_CELLS = SCALE_COLUMNS.map(() => '').join(',');
/**
 * Every PID-5 scale's columns empty, each with its leading comma as encodeScaleCells writes them: a PID5BF+M test has
 * none of the PID-5's scales (its domains are the ICD-11 columns).
 */
const NO_PID5_SCALE_CELLS = ','.repeat(CSV_SCALES.length * SCALE_COLUMNS.length);

/** Where each facet's raw score sits in score_values (FACET_KEYS order, as CSV_SCALES lists the facets). */
const FACET_SCORE_INDEXES = FACET_KEYS.map(
  (key) => CSV_SCALES.find((scale) => scale.kind === 'facet' && scale.key === key)?.valueIndex.score ?? -1,
);

/** The 25 facet scores of a row's score_values text (null where not scored or the form has no facets). */
function facetScoresOf(scoreCells: string): (number | null)[] {
  const values = scoreCells.split(',');
  return FACET_SCORE_INDEXES.map((index) => parseStored(values[index]));
}

/**
 * A character without which a text cell needs neither the injection guard (MAY_START_FORMULA) nor quotes
 * (NEEDS_QUOTES): a formula trigger anywhere, or a separator, quote or line end. One scan for both checks.
 */
const GUARD_OR_QUOTE = /[=+\-@\t\r",;\n]/;

/** A text cell through the injection guard and RFC 4180 quoting (null as empty); most cells need neither. */
function textCell(value: string | null): string {
  if (value === null) {
    return '';
  }
  return GUARD_OR_QUOTE.test(value) ? encodeCsvCell(guardCsvCell(value)) : value;
}

/**
 * The text cells of one export whose values repeat from row to row (clinician, gender, race, country, diagnosis codes,
 * versions, form), encoded once per value: a map lookup instead of the guard's and the quoting's scans each row. One
 * export's own, dropped with it, and emptied past MAX_REPEATED_CELLS values.
 */
class RepeatedCells {
  private readonly cells = new Map<string, string>();
  private readonly countries = new Map<string, string>();

  /** textCell(value), kept. */
  text(value: string | null): string {
    if (value === null) {
      return '';
    }
    let cell = this.cells.get(value);
    if (cell === undefined) {
      cell = textCell(value);
      this.keep(this.cells, value, cell);
    }
    return cell;
  }

  /** The Country and Country Code cells of a stored country (a code's name and the code; free text and no code). */
  country(stored: string): string {
    let cells = this.countries.get(stored);
    if (cells === undefined) {
      // The ISO code; empty for a country kept as free text.
      cells = `${textCell(displayCountry(stored))},${textCell(isCountryCode(stored) ? stored : '')}`;
      this.keep(this.countries, stored, cells);
    }
    return cells;
  }

  private keep(map: Map<string, string>, value: string, cell: string) {
    if (map.size >= MAX_REPEATED_CELLS) {
      map.clear();
    }
    map.set(value, cell);
  }
}

const MAX_REPEATED_CELLS = 20_000;

/** A time cell from seconds since the epoch (empty for none), as Date.toISOString writes it. */
const timeCell = (seconds: number | null) => (seconds === null ? '' : isoFromMs(msFromEpoch(seconds)));

/**
 * One record with its CRLF line end. Every text cell goes through the injection guard; the score cells are numbers,
 * empty cells and the fixed words of levels and statuses, which need neither quoting nor guard. Written as one
 * template rather than an array of cells: this runs a million times an export.
 */
function encodeExportRecord(
  row: AssessmentExportRow,
  now: Date,
  scoreOptions: CsvScoreOptions,
  repeated: RepeatedCells,
): string {
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
    consentAgreedAt,
    termsId,
    ,
    form,
    language,
  ] = row;
  const record =
    `${id},${textCell(patientId)},${repeated.text(clinicianName)},${repeated.text(clinicianId)},` +
    `${timeCell(createdAt)},${timeCell(dueAt)},${timeCell(finishedAt)},` +
    `${statusCell({ finishedAt, dueAt, answeredCount }, now)},${answeredCount},${age ?? ''},` +
    `${repeated.text(gender)},${repeated.text(race)},${textCell(postalCode)},${repeated.country(country)},` +
    `${repeated.text(diagnoses)},${repeated.text(primaryDsm)},` +
    `${textCell(responses)},${repeated.text(instrumentVersion)},${repeated.text(normsVersion)},` +
    `${timeCell(consentAgreedAt)},${termsId ?? ''}`;
  const formCell = repeated.text(form);
  // The German reference group of the patient's recorded gender and age (docs/decisions/0073-german-norms-as-published.md).
  const reference = normReferenceOf({ gender, age });
  const group = resolveGermanReferenceGroup(reference);
  const traits = encodeTraitModelCells(
    {
      form,
      responses,
      isScored: scoreCells !== null,
      facetScores: () => facetScoresOf(scoreCells ?? ''),
    },
    reference,
    group,
    scoreOptions,
  );
  const total = `${encodeTotal(row, scoreOptions, group)},${repeated.text(language)},${traits}`;
  if (scoreCells === null) {
    return `${record},${NO_SCORE_CELLS},${formCell},${total}\r\n`;
  }
  const cache = cellCacheFor(scoreOptions.normTables);
  const validity = validityCells(row, scoreOptions, cache);
  return `${record},${validity}${encodeScaleCells(row, scoreCells, scoreOptions, cache, group)},${formCell},${total}\r\n`;
}

// Not more: 2,000 was a tenth faster, but a server with a 64 MB heap (bench/README.md, csv) then ran out of memory
// on the first two batches.
const CSV_BATCH_SIZE = 1000;
/** Rows encoded between turns of the event loop (createAssessmentsCsvStream). */
const ENCODE_SLICE = 100;

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
  scores: CsvScoreOptions;
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
    const repeated = new RepeatedCells();
    const encode = (row: AssessmentExportRow) => encodeExportRecord(row, options.now, options.scores, repeated);
    try {
      yield `\ufeff${encodeCsvRecord(CSV_HEADERS.map(guardCsvCell))}`;
      let next: Promise<AssessmentExportRow[]> | null = readAhead(0);
      while (next) {
        const batch: AssessmentExportRow[] = await next;
        const last = batch.at(-1);
        next = last && batch.length === batchSize ? readAhead(last[0]) : null;
        // A slice at a time, letting the event loop in between: the database keeps sending the next batch while
        // this one is encoded (without it, the socket's buffer filled and the database waited for the encoding).
        for (let from = 0; from < batch.length; from += ENCODE_SLICE) {
          if (from > 0) {
            await setImmediate();
          }
          const slice = batch.slice(from, from + ENCODE_SLICE);
          yield slice.map(encode).join('');
        }
      }
    } catch (error) {
      options.onError?.(error as Error);
      throw error;
    }
  }
  return Readable.from(chunks(), { objectMode: true, highWaterMark: 1 });
}
