/** Nearest-rank percentile of a list of numbers (0 < p ≤ 100); NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Runs `work` `warmup` times unmeasured, then `runs` times, returning each run's duration in ms. */
export async function timeRuns(work: () => Promise<unknown>, options: { warmup: number; runs: number }) {
  for (let i = 0; i < options.warmup; i++) {
    await work();
  }
  const durations: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations;
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
