// The product's response-time check (DESIGN.md "Validity verdict"; decision record of the response-time check): how
// fast the statements were answered, from the time each answer was given. Huang et al. (2012) flag responding faster
// than 2 seconds per statement as insufficient effort (the page-time index, validated by Bowling et al. 2023); Wood
// et al. (2017) found answers lose their consistency below 1 second per statement. A statement's time is the time
// since the answer before it, in the order the answers were given.

/** Seconds per statement below which a statement counts as answered too fast to have been read (Huang et al. 2012). */
export const FAST_SECONDS_PER_STATEMENT = 2;

/** Share of the timed statements answered that fast from which the check asks for caution: most of the form. */
export const FAST_SHARE_CAUTION = 0.5;

/** Fewest timed statements the check reads: with fewer, no line. */
export const MIN_TIMED_STATEMENTS = 10;

export interface ResponseTimeResult {
  readonly key: 'TIME';
  /** Statements with a time since the answer before them. */
  readonly timed: number;
  readonly medianSeconds: number;
  /** Statements answered in under `thresholdSeconds`, and their share of `timed` (0-1). */
  readonly fastCount: number;
  readonly fastShare: number;
  /** The longest run of statements answered one after another, each in under `thresholdSeconds`. */
  readonly longestFastStretch: number;
  readonly thresholdSeconds: number;
  readonly flag: 'caution' | null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The check over the times the answers were first given (epoch milliseconds, one per statement in the form's
 * numbering, null where none was recorded). Null when too few times were recorded to read (the line says "not
 * recorded").
 */
export function screenAnswerTimes(times: readonly (number | null)[]): ResponseTimeResult | null {
  const ordered = times.filter((t): t is number => t !== null && Number.isFinite(t)).sort((a, b) => a - b);
  const seconds = ordered.slice(1).map((t, i) => (t - ordered[i]!) / 1000);
  if (seconds.length < MIN_TIMED_STATEMENTS) {
    return null;
  }
  let fastCount = 0;
  let stretch = 0;
  let longestFastStretch = 0;
  for (const s of seconds) {
    if (s < FAST_SECONDS_PER_STATEMENT) {
      fastCount++;
      stretch++;
      longestFastStretch = Math.max(longestFastStretch, stretch);
    } else {
      stretch = 0;
    }
  }
  const fastShare = fastCount / seconds.length;
  return {
    key: 'TIME',
    timed: seconds.length,
    medianSeconds: median(seconds),
    fastCount,
    fastShare,
    longestFastStretch,
    thresholdSeconds: FAST_SECONDS_PER_STATEMENT,
    flag: fastShare >= FAST_SHARE_CAUTION ? 'caution' : null,
  };
}
