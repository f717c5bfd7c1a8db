import type { BfTotalKey, DomainKey, FacetKey } from './keys';
import type { DomainScore, FacetScore, ItemScaleCounts, ScoreResultBase, StandardisedScores } from './score-scales';
import type { BriefFormValidityResult, ShortFormValidityResult, ValidityResult } from './validity-scales';

// What each form's scorer returns (score-responses.ts, score-short-form.ts, score-brief-form.ts), in a file of its
// own so that the validity verdict and the comparison can name them without importing the scorers.

/** The result of the full 220-item form. */
export interface ScoreResult extends ScoreResultBase {
  readonly form: 'FULL';
  /** In FACET_KEYS order. */
  readonly facets: Readonly<Record<FacetKey, FacetScore>>;
  /** In DOMAIN_KEYS order. */
  readonly domains: Readonly<Record<DomainKey, DomainScore>>;
  readonly validity: ValidityResult;
}

/** The result of any form: tell them apart by `form`. */
export type AnyScoreResult = ScoreResult | ShortFormScoreResult | BriefFormScoreResult;

/** The result of the 100-item short form. */
export interface ShortFormScoreResult extends ScoreResultBase {
  readonly form: 'SF';
  /** In FACET_KEYS order; `nItems` 4 each. */
  readonly facets: Readonly<Record<FacetKey, FacetScore>>;
  /** In DOMAIN_KEYS order. */
  readonly domains: Readonly<Record<DomainKey, DomainScore>>;
  readonly validity: ShortFormValidityResult;
}

/** A brief-form domain or the total: a scale made of items. */
export interface BriefScaleScore extends StandardisedScores, ItemScaleCounts {
  readonly name: string;
  /** Its items in brief-form numbering. */
  readonly items: readonly number[];
}

export interface BriefDomainScore extends BriefScaleScore {
  readonly key: DomainKey;
}

export interface BriefTotalScore extends BriefScaleScore {
  readonly key: BfTotalKey;
  /** Where the total and its missing-data rule come from. */
  readonly source: string;
  readonly missingRuleSource: string;
}

export interface BriefFormScoreResult extends ScoreResultBase {
  readonly form: 'BF';
  /** In DOMAIN_KEYS order. */
  readonly domains: Readonly<Record<DomainKey, BriefDomainScore>>;
  readonly total: BriefTotalScore;
  readonly validity: BriefFormValidityResult;
}
