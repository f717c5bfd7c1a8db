// What the CSV export reads from a submitted test's frozen verdict and brief-form total, flat
// (assessments.export_values, migration 0013): the verdict's label; for each validity indicator in
// EXPORT_VALIDITY_KEYS its status, raw score and printed US percentile; then the total's score, US z and German z
// (the brief form's; null for the other forms). The database generates the column from the stored JSON with the same
// paths in the same order (export-csv.int.test.ts checks it), so the export never reads the ~8 kB scores JSON, whose
// decompression was most of an export's database time at a million tests (bench/README.md, csv). The order never
// changes; an indicator is added at the end, with a migration that replaces the column.

/** The validity indicators the CSV has columns for (export-columns.ts CSV_VALIDITY_SCALES), in the stored order. */
export const EXPORT_VALIDITY_KEYS = ['INC', 'ORS', 'PRD', 'SDTD', 'INCS'] as const;

/** Where the label, an indicator's three values and the total's three values sit in export_values. */
export const EXPORT_VALUES_LAYOUT = {
  label: 0,
  indicator: (keyIndex: number) => 1 + keyIndex * 3,
  total: 1 + EXPORT_VALIDITY_KEYS.length * 3,
  length: 1 + EXPORT_VALIDITY_KEYS.length * 3 + 3,
} as const;

/** A row's export_values as the database sends it (JSON): strings, numbers and nulls at EXPORT_VALUES_LAYOUT. */
export type ExportValues = (string | number | null)[];
