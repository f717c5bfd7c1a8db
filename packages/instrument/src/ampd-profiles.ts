import { z } from 'zod';
import ampdJson from './data/ampd-trait-profiles.json' with { type: 'json' };
import {
  type GermanNormReading,
  type GermanReferenceGroup,
  type NormReference,
  readGermanNorm,
  resolveGermanReferenceGroup,
} from './de-norm-lookup';
import { DE_NORM_TABLES, type GermanNormTables } from './de-norm-tables';
import { FACET_KEYS, type FacetKey, isFacetKey } from './keys';
import { getLevelDefinition, type Level } from './levels';
import type { Capped } from './norm-lookup';
import { summariseProblems } from './validate-definition';

// DSM-5 Section III trait profiles (AMPD Criterion B) of the six specific personality disorders, from the full or
// short form's 25 facets (docs/decisions/0075-ampd-trait-profiles.md; data/ampd-trait-profiles.json and its NOTES
// file say what was read in the manual and in Samuel et al. 2013). Per disorder:
// - dimensional: the mean T of its assigned facets (US T; German T beside it), the form Samuel et al. (2013) found to
//   reproduce the DSM-IV types best (a sum of the assigned traits, median convergent r = .61);
// - a count: how many assigned facets are at or above a threshold (default the Moderate level, the 93rd percentile;
//   an institute may set its own), with the manual's minimum and its required facets marked met or not.
// Criterion B only: personality functioning (Criterion A) is not measured by the PID-5, so a reached trait pattern is
// never a diagnosis; every view says so (trait-model-word-keys.ts). Not for the brief form (it has no facets) nor the
// PID5BF+M (it lacks most assigned facets).

export const AMPD_DISORDER_KEYS = ['ASPD', 'AvPD', 'BPD', 'NPD', 'OCPD', 'STPD'] as const;

export type AmpdDisorderKey = (typeof AMPD_DISORDER_KEYS)[number];

/** The forms with the 25 facets the profiles need. */
export const AMPD_FORMS = ['FULL', 'SF'] as const;

export type AmpdForm = (typeof AMPD_FORMS)[number];

export interface AmpdDisorderDefinition {
  readonly key: AmpdDisorderKey;
  readonly name: string;
  /** The assigned facets, in the manual's order. */
  readonly facets: readonly FacetKey[];
  /** The manual's minimum number of assigned traits. */
  readonly minimumCount: number;
  /** Each entry: at least one of these facets must be among those counted (e.g. borderline: Imp, Ris or Hos). */
  readonly requiredAnyOf: readonly (readonly FacetKey[])[];
  /** The manual's rule in words. */
  readonly rule: string;
  /** What of the entry was read, and where (NOTES file). */
  readonly evidence: { readonly facets: string; readonly rule: string };
}

const ZFile = z.object({
  description: z.string().min(1),
  model: z.string().min(1),
  facetNames: z.string().min(1),
  sources: z
    .array(z.object({ id: z.string().min(1), citation: z.string().min(1), readHere: z.string().min(1) }))
    .min(1),
  disorders: z.array(
    z.object({
      key: z.string(),
      name: z.string().min(1),
      facets: z.array(z.string()),
      minimumCount: z.int(),
      requiredAnyOf: z.array(z.array(z.string())),
      rule: z.string().min(1),
      evidence: z.object({ facets: z.string().min(1), rule: z.string().min(1) }),
    }),
  ),
});

export class AmpdDefinitionError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid AMPD trait profiles: ${summariseProblems(problems)}`);
    this.name = 'AmpdDefinitionError';
    this.problems = problems;
  }
}

export type AmpdDefinitionValidation =
  | { readonly ok: true; readonly disorders: readonly AmpdDisorderDefinition[] }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Check the profiles data: the six disorders in order, known and distinct facets, a reachable minimum, required facets among the assigned. */
export function validateAmpdDefinition(raw: unknown): AmpdDefinitionValidation {
  const parsed = ZFile.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`) };
  }
  const problems: string[] = [];
  const disorders = parsed.data.disorders;
  if (disorders.map((d) => d.key).join(',') !== AMPD_DISORDER_KEYS.join(',')) {
    problems.push(`disorders must be ${AMPD_DISORDER_KEYS.join(', ')} in this order`);
  }
  for (const disorder of disorders) {
    const where = disorder.key;
    for (const facet of disorder.facets) {
      if (!isFacetKey(facet)) {
        problems.push(`${where}: ${facet} is not a PID-5 facet (${FACET_KEYS.join(', ')})`);
      }
    }
    if (new Set(disorder.facets).size !== disorder.facets.length) {
      problems.push(`${where}: a facet is listed twice`);
    }
    if (disorder.minimumCount < 1 || disorder.minimumCount > disorder.facets.length) {
      problems.push(`${where}: minimum ${disorder.minimumCount} must be 1-${disorder.facets.length} (its facets)`);
    }
    for (const group of disorder.requiredAnyOf) {
      if (group.length === 0 || group.some((facet) => !disorder.facets.includes(facet))) {
        problems.push(`${where}: required facets ${group.join(', ')} must be some of its assigned facets`);
      }
    }
  }
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  return { ok: true, disorders: disorders as unknown as readonly AmpdDisorderDefinition[] };
}

export function parseAmpdDefinition(raw: unknown): readonly AmpdDisorderDefinition[] {
  const result = validateAmpdDefinition(raw);
  if (!result.ok) {
    throw new AmpdDefinitionError(result.problems);
  }
  return result.disorders;
}

/** The six disorders' Criterion B, validated when this module is first imported. */
export const AMPD_DISORDERS: readonly AmpdDisorderDefinition[] = parseAmpdDefinition(ampdJson as unknown);

/** When an assigned facet counts: its percentile (US or German) at or above a cut-off, e.g. a level's. */
export interface AmpdThreshold {
  /** Which norm sample's percentile is compared: the US tables' (the product's levels) or the German ones. */
  readonly norms: 'US' | 'DE';
  /** A proportion 0-1, compared with the facet's percentile (≥). */
  readonly percentileAtLeast: number;
  /** The level whose cut-off it is, or null for an institute's own cut-off. */
  readonly level: Level | null;
}

/** A threshold at a level's cut-off (Mild 0.84, Moderate 0.93, High 0.98) or at an institute's own percentile. */
export function ampdThreshold(
  options:
    | { readonly level: Level; readonly norms?: 'US' | 'DE' }
    | { readonly percentileAtLeast: number; readonly norms?: 'US' | 'DE' },
): AmpdThreshold {
  const norms = options.norms ?? 'US';
  if ('level' in options) {
    return { norms, percentileAtLeast: getLevelDefinition(options.level).percentileAtLeast, level: options.level };
  }
  if (!(options.percentileAtLeast > 0 && options.percentileAtLeast < 1)) {
    throw new RangeError(`A threshold is a percentile between 0 and 1 (exclusive), got ${options.percentileAtLeast}`);
  }
  return { norms, percentileAtLeast: options.percentileAtLeast, level: null };
}

/** The default: the Moderate level on the US percentile (the 93rd, about T 65). */
export const DEFAULT_AMPD_THRESHOLD: AmpdThreshold = ampdThreshold({ level: 'Moderate' });

/** What the profiles need of a full- or short-form result (a fresh or a stored one). */
export interface AmpdInput {
  readonly form: AmpdForm;
  readonly facets: Readonly<
    Record<
      FacetKey,
      {
        readonly score: number | null;
        readonly us: { readonly t: number; readonly percentile: number; readonly capped: Capped } | null;
      }
    >
  >;
}

export interface AmpdFacetReading {
  readonly key: FacetKey;
  readonly isScored: boolean;
  readonly us: { readonly t: number; readonly percentile: number; readonly capped: Capped } | null;
  /** Null when no reference was given, or the facet is not scored. */
  readonly de: GermanNormReading | null;
  /** Null when the facet is not scored (or, for a German threshold, has no German reading). */
  readonly atOrAboveThreshold: boolean | null;
  /** One of the manual's required facets (a required group's member). */
  readonly isRequired: boolean;
}

export interface AmpdRequirement {
  readonly anyOf: readonly FacetKey[];
  /** Null when none is at or above and one of them is not scored. */
  readonly met: boolean | null;
  readonly metBy: readonly FacetKey[];
}

/** Whether the counted facets reach the manual's trait rule: a statement about Criterion B only, never a diagnosis. */
export type AmpdTraitRule = 'reached' | 'not-reached' | 'undetermined';

export interface AmpdProfile {
  readonly key: AmpdDisorderKey;
  readonly name: string;
  readonly facets: readonly AmpdFacetReading[];
  /** Mean US T of the assigned facets; null when one is not scored. */
  readonly meanUsT: number | null;
  /** A facet's score lies above its US table, so its T (and the mean) is a lower bound ("≥"). */
  readonly meanUsTIsLowerBound: boolean;
  /** Mean German T of the assigned facets (percentile-based T); null without a reference or with an unscored facet. */
  readonly meanDeT: number | null;
  /** A facet's German row is an extrapolation of the norming model. */
  readonly meanDeTIncludesExtrapolated: boolean;
  readonly assignedCount: number;
  readonly countAtOrAbove: number;
  readonly unscoredFacets: readonly FacetKey[];
  readonly minimumCount: number;
  readonly required: readonly AmpdRequirement[];
  readonly traitRule: AmpdTraitRule;
  readonly rule: string;
}

export interface AmpdProfiles {
  readonly form: AmpdForm;
  readonly threshold: AmpdThreshold;
  /** The German reference group read, or null when no reference was given. */
  readonly germanGroup: GermanReferenceGroup | null;
  /** In AMPD_DISORDER_KEYS order. */
  readonly profiles: Readonly<Record<AmpdDisorderKey, AmpdProfile>>;
}

export interface AmpdOptions {
  /** Default: the Moderate level on the US percentile. */
  readonly threshold?: AmpdThreshold;
  /** The patient's gender and age for the German T; required for a German threshold. */
  readonly reference?: NormReference;
  readonly normTables?: GermanNormTables;
}

export function isAmpdForm(form: string): form is AmpdForm {
  return (AMPD_FORMS as readonly string[]).includes(form);
}

/** The six trait profiles of a full- or short-form result. */
export function scoreAmpdProfiles(result: AmpdInput, options: AmpdOptions = {}): AmpdProfiles {
  if (!isAmpdForm(result.form)) {
    throw new Error(
      `AMPD trait profiles need the 25 facets of the full or short form, not form ${String(result.form)}`,
    );
  }
  const threshold = options.threshold ?? DEFAULT_AMPD_THRESHOLD;
  if (threshold.norms === 'DE' && options.reference === undefined) {
    throw new Error('A German threshold needs the patient’s reference (gender and age)');
  }
  const group = options.reference === undefined ? null : resolveGermanReferenceGroup(options.reference);
  const normTables = options.normTables ?? DE_NORM_TABLES;
  // Each facet is read once, whichever disorders it is assigned to.
  const readings = new Map<FacetKey, Omit<AmpdFacetReading, 'isRequired'>>();
  const readingOf = (key: FacetKey): Omit<AmpdFacetReading, 'isRequired'> => {
    const cached = readings.get(key);
    if (cached !== undefined) {
      return cached;
    }
    const facet = result.facets[key];
    const de =
      group === null || facet.score === null ? null : readGermanNorm(result.form, key, facet.score, group, normTables);
    const percentile = threshold.norms === 'US' ? (facet.us?.percentile ?? null) : (de?.percentile ?? null);
    const reading = {
      key,
      isScored: facet.score !== null,
      us: facet.us === null ? null : { t: facet.us.t, percentile: facet.us.percentile, capped: facet.us.capped },
      de,
      atOrAboveThreshold:
        facet.score === null || percentile === null ? null : percentile >= threshold.percentileAtLeast,
    };
    readings.set(key, reading);
    return reading;
  };

  const profiles = {} as Record<AmpdDisorderKey, AmpdProfile>;
  for (const disorder of AMPD_DISORDERS) {
    const required = new Set(disorder.requiredAnyOf.flat());
    const facets = disorder.facets.map((key): AmpdFacetReading => ({
      ...readingOf(key),
      isRequired: required.has(key),
    }));
    const at = facets.filter((f) => f.atOrAboveThreshold === true).map((f) => f.key);
    const unknown = facets.filter((f) => f.atOrAboveThreshold === null).map((f) => f.key);
    const requirements = disorder.requiredAnyOf.map((anyOf): AmpdRequirement => {
      const metBy = anyOf.filter((key) => at.includes(key));
      return { anyOf, metBy, met: metBy.length > 0 ? true : anyOf.some((key) => unknown.includes(key)) ? null : false };
    });
    const traitRule: AmpdTraitRule =
      at.length + unknown.length < disorder.minimumCount || requirements.some((r) => r.met === false)
        ? 'not-reached'
        : at.length >= disorder.minimumCount && requirements.every((r) => r.met === true)
          ? 'reached'
          : 'undetermined';
    const usTs = facets.map((f) => f.us?.t ?? null);
    const deTs = facets.map((f) => f.de?.t ?? null);
    profiles[disorder.key] = {
      key: disorder.key,
      name: disorder.name,
      facets,
      meanUsT: mean(usTs),
      meanUsTIsLowerBound: facets.some((f) => f.us?.capped === 'above'),
      meanDeT: mean(deTs),
      meanDeTIncludesExtrapolated: facets.some((f) => f.de?.extrapolated === true),
      assignedCount: disorder.facets.length,
      countAtOrAbove: at.length,
      unscoredFacets: facets.filter((f) => !f.isScored).map((f) => f.key),
      minimumCount: disorder.minimumCount,
      required: requirements,
      traitRule,
      rule: disorder.rule,
    };
  }
  return { form: result.form, threshold, germanGroup: group, profiles };
}

/** The mean, or null when a value is missing (a profile's mean needs every assigned facet, as a domain needs its three). */
function mean(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) {
    return null;
  }
  return (values as number[]).reduce((sum, v) => sum + v, 0) / values.length;
}
