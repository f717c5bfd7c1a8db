import { NO_LEVEL_LABEL, VALIDITY_STATUS_LABELS, type TValidityScaleResult } from '@pid5/contract';
import {
  DOMAINS,
  FACETS,
  classifyLevel,
  getNormTable,
  readNormTable,
  type FormId,
  type GermanNormReading,
  type NormReading,
  type NormTables,
} from '@pid5/instrument';
import { SCORE_VALUE_PATHS } from '../../db/score-values';
import type { MessageKey } from '../../i18n/translator';

// The score columns of the CSV export: readable, honest headers ("Anhedonia T (US 2024)", never
// SRF/IRF), each scale's numbers as the results page shows them, the validity indicators with their status, and the
// verdict. Each column is an entry of a list (SCALE_COLUMNS, CSV_VALIDITY_SCALES) with its header and its meaning
// for the data dictionary (export-dictionary.ts), so a column is added in one place, and per-form columns can be
// added by extending the lists.
//
// Where the numbers come from: the raw score and both z of each scale are the 90 numbers kept at submission
// (score_values, db/score-values.ts); T, percentile and level are read from the raw score with the instrument's
// readNormTable and classifyLevel, exactly as the results are (norm-lookup.ts), so nothing needs storing again.

export type CsvPrecision = 'screen' | 'full';

/** Short names of the norm sets in headers: the US tables and z (Markon et al. 2024), the German z (2026). */
export const US_NORMS = 'US 2024';
export const DE_NORMS = 'DE 2026';

/** A scale's three stored numbers (score_values), its reading in the US table and in the German one. */
export interface ScaleCellInput {
  readonly score: number | null;
  readonly srf: number | null;
  readonly irf: number | null;
  readonly us: NormReading | null;
  /** The published German row for the patient's group (docs/decisions/0073-german-norms-as-published.md). */
  readonly de: GermanNormReading | null;
}

/** A German percentile (proportion, 4 decimals as published) as a percentage: 0.9862 → "98.62". */
export function formatGermanPercentile(percentile: number): string {
  return (percentile * 100).toFixed(2);
}

export interface ScaleColumn {
  /** After the scale's name: "raw", "T (US 2024)". */
  readonly suffix: string;
  /** For the data dictionary: catalogue keys (area csv), in the reader's language there. */
  readonly meaning: MessageKey;
  readonly values: MessageKey;
  readonly cell: (input: ScaleCellInput, precision: CsvPrecision) => string;
}

/** As the pages print scores (two decimals) unless `full`: then PostgreSQL's exact value as stored. */
export function formatCsvNumber(value: number | null, precision: CsvPrecision): string {
  if (value === null || !Number.isFinite(value)) {
    return '';
  }
  if (precision === 'full') {
    return String(value);
  }
  const fixed = value.toFixed(2);
  return fixed === '-0.00' ? '0.00' : fixed;
}

/** Percentile texts by printed cell: the tables print a few hundred distinct cells. */
const percentileTexts = new Map<number, string>();

/** A printed percentile (proportion) as a percentage with the printed precision: 0.889 → "88.9", 1.00 → "100". */
export function formatCsvPercentile(percentile: number): string {
  let text = percentileTexts.get(percentile);
  if (text === undefined) {
    const decimals = Math.max(0, (String(percentile).split('.')[1]?.length ?? 0) - 2);
    text = (percentile * 100).toFixed(decimals);
    if (percentileTexts.size < 10_000) {
      percentileTexts.set(percentile, text);
    }
  }
  return text;
}

export const SCALE_COLUMNS: readonly ScaleColumn[] = [
  {
    suffix: 'raw',
    meaning: 'csv.scale.raw.meaning',
    values: 'csv.scale.raw.values',
    cell: (input, precision) => formatCsvNumber(input.score, precision),
  },
  {
    suffix: `T (${US_NORMS})`,
    meaning: 'csv.scale.t.meaning',
    values: 'csv.scale.t.values',
    cell: (input) => (input.us ? String(input.us.t) : ''),
  },
  {
    suffix: `T beyond the table (${US_NORMS})`,
    meaning: 'csv.scale.tBeyond.meaning',
    values: 'csv.scale.tBeyond.values',
    cell: (input) => input.us?.capped ?? '',
  },
  {
    suffix: `percentile (${US_NORMS})`,
    meaning: 'csv.scale.percentile.meaning',
    values: 'csv.scale.percentile.values',
    cell: (input) => (input.us ? formatCsvPercentile(input.us.percentile) : ''),
  },
  {
    suffix: `level (${US_NORMS})`,
    meaning: 'csv.scale.level.meaning',
    values: 'csv.scale.level.values',
    cell: (input) => {
      if (!input.us) {
        return '';
      }
      return classifyLevel(input.us.percentile) ?? NO_LEVEL_LABEL;
    },
  },
  {
    suffix: `z (${US_NORMS})`,
    meaning: 'csv.scale.zUs.meaning',
    values: 'csv.scale.zUs.values',
    cell: (input, precision) => formatCsvNumber(input.srf, precision),
  },
  {
    suffix: `T (${DE_NORMS})`,
    meaning: 'csv.scale.deT.meaning',
    values: 'csv.scale.deT.values',
    cell: (input) => (input.de ? input.de.t.toFixed(1) : ''),
  },
  {
    suffix: `T 95% interval low (${DE_NORMS})`,
    meaning: 'csv.scale.deTLow.meaning',
    values: 'csv.scale.deT.values',
    cell: (input) => (input.de ? input.de.tLow.toFixed(1) : ''),
  },
  {
    suffix: `T 95% interval high (${DE_NORMS})`,
    meaning: 'csv.scale.deTHigh.meaning',
    values: 'csv.scale.deT.values',
    cell: (input) => (input.de ? input.de.tHigh.toFixed(1) : ''),
  },
  {
    suffix: `percentile (${DE_NORMS})`,
    meaning: 'csv.scale.dePercentile.meaning',
    values: 'csv.scale.dePercentile.values',
    cell: (input) => (input.de ? formatGermanPercentile(input.de.percentile) : ''),
  },
  {
    suffix: `T extrapolated (${DE_NORMS})`,
    meaning: 'csv.scale.deExtrapolated.meaning',
    values: 'csv.scale.deExtrapolated.values',
    cell: (input) => (input.de ? (input.de.extrapolated ? 'yes' : 'no') : ''),
  },
  {
    // Kept for continuity, named for what it is: not the published German T.
    suffix: `derived z (${DE_NORMS})`,
    meaning: 'csv.scale.zDe.meaning',
    values: 'csv.scale.zDe.values',
    cell: (input, precision) => formatCsvNumber(input.irf, precision),
  },
];

export interface CsvScale {
  readonly key: string;
  readonly name: string;
  readonly kind: 'domain' | 'facet';
  /** Where its score, srf and irf sit in score_values. */
  readonly valueIndex: { readonly score: number; readonly srf: number; readonly irf: number };
}

function valueIndexOf(group: 'facets' | 'domains', key: string): CsvScale['valueIndex'] {
  const at = (field: 'score' | 'srf' | 'irf') =>
    SCORE_VALUE_PATHS.findIndex(([g, k, f]) => g === group && k === key && f === field);
  return { score: at('score'), srf: at('srf'), irf: at('irf') };
}

/**
 * The scales of the full form in the CSV: domains first (APA order), then facets (alphabetical by key). Each
 * scale's score, srf and irf are consecutive in score_values (export-csv.ts reads them as one slice).
 */
export const CSV_SCALES: readonly CsvScale[] = [
  ...DOMAINS.map((d) => ({
    key: d.key,
    name: d.name,
    kind: 'domain' as const,
    valueIndex: valueIndexOf('domains', d.key),
  })),
  ...FACETS.map((f) => ({
    key: f.key,
    name: f.name,
    kind: 'facet' as const,
    valueIndex: valueIndexOf('facets', f.key),
  })),
];

/** The validity indicators of the full form, in the results' order. */
export const CSV_VALIDITY_SCALES: readonly { readonly key: TValidityScaleResult['key']; readonly label: string }[] = [
  { key: 'INC', label: 'INC (inconsistency)' },
  { key: 'ORS', label: 'ORS (over-reporting)' },
  { key: 'PRD', label: 'PRD (under-reporting)' },
  { key: 'SDTD', label: 'SD-TD (kind of favourable answering)' },
  // The short form's inconsistency scale: empty for the other forms.
  { key: 'INCS', label: 'INC-S (inconsistency, short form)' },
];

/** One indicator's line as the export reads it from the stored verdict: key, status, score, printed percentile. */
export type ValidityLineCells = [key: string, status: string, score: number | null, percentile: number | null];

export interface ValidityColumn {
  readonly suffix: string;
  readonly meaning: MessageKey;
  readonly values: MessageKey;
  readonly cell: (line: ValidityLineCells | undefined) => string;
}

export const VALIDITY_COLUMNS: readonly ValidityColumn[] = [
  {
    suffix: 'score',
    meaning: 'csv.validity.score.meaning',
    values: 'csv.validity.score.values',
    cell: (line) => (line?.[2] === null || line?.[2] === undefined ? '' : String(line[2])),
  },
  {
    suffix: `percentile (${US_NORMS})`,
    meaning: 'csv.validity.percentile.meaning',
    values: 'csv.validity.percentile.values',
    cell: (line) => (line?.[3] === null || line?.[3] === undefined ? '' : formatCsvPercentile(line[3])),
  },
  {
    suffix: 'status',
    meaning: 'csv.validity.status.meaning',
    values: 'csv.validity.status.values',
    cell: (line) => (line ? (VALIDITY_STATUS_LABELS[line[1] as TValidityScaleResult['status']] ?? line[1]) : ''),
  },
];

/**
 * Readings kept per table file, by scale and raw score: a scale's raw scores take few distinct values (means of a
 * few answers 0-3), and reading the table for each of 30 scales of every row was most of an export's time.
 */
const readingCache = new WeakMap<NormTables, Map<string, NormReading>>();
/** Readings kept per table file before starting afresh (the distinct raw scores of every scale fit well within). */
const MAX_CACHED_READINGS = 100_000;

/**
 * The US reading of a scale's raw score in the loaded tables of the test's form (each form has its own tables; the
 * short and full Submissiveness tables differ), or null when not scored.
 */
export function readUsNorms(
  normTables: NormTables,
  key: string,
  score: number | null,
  form: FormId = 'FULL',
): NormReading | null {
  if (score === null) {
    return null;
  }
  let cache = readingCache.get(normTables);
  if (!cache || cache.size > MAX_CACHED_READINGS) {
    cache = new Map();
    readingCache.set(normTables, cache);
  }
  const cacheKey = `${form} ${key} ${score}`;
  let reading = cache.get(cacheKey);
  if (!reading) {
    reading = readNormTable(getNormTable(normTables, form, key), score);
    cache.set(cacheKey, reading);
  }
  return reading;
}

/** The score and validity headers, in order. */
export function scoreColumnHeaders(): string[] {
  return [
    'Validity Verdict',
    ...CSV_VALIDITY_SCALES.flatMap((scale) => VALIDITY_COLUMNS.map((column) => `${scale.label} ${column.suffix}`)),
    ...CSV_SCALES.flatMap((scale) => SCALE_COLUMNS.map((column) => `${scale.name} ${column.suffix}`)),
  ];
}

/**
 * After the score columns: the form given, then the brief form's total in the scale columns (empty for the
 * full and short forms, which have none). One export mixes forms: a scale a form does not have stays empty.
 */
export function formColumnHeaders(): string[] {
  return ['Form', ...SCALE_COLUMNS.map((column) => `Total ${column.suffix}`)];
}
