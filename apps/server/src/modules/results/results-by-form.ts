import type { TAssessmentResults } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  LEVEL_CUTOFFS,
  type AnyScoreResult,
  type BfmScoreResult,
  type BriefFormScoreResult,
  type ValidityVerdict,
} from '@pid5/instrument';
import { describeForm } from './results-form';
import { presentBfm, presentGermanNorms } from './trait-models';
import {
  levelStartsReader,
  presentCommonFields,
  presentResults,
  presentValidityLines,
  presentVerdict,
  scaleScores,
  type PresentResultsOptions,
} from './results.presenter';

// The results API shape for every form (DESIGN.md "Scoring (packages/instrument)"). The full and the short form (the same 25 facets and
// 5 domains) are results.presenter.ts's; the brief form has 5 domains made of items and a total, no facets. The
// validity lines and the verdict are the instrument's for the form (the short form's INC-S; a scale not published
// for a form is listed as such and never computed, least of all against the full form's cut-offs).

export function presentAnyResults(score: AnyScoreResult, options: PresentResultsOptions): TAssessmentResults {
  switch (score.form) {
    case 'FULL':
    case 'SF':
      return presentResults(score, options);
    case 'BF':
      return presentBriefFormResults(score, options);
  }
}

/**
 * A PID5BF+M test's results: its six ICD-11/DSM-5 trait domains with German T only (`bfm`, as a full-form test
 * carries them), no PID-5 facets, domains or US norms, and the verdict of the form itself (missing answers, the
 * pattern screen and the response times: no validity scale is published for it).
 */
export function presentBfmFormResults(
  score: BfmScoreResult,
  verdict: ValidityVerdict,
  options: PresentResultsOptions,
): TAssessmentResults {
  return {
    assessmentId: options.assessmentId,
    status: options.isFinished ? 'completed' : 'in-progress',
    scoresSource: options.scoresSource,
    finishedAt: options.finishedAt?.toISOString() ?? null,
    answered: score.answered,
    missing: score.missing,
    responses: options.responses,
    instrument: { name: score.instrument.name, form: score.formInfo.nameInText, version: score.instrumentVersion },
    normsVersion: score.normsVersion,
    norms: null,
    normTables: null,
    tMiddleShare: null,
    itemSet: options.itemSet,
    levelCutoffs: LEVEL_CUTOFFS.map((c) => ({ level: c.level, atLeast: c.atLeast })),
    validityVerdict: presentVerdict(verdict),
    ...describeForm(score.form),
    facets: [],
    domains: [],
    total: null,
    germanNorms: presentGermanNorms(score.germanNorms.group),
    bfm: presentBfm(score),
    bfmUnavailable: null,
    ampd: null,
    validity: {
      missing: score.missing,
      unscoredFacets: [],
      scales: presentValidityLines(verdict),
      summary: verdict.summary,
    },
  };
}

export function presentBriefFormResults(
  score: BriefFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  const { total } = score;
  const startsOf = levelStartsReader(score, options);
  return {
    ...presentCommonFields(score, options),
    facets: [],
    domains: DOMAIN_KEYS.map((key) => {
      const d = score.domains[key];
      return {
        ...scaleScores(d, startsOf),
        facets: [],
        unscoredFacets: [],
        items: { nItems: d.nItems, answered: d.answered, missing: d.missing, maxMissing: d.maxMissing },
      };
    }),
    total: {
      ...scaleScores(total, startsOf),
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
