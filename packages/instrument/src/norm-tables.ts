import { z } from 'zod';
import normTablesJson from './data/pid5-norm-tables.json' with { type: 'json' };
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS, FORM_IDS, type FormId } from './keys';
import { summariseProblems } from './validate-definition';

// Norm tables: for every scale of every form, the printed rows of raw score → T → percentile, and the percentile
// tables of the validity scales. The shipped file (data/pid5-norm-tables.json) holds the US tables of Markon,
// Fossati, Somma & Krueger (2024), Appendix Tables, as transcribed in jmgirard/hitop and verified
// there cell by cell against the book; provenance and reading rules in data/pid5-forms.NOTES.md §1-§4.
// An institute can load its own licensed file in the same format (`parseNormTables`, NORM_TABLES_FILE on the
// server). Like the scoring definition, a table file is checked in full when it is loaded and a broken one is
// refused with every problem listed: a shifted row would silently print a wrong T on every report.

/** Scales that must have a table, per form: facets and domains (FULL, SF); the total and domains (BF). */
export const NORM_TABLE_SCALES: Readonly<Record<FormId, readonly string[]>> = {
  FULL: [...FACET_KEYS, ...DOMAIN_KEYS],
  SF: [...FACET_KEYS, ...DOMAIN_KEYS],
  BF: [BF_TOTAL_KEY, ...DOMAIN_KEYS],
};

/**
 * Percentile tables of the validity scales (Markon et al. 2024): A-1 INC of the full form (printed "VRIN"),
 * A-2 INC-S of the short form, A-3 ORS, A-4 PRD. No table is published for SD-TD, for the short form's other
 * validity sums, or for the brief form (data/pid5-forms.NOTES.md §7).
 */
export const VALIDITY_TABLE_KEYS = ['FULL_INC', 'FULL_ORS', 'FULL_PRD', 'SF_INCS'] as const;

export type ValidityTableKey = (typeof VALIDITY_TABLE_KEYS)[number];

export interface NormRow {
  /** Printed T score. */
  readonly t: number;
  /** Printed raw score (mean item score 0-3; some printed rows exceed 3). */
  readonly raw: number;
  /** Printed percentile as a proportion 0-1. */
  readonly percentile: number;
}

export interface NormTable {
  readonly form: FormId;
  readonly key: string;
  /** Where the table is printed, e.g. "Table A-6, p. 124" (empty when the file does not say). */
  readonly printedIn: string;
  /** In ascending T order. */
  readonly rows: readonly NormRow[];
  /** Mean and sd of a line fitted through the rows (not published), or null when the file has none. */
  readonly linearFit: { readonly mean: number; readonly sd: number } | null;
}

export interface ValidityPercentileRow {
  readonly score: number;
  readonly percentile: number;
}

export interface ValidityPercentileTable {
  readonly key: ValidityTableKey;
  readonly printedIn: string;
  /** In ascending score order. */
  readonly rows: readonly ValidityPercentileRow[];
}

/** What a result records about the tables its T scores and percentiles come from. */
export interface NormTablesInfo {
  readonly id: string;
  /** Stored with each result (part of the norms version). */
  readonly version: string;
  /** Short name of the reference group for headers and legends. */
  readonly label: string;
  /** Full citation and provenance. */
  readonly source: string;
  /** Description of the norm sample. */
  readonly sample: string;
}

export interface NormTables extends NormTablesInfo {
  readonly tables: Readonly<Record<FormId, Readonly<Record<string, NormTable>>>>;
  /** A file may leave out validity tables; the percentile of such a scale is then null. */
  readonly validityTables: Readonly<Partial<Record<ValidityTableKey, ValidityPercentileTable>>>;
}

const ZNormRow = z.object({ t: z.number(), raw: z.number(), percentile: z.number() });

const ZNormTable = z.looseObject({
  bookTable: z.string().optional(),
  rows: z.array(ZNormRow),
  // Optional: a straight line through the rows (fitted, not published), for the z scores of the short and brief
  // forms (notes §5). Without it those z scores are null.
  linearFit: z.looseObject({ mean: z.number(), sd: z.number().positive() }).optional(),
});

const ZValidityTable = z.looseObject({
  bookTable: z.string().optional(),
  rows: z.array(z.object({ score: z.number(), percentile: z.number() })),
});

const ZNormTablesFile = z.looseObject({
  id: z.string().min(1).optional(),
  version: z.string().min(1).optional(),
  label: z.string().min(1).optional(),
  source: z.string().min(1),
  sample: z.string().min(1),
  tables: z.record(z.string(), z.record(z.string(), ZNormTable)),
  // A string entry is a note (the shipped file says which scales have no table under "notCovered").
  validityTables: z.record(z.string(), z.union([ZValidityTable, z.string()])).optional(),
});

type NormTablesFile = z.infer<typeof ZNormTablesFile>;

/** Identification of a table file that does not carry it itself (`id`, `version`, `label` in the file win). */
export interface NormTablesIdentity {
  readonly id?: string;
  readonly version?: string;
  readonly label?: string;
}

export type NormTablesValidation =
  { readonly ok: true; readonly normTables: NormTables } | { readonly ok: false; readonly problems: readonly string[] };

export class NormTablesError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid norm tables: ${summariseProblems(problems)}`);
    this.name = 'NormTablesError';
    this.problems = problems;
  }
}

/** Check a norm-table file (the parsed JSON) and build the typed tables, or list every problem found. */
export function validateNormTables(raw: unknown, identity: NormTablesIdentity = {}): NormTablesValidation {
  const parsed = ZNormTablesFile.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const path = issue.path.map(String).join('.');
        return path === '' ? issue.message : `${path}: ${issue.message}`;
      }),
    };
  }
  const file = parsed.data;
  const problems: string[] = [];
  const id = file.id ?? identity.id;
  const version = file.version ?? identity.version;
  const label = file.label ?? identity.label;
  for (const [field, value] of [
    ['id', id],
    ['version', version],
    ['label', label],
  ] as const) {
    if (value === undefined) {
      problems.push(`${field} is missing (add "${field}" to the file)`);
    }
  }
  const tables = buildTables(file, problems);
  const validityTables = buildValidityTables(file, problems);
  if (problems.length > 0 || id === undefined || version === undefined || label === undefined) {
    return { ok: false, problems };
  }
  return {
    ok: true,
    normTables: { id, version, label, source: file.source, sample: file.sample, tables, validityTables },
  };
}

/** Like `validateNormTables`, but throws a `NormTablesError` naming the problems. */
export function parseNormTables(raw: unknown, identity: NormTablesIdentity = {}): NormTables {
  const result = validateNormTables(raw, identity);
  if (!result.ok) {
    throw new NormTablesError(result.problems);
  }
  return result.normTables;
}

function buildTables(file: NormTablesFile, problems: string[]): Record<FormId, Record<string, NormTable>> {
  const result = { FULL: {}, SF: {}, BF: {} } as Record<FormId, Record<string, NormTable>>;
  for (const form of Object.keys(file.tables)) {
    if (!(FORM_IDS as readonly string[]).includes(form)) {
      problems.push(`tables: unknown form ${form} (expected ${FORM_IDS.join(', ')})`);
    }
  }
  for (const form of FORM_IDS) {
    const scales = file.tables[form];
    if (scales === undefined) {
      problems.push(`tables.${form} is missing`);
      continue;
    }
    const expected = NORM_TABLE_SCALES[form];
    for (const key of Object.keys(scales)) {
      if (!expected.includes(key)) {
        problems.push(`tables.${form}: unknown scale ${key}`);
      }
    }
    for (const key of expected) {
      const table = scales[key];
      if (table === undefined) {
        problems.push(`tables.${form}.${key} is missing`);
        continue;
      }
      checkNormRows(`tables.${form}.${key}`, table.rows, problems);
      result[form][key] = {
        form,
        key,
        printedIn: table.bookTable ?? '',
        rows: table.rows,
        linearFit: table.linearFit === undefined ? null : { mean: table.linearFit.mean, sd: table.linearFit.sd },
      };
    }
  }
  return result;
}

function checkNormRows(where: string, rows: readonly NormRow[], problems: string[]): void {
  if (rows.length < 2) {
    problems.push(`${where}: needs at least 2 rows, got ${rows.length}`);
    return;
  }
  rows.forEach((row, index) => {
    const at = `${where}.rows[${index}] (T ${row.t})`;
    if (!Number.isInteger(row.t)) {
      problems.push(`${at}: T must be a whole number`);
    }
    if (!Number.isFinite(row.raw) || row.raw < 0) {
      problems.push(`${at}: raw ${row.raw} must be 0 or more`);
    }
    checkProportion(at, row.percentile, problems);
    const previous = rows[index - 1];
    if (previous === undefined) {
      return;
    }
    if (row.t <= previous.t) {
      problems.push(`${at}: T must be higher than the previous row's ${previous.t}`);
    }
    if (row.raw < previous.raw) {
      problems.push(`${at}: raw ${row.raw} is below the previous row's ${previous.raw}`);
    }
    if (row.percentile < previous.percentile) {
      problems.push(`${at}: percentile ${row.percentile} is below the previous row's ${previous.percentile}`);
    }
  });
}

function checkProportion(at: string, value: number, problems: string[]): void {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    problems.push(`${at}: percentile ${value} must be a proportion 0-1`);
  }
}

function buildValidityTables(
  file: NormTablesFile,
  problems: string[],
): Partial<Record<ValidityTableKey, ValidityPercentileTable>> {
  const result: Partial<Record<ValidityTableKey, ValidityPercentileTable>> = {};
  for (const [key, table] of Object.entries(file.validityTables ?? {})) {
    if (typeof table === 'string') {
      continue;
    }
    if (!(VALIDITY_TABLE_KEYS as readonly string[]).includes(key)) {
      problems.push(`validityTables: unknown table ${key} (expected ${VALIDITY_TABLE_KEYS.join(', ')})`);
      continue;
    }
    const where = `validityTables.${key}`;
    if (table.rows.length === 0) {
      problems.push(`${where}: has no rows`);
    }
    table.rows.forEach((row, index) => {
      const at = `${where}.rows[${index}] (score ${row.score})`;
      if (!Number.isInteger(row.score) || row.score < 0) {
        problems.push(`${at}: score must be a whole number 0 or more`);
      }
      checkProportion(at, row.percentile, problems);
      const previous = table.rows[index - 1];
      if (previous !== undefined && row.score <= previous.score) {
        problems.push(`${at}: score must be higher than the previous row's ${previous.score}`);
      }
      if (previous !== undefined && row.percentile < previous.percentile) {
        problems.push(`${at}: percentile ${row.percentile} is below the previous row's ${previous.percentile}`);
      }
    });
    result[key as ValidityTableKey] = {
      key: key as ValidityTableKey,
      printedIn: table.bookTable ?? '',
      rows: table.rows,
    };
  }
  return result;
}

/**
 * The shipped US tables: Markon, Fossati, Somma & Krueger (2024), U.S. Census-matched panel (validity tables
 * N = 1,082; trait tables N = 995), via jmgirard/hitop @ 0128ea1. Validated when this module is first imported.
 */
export const US_NORM_TABLES: NormTables = parseNormTables(normTablesJson as unknown, {
  id: 'US-Markon2024',
  version: 'US-Markon2024@hitop-0128ea1-1',
  label: 'US general population (Markon, Fossati, Somma & Krueger 2024)',
});

/** The table of one scale of one form (every scale has one in validated tables). */
export function getNormTable(normTables: NormTables, form: FormId, key: string): NormTable {
  const table = normTables.tables[form][key];
  if (table === undefined) {
    throw new Error(`No norm table for ${form} ${key}`);
  }
  return table;
}

/** What a result records about the tables used (no rows). */
export function describeNormTables(normTables: NormTables): NormTablesInfo {
  const { id, version, label, source, sample } = normTables;
  return { id, version, label, source: publishedSource(source), sample };
}

/**
 * The published source a reader cites, without how the data were transcribed ("…, Tables, as transcribed
 * in <repository> @ <commit> …"): that provenance stays in the data file and its notes, not in reports and pages.
 */
export function publishedSource(source: string): string {
  const cut = source.search(/,\s*as transcribed in /);
  return cut === -1 ? source : source.slice(0, cut);
}
