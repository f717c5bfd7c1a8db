import {
  AMPD_DISORDERS,
  BFM_FORM,
  DEFAULT_AMPD_THRESHOLD,
  FACET_KEYS,
  germanNormCellName,
  isAmpdForm,
  scoreAmpdProfiles,
  scoreBfmForm,
  scoreBfmFromFullForm,
  type AdministeredFormId,
  type AmpdInput,
  type FacetKey,
  type GermanReferenceGroup,
  type NormReference,
  type NormTables,
} from '@pid5/instrument';
import type { MessageKey } from '../../i18n/translator';
import {
  DE_NORMS,
  formatCsvNumber,
  formatGermanPercentile,
  readUsNorms,
  US_NORMS,
  type CsvPrecision,
} from './export-columns';

// The CSV's columns of the German reference group, the ICD-11 trait domains (PID5BF+M, from full-form tests) and
// the AMPD trait profiles (full and short forms), after the form's columns (docs/decisions/0073-german-norms-as-published.md, 0074, 0075). Each
// test's cells are computed from its answers, its stored facet scores and the gender and age recorded with it, and
// kept by what they are computed from (the same answers and group give the same cells).

/** The reference group's columns. */
export const GERMAN_GROUP_HEADERS = ['German Norms Group', 'German Norms Fallback'] as const;

/** A BF+M scale's columns: its raw score and its published German row. */
export const BFM_COLUMNS: readonly { suffix: string; meaning: MessageKey; values: MessageKey }[] = [
  { suffix: 'raw', meaning: 'csv.bfm.raw.meaning', values: 'csv.scale.raw.values' },
  { suffix: `T (${DE_NORMS})`, meaning: 'csv.scale.deT.meaning', values: 'csv.scale.deT.values' },
  { suffix: `T 95% interval low (${DE_NORMS})`, meaning: 'csv.scale.deTLow.meaning', values: 'csv.scale.deT.values' },
  { suffix: `T 95% interval high (${DE_NORMS})`, meaning: 'csv.scale.deTHigh.meaning', values: 'csv.scale.deT.values' },
  {
    suffix: `percentile (${DE_NORMS})`,
    meaning: 'csv.scale.dePercentile.meaning',
    values: 'csv.scale.dePercentile.values',
  },
  {
    suffix: `T extrapolated (${DE_NORMS})`,
    meaning: 'csv.scale.deExtrapolated.meaning',
    values: 'csv.scale.deExtrapolated.values',
  },
];

/** The six domains and the total, by their PID5BF+M names. */
export const CSV_BFM_SCALES: readonly { key: string; name: string }[] = [
  ...BFM_FORM.domains.map((domain) => ({ key: domain.key, name: domain.name })),
  { key: 'Total', name: 'Total' },
];

export const bfmHeader = (name: string, suffix: string) => `ICD-11 ${name} (PID5BF+M) ${suffix}`;

export const AMPD_THRESHOLD_HEADER = 'AMPD Threshold';

export const AMPD_COLUMNS: readonly { suffix: string; meaning: MessageKey; values: MessageKey }[] = [
  { suffix: `mean T (${US_NORMS})`, meaning: 'csv.ampd.meanUsT.meaning', values: 'csv.ampd.meanT.values' },
  { suffix: `mean T (${DE_NORMS})`, meaning: 'csv.ampd.meanDeT.meaning', values: 'csv.ampd.meanT.values' },
  { suffix: 'facets at or above threshold', meaning: 'csv.ampd.count.meaning', values: 'csv.ampd.count.values' },
  { suffix: 'trait rule', meaning: 'csv.ampd.rule.meaning', values: 'csv.ampd.rule.values' },
];

export const ampdHeader = (name: string, suffix: string) => `AMPD ${name} ${suffix}`;

export function traitModelHeaders(): string[] {
  return [
    ...GERMAN_GROUP_HEADERS,
    ...CSV_BFM_SCALES.flatMap((scale) => BFM_COLUMNS.map((column) => bfmHeader(scale.name, column.suffix))),
    AMPD_THRESHOLD_HEADER,
    ...AMPD_DISORDERS.flatMap((disorder) => AMPD_COLUMNS.map((column) => ampdHeader(disorder.name, column.suffix))),
  ];
}

const BFM_CELL_COUNT = CSV_BFM_SCALES.length * BFM_COLUMNS.length;
const AMPD_CELL_COUNT = 1 + AMPD_DISORDERS.length * AMPD_COLUMNS.length;
const NO_BFM_CELLS = ','.repeat(BFM_CELL_COUNT - 1);
const NO_AMPD_CELLS = ','.repeat(AMPD_CELL_COUNT - 1);

/** "Moderate (US percentile ≥ 93)". */
const THRESHOLD_TEXT = `${DEFAULT_AMPD_THRESHOLD.level ?? 'custom'} (${DEFAULT_AMPD_THRESHOLD.norms} percentile ≥ ${Math.round(
  DEFAULT_AMPD_THRESHOLD.percentileAtLeast * 100,
)})`;

const MAX_KEPT = 50_000;
const keptBfm = new Map<string, string>();
const keptAmpd = new Map<string, string>();

function keep(map: Map<string, string>, key: string, value: string): string {
  if (map.size >= MAX_KEPT) {
    map.clear();
  }
  map.set(key, value);
  return value;
}

/** The ICD-11 trait domain cells of a full-form test; empty for the other forms. */
function bfmCells(
  form: AdministeredFormId,
  responses: string,
  reference: NormReference,
  groupName: string,
  precision: CsvPrecision,
) {
  if (form !== 'FULL' && form !== 'BFM') {
    return NO_BFM_CELLS;
  }
  // A PID5BF+M test's own 36 answers, or the same 36 items of a full-form test.
  const answers = form === 'BFM' ? responses : BFM_FORM.fullItems.map((item) => responses[item - 1] ?? '9').join('');
  const cacheKey = `${precision}|${groupName}|${answers}`;
  const kept = keptBfm.get(cacheKey);
  if (kept !== undefined) {
    return kept;
  }
  const bfm = form === 'BFM' ? scoreBfmForm(responses, { reference }) : scoreBfmFromFullForm(responses, { reference });
  const scales = [...Object.values(bfm.domains), { ...bfm.total }];
  const cells = scales.flatMap((scale) => {
    const de = scale.de;
    return [
      formatCsvNumber(scale.score, precision),
      de ? de.t.toFixed(1) : '',
      de ? de.tLow.toFixed(1) : '',
      de ? de.tHigh.toFixed(1) : '',
      de ? formatGermanPercentile(de.percentile) : '',
      de ? (de.extrapolated ? 'yes' : 'no') : '',
    ];
  });
  return keep(keptBfm, cacheKey, cells.join(','));
}

/** The AMPD cells of a full- or short-form test from its stored facet scores; empty for the brief form. */
function ampdCells(
  form: AdministeredFormId,
  facetScores: readonly (number | null)[],
  reference: NormReference,
  groupName: string,
  options: { normTables: NormTables; precision: CsvPrecision },
) {
  if (!isAmpdForm(form)) {
    return NO_AMPD_CELLS;
  }
  const cacheKey = `${options.precision}|${form}|${groupName}|${facetScores.join(',')}`;
  const kept = keptAmpd.get(cacheKey);
  if (kept !== undefined) {
    return kept;
  }
  const facets = {} as Record<FacetKey, AmpdInput['facets'][FacetKey]>;
  FACET_KEYS.forEach((key, index) => {
    const score = facetScores[index] ?? null;
    const us = readUsNorms(options.normTables, key, score, form);
    facets[key] = { score, us: us ? { t: us.t, percentile: us.percentile, capped: us.capped } : null };
  });
  const ampd = scoreAmpdProfiles({ form, facets }, { reference, threshold: DEFAULT_AMPD_THRESHOLD });
  const cells = [
    THRESHOLD_TEXT,
    ...Object.values(ampd.profiles).flatMap((profile) => [
      formatCsvNumber(profile.meanUsT, options.precision),
      formatCsvNumber(profile.meanDeT, options.precision),
      `${profile.countAtOrAbove}/${profile.assignedCount}`,
      profile.traitRule,
    ]),
  ];
  // The threshold's text holds no separator or formula trigger: no quoting needed.
  return keep(keptAmpd, cacheKey, cells.join(','));
}

/**
 * The trailing cells of a test (without a leading comma): its German reference group, then, for a submitted test,
 * its ICD-11 trait domains and AMPD profiles (empty before submission).
 */
export function encodeTraitModelCells(
  test: {
    form: AdministeredFormId;
    responses: string;
    isScored: boolean;
    facetScores: () => readonly (number | null)[];
  },
  reference: NormReference,
  group: GermanReferenceGroup,
  options: { normTables: NormTables; precision: CsvPrecision },
): string {
  const groupName = germanNormCellName(group.cell);
  // Several reasons are joined by '; ', which a semicolon-locale spreadsheet would split: quoted then.
  const fallbacks = group.fallbacks.length > 1 ? `"${group.fallbacks.join('; ')}"` : (group.fallbacks[0] ?? '');
  // An age group holds a comma ("f [35,50)", the tables' own name): quoted.
  const groupCells = `${groupName.includes(',') ? `"${groupName}"` : groupName},${fallbacks}`;
  if (!test.isScored) {
    return `${groupCells},${NO_BFM_CELLS},${NO_AMPD_CELLS}`;
  }
  return (
    `${groupCells},${bfmCells(test.form, test.responses, reference, groupName, options.precision)},` +
    ampdCells(test.form, test.facetScores(), reference, groupName, options)
  );
}
