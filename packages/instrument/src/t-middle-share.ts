import type { FormId } from './keys';
import { readNormTable } from './norm-lookup';
import { NORM_TABLE_SCALES, type NormTable, type NormTables } from './norm-tables';

// How many adults of the norm sample score between T 40 and 60, per form, as the printed tables give it: the one
// figure the reports print for "how wide the middle is". The tables are percentile-based, not normal, so the share
// is not the normal curve's 68 %: it differs by scale and form, and the text says so with the form's own figure.
// Each scale's share is read as a score is read (norm-lookup.ts, the floor rule included): the share whose read T
// is at most 60 less the share whose read T is below 40.

export interface TMiddleShare {
  /** The median over the form's normed scales (proportion 0-1). */
  readonly median: number;
  readonly lowest: number;
  readonly highest: number;
}

/** The share of one table's sample whose score reads a T from 40 to 60. */
export function tableMiddleShare(table: NormTable | undefined): number {
  if (!table) {
    throw new Error('A normed scale without its table');
  }
  const readings = [...new Set(table.rows.map((row) => row.raw))].map((raw) => readNormTable(table, raw));
  const upTo = (within: (t: number) => boolean) =>
    Math.max(0, ...readings.filter((r) => within(r.t)).map((r) => r.percentile));
  return upTo((t) => t <= 60) - upTo((t) => t < 40);
}

const computed = new WeakMap<NormTables, Map<FormId, TMiddleShare>>();

/**
 * The form's share of adults between T 40 and 60: median, lowest and highest over its normed scales. Read once per
 * norm tables and form (a full form reads every row of 30 tables, about 4 ms): every result presented carries it.
 */
export function tMiddleShare(tables: NormTables, form: FormId): TMiddleShare {
  let byForm = computed.get(tables);
  if (!byForm) {
    byForm = new Map();
    computed.set(tables, byForm);
  }
  let share = byForm.get(form);
  if (!share) {
    share = computeTMiddleShare(tables, form);
    byForm.set(form, share);
  }
  return share;
}

function computeTMiddleShare(tables: NormTables, form: FormId): TMiddleShare {
  const shares = NORM_TABLE_SCALES[form].map((key) => tableMiddleShare(tables.tables[form][key])).sort((a, b) => a - b);
  const n = shares.length;
  const at = (i: number) => shares[i] ?? 0;
  return {
    median: (at(Math.floor((n - 1) / 2)) + at(Math.ceil((n - 1) / 2))) / 2,
    lowest: at(0),
    highest: at(n - 1),
  };
}

/** The median share as the patient report says it: "about {n} in ten adults" (rounded to whole tenths). */
export function inTenAdults(share: TMiddleShare): number {
  return Math.round(share.median * 10);
}

/** A share as a whole percentage, as the clinician texts print it. */
export function sharePercent(share: number): number {
  return Math.round(share * 100 + 1e-9);
}
