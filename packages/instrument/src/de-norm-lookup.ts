import {
  DE_NORM_TABLES,
  describeGermanNormTables,
  GERMAN_AGE_GROUPS,
  type GermanAgeGroup,
  type GermanNormCellId,
  type GermanNormForm,
  type GermanNormRow,
  type GermanNormTables,
  type GermanNormTablesInfo,
  getGermanNormTable,
} from './de-norm-tables';

// Reading a score in the German tables (de-norm-tables.ts), by the rules of the platform that publishes them
// (jzpsych/pid5-norms-platform, assets/pid5_platform.R: pf_resolve_frame, pf_nearest_row), as
// docs/decisions/0073-german-norms-as-published.md sets out how they meet ours:
// 1. The reference group: women or men of the patient's age group ([18,35), [35,50), [50,65), [65,Inf)); all adults
//    when the gender is diverse or not given ("no separate norms are available for people of diverse gender"), or
//    the age is not given or under 18. Every reason the whole population was used is returned, so a page can say so.
// 2. The row: the one whose raw score is nearest the score; at an exact tie (within 1e-9, the score being a mean in
//    floating point) the lower raw, as R's which.min takes the first. T, interval, percentile and the extrapolation
//    flag all come from that one row, never interpolated. Every score a complete protocol can have is a row of its
//    facet's table (rows at k/n), so the rule matters only for the full form's domains (tabled in steps of 0.01) and
//    for scores with missing items.
// 3. Whether a scale has a score at all is our scorer's decision (the APA 25 % rule), not the platform's (any answer,
//    flagged under 80 %): the table is read for the score our scorer produced, and an unscored scale has no reading.

/** The patient's gender as the reference group needs it; 'unspecified' and null both mean "not given". */
export type ReferenceGender = 'female' | 'male' | 'diverse' | 'unspecified';

export interface NormReference {
  readonly gender: ReferenceGender | null;
  /** Age in years at the test; null when not known. */
  readonly age: number | null;
}

/** Why the tables of all adults were read instead of the patient's gender and age group. */
export type GermanNormFallback = 'gender-diverse' | 'gender-not-given' | 'age-not-given' | 'age-under-18';

export interface GermanReferenceGroup {
  /** The cell read: all adults, or women or men of an age group. */
  readonly cell: GermanNormCellId;
  /** Empty when the patient's own gender and age group were read. */
  readonly fallbacks: readonly GermanNormFallback[];
}

export interface GermanNormReading {
  /** Published percentile-based T (one decimal). */
  readonly t: number;
  /** The 95 % credible interval for the true T, as published. */
  readonly tLow: number;
  readonly tHigh: number;
  /** Share of the reference group with the same or a lower raw score (proportion 0-1). */
  readonly percentile: number;
  /** The raw score lies outside what the reference sample showed: the row is the model's extrapolation. */
  readonly extrapolated: boolean;
  /** The score that was read (our scorer's, unrounded). */
  readonly score: number;
  /** The published row, with its line in the platform's CSV file. */
  readonly row: GermanNormRow;
  readonly table: {
    readonly form: GermanNormForm;
    readonly key: string;
    readonly platformKey: string;
    readonly file: string;
  };
  readonly group: GermanReferenceGroup;
}

/** Rows this close are equally near (the score is a mean in floating point). */
const TIE_TOLERANCE = 1e-9;

/** The age group an age falls in, or null under 18 (the tables' groups are closed left, open right). */
export function germanAgeGroupOf(age: number): GermanAgeGroup | null {
  if (!Number.isFinite(age) || age < 0) {
    throw new RangeError(`An age must be a number of years, 0 or more, got ${age}`);
  }
  if (age < 18) {
    return null;
  }
  return age < 35 ? '[18,35)' : age < 50 ? '[35,50)' : age < 65 ? '[50,65)' : GERMAN_AGE_GROUPS[3];
}

/** The reference group for a patient (rule 1 above). */
export function resolveGermanReferenceGroup(reference: NormReference): GermanReferenceGroup {
  const fallbacks: GermanNormFallback[] = [];
  const gender = reference.gender === 'female' ? 'f' : reference.gender === 'male' ? 'm' : null;
  if (reference.gender === 'diverse') {
    fallbacks.push('gender-diverse');
  } else if (gender === null) {
    fallbacks.push('gender-not-given');
  }
  const ageGroup = reference.age === null ? null : germanAgeGroupOf(reference.age);
  if (reference.age === null) {
    fallbacks.push('age-not-given');
  } else if (ageGroup === null) {
    fallbacks.push('age-under-18');
  }
  if (gender === null || ageGroup === null) {
    return { cell: { gender: 'all', ageGroup: 'all' }, fallbacks };
  }
  return { cell: { gender, ageGroup }, fallbacks };
}

/** The row nearest a score; ties to the lower raw (rule 2). Rows are in ascending raw order. */
export function nearestGermanNormRow(rows: readonly GermanNormRow[], score: number): GermanNormRow {
  // The first row whose raw is at or above the score (binary search), and the one before it.
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((rows[middle]?.raw ?? Number.POSITIVE_INFINITY) < score) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  const above = rows[low];
  const below = rows[low - 1];
  if (above === undefined || below === undefined) {
    const end = above ?? below;
    if (end === undefined) {
      throw new Error('A German norm table needs at least one row');
    }
    return end;
  }
  return above.raw - score < score - below.raw - TIE_TOLERANCE ? above : below;
}

/** Read one scale's score in the German table of its form for a reference group. */
export function readGermanNorm(
  form: GermanNormForm,
  key: string,
  score: number,
  group: GermanReferenceGroup,
  normTables: GermanNormTables = DE_NORM_TABLES,
): GermanNormReading {
  if (!Number.isFinite(score) || score < 0 || score > 3) {
    throw new RangeError(`A score must be a mean item score 0-3, got ${score}`);
  }
  const table = getGermanNormTable(form, key, normTables);
  const cell = table.cells.find((c) => c.id.gender === group.cell.gender && c.id.ageGroup === group.cell.ageGroup);
  if (cell === undefined) {
    throw new Error(`No ${group.cell.gender} ${group.cell.ageGroup} group in the German table of ${form} ${key}`);
  }
  const row = nearestGermanNormRow(cell.rows, score);
  return {
    t: row.t,
    tLow: row.tLow,
    tHigh: row.tHigh,
    percentile: row.percentile,
    extrapolated: row.extrapolated,
    score,
    row,
    table: { form, key, platformKey: table.platformKey, file: table.file },
    group,
  };
}

/** The scales of a result that have German tables: any form's scored result, stored or fresh. */
export type GermanNormsInput =
  | {
      readonly form: 'FULL' | 'SF';
      readonly facets: Readonly<Record<string, { readonly score: number | null }>>;
      readonly domains: Readonly<Record<string, { readonly score: number | null }>>;
    }
  | {
      readonly form: 'BF' | 'BFM';
      readonly domains: Readonly<Record<string, { readonly score: number | null }>>;
      readonly total: { readonly score: number | null };
    };

export interface GermanNorms {
  readonly form: GermanNormForm;
  readonly group: GermanReferenceGroup;
  readonly normTables: GermanNormTablesInfo;
  /** By the result's scale keys; null for a scale that was not scored. */
  readonly scales: Readonly<Record<string, GermanNormReading | null>>;
}

/**
 * The German T, interval and percentile of every scale of a result, for the patient's gender and age. The full and
 * short forms give their facets and domains (the tables' total is the mean of all items, a score the product does
 * not report for them); the brief form and the PID5BF+M their domains and total.
 */
export function readGermanNorms(
  result: GermanNormsInput,
  reference: NormReference,
  normTables: GermanNormTables = DE_NORM_TABLES,
): GermanNorms {
  const group = resolveGermanReferenceGroup(reference);
  const scales: Record<string, GermanNormReading | null> = {};
  const read = (key: string, score: number | null) => {
    scales[key] = score === null ? null : readGermanNorm(result.form, key, score, group, normTables);
  };
  switch (result.form) {
    case 'FULL':
    case 'SF':
      Object.entries(result.facets).forEach(([key, scale]) => read(key, scale.score));
      Object.entries(result.domains).forEach(([key, scale]) => read(key, scale.score));
      break;
    case 'BF':
    case 'BFM':
      Object.entries(result.domains).forEach(([key, scale]) => read(key, scale.score));
      read('Total', result.total.score);
      break;
  }
  return { form: result.form, group, normTables: describeGermanNormTables(normTables), scales };
}
