import { z } from 'zod';
import { ASSESSMENT_FORMS, ZListAssessmentsQuery } from './assessments';

// Results of an assessment (product docs/product-spec.md §3 "Scoring results", DESIGN.md "Scoring (packages/instrument)"): `GET /api/assessments/{id}/results`,
// the data view, the results panel of the details page and the PDF report all read this one shape, and print
// numbers with `formatScore`, so the page and the report show the same values.
//
// The two standardised scores keep the spec's field names: `srf` is standardised against the US general-population
// norms (Markon et al. 2024), `irf` against the German general-population norms (Zimmermann et al. 2026). The
// second set is NOT an informant-report set: always show each set by its `shortLabel`/`label` and `citation`.

/** Level names (docs/product-spec.md §9); since scoring-2 decided by the printed US percentile (DESIGN.md "Levels"). */
export const RESULT_LEVELS = ['Mild', 'Moderate', 'High'] as const;
export type ResultLevel = (typeof RESULT_LEVELS)[number];
export const ZResultLevel = z.enum(RESULT_LEVELS);

export const NORM_FIELD_NAMES = ['srf', 'irf'] as const;
export type NormFieldName = (typeof NORM_FIELD_NAMES)[number];

/** Where each level begins on a scale's printed table, in T (null: no printed row reaches it). */
export const ZLevelStarts = z.object({
  Mild: z.number().nullable(),
  Moderate: z.number().nullable(),
  High: z.number().nullable(),
});
export type TLevelStarts = z.infer<typeof ZLevelStarts>;

/**
 * T and percentile of a scale, both from the same printed row of the form's US table (Markon et al. 2024, or the
 * institute's own tables): never interpolated, never computed from z. `tText` and `percentileText` are how every
 * page, report and export prints them ("≥ 100" for a score above the table, "more than 99" for a cell of 1.00).
 */
export const ZNormReading = z.object({
  t: z.number(),
  /** Proportion 0-1 as printed. */
  percentile: z.number(),
  printedRaw: z.number(),
  capped: z.enum(['above', 'below']).nullable(),
  tText: z.string(),
  percentileText: z.string(),
  /**
   * Where each level begins on this scale's printed table, in T (the lowest printed T whose percentile reaches the
   * level's cut-off; null when none does): the profile charts draw them as the scale's level lines. Null when the
   * tables the score was read in are not the ones loaded now.
   */
  levelStarts: ZLevelStarts.nullable().optional(),
});
export type TNormReading = z.infer<typeof ZNormReading>;

/** Why the German tables of all adults were read instead of the patient's gender and age group. */
export const GERMAN_NORM_FALLBACKS = ['gender-diverse', 'gender-not-given', 'age-not-given', 'age-under-18'] as const;
export type GermanNormFallbackName = (typeof GERMAN_NORM_FALLBACKS)[number];

/**
 * A scale's German T as published (Zimmermann et al. 2026; docs/decisions/0073-german-norms-as-published.md): one
 * row of the table for the patient's gender and age group, nothing interpolated. `tText`, `intervalText` and
 * `percentileText` are how every page, report and export prints them (English decimals; a view localises them).
 */
export const ZGermanNormReading = z.object({
  t: z.number(),
  tLow: z.number(),
  tHigh: z.number(),
  /** Proportion 0-1: the share of the reference group with the same raw score or lower. */
  percentile: z.number(),
  /** The row is the norming model's extrapolation beyond the scores observed in the sample: shown as such. */
  extrapolated: z.boolean(),
  tText: z.string(),
  /** "50.6–65.7": the 95 % interval of the true T. */
  intervalText: z.string(),
  /** Percentage, one decimal: "83.8". */
  percentileText: z.string(),
  /** The published row read: the platform's file, its line and raw score. */
  row: z.object({ file: z.string(), line: z.int(), raw: z.number() }),
});
export type TGermanNormReading = z.infer<typeof ZGermanNormReading>;

/** The German reference group read for a test: women or men of an age group, or all adults and why. */
export const ZGermanNormGroup = z.object({
  gender: z.enum(['all', 'f', 'm']),
  ageGroup: z.string(),
  fallbacks: z.array(z.enum(GERMAN_NORM_FALLBACKS)),
});
export type TGermanNormGroup = z.infer<typeof ZGermanNormGroup>;

/** The German tables of a result: the group read, the tables' version and the credit the licence asks for. */
export const ZGermanNorms = z.object({
  group: ZGermanNormGroup,
  version: z.string(),
  citation: z.string(),
  attribution: z.string(),
});
export type TGermanNorms = z.infer<typeof ZGermanNorms>;

const ZScaleResultBase = z.object({
  key: z.string(),
  name: z.string(),
  isScored: z.boolean(),
  /** Mean keyed item score 0-3 (facets), or mean of the three facet scores (domains); null when not scored. */
  score: z.number().nullable(),
  /** Standardised against the US general-population norms (see `norms.srf`). */
  srf: z.number().nullable(),
  /**
   * The derived linear German z (from a mean and SD of the German tables): kept in the data and in one CSV column
   * named as derived; no view shows it. The German T as published is `de`.
   */
  irf: z.number().nullable(),
  /** German T, interval and percentile as published, for the patient's group; null when not scored or no table. */
  de: ZGermanNormReading.nullable().optional(),
  /** From the printed US percentile (`us`): Mild from the 84th, Moderate from the 93rd, High from the 98th. */
  level: ZResultLevel.nullable(),
  /** US T and percentile; null when the scale is not scored. */
  us: ZNormReading.nullable(),
  /** The level in words with the scale's own percentile ("… about 95 % of the adults in the US norm sample …"). */
  levelDescription: z.string().nullable(),
});

export const ZFacetResult = ZScaleResultBase.extend({
  /** The domain this facet is a primary facet of, or null. */
  domain: z.string().nullable(),
  nItems: z.number().int(),
  answered: z.number().int(),
  missing: z.number().int(),
  /** Largest number of missing items for which the facet is still scored (APA 25 % rule). */
  maxMissing: z.number().int(),
});
export type TFacetResult = z.infer<typeof ZFacetResult>;

export const ZDomainResult = ZScaleResultBase.extend({
  /** The three primary facets (full and short form); empty for the brief form, whose domains are made of items. */
  facets: z.array(z.string()),
  unscoredFacets: z.array(z.string()),
  /** Brief form only: the domain's items (5), answered, missing, and the most missing still scored (1). */
  items: z.object({ nItems: z.int(), answered: z.int(), missing: z.int(), maxMissing: z.int() }).nullable().optional(),
});
export type TDomainResult = z.infer<typeof ZDomainResult>;

/** The brief form's total score: the mean of all 25 items (Markon et al. 2024, p. 23). */
export const ZTotalResult = ZScaleResultBase.extend({
  nItems: z.int(),
  answered: z.int(),
  missing: z.int(),
  maxMissing: z.int(),
  /** Where the total comes from. */
  source: z.string(),
  /** Where its missing-data rule comes from (not published by the book: jmgirard/hitop's decision D-021). */
  missingRuleSource: z.string(),
});
export type TTotalResult = z.infer<typeof ZTotalResult>;

export const ZNormSetDescription = z.object({
  field: z.enum(NORM_FIELD_NAMES),
  id: z.string(),
  version: z.string(),
  /** Short name for table headers and legends ("US general population"). */
  shortLabel: z.string(),
  /** Full description of the reference group. */
  label: z.string(),
  /** Full citation and provenance of the numbers. */
  source: z.string(),
  /** Short citation ("Markon, Fossati, Somma & Krueger (2024)"). */
  citation: z.string(),
  sampleN: z.number().int().nullable(),
  /** How the z scores of this set were obtained for the form given, and what is not available. */
  note: z.string(),
});
export type TNormSetDescription = z.infer<typeof ZNormSetDescription>;

/** The printed US tables the T scores and percentiles come from, with their provenance (shown wherever they are). */
export const ZNormTablesDescription = z.object({
  id: z.string(),
  version: z.string(),
  label: z.string(),
  source: z.string(),
  sample: z.string(),
});
export type TNormTablesDescription = z.infer<typeof ZNormTablesDescription>;

/** The validity indicators of every form (INC-S is the short form's inconsistency scale; PATTERN the product's own
 * response-pattern screen, not a PID-5 scale). */
export const VALIDITY_SCALE_KEYS = ['INC', 'INCS', 'ORS', 'PRD', 'SDTD', 'PATTERN', 'TIME'] as const;

/** One validity indicator as the results page and the reports print it (the instrument's verdict line). */
export const ZValidityScaleResult = z.object({
  key: z.enum(VALIDITY_SCALE_KEYS),
  name: z.string(),
  source: z.string(),
  /**
   * ok, flagged (a concern), indeterminate (between cut-offs), not-computed (answers missing), not-read (SD-TD
   * when PRD does not flag under-reporting), not-published (no published scale or cut-off for this form),
   * not-recorded (the response-time check of a test whose answers carry no times).
   */
  status: z.enum(['ok', 'flagged', 'indeterminate', 'not-computed', 'not-read', 'not-published', 'not-recorded']),
  /** True exactly when the line reports a concern. */
  isConcern: z.boolean(),
  score: z.number().nullable(),
  /** Printed US percentile of the score, where a table is published (INC, INC-S, ORS, PRD). */
  percentile: z
    .object({ percentile: z.number(), printedScore: z.number(), capped: z.enum(['above', 'below']).nullable() })
    .nullable(),
  /** Which scores are the concern: high (INC, ORS), low (PRD), or a kind of answering (SD-TD). */
  direction: z.enum(['high', 'low', 'style']),
  directionText: z.string(),
  /** The cut-offs in words; null when none is published for the form. */
  cutoffs: z.string().nullable(),
  /** What the result means, in plain words. */
  statement: z.string(),
});
export type TValidityScaleResult = z.infer<typeof ZValidityScaleResult>;

/** A validity indicator's status in words, as the score report and the CSV print it. */
export const VALIDITY_STATUS_LABELS: Readonly<Record<TValidityScaleResult['status'], string>> = {
  ok: 'No concern',
  flagged: 'Concern',
  indeterminate: 'Indeterminate',
  'not-computed': 'Not computed',
  'not-read': 'Not read',
  'not-published': 'Not published',
  'not-recorded': 'Not recorded',
};

export const VALIDITY_VERDICTS = ['valid', 'caution', 'not-interpretable'] as const;
export type ValidityVerdictName = (typeof VALIDITY_VERDICTS)[number];

/**
 * How far the profile may be interpreted (DESIGN.md "Validity verdict"): shown first on the results page and on
 * page 1 of every report. `patientFacingLevels` says whether the level words meant for the patient are shown, shown
 * marked with the caution, or withheld.
 */
export const ZValidityVerdict = z.object({
  verdict: z.enum(VALIDITY_VERDICTS),
  label: z.string(),
  summary: z.string(),
  action: z.string(),
  patientFacingLevels: z.enum(['show', 'show-marked', 'withhold']),
  reasons: z.array(
    z.object({
      code: z.string(),
      severity: z.enum(['caution', 'not-interpretable']),
      text: z.string(),
      short: z.string(),
      action: z.string(),
    }),
  ),
  notes: z.array(z.string()),
  rule: z.string(),
});
export type TValidityVerdict = z.infer<typeof ZValidityVerdict>;

/**
 * The ICD-11 trait domains of the PID5BF+M (docs/decisions/0074-the-pid5bfm-and-icd-11-trait-domains.md): six
 * domains with German T only (no US norms exist), read from a full-form test's 36 items or a PID5BF+M test.
 */
export const ZBfmDomainResult = z.object({
  key: z.string(),
  name: z.string(),
  /** The ICD-11 qualifier it gives; null for Psychoticism (DSM-5 only). */
  icd11Name: z.string().nullable(),
  dsm5Name: z.string().nullable(),
  isScored: z.boolean(),
  score: z.number().nullable(),
  de: ZGermanNormReading.nullable(),
});
export type TBfmDomainResult = z.infer<typeof ZBfmDomainResult>;

export const ZBfmResult = z.object({
  /** 'FULL': read from the 36 items of a full-form test; 'BFM': a test of the 36-item form itself. */
  administeredAs: z.enum(['FULL', 'BFM']),
  answered: z.int(),
  missing: z.int(),
  domains: z.array(ZBfmDomainResult),
  total: z.object({
    name: z.string(),
    isScored: z.boolean(),
    score: z.number().nullable(),
    answered: z.int(),
    nItems: z.int(),
    de: ZGermanNormReading.nullable(),
  }),
  /** Raw facet scores (2 items each; not normed). */
  facets: z.array(z.object({ key: z.string(), name: z.string(), domain: z.string(), score: z.number().nullable() })),
  group: ZGermanNormGroup,
  /** Always null: no US norms exist for the PID5BF+M. */
  usNorms: z.null(),
});
export type TBfmResult = z.infer<typeof ZBfmResult>;

/** A form that cannot give the ICD-11 trait domains: which PID5BF+M items it has of the 36. */
export const ZBfmUnavailable = z.object({ form: z.string(), present: z.int(), needed: z.int() });
export type TBfmUnavailable = z.infer<typeof ZBfmUnavailable>;

export const AMPD_TRAIT_RULES = ['reached', 'not-reached', 'undetermined'] as const;

/**
 * DSM-5 Section III trait profiles (AMPD Criterion B; docs/decisions/0075-ampd-trait-profiles.md): Criterion B
 * traits only, functioning (Criterion A) not measured, never a diagnosis.
 */
export const ZAmpdProfile = z.object({
  key: z.string(),
  name: z.string(),
  facets: z.array(
    z.object({
      key: z.string(),
      usT: z.number().nullable(),
      deT: z.number().nullable(),
      atOrAboveThreshold: z.boolean().nullable(),
      isRequired: z.boolean(),
    }),
  ),
  meanUsT: z.number().nullable(),
  meanUsTIsLowerBound: z.boolean(),
  meanDeT: z.number().nullable(),
  meanDeTIncludesExtrapolated: z.boolean(),
  assignedCount: z.int(),
  countAtOrAbove: z.int(),
  unscoredFacets: z.array(z.string()),
  minimumCount: z.int(),
  required: z.array(z.object({ anyOf: z.array(z.string()), met: z.boolean().nullable() })),
  traitRule: z.enum(AMPD_TRAIT_RULES),
  rule: z.string(),
});
export type TAmpdProfile = z.infer<typeof ZAmpdProfile>;

export const ZAmpdResult = z.object({
  threshold: z.object({
    norms: z.enum(['US', 'DE']),
    percentileAtLeast: z.number(),
    level: ZResultLevel.nullable(),
  }),
  profiles: z.array(ZAmpdProfile),
});
export type TAmpdResult = z.infer<typeof ZAmpdResult>;

export const ZAssessmentResults = z.object({
  assessmentId: z.number().int(),
  /** completed: finished and submitted; in-progress: not finished (only admins see these results). */
  status: z.enum(['completed', 'in-progress']),
  /**
   * frozen: the scores stored at submission; recomputed: a submitted test whose stored scores predate the current
   * scoring (no T, percentile or verdict), scored again from its stored answers; live: computed now from the answers
   * given so far (unfinished tests, admin data view only).
   */
  scoresSource: z.enum(['frozen', 'recomputed', 'live']),
  finishedAt: z.string().nullable(),
  answered: z.number().int(),
  missing: z.number().int(),
  /** The raw answers, one character per item ('0'-'3', '9' unanswered): in the admin view only (the data view). */
  responses: z.string().nullable(),
  instrument: z.object({ name: z.string(), form: z.string(), version: z.string() }),
  normsVersion: z.string(),
  /** The US norm sets and tables the scales are read in; null for the PID5BF+M, which has German norms only. */
  norms: z.object({ srf: ZNormSetDescription, irf: ZNormSetDescription }).nullable(),
  normTables: ZNormTablesDescription.nullable(),
  /**
   * The share of the US norm sample whose T lies from 40 to 60 on this form's scales, as the printed tables give it
   * (median, lowest, highest; proportions 0-1); null for the PID5BF+M, which has no US tables.
   */
  tMiddleShare: z.object({ median: z.number(), lowest: z.number(), highest: z.number() }).nullable(),
  /** The item texts the patient answered (the demonstration set or the institute's licensed set). */
  itemSet: z.object({
    id: z.string().nullable(),
    title: z.string().nullable(),
    isDemo: z.boolean().nullable(),
    /** The set's language (BCP 47) when its title is given: the title is in it, whatever the reader's language. */
    language: z.string().nullable().optional(),
  }),
  /** The level rule: each level from this printed US percentile (proportion 0-1) up. */
  levelCutoffs: z.array(z.object({ level: ZResultLevel, atLeast: z.number() })),
  /** Read this first: how far the profile can be interpreted, and what to do. */
  validityVerdict: ZValidityVerdict,
  /** 25 facets in the instrument's order (alphabetical by abbreviation). */
  facets: z.array(ZFacetResult),
  /** 5 domains in the APA Domain Table order. */
  domains: z.array(ZDomainResult),
  /** The form given: FULL, SF (100 items) or BF (25 items; domains and total only, no facets). */
  form: z.enum(ASSESSMENT_FORMS),
  /** Its name for headings and reports: "Brief form (PID-5-BF, 25 items)". */
  formName: z.string(),
  itemCount: z.int(),
  /** The brief form's total; null for the full and short forms, which have none. */
  total: ZTotalResult.nullable(),
  /** The German reference group and tables of the `de` readings; null when the form has no German tables. */
  germanNorms: ZGermanNorms.nullable().optional(),
  /** ICD-11 trait domains (PID5BF+M): from a full-form test; null for the short and brief forms. */
  bfm: ZBfmResult.nullable().optional(),
  /** Why this form gives no ICD-11 trait domains (short and brief form); null when it gives them. */
  bfmUnavailable: ZBfmUnavailable.nullable().optional(),
  /** AMPD trait profiles: full and short forms; null for the brief form. */
  ampd: ZAmpdResult.nullable().optional(),
  validity: z.object({
    /** Unanswered items of the form. */
    missing: z.number().int(),
    /** Facets not scored because more than 25 % of their items are missing. */
    unscoredFacets: z.array(z.string()),
    /** Every validity indicator of the form, published or not, in a fixed order. */
    scales: z.array(ZValidityScaleResult),
    /** The verdict's summary sentence (the same as `validityVerdict.summary`). */
    summary: z.string(),
  }),
});
export type TAssessmentResults = z.infer<typeof ZAssessmentResults>;

/** docs/product-spec.md §2 report dialog: the name printed on the report (sanitised on the server, see reports/report-name.ts). */
export const REPORT_NAME_MAX = 100;
export const ANONYMOUS_REPORT_NAME = 'Anonymous';

/** `GET /api/assessments/{id}/report.pdf?name=&tz=`. Both optional; the name is sanitised and checked on the server. */
export const ZReportQuery = z.object({
  name: z.string().max(2000, 'The name on the report is too long').optional(),
  /** The browser's IANA time zone, for today's date on the report; unknown zones fall back to UTC. */
  tz: z.string().max(64).optional(),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

/** `GET /api/assessments/{id}/score-report.pdf?tz=`: the clinician's score report prints the patient id, no name. */
export const ZScoreReportQuery = z.object({
  /** The browser's IANA time zone, for the dates on the report; unknown zones fall back to UTC. */
  tz: z.string().max(64).optional(),
});
export type TScoreReportQuery = z.infer<typeof ZScoreReportQuery>;

/**
 * `GET /api/assessments/export.csv`: the dashboard's own filters (search, status, form; none means every test the
 * view may see), and the numbers' precision: `screen` (default) rounds raw scores and z to the two decimals every
 * page shows; `full` keeps the exact values. T and percentiles are printed table cells either way.
 */
export const ZExportQuery = ZListAssessmentsQuery.pick({ search: true, status: true, form: true }).extend({
  precision: z.enum(['screen', 'full'], { error: "precision must be 'screen' or 'full'" }).default('screen'),
});
export type TExportQuery = z.infer<typeof ZExportQuery>;

/**
 * How every score is printed (results table, data view, PDF): two decimals, a real minus sign, '—' when not
 * scored. One function so the page and the report can never show different numbers.
 */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '—';
  }
  const fixed = Math.abs(value).toFixed(2);
  const isNegative = value < 0 && fixed !== '0.00';
  return isNegative ? `\u2212${fixed}` : fixed;
}

/** The one word for a scored scale below the Mild cut-off, in every view: page, both PDFs, CSV and dictionary. */
export const NO_LEVEL_LABEL = 'Not elevated';
/** The word for a scale that is not scored (too many unanswered items). */
export const NOT_SCORED_LABEL = 'Not scored';

/** A level in words: Mild / Moderate / High, 'Not elevated' below the Mild cut-off, 'Not scored' when not scored. */
export function formatLevel(scale: { level: ResultLevel | null; isScored: boolean }): string {
  if (!scale.isScored) {
    return NOT_SCORED_LABEL;
  }
  return scale.level ?? NO_LEVEL_LABEL;
}

/**
 * The name a report is saved as: what it is, the test's number and the day (`pid5-report-test-42-2026-11-29.pdf`), so
 * several downloads neither overwrite one another nor need renaming; no patient identifier (it is patient data).
 */
export function reportFileName(kind: 'report' | 'score-report', testId: number, day: Date): string {
  const date = [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
  return `pid5-${kind}-test-${testId}-${date}.pdf`;
}
