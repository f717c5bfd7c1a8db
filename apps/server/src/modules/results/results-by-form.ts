import type { TAssessmentResults, TValidityScaleResult } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  LEVEL_CUTOFFS,
  type AnyScoreResult,
  type BriefFormScoreResult,
  type NotPublishedScale,
  type ShortFormScoreResult,
} from '@pid5/instrument';
import { describeForm, formNameOf } from './results-form';
import { presentResults, scaleScores, type PresentResultsOptions } from './results.presenter';

// The results API shape for every form (issue 18, DESIGN.md §5). The full form is results.presenter.ts's; the short
// form has the same 25 facets and 5 domains with its own inconsistency scale (INC-S); the brief form has 5 domains
// made of items and a total, no facets. A validity scale not published for a form is listed as such and never
// computed (least of all against the full form's cut-offs).

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
    itemSet: options.itemSet,
    levelCutoffs: LEVEL_CUTOFFS.map((c) => ({ level: c.level, atLeast: c.atLeast })),
    ...describeForm(score.form),
  };
}

const NOT_PUBLISHED_NAMES: Readonly<Record<NotPublishedScale['key'], string>> = {
  INC: 'Response inconsistency (INC)',
  ORS: 'Over-reporting (ORS)',
  PRD: 'Favourable self-presentation (PRD)',
  SDTD: 'Denial of common shortcomings (SD-TD)',
};

/** A validity scale that has no published items and cut-offs for this form: listed, never computed. */
export function notPublishedLine(scale: NotPublishedScale): TValidityScaleResult {
  const formName = formNameOf(scale.form)
    .replace(/ \(.*$/, '')
    .toLowerCase();
  return {
    key: scale.key,
    name: NOT_PUBLISHED_NAMES[scale.key],
    source: 'Not published for this form',
    nItems: 0,
    missing: 0,
    isComputed: false,
    score: null,
    flag: 'not-published',
    isConcern: false,
    cutoffs: 'None published for this form',
    statement:
      `Not published for the ${formName}: no items and cut-offs have been published for it, so it is not computed ` +
      "(the full form's cut-offs do not apply).",
  };
}

function missingSentence(missing: number, itemCount: number, unscored: readonly string[], what: string): string {
  if (missing === 0) {
    return `All ${itemCount} statements were answered.`;
  }
  const head = `${missing} of ${itemCount} statements ${missing === 1 ? 'was' : 'were'} not answered`;
  if (unscored.length === 0) {
    return `${head}; every scale still had enough answers to be scored.`;
  }
  return (
    `${head}; ${unscored.length === 1 ? `one ${what} has` : `${unscored.length} ${what}s have`} too few answers ` +
    `to be scored (${unscored.join(', ')}).`
  );
}

export function presentShortFormResults(
  score: ShortFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  const { INCS, ORS, PRD, SDTD } = score.validity;
  const incs: TValidityScaleResult = {
    key: 'INCS',
    name: 'Response inconsistency, short form (INC-S)',
    source: INCS.source,
    nItems: INCS.nItems,
    missing: INCS.missing,
    isComputed: INCS.isComputed,
    score: INCS.score,
    flag: INCS.isComputed ? (INCS.flag ? 'inconsistent' : 'consistent') : null,
    isConcern: INCS.flag,
    cutoffs: `${INCS.cutoff} or more suggests inconsistent answering`,
    statement: !INCS.isComputed
      ? `Not computed: ${INCS.missing} of its ${INCS.nItems} statements were not answered.`
      : INCS.flag
        ? `Answers to pairs of similar statements often differed (score ${INCS.score}; ${INCS.cutoff} or more ` +
          'suggests inconsistent answering). Read the profile with caution.'
        : `Answers to pairs of similar statements were consistent (score ${INCS.score}; ${INCS.cutoff} or more would ` +
          'suggest inconsistent answering).',
  };
  const unscored = FACET_KEYS.filter((key) => !score.facets[key].isScored);
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
      unscoredFacets: unscored,
      scales: [incs, notPublishedLine(ORS), notPublishedLine(PRD), notPublishedLine(SDTD)],
      summary: [
        missingSentence(
          score.missing,
          100,
          unscored.map((key) => score.facets[key].name),
          'facet',
        ),
        incs.isConcern
          ? 'The inconsistency scale (INC-S) suggests reading the profile with caution.'
          : 'The inconsistency scale (INC-S) does not point to careless answering.',
        'No over-reporting or favourable self-presentation scale is published for the short form.',
      ].join(' '),
    },
  };
}

export function presentBriefFormResults(
  score: BriefFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  const unscoredDomains = DOMAIN_KEYS.filter((key) => !score.domains[key].isScored);
  const { total } = score;
  const { INC, ORS, PRD, SDTD } = score.validity;
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
      scales: [notPublishedLine(INC), notPublishedLine(ORS), notPublishedLine(PRD), notPublishedLine(SDTD)],
      summary: [
        missingSentence(
          score.missing,
          25,
          unscoredDomains.map((key) => score.domains[key].name),
          'domain',
        ),
        total.isScored ? '' : 'The total is not scored (7 or more of 25 statements unanswered).',
        'No validity scale is published for the brief form, so careless or exaggerated answering cannot be checked.',
      ]
        .filter((part) => part !== '')
        .join(' '),
    },
  };
}
