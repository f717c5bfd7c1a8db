import { z } from 'zod';
import { ASSESSMENT_FORMS } from './assessments';

// Results of an assessment (product spec §3 "Scoring results", DESIGN.md §5): `GET /api/assessments/{id}/results`,
// the data view, the results panel of the details page and the PDF report all read this one shape, and print
// numbers with `formatScore`, so the page and the report show the same values.
//
// The two standardised scores keep the spec's field names: `srf` is standardised against the US general-population
// norms (Markon et al. 2024), `irf` against the German general-population norms (Zimmermann et al. 2026). The
// second set is NOT an informant-report set: always show each set by its `shortLabel`/`label` and `citation`.

/** Spec §9 cut-off labels, on the srf score. */
export const RESULT_LEVELS = ['Mild', 'Moderate', 'High'] as const;
export type ResultLevel = (typeof RESULT_LEVELS)[number];
export const ZResultLevel = z.enum(RESULT_LEVELS);

export const NORM_FIELD_NAMES = ['srf', 'irf'] as const;
export type NormFieldName = (typeof NORM_FIELD_NAMES)[number];

const ZScaleResultBase = z.object({
  key: z.string(),
  name: z.string(),
  isScored: z.boolean(),
  /** Mean keyed item score 0-3 (facets), or mean of the three facet scores (domains); null when not scored. */
  score: z.number().nullable(),
  /** Standardised against the US general-population norms (see `norms.srf`). */
  srf: z.number().nullable(),
  /** Standardised against the German general-population norms (see `norms.irf`). */
  irf: z.number().nullable(),
  /** From srf: Mild ≥ 1.5, Moderate ≥ 2, High ≥ 3; null below 1.5 or when not scored. */
  level: ZResultLevel.nullable(),
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
  /** Brief form only (issue 18): the domain's items (5), answered, missing, and the most missing still scored (1). */
  items: z.object({ nItems: z.int(), answered: z.int(), missing: z.int(), maxMissing: z.int() }).nullable().optional(),
});
export type TDomainResult = z.infer<typeof ZDomainResult>;

/** The brief form's total score (issue 18): the mean of all 25 items (Markon et al. 2024, p. 23). */
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
});
export type TNormSetDescription = z.infer<typeof ZNormSetDescription>;

/** INCS: the short form's inconsistency scale (INC-S, issue 18). */
export const VALIDITY_SCALE_KEYS = ['INC', 'ORS', 'PRD', 'SDTD', 'INCS'] as const;

export const ZValidityScaleResult = z.object({
  key: z.enum(VALIDITY_SCALE_KEYS),
  name: z.string(),
  source: z.string(),
  nItems: z.number().int(),
  missing: z.number().int(),
  isComputed: z.boolean(),
  score: z.number().nullable(),
  /** The scale's flag as data: 'inconsistent', 'over-reporting', 'positive-impression', 'genuine', … or null. */
  flag: z.string().nullable(),
  /** True when the flag is a reason to read the profile with caution. */
  isConcern: z.boolean(),
  /** The cut-offs in words ("17 or more suggests inconsistent responding"). */
  cutoffs: z.string(),
  /** What the result means, in plain words. */
  statement: z.string(),
});
export type TValidityScaleResult = z.infer<typeof ZValidityScaleResult>;

export const ZAssessmentResults = z.object({
  assessmentId: z.number().int(),
  /** completed: finished and submitted; in-progress: not finished (only admins see these results). */
  status: z.enum(['completed', 'in-progress']),
  /** frozen: the scores stored at submission; live: computed now from the answers given so far. */
  scoresSource: z.enum(['frozen', 'live']),
  finishedAt: z.string().nullable(),
  answered: z.number().int(),
  missing: z.number().int(),
  /** The raw answers, one character per item ('0'-'3', '9' unanswered): in the admin view only (the data view). */
  responses: z.string().nullable(),
  instrument: z.object({ name: z.string(), form: z.string(), version: z.string() }),
  normsVersion: z.string(),
  norms: z.object({ srf: ZNormSetDescription, irf: ZNormSetDescription }),
  /** The item texts the patient answered (the demonstration set or the institute's licensed set). */
  itemSet: z.object({ id: z.string().nullable(), title: z.string().nullable(), isDemo: z.boolean().nullable() }),
  levelCutoffs: z.array(z.object({ level: ZResultLevel, atLeast: z.number() })),
  /** 25 facets in the instrument's order (alphabetical by abbreviation). */
  facets: z.array(ZFacetResult),
  /** 5 domains in the APA Domain Table order. */
  domains: z.array(ZDomainResult),
  /** The form given (issue 18): FULL, SF (100 items) or BF (25 items; domains and total only, no facets). */
  form: z.enum(ASSESSMENT_FORMS),
  /** Its name for headings and reports: "Brief form (PID-5-BF, 25 items)". */
  formName: z.string(),
  itemCount: z.int(),
  /** The brief form's total; null for the full and short forms, which have none. */
  total: ZTotalResult.nullable(),
  validity: z.object({
    /** Unanswered items of the form's (220, 100 or 25). */
    missing: z.number().int(),
    /** Facets not scored because more than 25 % of their items are missing. */
    unscoredFacets: z.array(z.string()),
    scales: z.array(ZValidityScaleResult),
    /** One or two sentences on how far the profile can be relied on. */
    summary: z.string(),
  }),
});
export type TAssessmentResults = z.infer<typeof ZAssessmentResults>;

/** Spec §2 report dialog: the name printed on the report (sanitised on the server, see reports/report-name.ts). */
export const REPORT_NAME_MAX = 100;
export const ANONYMOUS_REPORT_NAME = 'Anonymous';

/** `GET /api/assessments/{id}/report.pdf?name=&tz=`. Both optional; the name is sanitised and checked on the server. */
export const ZReportQuery = z.object({
  name: z.string().max(2000, 'The name on the report is too long').optional(),
  /** The browser's IANA time zone, for today's date on the report; unknown zones fall back to UTC. */
  tz: z.string().max(64).optional(),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

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

/** A level for tables: Mild / Moderate / High, '—' below the Mild cut-off, 'Not scored' when not scored. */
export function formatLevel(scale: { level: ResultLevel | null; isScored: boolean }): string {
  if (!scale.isScored) {
    return 'Not scored';
  }
  return scale.level ?? '—';
}
