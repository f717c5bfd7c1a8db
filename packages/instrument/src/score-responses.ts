import { INSTRUMENT_VERSIONS, pid5Definition } from './definition';
import type { Pid5Definition } from './definition-types';
import { screenAnswerTimes } from './response-time';
import { assessValidity } from './validity-verdict';
import { getFormInfo } from './forms';
import { DOMAIN_KEYS, FACET_KEYS, type FacetKey, type FormId } from './keys';
import { describeNormSet, formatNormsVersion, resolveNormSet } from './norm-sets';
import { describeNormTables, getNormTable, type NormTables, US_NORM_TABLES } from './norm-tables';
import { assertValidResponses, RESPONSES_LENGTH } from './responses';
import { scoreBriefForm, type BriefFormScoreResult } from './score-brief-form';
import { type FacetScore, normScores, orderByKeys, scoreDomainsFromFacets, scoreItemScale } from './score-scales';
import { scoreShortForm, type ShortFormScoreResult } from './score-short-form';
import { scoreValidity } from './validity-scales';
import type { AnyScoreResult, ScoreResult } from './result-types';

// Scoring of the PID-5 adult self-report, DESIGN.md "Scoring (packages/instrument)". The full 220-item form is scored here; the short and brief
// forms in score-short-form.ts and score-brief-form.ts, with the shared rules in score-scales.ts. Rules and sources:
// - Reverse-keyed items score 3 − answer (APA PID-5 Adult scoring key, Krueger et al. 2013, Step 1).
// - Facet score = mean of its answered (keyed) items: the product docs/product-spec.md §5 rule ("the sum of answers divided by
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
// - The validity verdict from the validity scales and missing answers (validity-verdict.ts).

export type { DomainScore, FacetScore, ScoreResultBase, StandardisedScores } from './score-scales';
export { standardise } from './score-scales';

export type { AnyScoreResult, ScoreResult } from './result-types';

export interface ScoreResponsesOptions {
  /** The form the responses belong to; the string has its item count. Defaults to 'FULL'. */
  readonly form?: FormId;
  /** A different (validated) full-form definition, e.g. in tests; defaults to the package's data. */
  readonly definition?: Pid5Definition;
  /** Norm tables for T and percentile (an institute's licensed file, `parseNormTables`); defaults to the US tables. */
  readonly normTables?: NormTables;
  /**
   * When each statement was first answered (epoch ms, one per statement of the form, null where unknown): the
   * response-time check reads them. Without them there is no response-time line.
   */
  readonly answerTimes?: readonly (number | null)[];
}

/**
 * Score a response string ('0'-'3' answered, '9' or '.' missing) of the given form (220 characters for the full
 * form, the default; 100 for 'SF'; 25 for 'BF'). Throws InvalidResponsesError naming the first bad position when
 * the string is malformed or has the wrong length.
 */
export function scoreResponses(
  responses: string,
  options?: ScoreResponsesOptions & { readonly form?: 'FULL' },
): ScoreResult;
export function scoreResponses(
  responses: string,
  options: ScoreResponsesOptions & { readonly form: 'SF' },
): ShortFormScoreResult;
export function scoreResponses(
  responses: string,
  options: ScoreResponsesOptions & { readonly form: 'BF' },
): BriefFormScoreResult;
export function scoreResponses(responses: string, options?: ScoreResponsesOptions): AnyScoreResult;
export function scoreResponses(responses: string, options: ScoreResponsesOptions = {}): AnyScoreResult {
  const scored = scoreForm(responses, options);
  if (options.answerTimes === undefined) {
    return scored;
  }
  const responseTime = screenAnswerTimes(options.answerTimes);
  if (responseTime === null) {
    // Too few times to read: the same result as scoring without them.
    return scored;
  }
  const timed = { ...scored, responseTime };
  return { ...timed, validityVerdict: assessValidity(timed) } as AnyScoreResult;
}

function scoreForm(responses: string, options: ScoreResponsesOptions): AnyScoreResult {
  const form = options.form ?? 'FULL';
  const definition = options.definition ?? pid5Definition;
  const normTables = options.normTables ?? US_NORM_TABLES;
  switch (form) {
    case 'FULL':
      return scoreFullForm(responses, definition, normTables);
    case 'SF':
      return scoreShortForm(responses, definition, normTables);
    case 'BF':
      return scoreBriefForm(responses, definition, normTables);
  }
}

function scoreFullForm(responses: string, definition: Pid5Definition, normTables: NormTables): ScoreResult {
  assertValidResponses(responses, RESPONSES_LENGTH);
  const sets = { srf: resolveNormSet(definition, 'srf'), irf: resolveNormSet(definition, 'irf') };

  const facets = {} as Record<FacetKey, FacetScore>;
  for (const facet of definition.facets) {
    const counts = scoreItemScale(responses, facet);
    facets[facet.key] = {
      key: facet.key,
      name: facet.name,
      domain: facet.domain,
      ...counts,
      ...normScores(
        counts.score,
        { srf: sets.srf.facets[facet.key], irf: sets.irf.facets[facet.key] },
        getNormTable(normTables, 'FULL', facet.key),
      ),
    };
  }
  const domains = scoreDomainsFromFacets(definition.domains, facets, (key, score) =>
    normScores(
      score,
      { srf: sets.srf.domains[key], irf: sets.irf.domains[key] },
      getNormTable(normTables, 'FULL', key),
    ),
  );

  const norms = { srf: describeNormSet(definition, 'srf'), irf: describeNormSet(definition, 'irf') };
  const validity = scoreValidity(responses, definition, normTables);
  const scored = {
    form: 'FULL' as const,
    formInfo: getFormInfo('FULL'),
    instrument: { name: definition.instrument, form: definition.form },
    instrumentVersion: INSTRUMENT_VERSIONS.FULL,
    normsVersion: formatNormsVersion(norms, normTables),
    norms,
    normTables: describeNormTables(normTables),
    answered: RESPONSES_LENGTH - validity.missing,
    missing: validity.missing,
    facets: orderByKeys(FACET_KEYS, facets),
    domains: orderByKeys(DOMAIN_KEYS, domains),
    validity,
  };
  return { ...scored, validityVerdict: assessValidity(scored) };
}
