import type { TPatientAdministration, TTrendDomain } from '@pid5/contract';
import { T_Y_DOMAIN } from '@pid5/instrument';

/** A completed administration with its domains in T: one point in time on the trend chart. */
export type TrendPoint = TPatientAdministration & { finishedAt: string; domains: TTrendDomain[] };

/** The completed administrations with domains, oldest first (by id where two finished at the same moment). */
export function completedWithDomains(administrations: readonly TPatientAdministration[]): TrendPoint[] {
  return administrations
    .filter((a): a is TrendPoint => a.finishedAt !== null && Array.isArray(a.domains))
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt) || a.id - b.id);
}

/** The T axis's ticks; 50, the US mean, is drawn darker. */
export const TREND_TICKS = [30, 40, 50, 60, 70, 80, 90, 100];

/**
 * The trend chart's size and margins (the legend in the right one), and where a point is drawn: x by its place among
 * `count` tests, evenly spread; y by its T, held within the axis.
 */
export function trendLayout(count: number) {
  const [bottom, top] = T_Y_DOMAIN;
  const width = 760;
  const height = 340;
  const margin = { top: 30, right: 150, bottom: 56, left: 50 };
  const plotWidth = width - margin.left - margin.right;
  return {
    width,
    height,
    margin,
    x: (index: number) => margin.left + (count === 1 ? plotWidth / 2 : (index * plotWidth) / (count - 1)),
    y: (value: number) =>
      margin.top +
      ((top - Math.min(top, Math.max(bottom, value))) / (top - bottom)) * (height - margin.top - margin.bottom),
  };
}

export type TrendLayout = ReturnType<typeof trendLayout>;
