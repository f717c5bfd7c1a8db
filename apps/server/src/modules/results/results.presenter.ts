import type { ResultLevel, TAssessmentResults, TNormReading, TValidityVerdict } from '@pid5/contract';
import {
  DOMAIN_KEYS,
  FACET_KEYS,
  LEVEL_CUTOFFS,
  US_NORM_TABLES,
  describeLevel,
  fillPublishedCutoffs,
  levelStartsInT,
  formatPercentile,
  formatTScore,
  type DomainScore,
  type FacetScore,
  type Level,
  type BriefDomainScore,
  type BriefTotalScore,
  type NormReading,
  type NormTables,
  type AnyScoreResult,
  type ScoreResult,
  type ShortFormScoreResult,
  type ValidityVerdict,
  publishedSource,
  tMiddleShare,
} from '@pid5/instrument';
import { describeForm } from './results-form';

// ScoreResult (the instrument's, frozen at submission or computed live) → the results API shape: scores, z, the US
// T and percentile with their printed texts, levels in words, and the validity verdict first. The PDF report is drawn from this same object, so page and report agree.
// The short form is presented here too (the same facets and domains); the brief form by results-by-form.ts with the
// same pieces.

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
  /** The loaded tables (app.deps.normTables), for where each level begins in T; default the US tables. */
  normTables?: NormTables;
}

/**
 * Where each level begins in T on one scale, read in the tables loaded now: null unless those are the tables the
 * score was read in (an institute's other tables would put the lines where the score's level was not decided).
 */
export type LevelStartsOf = (key: string) => TNormReading['levelStarts'];

export function levelStartsReader(score: AnyScoreResult, options: PresentResultsOptions): LevelStartsOf {
  const tables = options.normTables ?? US_NORM_TABLES;
  const isSame = tables.id === score.normTables.id && tables.version === score.normTables.version;
  return (key) => {
    const table = tables.tables[score.form][key];
    return isSame && table ? levelStartsInT(table.rows) : null;
  };
}

/** The loaded tables when the score was read in them, otherwise the shipped published ones the texts describe. */
function sameTablesOr(score: AnyScoreResult, options: PresentResultsOptions): NormTables {
  const tables = options.normTables ?? US_NORM_TABLES;
  return tables.id === score.normTables.id && tables.version === score.normTables.version ? tables : US_NORM_TABLES;
}

/** What every form's results share, taken from the score and the request. */
export function presentCommonFields(score: AnyScoreResult, options: PresentResultsOptions) {
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
    // A result frozen before the source was trimmed still cites the published tables only.
    normTables: { ...score.normTables, source: publishedSource(score.normTables.source) },
    tMiddleShare: { ...tMiddleShare(sameTablesOr(score, options), score.form) },
    itemSet: options.itemSet,
    levelCutoffs: LEVEL_CUTOFFS.map((c) => ({ level: c.level, atLeast: c.atLeast })),
    validityVerdict: presentVerdict(score.validityVerdict),
    ...describeForm(score.form),
  };
}

/**
 * The full and the short form's results: the same 25 facets and 5 domains (each form scored by its own key and
 * read in its own tables), no total. The brief form's are results-by-form.ts's.
 */
export function presentResults(
  score: ScoreResult | ShortFormScoreResult,
  options: PresentResultsOptions,
): TAssessmentResults {
  const startsOf = levelStartsReader(score, options);
  return {
    ...presentCommonFields(score, options),
    facets: FACET_KEYS.map((key) => {
      const f = score.facets[key];
      return {
        ...scaleScores(f, startsOf),
        domain: f.domain,
        nItems: f.nItems,
        answered: f.answered,
        missing: f.missing,
        maxMissing: f.maxMissing,
      };
    }),
    domains: DOMAIN_KEYS.map((key) => {
      const d = score.domains[key];
      return { ...scaleScores(d, startsOf), facets: [...d.facets], unscoredFacets: [...d.unscoredFacets] };
    }),
    validity: describeValidity(score),
    total: null,
  };
}

/** What facets and domains share in the API shape (picked, so nothing else of the instrument's objects goes out). */
export function scaleScores(
  scale: FacetScore | DomainScore | BriefDomainScore | BriefTotalScore,
  startsOf: LevelStartsOf = () => null,
) {
  return {
    key: scale.key,
    name: scale.name,
    isScored: scale.isScored,
    score: scale.score,
    srf: scale.srf,
    irf: scale.irf,
    level: scale.level,
    us: presentNormReading(scale.us, startsOf(scale.key)),
    levelDescription:
      scale.isScored && scale.us ? describeLevel({ level: scale.level, percentile: scale.us.percentile }) : null,
  };
}

/** A T/percentile reading with the texts every page, report and export prints. */
export function presentNormReading(
  us: NormReading | null,
  levelStarts: TNormReading['levelStarts'] = null,
): TNormReading | null {
  if (us === null) {
    return null;
  }
  return { ...us, tText: formatTScore(us), percentileText: formatPercentile(us.percentile), levelStarts };
}

/**
 * The validity indicators and the verdict as the instrument decided them (validity-verdict.ts): the words, the
 * directions (PRD: LOW scores are the concern; SD-TD read only when PRD flags under-reporting) and `isConcern`
 * come from there, so no page or report can put a reassuring badge beside a warning.
 */
export function describeValidity(score: ScoreResult | ShortFormScoreResult): TAssessmentResults['validity'] {
  return {
    missing: score.missing,
    unscoredFacets: FACET_KEYS.filter((key) => !score.facets[key].isScored),
    scales: presentValidityLines(score.validityVerdict),
    summary: score.validityVerdict.summary,
  };
}

/** Every validity indicator of the form as the verdict states it (any form: not-published lines included). */
export function presentValidityLines(verdict: ValidityVerdict): TAssessmentResults['validity']['scales'] {
  return verdict.lines.map((line) => ({
    key: line.key,
    name: line.name,
    source: line.source,
    status: line.status,
    isConcern: line.isConcern,
    score: line.score,
    percentile: line.percentile ? { ...line.percentile } : null,
    direction: line.direction,
    // A result frozen by an earlier version may hold the published cut-offs as bare placeholders.
    directionText: fillPublishedCutoffs(line.directionText),
    // A cut-off is a phrase the page ends; a verdict stored by the earlier screen ended its own with a full stop.
    cutoffs: line.cutoffText === null ? null : fillPublishedCutoffs(line.cutoffText).replace(/\.$/, ''),
    statement: line.statement,
  }));
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
