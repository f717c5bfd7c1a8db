import type { ResultLevel, TAssessmentResults, TNormReading, TValidityVerdict } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  LEVEL_CUTOFFS,
  describeLevel,
  formatPercentile,
  formatTScore,
  type DomainScore,
  type FacetScore,
  type Level,
  type NormReading,
  type ScoreResult,
  type ValidityVerdict,
} from '@pid5/instrument';

// ScoreResult (the instrument's, frozen at submission or computed live) → the results API shape: scores, z, the US
// T and percentile with their printed texts, levels in words, and the validity verdict first. The PDF report is drawn from this same object, so page and report agree.

// The contract's level names are the instrument's: a compile-time check that they stay the same.
const LEVELS_MATCH: [Level, ResultLevel] extends [ResultLevel, Level] ? true : never = true;
void LEVELS_MATCH;

export interface PresentResultsOptions {
  assessmentId: number;
  isFinished: boolean;
  finishedAt: Date | null;
  scoresSource: TAssessmentResults['scoresSource'];
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
    normTables: { ...score.normTables },
    itemSet: options.itemSet,
    levelCutoffs: LEVEL_CUTOFFS.map((c) => ({ level: c.level, atLeast: c.atLeast })),
    validityVerdict: presentVerdict(score.validityVerdict),
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
  };
}

/** What facets and domains share in the API shape (picked, so nothing else of the instrument's objects goes out). */
function scaleScores(scale: FacetScore | DomainScore) {
  return {
    key: scale.key,
    name: scale.name,
    isScored: scale.isScored,
    score: scale.score,
    srf: scale.srf,
    irf: scale.irf,
    level: scale.level,
    us: presentNormReading(scale.us),
    levelDescription:
      scale.isScored && scale.us ? describeLevel({ level: scale.level, percentile: scale.us.percentile }) : null,
  };
}

/** A T/percentile reading with the texts every page, report and export prints. */
export function presentNormReading(us: NormReading | null): TNormReading | null {
  if (us === null) {
    return null;
  }
  return { ...us, tText: formatTScore(us), percentileText: formatPercentile(us.percentile) };
}

/**
 * The validity indicators and the verdict as the instrument decided them (validity-verdict.ts): the words, the
 * directions (PRD: LOW scores are the concern; SD-TD read only when PRD flags under-reporting) and `isConcern`
 * come from there, so no page or report can put a reassuring badge beside a warning.
 */
export function describeValidity(score: ScoreResult): TAssessmentResults['validity'] {
  const verdict = score.validityVerdict;
  return {
    missing: score.missing,
    unscoredFacets: FACET_KEYS.filter((key) => !score.facets[key].isScored),
    scales: verdict.lines.map((line) => ({
      key: line.key,
      name: line.name,
      source: line.source,
      status: line.status,
      isConcern: line.isConcern,
      score: line.score,
      percentile: line.percentile ? { ...line.percentile } : null,
      direction: line.direction,
      directionText: line.directionText,
      cutoffs: line.cutoffText,
      statement: line.statement,
    })),
    summary: verdict.summary,
  };
}

export function presentVerdict(verdict: ValidityVerdict): TValidityVerdict {
  return {
    verdict: verdict.verdict,
    label: verdict.label,
    summary: verdict.summary,
    action: verdict.action,
    patientFacingLevels: verdict.patientFacingLevels,
    reasons: verdict.reasons.map((r) => ({ ...r })),
    notes: [...verdict.notes],
    rule: verdict.rule,
  };
}
