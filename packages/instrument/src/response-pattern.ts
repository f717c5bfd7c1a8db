// The product's own screen for patterned answering (DESIGN.md "Validity verdict"; decision record "response-pattern
// screen"). No PID-5 scale detects it: INC compares pairs of similar statements, so answering every statement alike
// scores 0 on it by construction. After the careless-responding literature (long-string: Johnson 2005, Meade & Craig
// 2012, Curran 2016; intra-individual response variability: Dunn et al. 2018) the screen reads the answers in the
// order they were given and finds two kinds of stretch, each allowed a few deviations (a tired clicker still varies
// now and then):
// - uniform: one answer given to nearly every statement of the stretch;
// - periodic: a cycle of 2 to 8 answers, in any phase (0, 0, 1, 1 …; 0, 1, 2 …), its cycle not nearly one answer
//   (that is a uniform stretch), repeated more closely than honest answering repeats it by chance (periodicChance):
//   a fixed number of repeats cannot tell a 6-answer cycle over half a 25-statement form from chance, and takes a
//   low scorer's scattered "Sometimes False" for a cycle.
// The constants were chosen against the simulated false-positive rates, not against examples.
// Cut-offs scale with the form's length: a stretch of half the form is not interpretable, a quarter (never fewer
// than 10 statements) asks for caution. A stretch of the lowest answer is also what a person with few difficulties
// gives: only a caution, and only when it covers nearly the whole form (FLOOR_CAUTION_SHARE), unless it answers the
// reverse-worded statements inside it (full form only) at the floor as well, which contradicts itself. The false-positive and detection rates of these rules,
// simulated per form, are in DESIGN.md; scripts/simulate-response-screen.ts reproduces them.

import { UNANSWERED } from './responses';

export type ResponsePatternFlag = 'caution' | 'not-interpretable';

/** What the screen found: nothing, a uniform stretch (at the floor on a form without reverse keys), a cycle. */
export type ResponsePatternFinding = 'none' | 'uniform' | 'uniform-floor' | 'periodic';

/** A stretch of the answers, in the form's own numbering (1-based). */
export interface PatternStretch {
  readonly from: number;
  readonly length: number;
  /** The cycle the stretch repeats (one answer for a uniform stretch). */
  readonly cycle: readonly number[];
  /** Answers in the stretch that differ from the cycle. */
  readonly deviations: number;
  /** A periodic stretch (screen 3): how likely honest answering repeats its cycle this closely (periodicChance). */
  readonly chance?: number;
}

export interface ResponsePatternResult {
  readonly key: 'PATTERN';
  /**
   * The rule's version: absent in results stored by the earlier screen (one or two answers in a row); 2 counted a
   * cycle when repeated four times; 3 when its chance is at most `periodicChanceAtMost`.
   */
  readonly screen?: 2 | 3;
  /** Statements of the form. */
  readonly nItems: number;
  readonly answered: number;
  /** Longest run of one identical answer (long-string; no deviation allowed). */
  readonly longestRun: number;
  /** The answer of the longest run (earlier results: one value, or two in turn). */
  readonly longestRunAnswers: readonly number[];
  /** The most common answer and its share of the answered statements (0-1); null when nothing was answered. */
  readonly modalAnswer: number | null;
  readonly modalShare: number | null;
  /** Standard deviation of the answered statements (intra-individual response variability); null under 2 answers. */
  readonly irv?: number | null;
  /** Longest nearly uniform stretch, or the floor run reported (null when none reaches three statements). */
  readonly uniform?: PatternStretch | null;
  /** Longest periodic stretch of a cycle of 2-8 answers improbable by chance (screen 2: repeated four times). */
  readonly periodic?: PatternStretch | null;
  /** The chance at or below which a periodic stretch counts (screen 3). */
  readonly periodicChanceAtMost?: number;
  /** Whether the form has reverse-worded statements (the full form); without, the floor is also a low profile. */
  readonly hasReverseKeyedItems?: boolean;
  readonly finding?: ResponsePatternFinding;
  /** Stretch lengths from which the screen asks for caution, or calls the protocol not interpretable. */
  readonly cautionRunFrom: number;
  readonly notInterpretableRunFrom: number;
  /** The floor stretch from which a form without reverse keys asks for caution. */
  readonly floorCautionFrom?: number;
  /** Earlier results only: the share of one answer that made a protocol not interpretable. */
  readonly notInterpretableShareFrom?: number;
  readonly flag: ResponsePatternFlag | null;
}

/** The caution cut-off's floor, in statements. */
export const PATTERN_MIN_CAUTION_RUN = 10;
/** Share of a stretch's answers that may differ from its cycle ("a few deviations"). */
export const PATTERN_DEVIATION_SHARE = 0.1;
/** Shortest and longest cycle of a periodic stretch (Curran 2016 names repeated sequences; 8 covers 0-1-2-3-3-2-1-0). */
export const PATTERN_PERIODS = { from: 2, to: 8 } as const;
/**
 * A periodic stretch counts only when honest answering repeats its cycle this closely at most this often
 * (periodicChance). Chosen against the simulated honest-like false-positive rate of the brief form, where stretches
 * are short: at 1 in 1000 the most improbable chance stretch of an honest-like brief form reaches it in about 1 %.
 */
export const PATTERN_CHANCE_AT_MOST = 0.001;
/**
 * At least this share of a cycle differs from its most common answer: a low scorer's few scattered "Sometimes False"
 * among "Very False" line up with some cycle by chance (0, 0, 0, 1 over 12 statements), a clicked-through cycle varies.
 */
export const PATTERN_MIN_CYCLE_VARIETY = 0.25;
/**
 * The share of the form a run of "Very False" (no exception) must cover before it asks for caution, unless it
 * contradicts reverse-worded statements: honest low scorers give such runs with a few exceptions (measured).
 */
export const FLOOR_CAUTION_SHARE = 0.9;

/** The run cut-offs of a form of `nItems` statements. */
export function patternRunCutoffs(nItems: number): { caution: number; notInterpretable: number } {
  const notInterpretable = Math.ceil(nItems / 2);
  return {
    caution: Math.min(notInterpretable, Math.max(PATTERN_MIN_CAUTION_RUN, Math.ceil(nItems / 4))),
    notInterpretable,
  };
}

function readAnswers(responses: string): (number | null)[] {
  return Array.from(responses, (c) => (c === UNANSWERED || c < '0' || c > '3' ? null : Number(c)));
}

/**
 * The chance that answers given independently, each answer with its share of the protocol's own answers, repeat a
 * stretch's cycle as closely as it does: after the cycle's first appearance, each statement of a phase gives that
 * phase's answer (with that answer's share), at most `deviations` of them not. The phases' misses are binomial
 * and added up. The protocol's own shares make a low scorer's many "Very False" likely to line up by chance and a
 * cycle of rarely given answers unlikely.
 */
export function periodicChance(
  length: number,
  cycle: readonly number[],
  deviations: number,
  shares: readonly number[],
): number {
  const period = cycle.length;
  let misses = [1];
  for (let phase = 0; phase < period; phase++) {
    const repeats = Math.floor(length / period) + (phase < length % period ? 1 : 0) - 1;
    // The phase's answer is among the protocol's answers, so its share is above 0.
    const hit = shares[cycle[phase]!] ?? 1;
    // P(e misses of `repeats`), e = 0 … deviations, each a miss with 1 - hit.
    const phaseMisses: number[] = [];
    let p = hit ** repeats;
    for (let e = 0; e <= Math.min(deviations, repeats); e++) {
      phaseMisses.push(p);
      p = (p * (repeats - e) * (1 - hit)) / ((e + 1) * hit);
    }
    const next = new Array<number>(deviations + 1).fill(0);
    misses.forEach((a, i) => {
      phaseMisses.forEach((b, e) => {
        if (i + e <= deviations) {
          next[i + e]! += a * b;
        }
      });
    });
    misses = next;
  }
  const chance = misses.reduce((a, b) => a + b, 0);
  return Math.min(1, chance);
}

/**
 * The longest stretch in which the answers follow a cycle of `period` answers with at most PATTERN_DEVIATION_SHARE
 * of them different (a missing answer ends a stretch: a statement left out was looked at) and that `accept` takes.
 * For each start the stretch grows one answer at a time, keeping per phase the count of each answer, so the
 * deviations are the answers outside each phase's most common.
 */
function longestCycleStretch(
  answers: readonly (number | null)[],
  period: number,
  accept: (stretch: PatternStretch) => PatternStretch | null,
): PatternStretch | null {
  let best: PatternStretch | null = null;
  // A uniform stretch from three answers; a cycle once it comes back (the chance decides how often it must).
  const minLength = period === 1 ? 3 : period + 1;
  for (let start = 0; start + minLength <= answers.length; start++) {
    if (best !== null && answers.length - start <= best.length) {
      break;
    }
    const counts = Array.from({ length: period }, () => [0, 0, 0, 0]);
    const majority = new Array<number>(period).fill(0);
    let kept = 0;
    for (let end = start; end < answers.length; end++) {
      const answer = answers[end];
      if (answer === null || answer === undefined) {
        break;
      }
      const phase = (end - start) % period;
      const phaseCounts = counts[phase]!;
      phaseCounts[answer]! += 1;
      if (phaseCounts[answer]! > majority[phase]!) {
        majority[phase] = phaseCounts[answer]!;
        kept++;
      }
      const length = end - start + 1;
      const deviations = length - kept;
      // No longer stretch from this start can absorb more deviations than the rest of the form allows.
      if (deviations > Math.floor((answers.length - start) * PATTERN_DEVIATION_SHARE)) {
        break;
      }
      if (length < minLength || (best !== null && length <= best.length)) {
        continue;
      }
      if (deviations > Math.floor(length * PATTERN_DEVIATION_SHARE)) {
        continue;
      }
      const cycle = counts.map((c) => c.indexOf(Math.max(...c)));
      best = accept({ from: start + 1, length, cycle, deviations }) ?? best;
    }
  }
  return best;
}

/** Whether a cycle is a real cycle: not nearly one answer, and not a shorter cycle said twice. */
function isVariedCycle(cycle: readonly number[]): boolean {
  const counts = [0, 0, 0, 0];
  for (const a of cycle) {
    counts[a]! += 1;
  }
  return cycle.length - Math.max(...counts) >= Math.ceil(cycle.length * PATTERN_MIN_CYCLE_VARIETY);
}

/** The shortest cycle that repeats to the given one (0, 1, 0, 1 is 0, 1). */
function shortestCycle(cycle: readonly number[]): number[] {
  for (let p = 1; p < cycle.length; p++) {
    if (cycle.length % p === 0 && cycle.every((a, i) => a === cycle[i % p])) {
      return cycle.slice(0, p);
    }
  }
  return [...cycle];
}

/** The longest run of one identical answer (of `only` when given). */
function longestIdenticalRun(
  answers: readonly (number | null)[],
  only?: number,
): { from: number; length: number; answer: number | null } {
  let best = { from: 0, length: 0, answer: null as number | null };
  let length = 0;
  for (let i = 0; i < answers.length; i++) {
    const answer = answers[i] ?? null;
    length = answer === null ? 0 : i > 0 && answers[i - 1] === answer ? length + 1 : 1;
    if (length > best.length && (only === undefined || answer === only)) {
      best = { from: i - length + 2, length, answer };
    }
  }
  return best;
}

function severity(flag: ResponsePatternFlag | null): number {
  return flag === null ? 0 : flag === 'caution' ? 1 : 2;
}

function longerOf(a: PatternStretch | null, b: PatternStretch | null): PatternStretch | null {
  return a === null ? b : b === null || a.length >= b.length ? a : b;
}

function standardDeviation(values: readonly number[]): number | null {
  if (values.length < 2) {
    return null;
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

export interface ScreenOptions {
  /**
   * The form's reverse-worded statements (form numbering; only the full form has any): a floor stretch that answers
   * them "Very False" too contradicts itself.
   */
  readonly reverseKeyedItems: readonly number[];
}

/** Share of the reverse-worded statements inside a floor stretch answered at the floor that makes it contradictory. */
export const FLOOR_CONTRADICTION_SHARE = 2 / 3;
/** Fewest reverse-worded statements a floor stretch must hold before they can contradict it. */
export const FLOOR_CONTRADICTION_MIN_ITEMS = 3;

/**
 * Whether a floor stretch answers the reverse-worded statements inside it at the floor as well: a person with few
 * difficulties answers those high, so the stretch then follows the answer position rather than the statements.
 */
function isContradictoryFloor(
  answers: readonly (number | null)[],
  stretch: PatternStretch,
  reverseKeyedItems: readonly number[],
): boolean {
  const inside = reverseKeyedItems.filter((item) => item >= stretch.from && item < stretch.from + stretch.length);
  const atFloor = inside.filter((item) => answers[item - 1] === 0).length;
  return inside.length >= FLOOR_CONTRADICTION_MIN_ITEMS && atFloor >= inside.length * FLOOR_CONTRADICTION_SHARE;
}

/** Screen a validated response string of any form (its own numbering, in the order it was shown). */
export function screenResponsePattern(responses: string, options: ScreenOptions): ResponsePatternResult {
  const answers = readAnswers(responses);
  const nItems = answers.length;
  const given = answers.filter((a): a is number => a !== null);
  const counts = [0, 0, 0, 0];
  for (const a of given) {
    counts[a]! += 1;
  }
  const modalCount = Math.max(...counts);
  const run = longestIdenticalRun(answers);
  const floorStretch = longestCycleStretch(answers, 1, (s) => (s.cycle[0] === 0 ? s : null));
  const otherStretch = longestCycleStretch(answers, 1, (s) => (s.cycle[0] !== 0 ? s : null));
  const shares = counts.map((c) => c / Math.max(1, given.length));
  const improbable = (s: PatternStretch): PatternStretch | null => {
    if (!isVariedCycle(s.cycle)) {
      return null;
    }
    const chance = periodicChance(s.length, s.cycle, s.deviations, shares);
    return chance <= PATTERN_CHANCE_AT_MOST ? { ...s, chance } : null;
  };
  let periodic: PatternStretch | null = null;
  for (let period = PATTERN_PERIODS.from; period <= PATTERN_PERIODS.to; period++) {
    const found = longestCycleStretch(answers, period, improbable);
    if (found !== null && (periodic === null || found.length > periodic.length)) {
      periodic = { ...found, cycle: shortestCycle(found.cycle) };
    }
  }
  const cutoffs = patternRunCutoffs(nItems);
  const floorCautionFrom = Math.ceil(nItems * FLOOR_CAUTION_SHARE);
  const byLength = (stretch: PatternStretch | null): ResponsePatternFlag | null =>
    stretch === null
      ? null
      : stretch.length >= cutoffs.notInterpretable
        ? 'not-interpretable'
        : stretch.length >= cutoffs.caution
          ? 'caution'
          : null;
  // A floor stretch is read like any other only when it contradicts reverse-worded statements inside it; otherwise
  // it may be a genuinely low profile: a caution once it covers nearly the whole form.
  const isContradicted =
    floorStretch !== null && isContradictoryFloor(answers, floorStretch, options.reverseKeyedItems);
  const floorRun = longestIdenticalRun(answers, 0);
  const floorFlag: ResponsePatternFlag | null = isContradicted
    ? byLength(floorStretch)
    : floorRun.length >= floorCautionFrom
      ? 'caution'
      : null;
  const reportedFloor: PatternStretch | null = isContradicted
    ? floorStretch
    : { from: floorRun.from, length: floorRun.length, cycle: [0], deviations: 0 };
  const otherFlag = byLength(otherStretch);
  const isFloorReported = severity(floorFlag) > severity(otherFlag) || (floorFlag !== null && otherFlag === null);
  const uniform = isFloorReported
    ? reportedFloor
    : otherFlag !== null
      ? otherStretch
      : longerOf(floorStretch, otherStretch);
  const fromUniform = isFloorReported ? floorFlag : otherFlag;
  const isFloor = isFloorReported && !isContradicted;
  const periodicFlag = byLength(periodic);
  // The more serious finding is reported; on a tie the longer stretch.
  const isPeriodicReported =
    severity(periodicFlag) > severity(fromUniform) ||
    (severity(periodicFlag) === severity(fromUniform) &&
      periodicFlag !== null &&
      (periodic?.length ?? 0) > (uniform?.length ?? 0));
  const flag = isPeriodicReported ? periodicFlag : fromUniform;
  const finding: ResponsePatternFinding =
    flag === null ? 'none' : isPeriodicReported ? 'periodic' : isFloor ? 'uniform-floor' : 'uniform';
  return {
    key: 'PATTERN',
    screen: 3,
    nItems,
    answered: given.length,
    longestRun: run.length,
    longestRunAnswers: run.answer === null ? [] : [run.answer],
    modalAnswer: given.length === 0 ? null : counts.indexOf(modalCount),
    modalShare: given.length === 0 ? null : modalCount / given.length,
    irv: standardDeviation(given),
    uniform,
    periodic,
    periodicChanceAtMost: PATTERN_CHANCE_AT_MOST,
    hasReverseKeyedItems: options.reverseKeyedItems.length > 0,
    finding,
    cautionRunFrom: cutoffs.caution,
    notInterpretableRunFrom: cutoffs.notInterpretable,
    floorCautionFrom,
    flag,
  };
}
