import type { Pid5Definition } from './definition-types';
import type { FormId } from './keys';
import { formReverseKeyedItems } from './forms';
import { readValidityPercentile, type ValidityPercentileReading } from './norm-lookup';
import type { NormTables, ValidityTableKey } from './norm-tables';
import type { IncsDefinition } from './validate-forms';
import { getAnswer, RESPONSES_LENGTH } from './responses';
import { screenResponsePattern, type ResponsePatternResult } from './response-pattern';

// Response-validity indices of the 220-item PID-5, from the scoring data (`validityScales`, notes §8).
// All four are computed on RAW answers (0-3 as given, no reverse keying), as the data specifies:
// - INC (Keeley et al. 2016): Σ|a − b| over 20 item pairs; none of the 40 items is reverse-keyed. ≥ 17 flags.
// - ORS (Sellbom, Dhillon & Bagby 2018): number of its 10 items answered 3. ≥ 3 flags over-reporting.
// - PRD (Williams, Rogers, Sharf & Ross 2019, Table 4; the book's Table A-4 calls it an "underreporting" scale):
//   raw sum of 22 problems most people admit to at least in part (items 96 and 98 are reverse-keyed in the facet
//   key but summed raw, following the data / jmgirard/hitop). LOW scores are the concern: ≤ 10 positive
//   impression management (under-reporting), ≥ 21 genuine (open) answering, 11-20 indeterminate.
// - SD-TD (Williams et al. 2019, Table 5): raw sum of 17 items including item 38 (see below). It tells two kinds
//   of favourable answering apart: ≤ 11 social desirability rather than defensiveness, ≥ 19 defensiveness rather
//   than social desirability, 12-18 neither. It does not tell open from favourable answering (random or strongly
//   endorsing answers score high on it), so it is read only when PRD flags under-reporting (validity-verdict.ts).
// SD-TD item 38: the paper's Table 5 note lists 16 items (38 absent) while its text says 17 items were summed.
// We keep 38, as the data file does: the published cut-offs (≤ 11, ≥ 19) were set on the 17-item sum, and
// summing 16 items against them would bias the flag towards "social desirability". The result carries
// `itemsUncertain: [38]` so the report can say so.
// A scale with any of its items missing is not computed (score null, flag false/null): these are raw sums or
// counts with fixed cut-offs, and prorating them is not part of any of the published rules.
// Percentiles in the US norm sample (all 1,082 respondents) from Markon et al. (2024) Tables A-1 (INC, printed
// "VRIN"), A-3 (ORS) and A-4 (PRD); no table is published for SD-TD.

/** PRD: 'positive-impression' (≤ 10, under-reporting: the concern), 'indeterminate' (11-20), 'genuine' (≥ 21). */
export type PrdFlag = 'positive-impression' | 'indeterminate' | 'genuine';
/**
 * SD-TD: which kind of favourable answering, 'social-desirability' (≤ 11) or 'defensiveness' (≥ 19), else
 * 'indeterminate'. Meaningful only when PRD is 'positive-impression' (see validity-verdict.ts).
 */
export type SdtdFlag = 'social-desirability' | 'indeterminate' | 'defensiveness';

interface ValidityScaleResultBase {
  readonly name: string;
  readonly source: string;
  /** Number of distinct items the scale uses. */
  readonly nItems: number;
  /** How many of them are unanswered. */
  readonly missing: number;
  /** False when any of its items is missing; score and flag are then null/false. */
  readonly isComputed: boolean;
  /**
   * Percentile of the score in the US norm sample (nearest printed score, capped beyond the table); null when the
   * score is not computed or no table is published for the scale (SD-TD) or loaded.
   */
  readonly percentile: ValidityPercentileReading | null;
  /**
   * When answers are missing, the lowest and highest score the missing answers could give (whatever they would have
   * been); null when the score is computed. Absent in results stored before it.
   */
  readonly range?: ScoreRange | null;
}

/** The lowest and highest score a scale with missing answers could have. */
export interface ScoreRange {
  readonly low: number;
  readonly high: number;
}

export interface IncResult extends ValidityScaleResultBase {
  readonly key: 'INC';
  readonly score: number | null;
  /** True when score ≥ cutoff (inconsistent responding). */
  readonly flag: boolean;
  readonly cutoff: number;
}

export interface OrsResult extends ValidityScaleResultBase {
  readonly key: 'ORS';
  readonly score: number | null;
  /** True when score ≥ cutoff (possible over-reporting). */
  readonly flag: boolean;
  readonly cutoff: number;
}

export interface PrdResult extends ValidityScaleResultBase {
  readonly key: 'PRD';
  readonly score: number | null;
  readonly flag: PrdFlag | null;
  readonly positiveImpressionIfAtMost: number;
  readonly genuineIfAtLeast: number;
}

export interface SdtdResult extends ValidityScaleResultBase {
  readonly key: 'SDTD';
  readonly score: number | null;
  readonly flag: SdtdFlag | null;
  readonly socialDesirabilityIfAtMost: number;
  readonly defensivenessIfAtLeast: number;
  /** Items whose membership is uncertain in the source (item 38); included in the score. */
  readonly itemsUncertain: readonly number[];
}

export interface ValidityResult {
  /** Total number of unanswered items (of 220). */
  readonly missing: number;
  readonly INC: IncResult;
  readonly ORS: OrsResult;
  readonly PRD: PrdResult;
  readonly SDTD: SdtdResult;
  /** The product's own screen for patterned answering (response-pattern.ts); absent in results stored before it. */
  readonly pattern?: ResponsePatternResult;
}

/** Raw answers of the listed items, or null with the missing count when any is unanswered. */
function readRawAnswers(responses: string, items: readonly number[]): { answers: number[] | null; missing: number } {
  const answers: number[] = [];
  let missing = 0;
  for (const item of items) {
    const answer = getAnswer(responses, item);
    if (answer === null) {
      missing++;
    } else {
      answers.push(answer);
    }
  }
  return { answers: missing === 0 ? answers : null, missing };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}

/**
 * Σ|a − b| over item pairs on raw answers (INC, INC-S); null when any of the items is unanswered, with the range the
 * missing answers leave: a pair with one answer a adds 0 to max(a, 3 − a), a pair with none 0 to 3.
 */
function scorePairs(
  responses: string,
  itemPairs: readonly (readonly [number, number])[],
): { score: number | null; missing: number; nItems: number; range: ScoreRange | null } {
  const items = [...new Set(itemPairs.flat())];
  const read = readRawAnswers(responses, items);
  let low = 0;
  let high = 0;
  for (const [a, b] of itemPairs) {
    const x = getAnswer(responses, a);
    const y = getAnswer(responses, b);
    if (x !== null && y !== null) {
      low += Math.abs(x - y);
      high += Math.abs(x - y);
    } else {
      const known = x ?? y;
      high += known === null ? 3 : Math.max(known, 3 - known);
    }
  }
  const score = read.answers === null ? null : low;
  return { score, missing: read.missing, nItems: items.length, range: score === null ? { low, high } : null };
}

/** The range of a sum of answers 0-3 with `missing` of them unanswered; null when none is. */
function sumRange(responses: string, items: readonly number[], missing: number): ScoreRange | null {
  if (missing === 0) {
    return null;
  }
  const low = sum(items.map((item) => getAnswer(responses, item) ?? 0));
  return { low, high: low + 3 * missing };
}

export function classifyPrd(score: number, prd: Pid5Definition['validity']['PRD']): PrdFlag {
  if (score <= prd.positiveImpressionIfAtMost) {
    return 'positive-impression';
  }
  return score >= prd.genuineIfAtLeast ? 'genuine' : 'indeterminate';
}

export function classifySdtd(score: number, sdtd: Pid5Definition['validity']['SDTD']): SdtdFlag {
  if (score <= sdtd.socialDesirabilityIfAtMost) {
    return 'social-desirability';
  }
  return score >= sdtd.defensivenessIfAtLeast ? 'defensiveness' : 'indeterminate';
}

function percentileOf(
  normTables: NormTables,
  key: ValidityTableKey,
  score: number | null,
): ValidityPercentileReading | null {
  const table = normTables.validityTables[key];
  return score === null || table === undefined ? null : readValidityPercentile(table, score);
}

/** Score the validity scales of an already validated response string. */
export function scoreValidity(responses: string, definition: Pid5Definition, normTables: NormTables): ValidityResult {
  const { INC, ORS, PRD, SDTD } = definition.validity;

  let missingTotal = 0;
  for (let item = 1; item <= RESPONSES_LENGTH; item++) {
    if (getAnswer(responses, item) === null) {
      missingTotal++;
    }
  }

  const inc = scorePairs(responses, INC.itemPairs);

  const orsRead = readRawAnswers(responses, ORS.items);
  const orsScore = orsRead.answers === null ? null : orsRead.answers.filter((a) => a === 3).length;
  const orsThrees = ORS.items.filter((item) => getAnswer(responses, item) === 3).length;
  const orsRange = orsScore === null ? { low: orsThrees, high: orsThrees + orsRead.missing } : null;

  const prdRead = readRawAnswers(responses, PRD.items);
  const prdScore = prdRead.answers === null ? null : sum(prdRead.answers);

  const sdtdRead = readRawAnswers(responses, SDTD.items);
  const sdtdScore = sdtdRead.answers === null ? null : sum(sdtdRead.answers);

  return {
    missing: missingTotal,
    INC: {
      key: 'INC',
      name: INC.name,
      source: INC.source,
      nItems: inc.nItems,
      missing: inc.missing,
      isComputed: inc.score !== null,
      percentile: percentileOf(normTables, 'FULL_INC', inc.score),
      range: inc.range,
      score: inc.score,
      flag: inc.score !== null && inc.score >= INC.invalidIfAtLeast,
      cutoff: INC.invalidIfAtLeast,
    },
    ORS: {
      key: 'ORS',
      name: ORS.name,
      source: ORS.source,
      nItems: ORS.items.length,
      missing: orsRead.missing,
      isComputed: orsScore !== null,
      percentile: percentileOf(normTables, 'FULL_ORS', orsScore),
      range: orsRange,
      score: orsScore,
      flag: orsScore !== null && orsScore >= ORS.overreportingIfAtLeast,
      cutoff: ORS.overreportingIfAtLeast,
    },
    PRD: {
      key: 'PRD',
      name: PRD.name,
      source: PRD.source,
      nItems: PRD.items.length,
      missing: prdRead.missing,
      isComputed: prdScore !== null,
      percentile: percentileOf(normTables, 'FULL_PRD', prdScore),
      range: sumRange(responses, PRD.items, prdRead.missing),
      score: prdScore,
      flag: prdScore === null ? null : classifyPrd(prdScore, PRD),
      positiveImpressionIfAtMost: PRD.positiveImpressionIfAtMost,
      genuineIfAtLeast: PRD.genuineIfAtLeast,
    },
    SDTD: {
      key: 'SDTD',
      name: SDTD.name,
      source: SDTD.source,
      nItems: SDTD.items.length,
      missing: sdtdRead.missing,
      isComputed: sdtdScore !== null,
      percentile: null,
      range: sumRange(responses, SDTD.items, sdtdRead.missing),
      score: sdtdScore,
      flag: sdtdScore === null ? null : classifySdtd(sdtdScore, SDTD),
      socialDesirabilityIfAtMost: SDTD.socialDesirabilityIfAtMost,
      defensivenessIfAtLeast: SDTD.defensivenessIfAtLeast,
      itemsUncertain: SDTD.itemsUncertain,
    },
    pattern: screenResponsePattern(responses, { reverseKeyedItems: formReverseKeyedItems('FULL') }),
  };
}

/** The short form's inconsistency scale (Lowmaster et al. 2020 and Correction 2021): Σ|a − b| over 10 pairs. */
export interface IncsResult extends ValidityScaleResultBase {
  readonly key: 'INCS';
  readonly score: number | null;
  /** True when score ≥ cutoff (inconsistent responding). */
  readonly flag: boolean;
  readonly cutoff: number;
}

/** A validity scale that has no published version (items and cut-offs) for the form given: never computed. */
export interface NotPublishedScale {
  readonly key: 'INC' | 'ORS' | 'PRD' | 'SDTD';
  readonly isPublished: false;
  readonly form: Exclude<FormId, 'FULL'>;
}

/** Validity of the short form: INC-S only; ORS-S, PRD-S and SD-TD-S have no published cut-offs (notes §2, §7). */
export interface ShortFormValidityResult {
  /** Unanswered items of 100. */
  readonly missing: number;
  readonly INCS: IncsResult;
  readonly ORS: NotPublishedScale;
  readonly PRD: NotPublishedScale;
  readonly SDTD: NotPublishedScale;
  /** The product's own screen for patterned answering (response-pattern.ts); absent in results stored before it. */
  readonly pattern?: ResponsePatternResult;
}

/** Validity of the brief form: no validity scale is published for it (notes §2, §7). */
export interface BriefFormValidityResult {
  /** Unanswered items of 25. */
  readonly missing: number;
  readonly INC: NotPublishedScale;
  readonly ORS: NotPublishedScale;
  readonly PRD: NotPublishedScale;
  readonly SDTD: NotPublishedScale;
  /** The product's own screen for patterned answering (response-pattern.ts); absent in results stored before it. */
  readonly pattern?: ResponsePatternResult;
}

function notPublished(key: NotPublishedScale['key'], form: NotPublishedScale['form']): NotPublishedScale {
  return { key, isPublished: false, form };
}

function countMissing(responses: string): number {
  return Array.from(responses).filter((c) => !(c >= '0' && c <= '3')).length;
}

/** Score the short form's validity: INC-S with its US percentile (Markon et al. 2024, Table A-2). */
export function scoreShortFormValidity(
  responses: string,
  incs: IncsDefinition,
  normTables: NormTables,
): ShortFormValidityResult {
  const pairs = scorePairs(responses, incs.itemPairs);
  return {
    missing: countMissing(responses),
    INCS: {
      key: 'INCS',
      name: incs.name,
      source: incs.source,
      nItems: pairs.nItems,
      missing: pairs.missing,
      isComputed: pairs.score !== null,
      percentile: percentileOf(normTables, 'SF_INCS', pairs.score),
      range: pairs.range,
      score: pairs.score,
      flag: pairs.score !== null && pairs.score >= incs.invalidIfAtLeast,
      cutoff: incs.invalidIfAtLeast,
    },
    ORS: notPublished('ORS', 'SF'),
    PRD: notPublished('PRD', 'SF'),
    SDTD: notPublished('SDTD', 'SF'),
    pattern: screenResponsePattern(responses, { reverseKeyedItems: formReverseKeyedItems('SF') }),
  };
}

/** The brief form's validity: only its missing answers; no scale is published for it. */
export function scoreBriefFormValidity(responses: string): BriefFormValidityResult {
  return {
    missing: countMissing(responses),
    INC: notPublished('INC', 'BF'),
    ORS: notPublished('ORS', 'BF'),
    PRD: notPublished('PRD', 'BF'),
    SDTD: notPublished('SDTD', 'BF'),
    pattern: screenResponsePattern(responses, { reverseKeyedItems: formReverseKeyedItems('BF') }),
  };
}
