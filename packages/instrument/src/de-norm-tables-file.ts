// The file format of the German norm tables (data/pid5-de-norm-tables-*.json, data/pid5-de-norm-tables.NOTES.md):
// the four CSV files of the public scoring platform jzpsych/pid5-norms-platform (assets/norms_*.csv), held as JSON
// that keeps every cell and the order of the rows, so that the published file can be written back byte for byte
// (`formatDeNormCsv`) and checked against its published sha256. The JSON is generated from the CSV files by
// packages/instrument/scripts/build-de-norm-tables.ts; nothing here reads files, so the browser can import it.

/** The CSV header, in its order. */
export const DE_NORM_CSV_COLUMNS = [
  'version',
  'level',
  'scale',
  'gender',
  'age_group',
  'raw',
  'T',
  'T_int_lo',
  'T_int_hi',
  'pctl_med',
  'extrapolation',
] as const;

/** The numeric columns of a row, in the order a row tuple keeps them. */
export const DE_NORM_ROW_COLUMNS = ['raw', 'T', 'T_int_lo', 'T_int_hi', 'pctl_med', 'extrapolation'] as const;

export type DeNormRowColumn = (typeof DE_NORM_ROW_COLUMNS)[number];

/** The platform's four tables: PID-5 (220 items), PID-5-SF (100), PID-5-BF (25), PID5BF+M (36). */
export const DE_NORM_VERSIONS = ['full', 'sf', 'bf', 'bfplus_m'] as const;

export type DeNormVersion = (typeof DE_NORM_VERSIONS)[number];

/** One row: raw, T, T_int_lo, T_int_hi, pctl_med, extrapolation. */
export type DeNormRowTuple = readonly [number, number, number, number, number, number];

export interface DeNormCellFile {
  /** `all`, `f` or `m`. */
  readonly gender: string;
  /** `all`, `[18,35)`, `[35,50)`, `[50,65)` or `[65,Inf)`. */
  readonly ageGroup: string;
  /** Line of the cell's first row in the CSV file (the header is line 1). */
  readonly firstLine: number;
  readonly rows: readonly DeNormRowTuple[];
}

export interface DeNormScaleFile {
  /** `facet`, `domain` or `total`. */
  readonly level: string;
  /** The platform's key, e.g. `emo_lability`. */
  readonly scale: string;
  readonly cells: readonly DeNormCellFile[];
}

/** A cell whose published text is not the shortest form of its number, e.g. `0.98740000000000006` for 0.9874. */
export interface DeNormTextException {
  readonly line: number;
  readonly column: DeNormRowColumn;
  readonly text: string;
}

export interface DeNormSourceFile {
  readonly repository: string;
  readonly path: string;
  readonly commit: string;
  readonly sha256: string;
  readonly characters: number;
  readonly dataRows: number;
  readonly licence: string;
}

export interface DeNormTableFile {
  readonly version: DeNormVersion;
  readonly source: DeNormSourceFile;
  /** What each position of a row tuple holds (DE_NORM_ROW_COLUMNS). */
  readonly rowColumns: readonly DeNormRowColumn[];
  readonly scales: readonly DeNormScaleFile[];
  readonly textExceptions: readonly DeNormTextException[];
}

export class DeNormCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeNormCsvError';
  }
}

const CSV_ROW =
  /^([a-z_]+),([a-z]+),([a-z_]+),(all|f|m),(all|"\[\d+,(?:\d+|Inf)\)"),([^,]+),([^,]+),([^,]+),([^,]+),([^,]+),([01])$/;

/** Read a platform CSV into the JSON form; throws naming the line when a row is not in the expected shape. */
export function parseDeNormCsv(text: string, source: DeNormSourceFile): DeNormTableFile {
  const lines = text.split('\n');
  if (lines[0] !== DE_NORM_CSV_COLUMNS.join(',')) {
    throw new DeNormCsvError(`line 1: expected the header ${DE_NORM_CSV_COLUMNS.join(',')}`);
  }
  if (lines.at(-1) !== '') {
    throw new DeNormCsvError('the file must end with a line break');
  }
  const scales: {
    level: string;
    scale: string;
    cells: { gender: string; ageGroup: string; firstLine: number; rows: DeNormRowTuple[] }[];
  }[] = [];
  const textExceptions: DeNormTextException[] = [];
  let version: string | undefined;
  lines.slice(1, -1).forEach((line, index) => {
    const lineNumber = index + 2;
    const match = CSV_ROW.exec(line);
    if (match === null) {
      throw new DeNormCsvError(`line ${lineNumber}: not a row of 11 fields in the expected form: ${line}`);
    }
    const [, rowVersion = '', level = '', scale = '', gender = '', quotedAge = '', ...texts] = match;
    if (version === undefined) {
      version = rowVersion;
    } else if (rowVersion !== version) {
      throw new DeNormCsvError(`line ${lineNumber}: version ${rowVersion} in a file of version ${version}`);
    }
    const ageGroup = quotedAge.replaceAll('"', '');
    const values = texts.map((value, column) => {
      const number = Number(value);
      if (value.trim() === '' || !Number.isFinite(number)) {
        throw new DeNormCsvError(`line ${lineNumber}: ${DE_NORM_ROW_COLUMNS[column] ?? ''} is not a number: ${value}`);
      }
      if (String(number) !== value) {
        textExceptions.push({ line: lineNumber, column: DE_NORM_ROW_COLUMNS[column] ?? 'raw', text: value });
      }
      return number;
    }) as unknown as DeNormRowTuple;
    let current = scales.at(-1);
    if (current === undefined || current.level !== level || current.scale !== scale) {
      current = { level, scale, cells: [] };
      scales.push(current);
    }
    let cell = current.cells.at(-1);
    if (cell === undefined || cell.gender !== gender || cell.ageGroup !== ageGroup) {
      cell = { gender, ageGroup, firstLine: lineNumber, rows: [] };
      current.cells.push(cell);
    }
    cell.rows.push(values);
  });
  if (!(DE_NORM_VERSIONS as readonly string[]).includes(version ?? '')) {
    throw new DeNormCsvError(`unknown version ${String(version)} (expected ${DE_NORM_VERSIONS.join(', ')})`);
  }
  return { version: version as DeNormVersion, source, rowColumns: [...DE_NORM_ROW_COLUMNS], scales, textExceptions };
}

/** The CSV text the JSON form was made from, byte for byte (`parseDeNormCsv` reversed). */
export function formatDeNormCsv(file: DeNormTableFile): string {
  const exceptions = new Map(file.textExceptions.map((e) => [`${e.line}:${e.column}`, e.text]));
  const out = [DE_NORM_CSV_COLUMNS.join(',')];
  for (const scale of file.scales) {
    for (const cell of scale.cells) {
      const age = cell.ageGroup === 'all' ? 'all' : `"${cell.ageGroup}"`;
      cell.rows.forEach((row, index) => {
        const line = cell.firstLine + index;
        const values = row.map(
          (value, column) => exceptions.get(`${line}:${DE_NORM_ROW_COLUMNS[column] ?? ''}`) ?? String(value),
        );
        out.push([file.version, scale.level, scale.scale, cell.gender, age, ...values].join(','));
      });
    }
  }
  return `${out.join('\n')}\n`;
}

/** The JSON text of a table file: one row per line, so that a change to a cell is one line of a diff. */
export function serialiseDeNormTableFile(file: DeNormTableFile): string {
  const scales = file.scales.map((scale) => {
    const cells = scale.cells.map((cell) => {
      const rows = cell.rows.map((row) => `       ${JSON.stringify(row)}`).join(',\n');
      return (
        `    {"gender": ${JSON.stringify(cell.gender)}, "ageGroup": ${JSON.stringify(cell.ageGroup)}, ` +
        `"firstLine": ${cell.firstLine}, "rows": [\n${rows}\n    ]}`
      );
    });
    return `  {"level": ${JSON.stringify(scale.level)}, "scale": ${JSON.stringify(scale.scale)}, "cells": [\n${cells.join(',\n')}\n  ]}`;
  });
  const exceptions = file.textExceptions.map((e) => `  ${JSON.stringify(e)}`).join(',\n');
  return (
    `{\n "version": ${JSON.stringify(file.version)},\n "source": ${JSON.stringify(file.source)},\n` +
    ` "rowColumns": ${JSON.stringify(DE_NORM_ROW_COLUMNS)},\n` +
    ` "scales": [\n${scales.join(',\n')}\n ],\n "textExceptions": [\n${exceptions}\n ]\n}\n`
  );
}
