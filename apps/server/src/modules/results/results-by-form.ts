import type { TAssessmentResults } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  LEVEL_CUTOFFS,
  type AnyScoreResult,
  type BriefFormScoreResult,
  type ShortFormScoreResult,
} from '@pid5/instrument';
import { describeForm } from './results-form';
import {
  presentResults,
  presentValidityLines,
  presentVerdict,
  scaleScores,
  type PresentResultsOptions,
} from './results.presenter';

// The results API shape for every form (issue 18, DESIGN.md §5). The full form is results.presenter.ts's; the short
// form has the same 25 facets and 5 domains; the brief form has 5 domains made of items and a total, no facets. The
// validity lines and the verdict are the instrument's for the form (the short form's INC-S; a scale not published
// for a form is listed as such and never computed, least of all against the full form's cut-offs).

export function presentAnyResults(score: AnyScoreResult, options: PresentResultsOptions): TAssessmentResults {
  switch (score.form) {
    case 'FULL':
      return presentResults(score, options);
    case 'SF':
      return presentShortFormResults(score, options);
    case 'BF':
      return presentBriefFormResults(score, options);
  }
}

/** What every form's results share, taken from the score and the request. */
function commonFields(score: AnyScoreResult, options: PresentResultsOptions) {
  return {
    assessmentId: options.assessmentId,
    status: options.isFinished ? ('completed' as const) : ('in-progress' as const),
    scoresSource: options.scoresSource,
    finishedAt: options.finishedAt?.toISOString() ?? null,
    answered: score.answered,
    missing: score.missing,
    responses: options.responses,
    instrument: { name: score.instrument.name, form: score.instrument.form, version: score.instrumentVersion },
    normsVersion: score.normsVersion,
    norms: { srf: { ...score.norms.srf }, irf: { ...score.norms.irf } },
    normTables: { ...score.normTables },
    itemSet: options.itemSet,
    levelCutoffs: LEVEL_CUTOFFS.map((c) => ({ level: c.level, atLeast: c.atLeast })),
    validityVerdict: presentVerdict(score.validityVerdict),
    ...describeForm(score.form),
  };
}

export function presentShortFormResults(
  score: ShortFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  return {
    ...commonFields(score, options),
    facets: FACET_KEYS.map((key) => {
      const f = score.facets[key];
      return {
        ...scaleScores(f),
        domain: f.domain,
        nItems: f.nItems,
        answered: f.answered,
        missing: f.missing,
        maxMissing: f.maxMissing,
      };
    }),
    domains: DOMAIN_KEYS.map((key) => {
      const d = score.domains[key];
      return { ...scaleScores(d), facets: [...d.facets], unscoredFacets: [...d.unscoredFacets] };
    }),
    total: null,
    validity: {
      missing: score.validity.missing,
      unscoredFacets: FACET_KEYS.filter((key) => !score.facets[key].isScored),
      scales: presentValidityLines(score.validityVerdict),
      summary: score.validityVerdict.summary,
    },
  };
}

export function presentBriefFormResults(
  score: BriefFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  const { total } = score;
  return {
    ...commonFields(score, options),
    facets: [],
    domains: DOMAIN_KEYS.map((key) => {
      const d = score.domains[key];
      return {
        ...scaleScores(d),
        facets: [],
        unscoredFacets: [],
        items: { nItems: d.nItems, answered: d.answered, missing: d.missing, maxMissing: d.maxMissing },
      };
    }),
    total: {
      ...scaleScores(total),
      nItems: total.nItems,
      answered: total.answered,
      missing: total.missing,
      maxMissing: total.maxMissing,
      source: total.source,
      missingRuleSource: total.missingRuleSource,
    },
    validity: {
      missing: score.validity.missing,
      unscoredFacets: [],
      scales: presentValidityLines(score.validityVerdict),
      summary: score.validityVerdict.summary,
    },
  };
}
