import { INSTRUMENT_VERSION, pid5Definition } from './definition';
import { classifyLevel, type Level } from './levels';
import type { FacetDefinition, NormSetDefinition, NormValue, Pid5Definition } from './definition-types';
import { DOMAIN_KEYS, FACET_KEYS, type DomainKey, type FacetKey } from './keys';
import { readNormTable, type NormReading } from './norm-lookup';
import { describeNormSet, formatNormsVersion, type NormField, type NormSetInfo, resolveNormSet } from './norm-sets';
import {
  describeNormTables,
  getNormTable,
  type NormTable,
  type NormTables,
  type NormTablesInfo,
  US_NORM_TABLES,
} from './norm-tables';
import { assertValidResponses, getAnswer, RESPONSES_LENGTH } from './responses';
import { scoreValidity, type ValidityResult } from './score-validity';
import { decideValidity, type ValidityVerdict } from './validity-verdict';

// Scoring of the 220-item PID-5 (adult self-report), DESIGN.md §5. Rules and sources:
// - Reverse-keyed items score 3 − answer (APA PID-5 Adult scoring key, Krueger et al. 2013, Step 1).
// - Facet score = mean of its answered (keyed) items: the product spec §5 rule ("the sum of answers divided by
//   the count of items minus the count of unanswered ones"). Not rounded: APA's paper key prorates to whole raw
//   points, which with no missing items is the same mean and otherwise differs by less than 0.5/n.
// - A facet with more than 25 % of its items unanswered is not scored (APA key: "If more than 25% of the items
//   within a trait facet are left unanswered, the corresponding facet score should not be used"), i.e. more
//   than the data's maxMissingItemsForScoring = floor(25 % of n) (validated when the definition loads).
// - Domain score = mean of its three primary facet scores (APA Domain Table); not scored when any of the three is
//   not scored (APA: "Domain scores should not be computed if any one of the three contributing facet scores
//   cannot be computed").
// - Standardised scores z = (score − mean) / sd for each norm set (norm-sets.ts); null when the set has no value
//   for the scale or the score is null.
// - US T and percentile: read from the printed table of the scale (Markon et al. 2024, or an institute's own
//   licensed tables), nearest printed raw score, both from the same row (norm-lookup.ts).
// - Level from the printed US percentile of the same row (levels.ts, data/pid5-levels.json): Mild from the 84th,
//   Moderate from the 93rd, High from the 98th percentile.

export interface StandardisedScores {
  /** z against the US general-population norms (Markon et al. 2024); see `ScoreResult.norms.srf`. */
  readonly srf: number | null;
  /** z against the German general-population norms (Zimmermann et al. 2026); see `ScoreResult.norms.irf`. */
  readonly irf: number | null;
  /** From the printed US percentile (`us.percentile`): Mild ≥ 0.84, Moderate ≥ 0.93, High ≥ 0.98 (levels.ts). */
  readonly level: Level | null;
  /**
   * T and percentile of the same printed row of the scale's US table (`ScoreResult.normTables`), with `capped`
   * when the score lies beyond the table; null when the scale is not scored.
   */
  readonly us: NormReading | null;
}

export interface FacetScore extends StandardisedScores {
  readonly key: FacetKey;
  readonly name: string;
  /** The domain this facet is a primary facet of, or null. */
  readonly domain: DomainKey | null;
  readonly nItems: number;
  readonly answered: number;
  readonly missing: number;
  /** Largest number of missing items for which the facet is still scored. */
  readonly maxMissing: number;
  readonly isScored: boolean;
  /** Mean keyed item score 0-3, or null when more than 25 % of the items are missing. */
  readonly score: number | null;
}

export interface DomainScore extends StandardisedScores {
  readonly key: DomainKey;
  readonly name: string;
  readonly facets: readonly [FacetKey, FacetKey, FacetKey];
  readonly isScored: boolean;
  /** The facets (of its three) that could not be scored. */
  readonly unscoredFacets: readonly FacetKey[];
  /** Mean of the three facet scores 0-3, or null. */
  readonly score: number | null;
}

export interface ScoreResult {
  readonly instrument: { readonly name: string; readonly form: string };
  /** Store with the result (assessments.instrument_version). */
  readonly instrumentVersion: string;
  /** Store with the result (assessments.norms_version): both norm sets' versions. */
  readonly normsVersion: string;
  /** What `srf` and `irf` mean: label, source and version of each norm set. */
  readonly norms: Readonly<Record<NormField, NormSetInfo>>;
  /** The tables `us` T scores and percentiles were read from. */
  readonly normTables: NormTablesInfo;
  readonly answered: number;
  readonly missing: number;
  /** In FACET_KEYS order. */
  readonly facets: Readonly<Record<FacetKey, FacetScore>>;
  /** In DOMAIN_KEYS order. */
  readonly domains: Readonly<Record<DomainKey, DomainScore>>;
  readonly validity: ValidityResult;
  /** The protocol's overall validity verdict with reasons and what to do (validity-verdict.ts). */
  readonly validityVerdict: ValidityVerdict;
}

export interface ScoreResponsesOptions {
  /** A different (validated) definition, e.g. in tests; defaults to the package's data. */
  readonly definition?: Pid5Definition;
  /** Norm tables for T and percentile (an institute's licensed file, `parseNormTables`); defaults to the US tables. */
  readonly normTables?: NormTables;
}

/** z = (score − mean) / sd, or null when either is missing. */
export function standardise(score: number | null, norm: NormValue | null): number | null {
  if (score === null || norm === null) {
    return null;
  }
  return (score - norm.mean) / norm.sd;
}

function standardiseAll(
  score: number | null,
  pick: (set: NormSetDefinition) => NormValue | null,
  sets: Readonly<Record<NormField, NormSetDefinition>>,
  table: NormTable,
): StandardisedScores {
  const srf = standardise(score, pick(sets.srf));
  const irf = standardise(score, pick(sets.irf));
  const us = score === null ? null : readNormTable(table, score);
  return { srf, irf, level: classifyLevel(us?.percentile ?? null), us };
}

/** Mean keyed score of a facet's answered items, with its missing count. */
export function scoreFacetItems(
  responses: string,
  facet: FacetDefinition,
): { score: number | null; answered: number; missing: number } {
  let total = 0;
  let answered = 0;
  for (const item of facet.items) {
    const answer = getAnswer(responses, item);
    if (answer === null) {
      continue;
    }
    total += facet.reverseKeyedItems.includes(item) ? 3 - answer : answer;
    answered++;
  }
  const missing = facet.items.length - answered;
  const isScored = missing <= facet.maxMissingItemsForScoring && answered > 0;
  return { score: isScored ? total / answered : null, answered, missing };
}

/**
 * Score a 220-character response string ('0'-'3' answered, '9' or '.' missing). Throws InvalidResponsesError
 * naming the first bad position when the string is malformed.
 */
export function scoreResponses(responses: string, options: ScoreResponsesOptions = {}): ScoreResult {
  assertValidResponses(responses);
  const definition = options.definition ?? pid5Definition;
  const normTables = options.normTables ?? US_NORM_TABLES;
  const sets = { srf: resolveNormSet(definition, 'srf'), irf: resolveNormSet(definition, 'irf') };

  const facets = {} as Record<FacetKey, FacetScore>;
  for (const facet of definition.facets) {
    const { score, answered, missing } = scoreFacetItems(responses, facet);
    facets[facet.key] = {
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      nItems: facet.items.length,
      answered,
      missing,
      maxMissing: facet.maxMissingItemsForScoring,
      isScored: score !== null,
      score,
      ...standardiseAll(score, (set) => set.facets[facet.key], sets, getNormTable(normTables, 'FULL', facet.key)),
    };
  }

  const domains = {} as Record<DomainKey, DomainScore>;
  for (const domain of definition.domains) {
    const facetScores = domain.facets.map((key) => facets[key].score);
    const unscoredFacets = domain.facets.filter((key) => facets[key].score === null);
    const score =
      unscoredFacets.length === 0 ? facetScores.reduce<number>((total, s) => total + (s ?? 0), 0) / 3 : null;
    domains[domain.key] = {
      key: domain.key,
      name: domain.name,
      facets: domain.facets,
      isScored: score !== null,
      unscoredFacets,
      score,
      ...standardiseAll(score, (set) => set.domains[domain.key], sets, getNormTable(normTables, 'FULL', domain.key)),
    };
  }

  const norms = { srf: describeNormSet(definition, 'srf'), irf: describeNormSet(definition, 'irf') };
  const validity = scoreValidity(responses, definition, normTables);
  const unscoredScales = [...Object.values(facets), ...Object.values(domains)]
    .filter((scale) => !scale.isScored)
    .map((scale) => scale.name);
  return {
    instrument: { name: definition.instrument, form: definition.form },
    instrumentVersion: INSTRUMENT_VERSION,
    normsVersion: formatNormsVersion(norms, normTables),
    norms,
    normTables: describeNormTables(normTables),
    answered: RESPONSES_LENGTH - validity.missing,
    missing: validity.missing,
    facets: orderByKeys(FACET_KEYS, facets),
    domains: orderByKeys(DOMAIN_KEYS, domains),
    validity,
    validityVerdict: decideValidity({
      form: 'FULL',
      formName: 'full form',
      itemCount: RESPONSES_LENGTH,
      missing: validity.missing,
      unscoredScales,
      inconsistency: validity.INC,
      ors: validity.ORS,
      prd: validity.PRD,
      sdtd: validity.SDTD,
    }),
  };
}

function orderByKeys<K extends string, V>(keys: readonly K[], record: Record<K, V>): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Record<K, V>;
}
