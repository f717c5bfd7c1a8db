// The product's own screen for patterned answering (DESIGN.md "Validity verdict"; docs/decisions/
// 0050-response-quality-screen.md). No PID-5 scale detects it: INC compares pairs of similar statements, so answering
// every statement alike scores 0 on it by construction. After long-string analysis (Johnson 2005; Meade & Craig
// 2012; Curran 2016) the screen reads two numbers from the answers in the order they were given:
// - the longest stretch in which every answer equals the one two places before: one answer repeated (3, 3, 3 …)
//   or two in turn (0, 3, 0, 3 …), missing answers ending a stretch;
// - the share of the answered statements given the most common answer.
// Cut-offs scale with the form's length (a run is only long relative to the number of statements):
// - not interpretable: a stretch of half the form's statements or more (Curran's conservative rule of thumb), or
//   95 % or more of the answers one value;
// - caution: a stretch of a quarter of the form's statements or more, never fewer than 10 (so that a brief form
//   answered mostly "very false" by someone with few difficulties is not flagged for a handful of answers).

import { UNANSWERED } from './responses';

export type ResponsePatternFlag = 'caution' | 'not-interpretable';

export interface ResponsePatternResult {
  readonly key: 'PATTERN';
  /** Statements of the form. */
  readonly nItems: number;
  readonly answered: number;
  /** Longest stretch repeating one answer or alternating two (answers per item, 0-3). */
  readonly longestRun: number;
  /** The answers the longest stretch is made of: one value, or two in turn. */
  readonly longestRunAnswers: readonly number[];
  /** The most common answer and its share of the answered statements (0-1); null when nothing was answered. */
  readonly modalAnswer: number | null;
  readonly modalShare: number | null;
  readonly cautionRunFrom: number;
  readonly notInterpretableRunFrom: number;
  readonly notInterpretableShareFrom: number;
  readonly flag: ResponsePatternFlag | null;
}

/** 95 % of the answers one value: the protocol says nothing about which statements apply. */
export const PATTERN_MODAL_SHARE_LIMIT = 0.95;
/** The caution cut-off's floor, in statements. */
export const PATTERN_MIN_CAUTION_RUN = 10;

/** The run cut-offs of a form of `nItems` statements. */
export function patternRunCutoffs(nItems: number): { caution: number; notInterpretable: number } {
  const notInterpretable = Math.ceil(nItems / 2);
  return {
    caution: Math.min(notInterpretable, Math.max(PATTERN_MIN_CAUTION_RUN, Math.ceil(nItems / 4))),
    notInterpretable,
  };
}

function answerAt(responses: string, index: number): number | null {
  const c = responses[index];
  return c === undefined || c === UNANSWERED || c < '0' || c > '3' ? null : Number(c);
}

/** Screen a validated response string of any form (its own numbering, in the order it was shown). */
export function screenResponsePattern(responses: string): ResponsePatternResult {
  const nItems = responses.length;
  const counts = [0, 0, 0, 0];
  let answered = 0;
  let longestRun = 0;
  let longestStart = 0;
  let runStart = 0;
  let runLength = 0;
  for (let i = 0; i < nItems; i++) {
    const answer = answerAt(responses, i);
    if (answer === null) {
      runLength = 0;
      continue;
    }
    answered++;
    counts[answer]! += 1;
    const oneBefore = i >= 1 ? answerAt(responses, i - 1) : null;
    if (oneBefore === null) {
      runStart = i;
      runLength = 1;
    } else if (runLength >= 2 && answer === answerAt(responses, i - 2)) {
      runLength++;
    } else {
      // Any two answered neighbours start a stretch: one answer twice, or the first of two in turn.
      runStart = i - 1;
      runLength = 2;
    }
    if (runLength > longestRun) {
      longestRun = runLength;
      longestStart = runStart;
    }
  }
  const stretch = [answerAt(responses, longestStart), answerAt(responses, longestStart + 1)]
    .slice(0, Math.min(2, longestRun))
    .filter((a): a is number => a !== null);
  const longestRunAnswers = [...new Set(stretch)];
  const modalCount = Math.max(...counts);
  const modalAnswer = answered === 0 ? null : counts.indexOf(modalCount);
  const modalShare = answered === 0 ? null : modalCount / answered;
  const cutoffs = patternRunCutoffs(nItems);
  // The share is read only when at least half the form was answered (fewer is "too many missing" anyway).
  const isShareFlagged = modalShare !== null && answered * 2 >= nItems && modalShare >= PATTERN_MODAL_SHARE_LIMIT;
  const flag: ResponsePatternFlag | null =
    longestRun >= cutoffs.notInterpretable || isShareFlagged
      ? 'not-interpretable'
      : longestRun >= cutoffs.caution
        ? 'caution'
        : null;
  return {
    key: 'PATTERN',
    nItems,
    answered,
    longestRun,
    longestRunAnswers,
    modalAnswer,
    modalShare,
    cautionRunFrom: cutoffs.caution,
    notInterpretableRunFrom: cutoffs.notInterpretable,
    notInterpretableShareFrom: PATTERN_MODAL_SHARE_LIMIT,
    flag,
  };
}
