import type { DomainKey, FacetKey } from './keys';

// The validated, typed form of `data/pid5-scoring.json`. Built by `validateDefinition` from the raw JSON;
// everything in here has passed the structural and consistency checks listed there.

export interface FacetDefinition {
  readonly key: FacetKey;
  readonly name: string;
  readonly nItems: number;
  /** Item numbers (1-220) of the facet, as in the APA Facet Table. */
  readonly items: readonly number[];
  /** The facet's reverse-keyed items (scored 3 − answer), a subset of `items`. */
  readonly reverseKeyedItems: readonly number[];
  /** The domain this facet is one of the three primary facets of, or null (APA Domain Table). */
  readonly domain: DomainKey | null;
  /** Largest number of unanswered items for which the facet is still scored (APA 25 % rule). */
  readonly maxMissingItemsForScoring: number;
}

export interface DomainDefinition {
  readonly key: DomainKey;
  readonly name: string;
  readonly facets: readonly [FacetKey, FacetKey, FacetKey];
}

export interface NormValue {
  readonly mean: number;
  readonly sd: number;
}

export interface NormSetDefinition {
  readonly id: string;
  readonly label: string;
  readonly source: string | null;
  /** As in the data: 'derived', 'missing', 'partial-unverified', … */
  readonly status: string;
  readonly sampleN: number | null;
  /** null where the set has no mean/sd for the scale. */
  readonly facets: Readonly<Record<FacetKey, NormValue | null>>;
  readonly domains: Readonly<Record<DomainKey, NormValue | null>>;
}

interface ValidityScaleBase {
  readonly name: string;
  readonly source: string;
  /** The data's own description of how the scale is scored. */
  readonly scoring: string;
}

export interface IncDefinition extends ValidityScaleBase {
  readonly key: 'INC';
  readonly itemPairs: readonly (readonly [number, number])[];
  readonly invalidIfAtLeast: number;
}

export interface OrsDefinition extends ValidityScaleBase {
  readonly key: 'ORS';
  readonly items: readonly number[];
  readonly overreportingIfAtLeast: number;
}

export interface PrdDefinition extends ValidityScaleBase {
  readonly key: 'PRD';
  readonly items: readonly number[];
  readonly positiveImpressionIfAtMost: number;
  readonly genuineIfAtLeast: number;
}

export interface SdtdDefinition extends ValidityScaleBase {
  readonly key: 'SDTD';
  readonly items: readonly number[];
  readonly itemsUncertain: readonly number[];
  readonly socialDesirabilityIfAtMost: number;
  readonly defensivenessIfAtLeast: number;
  readonly note: string | null;
}

export interface ValidityDefinitions {
  readonly INC: IncDefinition;
  readonly ORS: OrsDefinition;
  readonly PRD: PrdDefinition;
  readonly SDTD: SdtdDefinition;
}

export interface MissingRuleDefinition {
  readonly source: string;
  readonly quote: string;
  readonly facetMaxMissingFraction: number;
  readonly maxMissingItemsByFacetSize: Readonly<Record<string, number>>;
}

export interface SourceReference {
  readonly id: string;
  readonly citation: string;
}

export interface Pid5Definition {
  readonly instrument: string;
  readonly form: string;
  readonly itemCount: number;
  readonly answerMin: number;
  readonly answerMax: number;
  /** All reverse-keyed items (APA key Step 1), ascending. */
  readonly reverseKeyedItems: readonly number[];
  /** In FACET_KEYS order. */
  readonly facets: readonly FacetDefinition[];
  /** In DOMAIN_KEYS order. */
  readonly domains: readonly DomainDefinition[];
  readonly missingRule: MissingRuleDefinition;
  /** Every norm set in the data, by id (including ones this package does not use, e.g. 'IRF', 'US-2012'). */
  readonly norms: Readonly<Record<string, NormSetDefinition>>;
  readonly validity: ValidityDefinitions;
  readonly sources: readonly SourceReference[];
}
