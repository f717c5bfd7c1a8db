import { z } from 'zod';
import bfJson from './data/pid5-de-norm-tables-bf.json' with { type: 'json' };
import bfmJson from './data/pid5-de-norm-tables-bfplus-m.json' with { type: 'json' };
import fullJson from './data/pid5-de-norm-tables-full.json' with { type: 'json' };
import sfJson from './data/pid5-de-norm-tables-sf.json' with { type: 'json' };
import { BFM_DOMAIN_KEYS, BFM_TOTAL_KEY } from './bfm-keys';
import { DE_NORM_ROW_COLUMNS, type DeNormVersion } from './de-norm-tables-file';
import { FACETS } from './definition';
import { FORMS } from './forms';
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS, isFacetKey } from './keys';
import { summariseProblems } from './validate-definition';

// The German population norms as published (data/pid5-de-norm-tables-*.json, sources in
// data/pid5-de-norm-tables.NOTES.md): Zimmermann, Kerber, Kemper & Weweck (2026), GESIS Panel (N = 4,727) and three
// donor samples (N = 2,471), as the scoring platform jzpsych/pid5-norms-platform publishes them (CC BY 4.0). For
// every scale of the full form, the short form, the brief form and the PID5BF+M, nine reference groups (all adults;
// women and men in four age groups), each a row per attainable raw score with a percentile-based T, its 95 %
// credible interval, the percentile and an extrapolation flag. Like the US tables, the files are checked in full when
// this module loads and refused with every problem listed: a shifted row would print a wrong T on every report.

/** The forms with German tables: the three PID-5 forms and the PID5BF+M. */
export const GERMAN_NORM_FORMS = ['FULL', 'SF', 'BF', 'BFM'] as const;

export type GermanNormForm = (typeof GERMAN_NORM_FORMS)[number];

/** The platform's age groups, closed at the left and open at the right (35 is in [35,50)). */
export const GERMAN_AGE_GROUPS = ['[18,35)', '[35,50)', '[50,65)', '[65,Inf)'] as const;

export type GermanAgeGroup = (typeof GERMAN_AGE_GROUPS)[number];

/** A reference group of the tables: all adults, or women or men of one age group (no gender-only or age-only group). */
export type GermanNormCellId =
  | { readonly gender: 'all'; readonly ageGroup: 'all' }
  | { readonly gender: 'f' | 'm'; readonly ageGroup: GermanAgeGroup };

/** The nine reference groups every scale has, in the files' order. */
export const GERMAN_NORM_CELLS: readonly GermanNormCellId[] = [
  { gender: 'all', ageGroup: 'all' },
  ...(['f', 'm'] as const).flatMap((gender) => GERMAN_AGE_GROUPS.map((ageGroup) => ({ gender, ageGroup }))),
];

export function germanNormCellName(cell: GermanNormCellId): string {
  return `${cell.gender} ${cell.ageGroup}`;
}

/** One published row. */
export interface GermanNormRow {
  /** Line of the row in the platform's CSV file (the header is line 1). */
  readonly line: number;
  /** Raw score (mean item score 0-3), rounded to 4 decimals by the platform. */
  readonly raw: number;
  /** Percentile-based T: 50 + 10·Φ⁻¹(percentile), one decimal. */
  readonly t: number;
  /** 95 % credible interval for the person's true T (measurement error and the uncertainty of the norms). */
  readonly tLow: number;
  readonly tHigh: number;
  /** Share of the reference group with this raw score or lower (median of the norm estimate), a proportion 0-1. */
  readonly percentile: number;
  /** The raw score lies outside the range observed in the reference sample: the row is the model's extrapolation. */
  readonly extrapolated: boolean;
}

export interface GermanNormCell {
  readonly id: GermanNormCellId;
  /** Ascending raw. */
  readonly rows: readonly GermanNormRow[];
}

export interface GermanNormTable {
  readonly form: GermanNormForm;
  /** The project's key: a facet key, a domain key or 'Total'. */
  readonly key: string;
  /** The platform's key (`emo_lability`, `total`, …). */
  readonly platformKey: string;
  readonly level: 'facet' | 'domain' | 'total';
  /** The file the rows come from (`full`, `sf`, `bf`, `bfplus_m`). */
  readonly file: DeNormVersion;
  /** The nine cells, in GERMAN_NORM_CELLS order. */
  readonly cells: readonly GermanNormCell[];
}

/** What a result records about the German tables (the attribution the CC BY 4.0 licence asks for included). */
export interface GermanNormTablesInfo {
  readonly id: string;
  /** Stored with each result (part of its norms version). */
  readonly version: string;
  readonly label: string;
  readonly citation: string;
  readonly sample: string;
  readonly licence: string;
  /** The credit to print with the numbers (exact text of the NOTES file). */
  readonly attribution: string;
  /** Repository, commit and sha256 of each file read. */
  readonly files: Readonly<
    Record<DeNormVersion, { readonly path: string; readonly commit: string; readonly sha256: string }>
  >;
}

export interface GermanNormTables extends GermanNormTablesInfo {
  readonly tables: Readonly<Record<GermanNormForm, Readonly<Record<string, GermanNormTable>>>>;
}

/** The file of each form. */
export const GERMAN_NORM_FILE_OF: Readonly<Record<GermanNormForm, DeNormVersion>> = {
  FULL: 'full',
  SF: 'sf',
  BF: 'bf',
  BFM: 'bfplus_m',
};

/** The scales each form's table must have, by the project's keys. */
export const GERMAN_NORM_TABLE_SCALES: Readonly<Record<GermanNormForm, readonly string[]>> = {
  FULL: [...FACET_KEYS, ...DOMAIN_KEYS, BF_TOTAL_KEY],
  SF: [...FACET_KEYS, ...DOMAIN_KEYS, BF_TOTAL_KEY],
  BF: [...DOMAIN_KEYS, BF_TOTAL_KEY],
  BFM: [...BFM_DOMAIN_KEYS, BFM_TOTAL_KEY],
};

/** The platform's scale keys (its NOTES §7) and the project's. */
export const GERMAN_PLATFORM_KEYS: Readonly<Record<string, string>> = {
  anhedonia: 'Anh',
  anxiousness: 'Anx',
  attention_seek: 'Att',
  callousness: 'Cal',
  deceitfulness: 'Dec',
  depressivity: 'Dep',
  distractibility: 'Dis',
  eccentricity: 'Ecc',
  emo_lability: 'Emo',
  grandiosity: 'Gra',
  hostility: 'Hos',
  impulsivity: 'Imp',
  intimacy_avoid: 'Int',
  irresponsibility: 'Irr',
  manipulativeness: 'Man',
  percept_dysreg: 'Prc',
  perseveration: 'Per',
  restricted_aff: 'Res',
  rigid_perfect: 'Rig',
  risk_taking: 'Ris',
  separation_insec: 'Sep',
  submissiveness: 'Sub',
  suspiciousness: 'Sus',
  unusual_beliefs: 'Unu',
  withdrawal: 'Wit',
  negative_affectivity: 'NegAf',
  detachment: 'Detac',
  antagonism: 'Antag',
  disinhibition: 'Disin',
  psychoticism: 'Psych',
  anankastia: 'Anank',
  total: 'Total',
};

/**
 * The raw-score grid of each table: rows at k/d for k = 0..3d, rounded to 4 decimals. A facet or a table built on
 * items lists every score a complete protocol can have (d = its items: a full-form facet's 4-14, a short-form
 * facet's 4, the brief form's domains 5 and total 25, the PID5BF+M's domains 6 and total 30, the short form's domains
 * 12); the full form's domains and the full and short forms' totals are tabled in steps of 0.01 (d = 100).
 */
export function germanNormGrid(form: GermanNormForm, key: string): number {
  const facet = FACETS.find((f) => f.key === key);
  if (facet !== undefined && (form === 'FULL' || form === 'SF')) {
    return form === 'FULL' ? facet.items.length : (FORMS.SF.facets.find((f) => f.key === key)?.items.length ?? 0);
  }
  const grids: Readonly<Record<GermanNormForm, { domain: number; total: number }>> = {
    FULL: { domain: 100, total: 100 },
    SF: { domain: 12, total: 100 },
    BF: { domain: 5, total: 25 },
    BFM: { domain: 6, total: 30 },
  };
  return key === 'Total' ? grids[form].total : grids[form].domain;
}

// Rows are checked by hand (isRowTuple): a schema per row made loading the 33,000 rows ten times slower.
const ZFile = z.object({
  version: z.enum(['full', 'sf', 'bf', 'bfplus_m']),
  source: z.object({
    repository: z.string().min(1),
    path: z.string().min(1),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    characters: z.int().positive(),
    dataRows: z.int().positive(),
    licence: z.string().min(1),
  }),
  rowColumns: z.array(z.string()),
  scales: z.array(
    z.object({
      level: z.string(),
      scale: z.string(),
      cells: z.array(
        z.object({ gender: z.string(), ageGroup: z.string(), firstLine: z.int(), rows: z.array(z.unknown()) }),
      ),
    }),
  ),
  textExceptions: z.array(z.object({ line: z.int(), column: z.enum(DE_NORM_ROW_COLUMNS), text: z.string() })),
});

type TableFile = z.infer<typeof ZFile>;

export type GermanNormTablesValidation =
  | { readonly ok: true; readonly normTables: GermanNormTables }
  | { readonly ok: false; readonly problems: readonly string[] };

export class GermanNormTablesError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid German norm tables: ${summariseProblems(problems)}`);
    this.name = 'GermanNormTablesError';
    this.problems = problems;
  }
}

const IDENTITY = {
  id: 'DE-GESIS-2026-tables',
  version: 'DE-GESIS-2026@pid5-norms-platform-ab2db96',
  label: 'German general population (Zimmermann, Kerber, Kemper & Weweck 2026)',
  citation:
    'Zimmermann, J., Kerber, A., Kemper, C. J., & Weweck, K. (2026). Getting the Personality Inventory for DSM-5 ready ' +
    'for clinical practice: Population-representative norms that embrace uncertainty (Version 2) [Preprint]. PsyArXiv. ' +
    'https://doi.org/10.31234/osf.io/5hm43_v2',
  sample:
    'Germany: a probability-based reference sample from the GESIS Panel (N = 4,727) and three donor samples that ' +
    'completed the full PID-5 (N = 2,471), combined through a Bayesian norming pipeline; German translation of the ' +
    'PID-5 (Zimmermann et al. 2014); all adults, or women and men aged 18-34, 35-49, 50-64 and 65 and over',
  licence: 'CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)',
  attribution:
    'Norm tables: Zimmermann, J., Kerber, A., Kemper, C. J., & Weweck, K. (2026). Getting the Personality Inventory ' +
    'for DSM-5 ready for clinical practice: Population-representative norms that embrace uncertainty (Version 2) ' +
    '[Preprint]. PsyArXiv. https://doi.org/10.31234/osf.io/5hm43_v2. Norm tables, supplement and analysis code: ' +
    'https://doi.org/10.5281/zenodo.22280403 and https://osf.io/hwxnj. The tables used here are the files ' +
    'assets/norms_full.csv, assets/norms_sf.csv, assets/norms_bf.csv and assets/norms_bfplus_m.csv from ' +
    'https://github.com/jzpsych/pid5-norms-platform (commit ab2db9611270a46458b45d0580a2accd925bd9c7), an excerpt of ' +
    'those tables reduced and rounded by the authors, converted without change of any value to JSON. Licensed under ' +
    'CC BY 4.0, https://creativecommons.org/licenses/by/4.0/.',
} as const;

/** Check the four table files (parsed JSON, by form) and build the tables, or list every problem found. */
export function validateGermanNormTables(files: Readonly<Record<GermanNormForm, unknown>>): GermanNormTablesValidation {
  const problems: string[] = [];
  const tables = {} as Record<GermanNormForm, Record<string, GermanNormTable>>;
  const sources = {} as Record<DeNormVersion, { path: string; commit: string; sha256: string }>;
  for (const form of GERMAN_NORM_FORMS) {
    const parsed = ZFile.safeParse(files[form]);
    if (!parsed.success) {
      problems.push(
        ...parsed.error.issues.map((issue) => `${form}: ${issue.path.map(String).join('.')}: ${issue.message}`),
      );
      continue;
    }
    const file = parsed.data;
    if (file.version !== GERMAN_NORM_FILE_OF[form]) {
      problems.push(`${form}: the file is version ${file.version}, expected ${GERMAN_NORM_FILE_OF[form]}`);
    }
    if (file.rowColumns.join(',') !== DE_NORM_ROW_COLUMNS.join(',')) {
      problems.push(`${form}: rowColumns must be ${DE_NORM_ROW_COLUMNS.join(', ')}`);
    }
    sources[file.version] = { path: file.source.path, commit: file.source.commit, sha256: file.source.sha256 };
    tables[form] = buildFormTables(form, file, problems);
  }
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  return { ok: true, normTables: { ...IDENTITY, files: sources, tables } };
}

/** Like `validateGermanNormTables`, but throws a `GermanNormTablesError` naming the problems. */
export function parseGermanNormTables(files: Readonly<Record<GermanNormForm, unknown>>): GermanNormTables {
  const result = validateGermanNormTables(files);
  if (!result.ok) {
    throw new GermanNormTablesError(result.problems);
  }
  return result.normTables;
}

function buildFormTables(form: GermanNormForm, file: TableFile, problems: string[]): Record<string, GermanNormTable> {
  const result: Record<string, GermanNormTable> = {};
  const expected = GERMAN_NORM_TABLE_SCALES[form];
  let nextLine = 2;
  for (const scale of file.scales) {
    const key = GERMAN_PLATFORM_KEYS[scale.scale];
    const where = `${form} ${scale.scale}`;
    // The cells follow each other in the file without a gap: the line numbers say where each row was printed.
    for (const cell of scale.cells) {
      if (cell.firstLine !== nextLine) {
        problems.push(
          `${where} ${cell.gender} ${cell.ageGroup}: starts at line ${cell.firstLine}, expected ${nextLine}`,
        );
      }
      nextLine = cell.firstLine + cell.rows.length;
    }
    if (key === undefined || !expected.includes(key)) {
      problems.push(`${where}: unknown scale for this form (expected ${expected.join(', ')})`);
      continue;
    }
    const level = key === 'Total' ? 'total' : isFacetKey(key) ? 'facet' : 'domain';
    if (scale.level !== level) {
      problems.push(`${where}: level ${scale.level}, expected ${level}`);
    }
    if (result[key] !== undefined) {
      problems.push(`${where}: listed twice`);
      continue;
    }
    result[key] = {
      form,
      key,
      platformKey: scale.scale,
      level,
      file: file.version,
      cells: buildCells(`${form} ${key}`, germanNormGrid(form, key), scale.cells, problems),
    };
  }
  if (nextLine - 2 !== file.source.dataRows) {
    problems.push(`${form}: ${nextLine - 2} rows, but the source file has ${file.source.dataRows}`);
  }
  for (const key of expected) {
    if (result[key] === undefined) {
      problems.push(`${form} ${key}: no table`);
    }
  }
  const rowAt = rowsByLine(file);
  for (const exception of file.textExceptions) {
    const row = rowAt.get(exception.line);
    const value = isRowTuple(row) ? row[DE_NORM_ROW_COLUMNS.indexOf(exception.column)] : undefined;
    if (value === undefined || Number(exception.text) !== value) {
      problems.push(
        `${form} line ${exception.line}: published text ${exception.text} is not the row's ${exception.column}`,
      );
    }
  }
  return result;
}

function rowsByLine(file: TableFile): Map<number, unknown> {
  const rows = new Map<number, unknown>();
  for (const scale of file.scales) {
    for (const cell of scale.cells) {
      cell.rows.forEach((row, index) => rows.set(cell.firstLine + index, row));
    }
  }
  return rows;
}

function buildCells(
  where: string,
  grid: number,
  cells: TableFile['scales'][number]['cells'],
  problems: string[],
): GermanNormCell[] {
  const result: GermanNormCell[] = [];
  for (const cell of cells) {
    if (!GERMAN_NORM_CELLS.some((c) => c.gender === cell.gender && c.ageGroup === cell.ageGroup)) {
      problems.push(`${where}: unknown reference group ${cell.gender} ${cell.ageGroup}`);
    }
  }
  for (const id of GERMAN_NORM_CELLS) {
    const found = cells.filter((c) => c.gender === id.gender && c.ageGroup === id.ageGroup);
    const at = `${where} ${germanNormCellName(id)}`;
    const cell = found[0];
    if (cell === undefined || found.length > 1) {
      problems.push(`${at}: ${found.length === 0 ? 'missing' : 'listed more than once'}`);
      continue;
    }
    const tuples = cell.rows.filter(isRowTuple);
    if (tuples.length !== cell.rows.length) {
      problems.push(`${at}: every row must be 6 numbers (${DE_NORM_ROW_COLUMNS.join(', ')})`);
      continue;
    }
    const rows = tuples.map(([raw, t, tLow, tHigh, percentile, extrapolation], index): GermanNormRow => {
      if (extrapolation !== 0 && extrapolation !== 1) {
        problems.push(`${at} line ${cell.firstLine + index}: extrapolation ${extrapolation} must be 0 or 1`);
      }
      return { line: cell.firstLine + index, raw, t, tLow, tHigh, percentile, extrapolated: extrapolation === 1 };
    });
    checkRows(at, grid, rows, problems);
    result.push({ id, rows });
  }
  return result;
}

function isRowTuple(row: unknown): row is [number, number, number, number, number, number] {
  return (
    Array.isArray(row) && row.length === 6 && row.every((value) => typeof value === 'number' && Number.isFinite(value))
  );
}

function checkRows(at: string, grid: number, rows: readonly GermanNormRow[], problems: string[]): void {
  if (rows.length !== 3 * grid + 1) {
    problems.push(`${at}: ${rows.length} rows, expected ${3 * grid + 1} (raw 0 to 3 in steps of 1/${grid})`);
  }
  rows.forEach((row, index) => {
    // Built only when a row has a problem: the message names the cell, the line and the raw score.
    const line = () => `${at} line ${row.line} (raw ${row.raw})`;
    const expectedRaw = Math.round((index / grid) * 1e4) / 1e4;
    if (row.raw !== expectedRaw) {
      problems.push(`${line()}: raw must be ${expectedRaw} (row ${index + 1} of the 1/${grid} grid)`);
    }
    if (!(row.t >= 0 && row.t <= 100) || !(row.tLow >= 0 && row.tHigh <= 100)) {
      problems.push(`${line()}: T and its interval must lie within 0-100`);
    }
    if (row.tLow > row.tHigh) {
      problems.push(`${line()}: interval ${row.tLow}-${row.tHigh} is reversed`);
    }
    if (!(row.percentile >= 0 && row.percentile <= 1)) {
      problems.push(`${line()}: percentile ${row.percentile} must be a proportion 0-1`);
    }
    const previous = rows[index - 1];
    if (previous === undefined) {
      return;
    }
    const falling = (name: string, value: number, before: number) => {
      if (value < before) {
        problems.push(`${line()}: ${name} ${value} is below the previous row's ${before}`);
      }
    };
    falling('T', row.t, previous.t);
    falling('T_int_lo', row.tLow, previous.tLow);
    falling('T_int_hi', row.tHigh, previous.tHigh);
    falling('percentile', row.percentile, previous.percentile);
  });
}

/** The shipped German tables, validated when this module is first imported. */
export const DE_NORM_TABLES: GermanNormTables = parseGermanNormTables({
  FULL: fullJson as unknown,
  SF: sfJson as unknown,
  BF: bfJson as unknown,
  BFM: bfmJson as unknown,
});

/** The table of one scale of one form (every scale of GERMAN_NORM_TABLE_SCALES has one). */
export function getGermanNormTable(form: GermanNormForm, key: string, normTables = DE_NORM_TABLES): GermanNormTable {
  const table = normTables.tables[form][key];
  if (table === undefined) {
    throw new Error(`No German norm table for ${form} ${key}`);
  }
  return table;
}

/** What a result records about the German tables (no rows). */
export function describeGermanNormTables(normTables: GermanNormTables = DE_NORM_TABLES): GermanNormTablesInfo {
  const { tables: _tables, ...info } = normTables;
  return info;
}
