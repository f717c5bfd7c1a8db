import type { NormValue } from './definition-types';
import type { FormInfo } from './forms';
import type { ResponseTimeResult } from './response-time';
import type { DomainKey, FacetKey, FormId } from './keys';
import { classifyLevel, type Level } from './levels';
import { readNormTable, type NormReading } from './norm-lookup';
import type { NormField, NormSetInfo } from './norm-sets';
import type { NormTable, NormTablesInfo } from './norm-tables';
import { getAnswer } from './responses';
import type { ValidityVerdict } from './validity-verdict';

// What every form's scoring shares (DESIGN.md "Scoring (packages/instrument)"): a scale made of items is the mean of its answered keyed items,
// not scored when more than its maxMissingItemsForScoring are missing; a domain made of facets is the mean of its
// three primary facets, not scored when one of them is not; every scored scale gets its z scores, the T and
// percentile of one printed row of its US table, and a level from that percentile.

export interface StandardisedScores {
  /** z against the US general-population norms (Markon et al. 2024); see the result's `norms.srf`. */
  readonly srf: number | null;
  /** z against the German general-population norms (Zimmermann et al. 2026); see `norms.irf`. */
  readonly irf: number | null;
  /** From the printed US percentile (`us.percentile`): Mild ≥ 0.84, Moderate ≥ 0.93, High ≥ 0.98 (levels.ts). */
  readonly level: Level | null;
  /**
   * T and percentile of the same printed row of the scale's US table (the result's `normTables`, the form's own
   * table), with `capped` when the score lies beyond the table; null when the scale is not scored.
   */
  readonly us: NormReading | null;
}

/** A scale scored from items: facets, brief-form domains and the brief-form total. */
export interface ItemScaleCounts {
  readonly nItems: number;
  readonly answered: number;
  readonly missing: number;
  /** Largest number of missing items for which the scale is still scored. */
  readonly maxMissing: number;
  readonly isScored: boolean;
  /** Mean keyed item score 0-3, or null when too many items are missing. */
  readonly score: number | null;
}

export interface FacetScore extends StandardisedScores, ItemScaleCounts {
  readonly key: FacetKey;
  readonly name: string;
  /** The domain this facet is a primary facet of, or null. */
  readonly domain: DomainKey | null;
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

/** What the results of every form have in common. */
export interface ScoreResultBase {
  readonly form: FormId;
  /** Label, item count and time of the form that was given. */
  readonly formInfo: FormInfo;
  readonly instrument: { readonly name: string; readonly form: string };
  /** Store with the result (assessments.instrument_version). */
  readonly instrumentVersion: string;
  /** Store with the result (assessments.norms_version): both norm sets' versions and the tables'. */
  readonly normsVersion: string;
  /** What `srf` and `irf` mean for this form: label, source, version and a note on each. */
  readonly norms: Readonly<Record<NormField, NormSetInfo>>;
  /** The tables `us` T scores and percentiles were read from. */
  readonly normTables: NormTablesInfo;
  readonly answered: number;
  readonly missing: number;
  /** The response-time check (response-time.ts); absent when the answers were scored without their times. */
  readonly responseTime?: ResponseTimeResult | null;
  /** The protocol's overall validity verdict with reasons and what to do (validity-verdict.ts). */
  readonly validityVerdict: ValidityVerdict;
}

/** The items and keying a scale is scored from (facet, brief-form domain or total). */
export interface ItemScaleKey {
  readonly items: readonly number[];
  readonly reverseKeyedItems: readonly number[];
  readonly maxMissingItemsForScoring: number;
}

/**
 * Mean keyed score of a scale's answered items (positions in the form's response string), with its counts.
 * Reverse-keyed items score 3 − answer (APA key Step 1). Not scored with more than maxMissingItemsForScoring
 * missing (APA: more than 25 % of the items). Not rounded: the APA paper key prorates to whole raw points, which on
 * complete data is the same mean and otherwise differs by less than 0.5/n (DESIGN.md "Scoring (packages/instrument)").
 */
export function scoreItemScale(responses: string, scale: ItemScaleKey): ItemScaleCounts {
  let total = 0;
  let answered = 0;
  for (const item of scale.items) {
    const answer = getAnswer(responses, item);
    if (answer === null) {
      continue;
    }
    total += scale.reverseKeyedItems.includes(item) ? 3 - answer : answer;
    answered++;
  }
  const missing = scale.items.length - answered;
  const isScored = missing <= scale.maxMissingItemsForScoring && answered > 0;
  return {
    nItems: scale.items.length,
    answered,
    missing,
    maxMissing: scale.maxMissingItemsForScoring,
    isScored,
    score: isScored ? total / answered : null,
  };
}

/** z = (score − mean) / sd, or null when either is missing. */
export function standardise(score: number | null, norm: NormValue | null): number | null {
  if (score === null || norm === null) {
    return null;
  }
  return (score - norm.mean) / norm.sd;
}

/** z scores, the reading of the scale's US table and the level from its printed percentile. */
export function normScores(
  score: number | null,
  norms: { readonly srf: NormValue | null; readonly irf: NormValue | null },
  table: NormTable,
): StandardisedScores {
  const us = score === null ? null : readNormTable(table, score);
  return {
    srf: standardise(score, norms.srf),
    irf: standardise(score, norms.irf),
    level: classifyLevel(us?.percentile ?? null),
    us,
  };
}

/** Each domain as the mean of its three primary facets; null when one of them is not scored (APA key Step 3). */
export function scoreDomainsFromFacets(
  domains: readonly {
    readonly key: DomainKey;
    readonly name: string;
    readonly facets: readonly [FacetKey, FacetKey, FacetKey];
  }[],
  facets: Readonly<Record<FacetKey, { readonly score: number | null }>>,
  normsOf: (key: DomainKey, score: number | null) => StandardisedScores,
): Record<DomainKey, DomainScore> {
  const result = {} as Record<DomainKey, DomainScore>;
  for (const domain of domains) {
    const unscoredFacets = domain.facets.filter((key) => facets[key].score === null);
    const score =
      unscoredFacets.length === 0
        ? domain.facets.reduce((total, key) => total + (facets[key].score ?? 0), 0) / 3
        : null;
    result[domain.key] = {
      key: domain.key,
      name: domain.name,
      facets: domain.facets,
      isScored: score !== null,
      unscoredFacets,
      score,
      ...normsOf(domain.key, score),
    };
  }
  return result;
}

export function orderByKeys<K extends string, V>(keys: readonly K[], record: Record<K, V>): Record<K, V> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Record<K, V>;
}
