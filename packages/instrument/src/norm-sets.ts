import type { NormSetDefinition, Pid5Definition } from './definition-types';

// The two reference groups every result is standardised against. The product spec names the two standardised
// scores "SRF" and "IRF" (docs/product-spec.md §3, §5). SRF is the APA abbreviation for the self-report form and its US norms;
// the spec's IRF was most probably informant-report norms, which no accessible source publishes (data notes
// §7c, the data's `IRF` entry is all null). DESIGN.md "Scoring (packages/instrument)" therefore keeps the field name `irf` but fills it with
// the German population-representative self-report norms. The UI and report must show `label`/`source` of
// each set, never call the second one "informant". The data's `US-2012` set is partial and unverified
// (pid5-norms.NOTES.md §4) and is not used.

/** Field names of the two standardised scores in every result (and in the CLI JSON). */
export const NORM_FIELDS = ['srf', 'irf'] as const;

export type NormField = (typeof NORM_FIELDS)[number];

export interface NormSetInfo {
  /** The result field this set fills. */
  readonly field: NormField;
  /** Id of the set in data/pid5-scoring.json → norms. */
  readonly id: string;
  /** Version of the numbers (stored with each result); bump when the data changes. */
  readonly version: string;
  /** Short name for table headers and chart legends. */
  readonly shortLabel: string;
  /** Full description of the reference group (from the data). */
  readonly label: string;
  /** Full citation and provenance of the numbers (from the data). */
  readonly source: string;
  /** Short citation for footnotes. */
  readonly citation: string;
  readonly sampleN: number | null;
  /** The language of the questionnaire version the norm sample answered (a BCP 47 primary tag). */
  readonly sampleLanguage: string;
  /** How the z scores of this set were obtained for the form given, and what is not available. */
  readonly note: string;
}

interface NormSetChoice {
  readonly id: string;
  readonly version: string;
  readonly shortLabel: string;
  readonly citation: string;
  readonly sampleLanguage: string;
  readonly note: string;
}

const NORM_SET_CHOICES: Readonly<Record<NormField, NormSetChoice>> = {
  // Markon, Fossati, Somma & Krueger (2024), Tables: US Census-matched panel, N = 995. Means/SDs derived
  // from the book's linear T-score tables (mean = raw at T50, sd = (raw at T70 − raw at T50) / 2), ±0.005.
  srf: {
    id: 'SRF',
    version: 'SRF@markon2024-derived-1',
    shortLabel: 'US general population',
    citation: 'Markon, Fossati, Somma & Krueger (2024)',
    sampleLanguage: 'en',
    note:
      'z = (score − mean) / sd, with mean and sd derived from the printed T tables (mean = raw score at T 50, ' +
      'sd = half the distance from T 50 to T 70; ±0.005). T scores and percentiles are not computed from z: they ' +
      'are read from the printed tables themselves.',
  },
  // Zimmermann, Kerber, Kemper & Weweck (2026): German GESIS Panel, N = 4,727, overall adult group. Means/SDs derived
  // from the published percentile tables (jzpsych/pid5-norms-platform @ ab2db96); a preprint (PsyArXiv, version 2).
  irf: {
    id: 'DE-GESIS-2026',
    version: 'DE-GESIS-2026@ab2db96-derived-1',
    shortLabel: 'German general population',
    citation: 'Zimmermann, Kerber, Kemper & Weweck (2026)',
    sampleLanguage: 'de',
    note:
      'z only: mean and sd derived from the percentile tables of the 220-item form (German-language form; ' +
      'preprint). No T or percentile table of this set is used here.',
  },
};

export function resolveNormSet(definition: Pid5Definition, field: NormField): NormSetDefinition {
  const { id } = NORM_SET_CHOICES[field];
  const set = definition.norms[id];
  if (set === undefined) {
    throw new Error(`Norm set ${id} (${field}) is not in the scoring definition`);
  }
  return set;
}

export function describeNormSet(definition: Pid5Definition, field: NormField): NormSetInfo {
  const choice = NORM_SET_CHOICES[field];
  const set = resolveNormSet(definition, field);
  return {
    field,
    id: choice.id,
    version: choice.version,
    shortLabel: choice.shortLabel,
    label: set.label,
    source: set.source ?? choice.citation,
    citation: choice.citation,
    sampleN: set.sampleN,
    sampleLanguage: choice.sampleLanguage,
    note: choice.note,
  };
}

/**
 * The norm sets as they apply to the short and brief forms. US z: from a straight line fitted through the form's
 * own printed T table (pid5-norm-tables.json `linearFit`: fitted for this product, the book prints no means or
 * SDs). German z: not available, its means and SDs were derived for the 220-item form only.
 */
export function describeShortFormNormSets(
  definition: Pid5Definition,
  form: 'SF' | 'BF',
  tablesVersion: string,
): Record<NormField, NormSetInfo> {
  const srf = describeNormSet(definition, 'srf');
  const irf = describeNormSet(definition, 'irf');
  return {
    srf: {
      ...srf,
      id: `US-Markon2024-${form}-linear`,
      version: `${tablesVersion}-linearfit`,
      note:
        `z = (score − mean) / sd, with mean and sd from a least-squares line through the ${form} form's printed T ` +
        'table (fitted for this product; the book prints no means or SDs). T scores and percentiles are read ' +
        'from the printed table itself.',
    },
    irf: {
      ...irf,
      version: `${irf.id}@not-for-${form}`,
      note: 'Not available for this form: the German means and SDs were derived for the 220-item form only.',
    },
  };
}

/**
 * The norms version string stored with a result (assessments.norms_version): both sets in field order, then the
 * tables the T scores and percentiles were read from.
 */
export function formatNormsVersion(
  sets: Readonly<Record<NormField, NormSetInfo>>,
  tables: { readonly version: string },
): string {
  return [...NORM_FIELDS.map((field) => sets[field].version), tables.version].join('+');
}
