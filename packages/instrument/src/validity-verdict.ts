import { pid5Definition } from './definition';
import type { FormInfo } from './forms';
import type { AdministeredFormId } from './keys';
import { formatPercentile, type ValidityPercentileReading } from './norm-lookup';
import { PATTERN_CHANCE_AT_MOST, PATTERN_DEVIATION_SHARE, type ResponsePatternResult } from './response-pattern';
import { FAST_SECONDS_PER_STATEMENT, FAST_SHARE_CAUTION, type ResponseTimeResult } from './response-time';
import type {
  BriefFormValidityResult,
  ScoreRange,
  OrsResult,
  PrdResult,
  SdtdResult,
  ShortFormValidityResult,
  ValidityResult,
} from './validity-scales';
import {
  decimalWording,
  fillTemplate,
  type PatientFacingLevels,
  VALIDITY_INTERPRETATION,
  type ValidityInterpretation,
  type Verdict,
  validityWording,
  type WordingLanguage,
} from './validity-wording';

// The protocol's overall validity verdict (DESIGN.md "Validity verdict"), from the validity indicators of the
// form that was given and its missing answers, with plain words for each reason and what to do. The words and
// directions are data (validity-wording.ts); this module only decides which apply.
// Rule: the verdict is the most serious reason found.
// - Not interpretable: INC ≥ 17 (INC-S ≥ 8 on the short form), the cut-off above which the US norm sample excluded
//   people (Markon et al. 2024, p. 114; Keeley et al. 2016; Lowmaster et al. 2020), or more than a quarter of the
//   form's items unanswered (the norm sample's other exclusion).
// - Interpret with caution: ORS ≥ 3 (over-reporting, Sellbom et al. 2018), PRD ≤ 10 (under-reporting, Williams et
//   al. 2019; LOW scores are the concern), a scale not scored because of missing answers, or the inconsistency
//   scale, ORS or PRD not computed because of missing answers: a check that could not be made is named, never
//   summed up as "no sign" of what it looks for.
// - SD-TD never changes the verdict: it tells social desirability (≤ 11) from defensiveness (≥ 19) and is read
//   only once PRD has flagged under-reporting (Williams et al. 2019 as summarised by jmgirard/hitop). Random or
//   strongly endorsing answers score high on it, so on its own it would be misread as "defensive".
// - Scales not published for a form are listed as such and never computed against the full form's cut-offs.
// - The product's own response-pattern screen (response-pattern.ts, every form): not interpretable when one answer
//   or two in turn run over half the form or 95 % of the answers are one value; caution from a quarter of the form
//   (at least 10 statements). Labelled as the product's own: no PID-5 scale exists for it.
// - The product's own response-time check (response-time.ts): caution when half the timed statements or more were
//   answered in under 2 seconds each (Huang et al. 2012); answers without times say the check was "not recorded".

export type ValidityLineKey = 'INC' | 'INCS' | 'ORS' | 'PRD' | 'SDTD' | 'PATTERN' | 'TIME';

export type ValidityLineStatus =
  'ok' | 'flagged' | 'indeterminate' | 'not-computed' | 'not-read' | 'not-published' | 'not-recorded';

/** One validity indicator as a line of a results page or report. */
export interface ValidityLine {
  readonly key: ValidityLineKey;
  readonly name: string;
  readonly source: string;
  readonly status: ValidityLineStatus;
  /** True when the line reports a concern (never true beside reassuring words, never false beside a warning). */
  readonly isConcern: boolean;
  readonly score: number | null;
  /** Printed US percentile of the score (INC, INC-S, ORS, PRD); null where no table is published. */
  readonly percentile: ValidityPercentileReading | null;
  /** Which scores are the concern: high (INC, ORS), low (PRD), or a kind of answering (SD-TD). */
  readonly direction: 'high' | 'low' | 'style';
  readonly directionText: string;
  /** Null when the scale is not published for the form. */
  readonly cutoffText: string | null;
  readonly statement: string;
}

export type ValidityReasonCode =
  | 'INCONSISTENT'
  | 'TOO_MANY_MISSING'
  | 'OVER_REPORTING'
  | 'UNDER_REPORTING'
  | 'INCONSISTENCY_NOT_COMPUTED'
  | 'CHECKS_NOT_COMPUTED'
  | 'PATTERNED_ANSWERS'
  /** "Very False" nearly throughout a form without reverse-worded statements to contradict it: a caution only. */
  | 'POSSIBLY_LOW_PROFILE'
  /** Half the timed statements or more answered in under 2 seconds each: a caution. */
  | 'FAST_ANSWERS'
  | 'SCALES_NOT_SCORED';

export interface ValidityReason {
  readonly code: ValidityReasonCode;
  readonly severity: Exclude<Verdict, 'valid'>;
  readonly text: string;
  /** A few words for the summary line. */
  readonly short: string;
  readonly action: string;
}

export interface ValidityVerdict {
  readonly verdict: Verdict;
  /** "Valid", "Interpret with caution", "Not interpretable". */
  readonly label: string;
  /** One plain sentence for the top of the results page and page 1 of a report. */
  readonly summary: string;
  /** What to do. */
  readonly action: string;
  /** How level words meant for the patient are handled: shown, shown marked with the caution, or withheld. */
  readonly patientFacingLevels: PatientFacingLevels;
  /** The concerns, most serious first. */
  readonly reasons: readonly ValidityReason[];
  /** Facts that do not change the verdict (missing answers, what the form cannot check). */
  readonly notes: readonly string[];
  /** Every validity indicator of the form, in a fixed order. */
  readonly lines: readonly ValidityLine[];
  /** The rule, for a footnote. */
  readonly rule: string;
}

/** The inconsistency scale of a form (INC, or INC-S on the short form). */
export interface InconsistencyInput {
  readonly key: 'INC' | 'INCS';
  readonly score: number | null;
  readonly isComputed: boolean;
  readonly flag: boolean;
  readonly cutoff: number;
  readonly missing: number;
  readonly nItems: number;
  readonly percentile: ValidityPercentileReading | null;
  /** The score's range when answers are missing (validity-scales.ts); absent in results stored before it. */
  readonly range?: ScoreRange | null;
}

/** What the verdict is decided on; a null indicator is not published for the form. */
export interface VerdictInput {
  readonly form: AdministeredFormId;
  /** The form's name for sentences, e.g. "short form (PID-5-SF, 100 items)". */
  readonly formName: string;
  readonly itemCount: number;
  readonly missing: number;
  /** Names of the facets, domains or total that could not be scored. */
  readonly unscoredScales: readonly string[];
  readonly inconsistency: InconsistencyInput | null;
  readonly ors: OrsResult | null;
  readonly prd: PrdResult | null;
  readonly sdtd: SdtdResult | null;
  /** The product's own response-pattern screen; null for a result stored before it existed (no line). */
  readonly pattern: ResponsePatternResult | null;
  /** The response-time check; null when the answers carry no times (no line). */
  readonly responseTime: ResponseTimeResult | null;
}

const SEVERITY_ORDER: Readonly<Record<Verdict, number>> = { valid: 0, caution: 1, 'not-interpretable': 2 };

/** "a", "a and b", "a, b and c" (German "a, b und c"). */
function joinWords(words: ValidityInterpretation, items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${words.words.and} ${items[items.length - 1]}`;
}

function percentileWording(words: ValidityInterpretation, reading: ValidityPercentileReading | null): string {
  if (reading !== null && reading.printedScore === 0 && reading.percentile >= 0.5 && reading.percentile < 1) {
    // At the floor the printed percentile is the share scoring 0: where most adults score 0, "PR 88.9" beside a
    // score of 0 would read as a high rank.
    return fillTemplate(words.words.percentileAtFloor, {
      percentile: decimalWording(words, formatPercentile(reading.percentile)),
    });
  }
  return reading === null
    ? words.words.noPercentile
    : fillTemplate(words.words.percentile, {
        percentile:
          reading.percentile >= 1
            ? words.words.percentileAbove
            : reading.percentile <= 0
              ? words.words.percentileBelow
              : decimalWording(words, formatPercentile(reading.percentile)),
      });
}

function notComputedLine(
  words: ValidityInterpretation,
  base: Omit<ValidityLine, 'status' | 'isConcern' | 'statement' | 'score' | 'percentile'>,
  scale: { missing: number; nItems: number },
): ValidityLine {
  return {
    ...base,
    status: 'not-computed',
    isConcern: false,
    score: null,
    percentile: null,
    statement: fillTemplate(words.notComputed, { missing: scale.missing, items: scale.nItems }),
  };
}

/**
 * The values a scale's direction text names. It describes the scale as published (on the full form), so a line for
 * a form without the scale still states the published cut-offs rather than printing a bare placeholder.
 */
const PUBLISHED_CUTOFF_VALUES: Readonly<Record<string, number>> = {
  socialDesirabilityTo: pid5Definition.validity.SDTD.socialDesirabilityIfAtMost,
  defensivenessFrom: pid5Definition.validity.SDTD.defensivenessIfAtLeast,
  prdCutoff: pid5Definition.validity.PRD.positiveImpressionIfAtMost,
  genuineFrom: pid5Definition.validity.PRD.genuineIfAtLeast,
};

/**
 * A stored text with the published cut-offs filled in: results frozen at submission by an earlier version could
 * carry the SD-TD direction text with its placeholders unfilled on the short and brief forms.
 */
export function fillPublishedCutoffs(text: string): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => String(PUBLISHED_CUTOFF_VALUES[name] ?? match));
}

function notPublishedLine(
  words: ValidityInterpretation,
  key: ValidityLineKey,
  scale: { name: string; source: string; direction: 'high' | 'low' | 'style'; directionText: string },
  formName: string,
): ValidityLine {
  return {
    key,
    name: scale.name,
    source: scale.source,
    status: 'not-published',
    isConcern: false,
    score: null,
    percentile: null,
    direction: scale.direction,
    directionText: fillTemplate(scale.directionText, {
      ...PUBLISHED_CUTOFF_VALUES,
      topAnswer: answerWording(words, 3),
    }),
    cutoffText: null,
    statement: fillTemplate(words.notPublished.scale, { form: formName }),
  };
}

/** "Very True or Often True" for 3: the answer's own words, as the patient saw them. */
function answerWording(words: ValidityInterpretation, answer: number | null | undefined): string {
  return answer === null || answer === undefined ? '' : (words.words.answers[answer] ?? String(answer));
}

/** A share 0-1 as a percentage, rounded down to one decimal (94.96 % is "94.9", never "95"; German "94,9"). */
function shareWording(words: ValidityInterpretation, share: number | null): string {
  return share === null ? '0' : decimalWording(words, Math.floor(share * 1000 + 1e-9) / 10);
}

/** "0-0-1-1": a cycle of answers by their scores. */
function cycleWords(cycle: readonly number[]): string {
  return cycle.join('-');
}

function patternLine(
  words: ValidityInterpretation,
  pattern: ResponsePatternResult,
): { line: ValidityLine; reason: ValidityReason | null } {
  return pattern.screen === undefined ? runPatternLine(words, pattern) : stretchPatternLine(words, pattern);
}

/** The screen of uniform and periodic stretches (response-pattern.ts). */
function stretchPatternLine(
  words: ValidityInterpretation,
  pattern: ResponsePatternResult,
): { line: ValidityLine; reason: ValidityReason | null } {
  const w = words.scales.PATTERN;
  const stretch =
    pattern.finding === 'periodic' ? pattern.periodic : pattern.finding === 'none' ? null : pattern.uniform;
  const values = {
    items: pattern.nItems,
    run: pattern.longestRun,
    irv: pattern.irv === null || pattern.irv === undefined ? '–' : decimalWording(words, pattern.irv.toFixed(2)),
    cautionFrom: pattern.cautionRunFrom,
    notInterpretableFrom: pattern.notInterpretableRunFrom,
    floorFrom: pattern.floorCautionFrom ?? pattern.nItems,
    floorAnswer: answerWording(words, 0),
    deviationShare: Math.round(PATTERN_DEVIATION_SHARE * 100),
    // Screen 2 counted a cycle repeated four times; screen 3 one improbable by chance (each result keeps its rule).
    cycleRule:
      pattern.screen === 2
        ? w.cycleRuleRepeats
        : fillTemplate(w.cycleRuleChance, {
            chanceIn: Math.round(1 / (pattern.periodicChanceAtMost ?? PATTERN_CHANCE_AT_MOST)),
          }),
    from: stretch?.from ?? '',
    to: stretch === null || stretch === undefined ? '' : stretch.from + stretch.length - 1,
    length: stretch?.length ?? '',
    deviations: stretch?.deviations ?? '',
    answer: answerWording(words, stretch?.cycle[0]),
    cycle: stretch === null || stretch === undefined ? '' : cycleWords(stretch.cycle),
  };
  const stretchWords =
    stretch === null || stretch === undefined
      ? ''
      : fillTemplate(
          pattern.finding === 'periodic'
            ? w.stretchPeriodic
            : stretch.deviations === 0
              ? w.stretchUniformExact
              : w.stretchUniform,
          values,
        );
  const all = { ...values, stretchWords };
  const isFloor = pattern.finding === 'uniform-floor';
  const statement =
    pattern.flag === null
      ? w.okScreen
      : isFloor
        ? w.cautionFloor
        : pattern.flag === 'caution'
          ? w.cautionStretch
          : w.flaggedStretch;
  const line: ValidityLine = {
    key: 'PATTERN',
    name: w.screenName,
    source: w.screenSource,
    status: pattern.flag === null ? 'ok' : 'flagged',
    isConcern: pattern.flag !== null,
    score: stretch?.length ?? pattern.longestRun,
    percentile: null,
    direction: w.direction,
    directionText: w.screenDirectionText,
    cutoffText: fillTemplate(pattern.hasReverseKeyedItems === false ? w.cutoffTextNoReverse : w.cutoffTextReverse, all),
    statement: fillTemplate(statement, all),
  };
  if (pattern.flag === null) {
    return { line, reason: null };
  }
  return {
    line,
    reason: {
      code: isFloor ? 'POSSIBLY_LOW_PROFILE' : 'PATTERNED_ANSWERS',
      severity: pattern.flag,
      text: line.statement,
      short: fillTemplate(isFloor ? w.shortFloor : w.shortStretch, all),
      action: isFloor ? w.actionFloor : pattern.flag === 'caution' ? w.actionCaution : w.actionFlagged,
    },
  };
}

/** The earlier screen (one answer or two in turn), for results stored with it. */
function runPatternLine(
  words: ValidityInterpretation,
  pattern: ResponsePatternResult,
): { line: ValidityLine; reason: ValidityReason | null } {
  const w = words.scales.PATTERN;
  const [answer, other] = pattern.longestRunAnswers;
  const base = {
    run: pattern.longestRun,
    items: pattern.nItems,
    answer: answerWording(words, answer),
    other: answerWording(words, other),
    modal: answerWording(words, pattern.modalAnswer),
    share: shareWording(words, pattern.modalShare),
    shareFrom: Math.round((pattern.notInterpretableShareFrom ?? 0.95) * 100),
    cautionFrom: pattern.cautionRunFrom,
    notInterpretableFrom: pattern.notInterpretableRunFrom,
  };
  const values = {
    ...base,
    runWords: fillTemplate(other === undefined ? w.runSame : w.runAlternating, base),
  };
  const isRunFlagged = pattern.longestRun >= pattern.notInterpretableRunFrom;
  const flagged = isRunFlagged ? w.flaggedRun : w.flaggedShare;
  const statement = pattern.flag === 'not-interpretable' ? flagged : pattern.flag === 'caution' ? w.caution : w.ok;
  const line: ValidityLine = {
    key: 'PATTERN',
    name: w.name,
    source: w.source,
    status: pattern.flag === null ? 'ok' : 'flagged',
    isConcern: pattern.flag !== null,
    score: pattern.longestRun,
    percentile: null,
    direction: w.direction,
    directionText: w.directionText,
    cutoffText: fillTemplate(w.cutoffText, values),
    statement: fillTemplate(statement, values),
  };
  if (pattern.flag === null) {
    return { line, reason: null };
  }
  const isNotInterpretable = pattern.flag === 'not-interpretable';
  const short = isNotInterpretable ? (isRunFlagged ? w.shortFlaggedRun : w.shortFlaggedShare) : w.shortCaution;
  return {
    line,
    reason: {
      code: 'PATTERNED_ANSWERS',
      severity: pattern.flag,
      text: line.statement,
      short: fillTemplate(short, values),
      action: isNotInterpretable ? w.actionFlagged : w.actionCaution,
    },
  };
}

/**
 * What a scale's answered statements already decide when some are missing: the reading at both ends of the range the
 * missing answers leave (the readings are monotone in the score), or null when the missing answers could change it.
 */
function decidedByRange<T>(range: ScoreRange | null | undefined, read: (score: number) => T): T | null {
  if (range === null || range === undefined) {
    return null;
  }
  const low = read(range.low);
  return low === read(range.high) ? low : null;
}

/** A score with missing answers, as its range: "25 to 28 (1 of 22 statements unanswered)". */
function rangeWording(
  words: ValidityInterpretation,
  range: ScoreRange,
  scale: { readonly missing: number; readonly nItems: number },
): string {
  return fillTemplate(words.words.range, { ...range, missing: scale.missing, items: scale.nItems });
}

/** What one rule adds to the verdict: its indicator's lines, the concerns it found, facts that change nothing. */
export interface RuleOutcome {
  readonly lines: readonly ValidityLine[];
  readonly reasons: readonly ValidityReason[];
  readonly notes: readonly string[];
}

/** One indicator's rule: reads the verdict's input, never another rule's outcome. */
export type ValidityRule = (input: VerdictInput, words: ValidityInterpretation) => RuleOutcome;

function outcome(parts: Partial<RuleOutcome>): RuleOutcome {
  return { lines: parts.lines ?? [], reasons: parts.reasons ?? [], notes: parts.notes ?? [] };
}

/** INC (full form) or INC-S (short form): high scores are the concern; just below the cut-off is borderline. */
export const inconsistencyRule: ValidityRule = (input, words) => {
  const incKey = input.inconsistency?.key ?? (input.form === 'SF' ? 'INCS' : 'INC');
  const incWording = words.scales[incKey];
  if (input.inconsistency === null) {
    return outcome({ lines: [notPublishedLine(words, incKey, incWording, input.formName)] });
  }
  const inc = input.inconsistency;
  const reading = (score: number) =>
    score >= inc.cutoff ? 'flagged' : score >= inc.cutoff - incWording.borderlineWithin ? 'borderline' : 'ok';
  const decided = inc.isComputed
    ? inc.score === null
      ? null
      : reading(inc.score)
    : decidedByRange(inc.range, reading);
  const isRange = !inc.isComputed && decided !== null && inc.range !== null && inc.range !== undefined;
  const values = {
    score: isRange && inc.range ? rangeWording(words, inc.range, inc) : (inc.score ?? ''),
    cutoff: inc.cutoff,
    percentile: isRange ? words.words.rangePercentile : percentileWording(words, inc.percentile),
  };
  const base = {
    key: incKey,
    name: incWording.name,
    source: incWording.source,
    direction: incWording.direction,
    directionText: incWording.directionText,
    cutoffText: fillTemplate(incWording.cutoffText, values),
  } as const;
  if (decided === null) {
    return outcome({
      lines: [notComputedLine(words, base, inc)],
      reasons: [
        {
          code: 'INCONSISTENCY_NOT_COMPUTED',
          severity: words.notComputedInconsistency.severity,
          text: fillTemplate(words.notComputedInconsistency.text, { missing: inc.missing, items: inc.nItems }),
          short: words.notComputedInconsistency.short,
          action: words.notComputedInconsistency.action,
        },
      ],
    });
  }
  // Just below the cut-off is borderline, never "consistent": INC 16 is the 94th percentile.
  const isFlagged = decided === 'flagged';
  const isBorderline = decided === 'borderline';
  const line: ValidityLine = {
    ...base,
    status: isFlagged ? 'flagged' : isBorderline ? 'indeterminate' : 'ok',
    isConcern: isFlagged,
    score: inc.score,
    percentile: inc.percentile,
    statement: fillTemplate(isFlagged ? incWording.flagged : isBorderline ? incWording.borderline : incWording.ok, {
      ...values,
      within: incWording.borderlineWithin,
    }),
  };
  if (!isFlagged) {
    return outcome({ lines: [line] });
  }
  return outcome({
    lines: [line],
    reasons: [
      {
        code: 'INCONSISTENT',
        severity: incWording.severity,
        text: fillTemplate(incWording.flagged, values),
        short: fillTemplate(incWording.short, values),
        action: incWording.action,
      },
    ],
  });
};

/** ORS: high scores are the concern (over-reporting). */
export const overReportingRule: ValidityRule = (input, words) => {
  const orsWording = words.scales.ORS;
  if (input.ors === null) {
    return outcome({ lines: [notPublishedLine(words, 'ORS', orsWording, input.formName)] });
  }
  const ors = input.ors;
  const decided = orsDecision(ors);
  const isRange = !ors.isComputed && decided !== null && ors.range !== null && ors.range !== undefined;
  // The answer that counts, quoted as the patient saw it.
  const topAnswer = answerWording(words, 3);
  const values = {
    score: isRange && ors.range ? rangeWording(words, ors.range, ors) : (ors.score ?? ''),
    cutoff: ors.cutoff,
    percentile: isRange ? words.words.rangePercentile : percentileWording(words, ors.percentile),
    topAnswer,
  };
  const base = {
    key: 'ORS',
    name: orsWording.name,
    source: orsWording.source,
    direction: orsWording.direction,
    directionText: fillTemplate(orsWording.directionText, { topAnswer }),
    cutoffText: fillTemplate(orsWording.cutoffText, values),
  } as const;
  if (decided === null) {
    return outcome({ lines: [notComputedLine(words, base, ors)] });
  }
  const line: ValidityLine = {
    ...base,
    status: decided ? 'flagged' : 'ok',
    isConcern: decided,
    score: ors.score,
    percentile: ors.percentile,
    statement: fillTemplate(decided ? orsWording.flagged : orsWording.ok, values),
  };
  if (!decided) {
    return outcome({ lines: [line] });
  }
  return outcome({
    lines: [line],
    reasons: [
      {
        code: 'OVER_REPORTING',
        severity: orsWording.severity,
        text: fillTemplate(orsWording.flagged, values),
        short: fillTemplate(orsWording.short, values),
        action: orsWording.action,
      },
    ],
  });
};

/** Whether ORS flags over-reporting: from its score, or from what its answered items decide; null when undecided. */
function orsDecision(ors: OrsResult): boolean | null {
  return ors.isComputed ? ors.flag : decidedByRange(ors.range, (score) => score >= ors.cutoff);
}

/** PRD's reading: from its score, or from what its answered items decide; null when undecided. */
function prdDecision(prd: PrdResult): PrdResult['flag'] {
  return (
    prd.flag ??
    decidedByRange(prd.range, (score) =>
      score <= prd.positiveImpressionIfAtMost
        ? 'positive-impression'
        : score >= prd.genuineIfAtLeast
          ? 'genuine'
          : 'indeterminate',
    )
  );
}

/** PRD: LOW scores are the concern (under-reporting); 11-20 points neither way. */
export const underReportingRule: ValidityRule = (input, words) => {
  const prdWording = words.scales.PRD;
  if (input.prd === null) {
    return outcome({ lines: [notPublishedLine(words, 'PRD', prdWording, input.formName)] });
  }
  const prd = input.prd;
  const decided = prdDecision(prd);
  const isRange = prd.flag === null && decided !== null && prd.range !== null && prd.range !== undefined;
  const values = {
    score: isRange && prd.range ? rangeWording(words, prd.range, prd) : (prd.score ?? ''),
    cutoff: prd.positiveImpressionIfAtMost,
    genuineFrom: prd.genuineIfAtLeast,
    percentile: isRange ? words.words.rangePercentile : percentileWording(words, prd.percentile),
  };
  const base = {
    key: 'PRD',
    name: prdWording.name,
    source: prdWording.source,
    direction: prdWording.direction,
    directionText: prdWording.directionText,
    cutoffText: fillTemplate(prdWording.cutoffText, values),
  } as const;
  if (decided === null) {
    return outcome({ lines: [notComputedLine(words, base, prd)] });
  }
  const isFlagged = decided === 'positive-impression';
  const statement = isFlagged ? prdWording.flagged : decided === 'genuine' ? prdWording.ok : prdWording.indeterminate;
  const line: ValidityLine = {
    ...base,
    status: isFlagged ? 'flagged' : decided === 'genuine' ? 'ok' : 'indeterminate',
    isConcern: isFlagged,
    score: prd.score,
    percentile: prd.percentile,
    statement: fillTemplate(statement, values),
  };
  if (!isFlagged) {
    return outcome({ lines: [line] });
  }
  return outcome({
    lines: [line],
    reasons: [
      {
        code: 'UNDER_REPORTING',
        severity: prdWording.severity,
        text: fillTemplate(prdWording.flagged, values),
        short: fillTemplate(prdWording.short, values),
        action: prdWording.action,
      },
    ],
  });
};

/** SD-TD: a kind of favourable answering, read only when PRD has flagged under-reporting; never a reason. */
export const favourableStyleRule: ValidityRule = (input, words) => {
  const sdtdWording = words.scales.SDTD;
  if (input.sdtd === null) {
    return outcome({ lines: [notPublishedLine(words, 'SDTD', sdtdWording, input.formName)] });
  }
  const sdtd = input.sdtd;
  const values: Record<string, string | number> = {
    score: sdtd.score ?? '',
    socialDesirabilityTo: sdtd.socialDesirabilityIfAtMost,
    defensivenessFrom: sdtd.defensivenessIfAtLeast,
    prdCutoff: input.prd?.positiveImpressionIfAtMost ?? '',
  };
  const base = {
    key: 'SDTD',
    name: sdtdWording.name,
    source: sdtdWording.source,
    direction: sdtdWording.direction,
    directionText: fillTemplate(sdtdWording.directionText, values),
    cutoffText: fillTemplate(sdtdWording.cutoffText, values),
  } as const;
  // SD-TD follows what PRD decided: read only under-reporting PRD has found, never after a PRD left undecided.
  const prdDecided = input.prd === null ? null : prdDecision(input.prd);
  if (prdDecided !== 'positive-impression') {
    const notRead = prdDecided === null ? sdtdWording.notReadPrdUndecided : sdtdWording.notRead;
    return outcome({
      lines: [
        {
          ...base,
          status: 'not-read',
          isConcern: false,
          score: sdtd.score,
          percentile: null,
          statement: fillTemplate(notRead, {
            ...values,
            score: sdtd.score ?? (sdtd.range ? rangeWording(words, sdtd.range, sdtd) : ''),
          }),
        },
      ],
    });
  }
  const sdtdFlag =
    sdtd.flag ??
    decidedByRange(sdtd.range, (score) =>
      score <= sdtd.socialDesirabilityIfAtMost
        ? 'social-desirability'
        : score >= sdtd.defensivenessIfAtLeast
          ? 'defensiveness'
          : 'indeterminate',
    );
  if (sdtdFlag === null) {
    return outcome({ lines: [notComputedLine(words, base, sdtd)] });
  }
  if (sdtd.flag === null && sdtd.range) {
    values.score = rangeWording(words, sdtd.range, sdtd);
  }
  const kind =
    sdtdFlag === 'social-desirability'
      ? sdtdWording.socialDesirability
      : sdtdFlag === 'defensiveness'
        ? sdtdWording.defensiveness
        : sdtdWording.neither;
  return outcome({
    lines: [
      {
        ...base,
        status: sdtdFlag === 'indeterminate' ? 'indeterminate' : 'flagged',
        isConcern: sdtdFlag !== 'indeterminate',
        score: sdtd.score,
        percentile: null,
        statement: `${fillTemplate(kind, values)} ${sdtdWording.caveat}`,
      },
    ],
  });
};

/** The product's own response-pattern screen; no line for a result stored before it existed. */
export const responsePatternRule: ValidityRule = (input, words) => {
  if (input.pattern === null) {
    return outcome({});
  }
  const { line, reason } = patternLine(words, input.pattern);
  return outcome({ lines: [line], reasons: reason ? [reason] : [] });
};

/**
 * The response-time line of a test whose answers carry no times (tests answered before times were recorded): the
 * check is named as not made, never left out as if it had found nothing. Never a reason: it changes no verdict.
 */
export function timeNotRecordedLine(words: ValidityInterpretation): ValidityLine {
  const w = words.scales.TIME;
  const values = { threshold: FAST_SECONDS_PER_STATEMENT, cautionShare: Math.round(FAST_SHARE_CAUTION * 100) };
  return {
    key: 'TIME',
    name: w.name,
    source: w.source,
    status: 'not-recorded',
    isConcern: false,
    score: null,
    percentile: null,
    direction: 'low',
    directionText: fillTemplate(w.directionText, values),
    cutoffText: fillTemplate(w.cutoffText, values),
    statement: w.notRecorded,
  };
}

/** How fast the statements were answered: the median, the share under the threshold, the longest fast stretch. */
export const responseTimeRule: ValidityRule = (input, words) => {
  const time = input.responseTime;
  if (time === null) {
    return outcome({ lines: [timeNotRecordedLine(words)] });
  }
  const w = words.scales.TIME;
  const values = {
    threshold: time.thresholdSeconds,
    cautionShare: Math.round(FAST_SHARE_CAUTION * 100),
    median: decimalWording(words, time.medianSeconds.toFixed(1)),
    fastShare: Math.round(time.fastShare * 100),
    fast: time.fastCount,
    timed: time.timed,
    stretch: time.longestFastStretch,
  };
  const line: ValidityLine = {
    key: 'TIME',
    name: w.name,
    source: w.source,
    status: time.flag === null ? 'ok' : 'flagged',
    isConcern: time.flag !== null,
    score: Math.round(time.medianSeconds * 10) / 10,
    percentile: null,
    direction: 'low',
    directionText: fillTemplate(w.directionText, values),
    cutoffText: fillTemplate(w.cutoffText, values),
    statement: fillTemplate(time.flag === null ? w.ok : w.caution, values),
  };
  if (time.flag === null) {
    return outcome({ lines: [line] });
  }
  return outcome({
    lines: [line],
    reasons: [
      {
        code: 'FAST_ANSWERS',
        severity: 'caution',
        text: line.statement,
        short: fillTemplate(w.short, values),
        action: w.action,
      },
    ],
  });
};

/** ORS and PRD that could not be computed: what they check was not checked, and is named. */
export const uncheckedScalesRule: ValidityRule = (input, words) => {
  const unchecked: { key: string; name: string; checks: string; missing: number; nItems: number }[] = [];
  if (input.ors !== null && orsDecision(input.ors) === null) {
    const { name, checks } = words.scales.ORS;
    unchecked.push({ key: 'ORS', name, checks, missing: input.ors.missing, nItems: input.ors.nItems });
  }
  if (input.prd !== null && prdDecision(input.prd) === null) {
    const { name, checks } = words.scales.PRD;
    unchecked.push({ key: 'PRD', name, checks, missing: input.prd.missing, nItems: input.prd.nItems });
  }
  if (unchecked.length === 0) {
    return outcome({});
  }
  const values = {
    names: joinWords(
      words,
      unchecked.map((u) => u.name),
    ),
    details: unchecked
      .map((u) => `${u.key}: ${fillTemplate(words.words.countOf, { missing: u.missing, items: u.nItems })}`)
      .join('; '),
    checks: joinWords(
      words,
      unchecked.map((u) => u.checks),
    ),
    keys: unchecked.map((u) => u.key).join(', '),
  };
  const checksWording = words.notComputedChecks;
  return outcome({
    reasons: [
      {
        code: 'CHECKS_NOT_COMPUTED',
        severity: checksWording.severity,
        text: fillTemplate(checksWording.text, values),
        short: fillTemplate(checksWording.short, values),
        action: fillTemplate(checksWording.action, values),
      },
    ],
  });
};

/** Missing answers: more than a quarter of the form is not interpretable; a scale not scored asks for caution. */
export const missingAnswersRule: ValidityRule = (input, words) => {
  const missingValues = { missing: input.missing, items: input.itemCount };
  if (input.missing > input.itemCount * words.missing.notInterpretableAboveFraction) {
    const tooMany = words.missing.tooMany;
    return outcome({
      reasons: [
        {
          code: 'TOO_MANY_MISSING',
          severity: tooMany.severity,
          text: fillTemplate(tooMany.text, missingValues),
          short: fillTemplate(tooMany.short, missingValues),
          action: tooMany.action,
        },
      ],
    });
  }
  if (input.unscoredScales.length > 0) {
    const unscored = words.missing.unscored;
    const values = { ...missingValues, count: input.unscoredScales.length, names: input.unscoredScales.join(', ') };
    return outcome({
      reasons: [
        {
          code: 'SCALES_NOT_SCORED',
          severity: unscored.severity,
          text: fillTemplate(unscored.text, values),
          short: fillTemplate(unscored.short, values),
          action: unscored.action,
        },
      ],
    });
  }
  return outcome({
    notes: [fillTemplate(input.missing === 0 ? words.missing.allAnswered : words.missing.someMissing, missingValues)],
  });
};

/** What the short and brief forms cannot check: a note, never a reason. */
export const formLimitsRule: ValidityRule = (input, words) =>
  outcome({ notes: input.form === 'FULL' ? [] : [words.notPublished[input.form]] });

/**
 * The verdict's rules, one per indicator, in the order their lines and reasons are listed. The combiner only
 * orders what they found: the verdict is the most serious reason.
 */
export const VALIDITY_RULES: readonly ValidityRule[] = [
  inconsistencyRule,
  overReportingRule,
  underReportingRule,
  favourableStyleRule,
  responsePatternRule,
  responseTimeRule,
  uncheckedScalesRule,
  missingAnswersRule,
  formLimitsRule,
];

/** The verdict from the rules' outcomes: the most serious reason, worded for the form. */
export function combineOutcomes(
  input: Pick<VerdictInput, 'form'>,
  outcomes: readonly RuleOutcome[],
  words: ValidityInterpretation = VALIDITY_INTERPRETATION,
): ValidityVerdict {
  const reasons = outcomes
    .flatMap((o) => o.reasons)
    .sort((a, b) => SEVERITY_ORDER[b.severity] - SEVERITY_ORDER[a.severity]);
  const verdict: Verdict = reasons[0]?.severity ?? 'valid';
  const verdictWording = words.verdicts[verdict];
  const formWording = input.form === 'FULL' ? undefined : verdictWording.byForm?.[input.form];
  const lines = outcomes.flatMap((o) => o.lines);
  // A borderline inconsistency score is said in the summary too, never summed up as "consistent".
  const isBorderline = lines.some((l) => (l.key === 'INC' || l.key === 'INCS') && l.status === 'indeterminate');
  const borderlineSummary =
    verdict === 'valid' && isBorderline && (input.form === 'FULL' || input.form === 'SF')
      ? words.validBorderline[input.form]
      : undefined;
  return {
    verdict,
    label: formWording?.label ?? verdictWording.label,
    summary:
      borderlineSummary ??
      fillTemplate(formWording?.summary ?? verdictWording.summary, {
        reasons: reasons.map((r) => r.short).join('; '),
      }),
    action: verdictWording.action,
    patientFacingLevels: verdictWording.patientFacingLevels,
    reasons,
    notes: outcomes.flatMap((o) => o.notes),
    lines,
    rule: words.rule,
  };
}

/** Decide the verdict for the given indicators (see the rule above): every rule, then the combiner. */
export function decideValidity(
  input: VerdictInput,
  words: ValidityInterpretation = VALIDITY_INTERPRETATION,
): ValidityVerdict {
  return combineOutcomes(
    input,
    VALIDITY_RULES.map((rule) => rule(input, words)),
    words,
  );
}

/** A scale as the verdict sees it: whether it could be scored. */
interface ScaleScoredState {
  readonly name: string;
  readonly isScored: boolean;
}

interface ProtocolCommon {
  readonly formInfo: Pick<FormInfo, 'nameInText' | 'itemCount'>;
  readonly missing: number;
  /** The response-time check; absent or null when no times were recorded. */
  readonly responseTime?: ResponseTimeResult | null;
}

/**
 * What the verdict reads of a scored protocol of any form (result-types.ts has the whole results): a scorer's
 * result fits, with or without its verdict, and so does a stored result read back.
 */
export type ScoredProtocol =
  | (ProtocolCommon & {
      readonly form: 'FULL';
      readonly facets: Readonly<Record<string, ScaleScoredState>>;
      readonly domains: Readonly<Record<string, ScaleScoredState>>;
      readonly validity: ValidityResult;
    })
  | (ProtocolCommon & {
      readonly form: 'SF';
      readonly facets: Readonly<Record<string, ScaleScoredState>>;
      readonly domains: Readonly<Record<string, ScaleScoredState>>;
      readonly validity: ShortFormValidityResult;
    })
  | (ProtocolCommon & {
      readonly form: 'BF';
      readonly domains: Readonly<Record<string, ScaleScoredState>>;
      readonly total: ScaleScoredState;
      readonly validity: BriefFormValidityResult;
    })
  | (ProtocolCommon & {
      readonly form: 'BFM';
      readonly domains: Readonly<Record<string, ScaleScoredState>>;
      readonly total: ScaleScoredState;
      readonly validity: { readonly pattern: ResponsePatternResult | null };
    });

/** How a verdict is worded: its language, and the scales' names in it (the instrument's names are English). */
export interface ValidityWordingOptions {
  /** English when absent. */
  readonly language?: WordingLanguage;
  /** A scale's name in the language, by key ('Anx', 'NegAf', 'Total'); the result's own (English) name when absent. */
  readonly scaleName?: (key: string, name: string) => string;
  /**
   * The four answers 0-3 as the test's item set showed them to the patient, quoted instead of the words' own (an
   * institute's licensed set may label them otherwise).
   */
  readonly answerLabels?: readonly string[];
}

/** The validity words of the options' language, quoting the item set's answer labels when given. */
function wordingFor(options: ValidityWordingOptions): ValidityInterpretation {
  const words = validityWording(options.language);
  const labels = options.answerLabels;
  if (!labels || labels.length !== 4 || labels.every((label, i) => label === words.words.answers[i])) {
    return words;
  }
  return { ...words, words: { ...words.words, answers: [labels[0]!, labels[1]!, labels[2]!, labels[3]!] } };
}

function unscoredNames(
  scales: Readonly<Record<string, ScaleScoredState>>,
  scaleName: ValidityWordingOptions['scaleName'],
): string[] {
  return Object.entries(scales)
    .filter(([, scale]) => !scale.isScored)
    .map(([key, scale]) => (scaleName ? scaleName(key, scale.name) : scale.name));
}

/**
 * The validity verdict of a scored protocol of any form, from the result's own fields (decideValidity has the rule),
 * worded in `options.language` (English by default). The language changes words only, never the verdict.
 */
export function assessValidity(result: ScoredProtocol, options: ValidityWordingOptions = {}): ValidityVerdict {
  const words = wordingFor(options);
  const names = (scales: Readonly<Record<string, ScaleScoredState>>) => unscoredNames(scales, options.scaleName);
  const common = {
    // English keeps the form's own name in text; another language names the form in its words.
    formName:
      options.language === undefined || options.language === 'en'
        ? result.formInfo.nameInText
        : words.words.formNames[result.form],
    itemCount: result.formInfo.itemCount,
    missing: result.missing,
    responseTime: result.responseTime ?? null,
  };
  switch (result.form) {
    case 'FULL':
      return decideValidity(
        {
          ...common,
          form: 'FULL',
          unscoredScales: [...names(result.facets), ...names(result.domains)],
          inconsistency: result.validity.INC,
          ors: result.validity.ORS,
          prd: result.validity.PRD,
          sdtd: result.validity.SDTD,
          pattern: result.validity.pattern ?? null,
        },
        words,
      );
    case 'SF':
      return decideValidity(
        {
          ...common,
          form: 'SF',
          unscoredScales: [...names(result.facets), ...names(result.domains)],
          inconsistency: result.validity.INCS,
          ors: null,
          prd: null,
          sdtd: null,
          pattern: result.validity.pattern ?? null,
        },
        words,
      );
    case 'BF':
      return decideValidity(
        {
          ...common,
          form: 'BF',
          unscoredScales: [...names(result.domains), ...names({ Total: result.total })],
          inconsistency: null,
          ors: null,
          prd: null,
          sdtd: null,
          pattern: result.validity.pattern ?? null,
        },
        words,
      );
    case 'BFM':
      return decideValidity(
        {
          ...common,
          form: 'BFM',
          unscoredScales: [...names(result.domains), ...names({ Total: result.total })],
          inconsistency: null,
          ors: null,
          prd: null,
          sdtd: null,
          pattern: result.validity.pattern,
        },
        words,
      );
  }
}

/**
 * Whether two verdicts decide the same (verdict, reasons, lines, notes), whatever their words. A response-time check
 * not recorded is no decision: a verdict stored before that line existed decides the same without it.
 */
export function isSameDecision(a: ValidityVerdict, b: ValidityVerdict): boolean {
  const decision = (v: ValidityVerdict) =>
    JSON.stringify([
      v.verdict,
      v.patientFacingLevels,
      v.reasons.map((r) => [r.code, r.severity]),
      v.lines.filter((l) => l.status !== 'not-recorded').map((l) => [l.key, l.status, l.isConcern, l.score]),
      v.notes.length,
    ]);
  return decision(a) === decision(b);
}

/**
 * A result's verdict worded in a language: the verdict frozen with the result (English) as it is, or the same
 * decision in `options.language`'s words. A result frozen by an earlier version whose decision the current rule
 * would not repeat keeps its own (English) words: a language never changes what was decided.
 */
export function validityVerdictIn(
  result: ScoredProtocol & { readonly validityVerdict: ValidityVerdict },
  options: ValidityWordingOptions = {},
): ValidityVerdict {
  const stored = result.validityVerdict;
  // Stored in English with the English words' answers: kept unless another language or other labels are asked for.
  if ((options.language === undefined || options.language === 'en') && wordingFor(options) === validityWording('en')) {
    return withTimeLine(stored, validityWording('en'));
  }
  let worded: ValidityVerdict;
  try {
    worded = assessValidity(result, options);
  } catch {
    // A stored result missing a field the words need (a form's name): its own words.
    return withTimeLine(stored, validityWording('en'));
  }
  return isSameDecision(worded, stored)
    ? withTimeLine(worded, validityWording(options.language))
    : withTimeLine(stored, validityWording('en'));
}

/** A verdict stored before the response-time line existed gets the line that says the times were not recorded. */
function withTimeLine(verdict: ValidityVerdict, words: ValidityInterpretation): ValidityVerdict {
  return verdict.lines.some((line) => line.key === 'TIME')
    ? verdict
    : { ...verdict, lines: [...verdict.lines, timeNotRecordedLine(words)] };
}
