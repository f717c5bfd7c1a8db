import { BFM_FORM, BFM_FORM_ID, BFM_FORM_INFO, type BfmFormId } from './bfm-form';
import { BFM_TOTAL_KEY, type BfmDomainKey, type BfmFacetKey } from './bfm-keys';
import {
  type GermanNormReading,
  type GermanReferenceGroup,
  type NormReference,
  readGermanNorm,
  resolveGermanReferenceGroup,
} from './de-norm-lookup';
import {
  DE_NORM_TABLES,
  describeGermanNormTables,
  type GermanNormTables,
  type GermanNormTablesInfo,
} from './de-norm-tables';
import type { FacetKey } from './keys';
import { type ResponsePatternResult, screenResponsePattern } from './response-pattern';
import { type ResponseTimeResult, screenAnswerTimes } from './response-time';
import { assertValidResponses, RESPONSES_LENGTH } from './responses';
import { type ItemScaleCounts, scoreItemScale } from './score-scales';
import type { FormMissingRule } from './validate-forms';
import { assessValidity, type ValidityVerdict } from './validity-verdict';

// Scoring of the PID5BF+M (bfm-form.ts; docs/decisions/0074-the-pid5bfm-and-icd-11-trait-domains.md), given as its
// own 36-item form or read from the same 36 items of a full-form test (every one is a full-form item, so every
// full-form test yields it; the short form has only 22 of them and cannot). Rules:
// - A facet is the mean of its 2 items (no item is reverse-keyed); a domain the mean of its 3 facets (Bach et al.
//   2020, p. 181); the total the mean of the 30 items of the five DSM-5 domains (the platform's total).
// - Missing data: no published rule. The APA PID-5 rule by analogy (as jmgirard/hitop does for this form): a facet
//   with a missing item is not scored (one of two is more than 25 %), a domain with an unscored facet is not, the
//   total is not with more than 7 of its 30 items missing.
// - Norms: German T, 95 % interval and percentile from the PID5BF+M's own table (norms_bfplus_m.csv) for the
//   patient's gender and age group (de-norm-lookup.ts). No US norms exist for the PID5BF+M: the result says so and
//   has none. The facets are not normed (the platform reports the form at the domain level).

/** Stored with each result (assessments.instrument_version); bump it when the key or the rules change. */
export const BFM_INSTRUMENT_VERSION = 'pid5bfplusm-36/bach-2020/scoring-1';

export interface BfmFacetScore extends ItemScaleCounts {
  readonly key: BfmFacetKey;
  readonly name: string;
  readonly domain: BfmDomainKey;
  /** The full-form facet whose two items these are. */
  readonly fullFormFacet: FacetKey;
  /** Its items in PID5BF+M numbering and in full-form numbering. */
  readonly items: readonly number[];
  readonly fullItems: readonly number[];
}

export interface BfmDomainScore {
  readonly key: BfmDomainKey;
  readonly name: string;
  /** The ICD-11 trait domain qualifier it gives (null for Psychoticism, which ICD-11 has not). */
  readonly icd11Name: string | null;
  /** The DSM-5 Section III domain it gives (null for Anankastia, which DSM-5 has not). */
  readonly dsm5Name: string | null;
  readonly facets: readonly [BfmFacetKey, BfmFacetKey, BfmFacetKey];
  readonly isScored: boolean;
  readonly unscoredFacets: readonly BfmFacetKey[];
  /** Mean of its three facet scores, 0-3, or null. */
  readonly score: number | null;
  /** German T, interval and percentile (norms_bfplus_m.csv); null when not scored. */
  readonly de: GermanNormReading | null;
}

export interface BfmTotalScore extends ItemScaleCounts {
  readonly key: typeof BFM_TOTAL_KEY;
  readonly name: string;
  /** Its 30 items in PID5BF+M numbering. */
  readonly items: readonly number[];
  readonly source: string;
  readonly de: GermanNormReading | null;
}

export interface BfmScoreResult {
  readonly form: BfmFormId;
  /** 'BFM' when given as the 36-item form; 'FULL' when read from the 36 items of a full-form test. */
  readonly administeredAs: BfmFormId | 'FULL';
  readonly formInfo: typeof BFM_FORM_INFO;
  readonly instrument: { readonly name: string; readonly keySource: string };
  readonly instrumentVersion: string;
  /** The German tables' version (the only norms the form has). */
  readonly normsVersion: string;
  /** Of the 36 items. */
  readonly answered: number;
  readonly missing: number;
  /** In BFM_FACET_KEYS order; raw scores only (no norms exist for the facets). */
  readonly facets: Readonly<Record<BfmFacetKey, BfmFacetScore>>;
  /** In BFM_DOMAIN_KEYS order. */
  readonly domains: Readonly<Record<BfmDomainKey, BfmDomainScore>>;
  readonly total: BfmTotalScore;
  /** The German reference group read (and why, if all adults) and the tables. */
  readonly germanNorms: { readonly group: GermanReferenceGroup; readonly normTables: GermanNormTablesInfo };
  /** No US norms exist for the PID5BF+M: always null, so no view can show a US T for it. */
  readonly usNorms: null;
  readonly missingRule: FormMissingRule;
  /**
   * The product's response-pattern screen over the 36 answers when the form was given on its own; null when read
   * from a full-form test, whose own verdict governs.
   */
  readonly pattern: ResponsePatternResult | null;
  /** The response-time check of a test of the form itself whose answers carry times; absent or null otherwise. */
  readonly responseTime?: ResponseTimeResult | null;
  /**
   * The validity verdict of a test of the form itself: missing answers, the pattern screen and the response times
   * (no validity scale is published for the form, as for the brief form). Null when read from a full-form test,
   * whose own verdict governs.
   */
  readonly validityVerdict: ValidityVerdict | null;
}

export interface ScoreBfmOptions {
  /** The patient's gender and age, for the German reference group. */
  readonly reference: NormReference;
  readonly normTables?: GermanNormTables;
  /** Milliseconds each answer took, in the form's order (null where unknown), for the response-time check. */
  readonly answerTimes?: readonly (number | null)[];
}

/** Score a PID5BF+M response string (36 characters, its own numbering; '0'-'3', '9' or '.' missing). */
export function scoreBfmForm(responses: string, options: ScoreBfmOptions): BfmScoreResult {
  assertValidResponses(responses, BFM_FORM.itemCount);
  const scored = scoreBfm(responses, BFM_FORM_ID, options);
  const responseTime = options.answerTimes === undefined ? null : screenAnswerTimes(options.answerTimes);
  const protocol = { ...scored, ...(responseTime === null ? {} : { responseTime }) };
  return { ...protocol, validityVerdict: assessValidity(bfmProtocol(protocol)) };
}

/** What the verdict reads of a PID5BF+M test: its missing answers, unscored scales, pattern and times. */
export function bfmProtocol(result: BfmScoreResult) {
  return {
    form: BFM_FORM_ID,
    formInfo: result.formInfo,
    missing: result.missing,
    responseTime: result.responseTime ?? null,
    domains: result.domains,
    total: result.total,
    validity: { pattern: result.pattern },
  } as const;
}

/** The PID5BF+M of a full-form test: its 36 items read from the 220-character response string. */
export function scoreBfmFromFullForm(responses: string, options: ScoreBfmOptions): BfmScoreResult {
  assertValidResponses(responses, RESPONSES_LENGTH);
  const bfmResponses = BFM_FORM.fullItems.map((item) => responses[item - 1] ?? '9').join('');
  return scoreBfm(bfmResponses, 'FULL', options);
}

function scoreBfm(responses: string, administeredAs: BfmFormId | 'FULL', options: ScoreBfmOptions): BfmScoreResult {
  const normTables = options.normTables ?? DE_NORM_TABLES;
  const group = resolveGermanReferenceGroup(options.reference);
  const readDe = (key: string, score: number | null) =>
    score === null ? null : readGermanNorm(BFM_FORM_ID, key, score, group, normTables);

  const facets = {} as Record<BfmFacetKey, BfmFacetScore>;
  for (const facet of BFM_FORM.facets) {
    facets[facet.key] = {
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      fullFormFacet: facet.fullFormFacet,
      items: facet.items,
      fullItems: facet.fullItems,
      ...scoreItemScale(responses, facet),
    };
  }
  const domains = {} as Record<BfmDomainKey, BfmDomainScore>;
  for (const domain of BFM_FORM.domains) {
    const unscoredFacets = domain.facets.filter((key) => facets[key].score === null);
    const score =
      unscoredFacets.length === 0 ? domain.facets.reduce((sum, key) => sum + (facets[key].score ?? 0), 0) / 3 : null;
    domains[domain.key] = {
      key: domain.key,
      name: domain.name,
      icd11Name: domain.icd11Name,
      dsm5Name: domain.dsm5Name,
      facets: domain.facets,
      isScored: score !== null,
      unscoredFacets,
      score,
      de: readDe(domain.key, score),
    };
  }
  const totalCounts = scoreItemScale(responses, BFM_FORM.total);
  const missing = [...responses].filter((c) => c === '9' || c === '.').length;
  return {
    form: BFM_FORM_ID,
    administeredAs,
    formInfo: BFM_FORM_INFO,
    instrument: { name: BFM_FORM.name, keySource: BFM_FORM.keySource },
    instrumentVersion: BFM_INSTRUMENT_VERSION,
    normsVersion: normTables.version,
    answered: BFM_FORM.itemCount - missing,
    missing,
    facets,
    domains,
    total: {
      key: BFM_TOTAL_KEY,
      name: BFM_FORM.total.name,
      items: BFM_FORM.total.items,
      source: BFM_FORM.total.source,
      ...totalCounts,
      de: readDe(BFM_TOTAL_KEY, totalCounts.score),
    },
    germanNorms: { group, normTables: describeGermanNormTables(normTables) },
    usNorms: null,
    missingRule: BFM_FORM.missingRule,
    pattern: administeredAs === BFM_FORM_ID ? screenResponsePattern(responses, { reverseKeyedItems: [] }) : null,
    validityVerdict: null,
  };
}
