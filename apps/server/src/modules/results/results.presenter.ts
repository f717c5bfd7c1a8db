import type { ResultLevel, TAssessmentResults, TValidityScaleResult } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  LEVEL_CUTOFFS,
  type BriefDomainScore,
  type BriefTotalScore,
  type DomainScore,
  type FacetScore,
  type Level,
  type ScoreResult,
  type ValidityResult,
} from '@pid5/instrument';
import { describeForm } from './results-form';

// ScoreResult (the instrument's, frozen at submission or computed live) → the results API shape, with the validity
// indices put in plain words. The PDF report is drawn from this same object, so page and report agree. The short and
// brief forms are presented by results-by-form.ts with the same pieces.

// The contract's level names are the instrument's: a compile-time check that they stay the same.
const LEVELS_MATCH: [Level, ResultLevel] extends [ResultLevel, Level] ? true : never = true;
void LEVELS_MATCH;

export interface PresentResultsOptions {
  assessmentId: number;
  isFinished: boolean;
  finishedAt: Date | null;
  scoresSource: 'frozen' | 'live';
  itemSet: TAssessmentResults['itemSet'];
  /** The raw answer string, for the admin data view only; null otherwise. */
  responses: string | null;
}

export function presentResults(score: ScoreResult, options: PresentResultsOptions): TAssessmentResults {
  return {
    assessmentId: options.assessmentId,
    status: options.isFinished ? 'completed' : 'in-progress',
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
    validity: describeValidity(score),
    ...describeForm('FULL'),
    total: null,
  };
}

/** What facets and domains share in the API shape (picked, so nothing else of the instrument's objects goes out). */
export function scaleScores(scale: FacetScore | DomainScore | BriefDomainScore | BriefTotalScore) {
  return {
    key: scale.key,
    name: scale.name,
    isScored: scale.isScored,
    score: scale.score,
    srf: scale.srf,
    irf: scale.irf,
    level: scale.level,
  };
}

const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

function notComputed(scale: { missing: number; nItems: number }): string {
  return `Not computed: ${scale.missing} of its ${scale.nItems} statements were not answered.`;
}

/** What every validity index reports whatever its flag, under the name the results show for it. */
function measured(scale: ValidityResult['INC' | 'ORS' | 'PRD' | 'SDTD'], name: string) {
  return {
    key: scale.key,
    name,
    source: scale.source,
    nItems: scale.nItems,
    missing: scale.missing,
    isComputed: scale.isComputed,
    score: scale.score,
  };
}

/**
 * The validity indices in plain words (DESIGN.md §5: report the missing items and the published response-validity
 * indices with their cut-offs). Cut-offs: INC Keeley et al. 2016; ORS Sellbom, Dhillon & Bagby 2018; PRD and SD-TD
 * Williams, Rogers, Sharf & Ross 2019 (SD-TD has a single published source, so its statements stay cautious).
 */
export function describeValidity(score: ScoreResult): TAssessmentResults['validity'] {
  const { INC, ORS, PRD, SDTD } = score.validity;
  const scales: TValidityScaleResult[] = [];

  scales.push({
    ...measured(INC, 'Response inconsistency (INC)'),
    flag: INC.isComputed ? (INC.flag ? 'inconsistent' : 'consistent') : null,
    isConcern: INC.flag,
    cutoffs: `${INC.cutoff} or more suggests inconsistent answering`,
    statement: !INC.isComputed
      ? notComputed(INC)
      : INC.flag
        ? `Answers to pairs of similar statements often differed (score ${INC.score}; ${INC.cutoff} or more suggests ` +
          'inconsistent answering). The questionnaire may have been answered hastily or without full attention, so ' +
          'read the profile with caution.'
        : `Answers to pairs of similar statements were consistent (score ${INC.score}; ${INC.cutoff} or more would ` +
          'suggest inconsistent answering).',
  });

  scales.push({
    ...measured(ORS, 'Over-reporting (ORS)'),
    flag: ORS.isComputed ? (ORS.flag ? 'over-reporting' : 'not-over-reporting') : null,
    isConcern: ORS.flag,
    cutoffs: `${ORS.cutoff} or more suggests over-reporting`,
    statement: !ORS.isComputed
      ? notComputed(ORS)
      : ORS.flag
        ? `${ORS.score} of ${ORS.nItems} rarely endorsed statements were marked as very true (${ORS.cutoff} or more ` +
          'suggests over-reporting). Difficulties may be described more strongly than they are experienced; discuss ' +
          'high scores before relying on them.'
        : `${ORS.score} of ${ORS.nItems} rarely endorsed statements were marked as very true (${ORS.cutoff} or more ` +
          'would suggest over-reporting).',
  });

  const prdRange = `${PRD.positiveImpressionIfAtMost + 1}-${PRD.genuineIfAtLeast - 1}`;
  scales.push({
    ...measured(PRD, 'Favourable self-presentation (PRD)'),
    flag: PRD.flag,
    isConcern: PRD.flag === 'positive-impression',
    cutoffs:
      `${PRD.positiveImpressionIfAtMost} or less suggests a favourable self-presentation; ` +
      `${PRD.genuineIfAtLeast} or more suggests open answering`,
    statement:
      PRD.flag === null
        ? notComputed(PRD)
        : PRD.flag === 'positive-impression'
          ? `Score ${PRD.score} (${PRD.positiveImpressionIfAtMost} or less): the answers may paint a more favourable ` +
            'picture than is the case, so some difficulties could be understated.'
          : PRD.flag === 'genuine'
            ? `Score ${PRD.score} (${PRD.genuineIfAtLeast} or more): no sign of an overly favourable self-presentation.`
            : `Score ${PRD.score} (${prdRange}): no clear sign either way of an overly favourable self-presentation.`,
  });

  const sdtdRange = `${SDTD.socialDesirabilityIfAtMost + 1}-${SDTD.defensivenessIfAtLeast - 1}`;
  scales.push({
    ...measured(SDTD, 'Denial of common shortcomings (SD-TD)'),
    flag: SDTD.flag,
    isConcern: SDTD.flag === 'social-desirability',
    cutoffs:
      `${SDTD.socialDesirabilityIfAtMost} or less suggests socially desirable answering; ` +
      `${SDTD.defensivenessIfAtLeast} or more is described by its authors as defensive answering`,
    statement:
      SDTD.flag === null
        ? notComputed(SDTD)
        : SDTD.flag === 'social-desirability'
          ? `Score ${SDTD.score} (${SDTD.socialDesirabilityIfAtMost} or less): the answers may deny shortcomings that ` +
            'most people admit to, so some difficulties could be understated.'
          : SDTD.flag === 'defensiveness'
            ? `Score ${SDTD.score} (${SDTD.defensivenessIfAtLeast} or more): above the range linked to socially ` +
              "desirable answering, in the range the scale's authors describe as defensive answering. This index " +
              'rests on a single study, so give it less weight than the others.'
            : `Score ${SDTD.score} (${sdtdRange}): no clear sign either way of socially desirable answering.`,
  });

  const unscored = FACET_KEYS.filter((key) => !score.facets[key].isScored);
  const concerns = scales.filter((s) => s.isConcern);
  const parts: string[] = [];
  parts.push(
    score.missing === 0
      ? 'All 220 statements were answered.'
      : `${score.missing} of 220 statements were not answered` +
          (unscored.length === 0
            ? '; every scale still had enough answers to be scored.'
            : `; ${unscored.length === 1 ? 'one facet has' : `${unscored.length} facets have`} too few answers to be ` +
              `scored (${unscored.map((key) => score.facets[key].name).join(', ')}).`),
  );
  parts.push(
    concerns.length === 0
      ? 'None of the validity indices points to careless, exaggerated or overly favourable answering.'
      : `${LIST.format(concerns.map((s) => s.name))} ${concerns.length === 1 ? 'suggests' : 'suggest'} reading ` +
          'the profile with caution.',
  );

  return {
    missing: score.missing,
    unscoredFacets: unscored,
    scales,
    summary: parts.join(' '),
  };
}
