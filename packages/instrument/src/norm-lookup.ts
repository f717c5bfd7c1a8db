import type { NormRow, ValidityPercentileRow } from './norm-tables';

// Reading a score in a printed norm table, by the rule of jmgirard/hitop (R/norm_pid5.R, review RR02), as set out
// in data/pid5-forms.NOTES.md §3. The book itself states no lookup rule.
// 1. Take the printed row whose raw score is nearest the score; T and percentile both come from that one row
//    (never mixed from two rows, never interpolated), so every number shown is a printed cell.
// 2. Ties (rows equally near within 1e-8: a raw printed on several rows, or a score exactly between two rows) go
//    to the tied row whose T is nearest 50. A score of 0.00 therefore reads the highest T of a run of 0.00 rows.
//    Validity tables print no T: their ties go to the percentile nearest 0.50 (integer scores never tie there).
// 3. A score above the highest printed raw (or below the lowest) reads the end row and is reported as capped,
//    so that it can be printed as "≥ 79" rather than as an extrapolated number.
// 4. The floor (our rule, DESIGN.md "Levels"): on 52 of the 66 tables the rows of the lowest raw score (0.00, printed
//    on the T values below the lowest possible score) print the percentile 0.00, although 4-77 % of the sample
//    scored 0. The percentile is "the share whose score was the same or lower", so at the floor it is read from the
//    first printed row above the floor: that row lies below the next possible score on every table (a scale of k
//    items moves in steps of 1/k), so its printed percentile is the share that scored at the floor. T stays the
//    floor row's.

/** Rows within this distance of each other count as equally near (data notes §3). */
const TIE_TOLERANCE = 1e-8;

/** Which end of the table a score lies beyond, or null when it is inside the printed range. */
export type Capped = 'above' | 'below' | null;

export interface NormReading {
  /** Printed T of the row read. */
  readonly t: number;
  /** Printed percentile (proportion 0-1) of the same row. */
  readonly percentile: number;
  /** Printed raw score of that row. */
  readonly printedRaw: number;
  /** 'above' when the score is higher than the table's highest raw (print T as "≥ t"), 'below' likewise. */
  readonly capped: Capped;
}

export interface ValidityPercentileReading {
  /** Printed percentile (proportion 0-1) of the row read. */
  readonly percentile: number;
  /** Printed score of that row. */
  readonly printedScore: number;
  /** 'above' when the score is higher than the table's highest printed score (print "≥ …"). */
  readonly capped: Capped;
}

/** The rows nearest `score` by `valueOf` (all of them when several are equally near). */
function nearestRows<R>(rows: readonly R[], score: number, valueOf: (row: R) => number): R[] {
  let nearest: R[] = [];
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    const distance = Math.abs(valueOf(row) - score);
    if (distance < nearestDistance - TIE_TOLERANCE) {
      nearest = [row];
      nearestDistance = distance;
    } else if (distance <= nearestDistance + TIE_TOLERANCE) {
      nearest.push(row);
    }
  }
  return nearest;
}

/** The row whose `valueOf` is nearest `target`; among equals the first (rows are in ascending order). */
function closestTo<R>(rows: readonly R[], target: number, valueOf: (row: R) => number): R {
  const [first, ...rest] = rows;
  if (first === undefined) {
    throw new Error('A norm table needs at least one row');
  }
  return rest.reduce(
    (best, row) => (Math.abs(valueOf(row) - target) < Math.abs(valueOf(best) - target) ? row : best),
    first,
  );
}

function cappedAt(score: number, lowest: number, highest: number): Capped {
  if (score > highest + TIE_TOLERANCE) {
    return 'above';
  }
  return score < lowest - TIE_TOLERANCE ? 'below' : null;
}

/** Read a score (mean item score) in a T table: nearest printed raw, ties to the T nearest 50. */
export function readNormTable(table: { readonly rows: readonly NormRow[] }, score: number): NormReading {
  if (!Number.isFinite(score)) {
    throw new RangeError(`A score must be a finite number, got ${score}`);
  }
  const row = closestTo(
    nearestRows(table.rows, score, (r) => r.raw),
    50,
    (r) => r.t,
  );
  const raws = table.rows.map((r) => r.raw);
  const lowest = Math.min(...raws);
  return {
    t: row.t,
    percentile:
      row.raw <= lowest + TIE_TOLERANCE && row.percentile === 0 ? shareAtFloor(table.rows, lowest) : row.percentile,
    printedRaw: row.raw,
    capped: cappedAt(score, lowest, Math.max(...raws)),
  };
}

/** The share of the sample at the floor: the percentile of the first printed row above it (rule 4 above). */
function shareAtFloor(rows: readonly NormRow[], lowest: number): number {
  let above: NormRow | undefined;
  for (const row of rows) {
    if (row.raw > lowest + TIE_TOLERANCE && (above === undefined || row.raw < above.raw)) {
      above = row;
    }
  }
  return above?.percentile ?? 0;
}

/** Read a validity-scale score in its percentile table: nearest printed score, ties to the percentile nearest 0.5. */
export function readValidityPercentile(
  table: { readonly rows: readonly ValidityPercentileRow[] },
  score: number,
): ValidityPercentileReading {
  if (!Number.isFinite(score)) {
    throw new RangeError(`A score must be a finite number, got ${score}`);
  }
  const row = closestTo(
    nearestRows(table.rows, score, (r) => r.score),
    0.5,
    (r) => r.percentile,
  );
  const scores = table.rows.map((r) => r.score);
  return {
    percentile: row.percentile,
    printedScore: row.score,
    capped: cappedAt(score, Math.min(...scores), Math.max(...scores)),
  };
}

/** A T score as printed: "≥ 79" when the score is above the table, "≤ 30" below it, otherwise "63". */
export function formatTScore(reading: Pick<NormReading, 't' | 'capped'>): string {
  if (reading.capped === 'above') {
    return `≥ ${reading.t}`;
  }
  return reading.capped === 'below' ? `≤ ${reading.t}` : String(reading.t);
}

/**
 * A printed percentile (proportion) as a percentage for text: 0.31 → "31", 0.889 → "88.9", with the printed
 * precision kept. The ends say what the rounded cell allows: 1.00 → "more than 99", 0.00 → "less than 1".
 */
export function formatPercentile(percentile: number): string {
  if (percentile >= 1) {
    return 'more than 99';
  }
  if (percentile <= 0) {
    return 'less than 1';
  }
  const decimals = Math.max(0, (String(percentile).split('.')[1]?.length ?? 0) - 2);
  return (percentile * 100).toFixed(decimals);
}
