import type { TAssessmentResults } from '@pid5/contract';
import { DOMAIN_KEYS, type AnyScoreResult, type BriefFormScoreResult } from '@pid5/instrument';
import {
  levelStartsReader,
  presentCommonFields,
  presentResults,
  presentValidityLines,
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
