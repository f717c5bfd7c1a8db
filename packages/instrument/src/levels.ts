import { z } from 'zod';
import levelsJson from './data/pid5-levels.json' with { type: 'json' };
import { formatPercentile } from './norm-lookup';
import { summariseProblems } from './validate-definition';

// Levels follow the printed US percentile (DESIGN.md "Levels"): Mild from the 84th, Moderate from the 93rd and
// High from the 98th percentile of the US norm sample, the percentiles of T 60, 65 and 70 that Zimmermann et al.
// (2026) use as the anchors of mildly, moderately and severely elevated PID-5 scores. The rule, the cut-offs and
// the words are data (data/pid5-levels.json, with sources), validated when this module loads. The percentile is
// the printed cell of the row the score reads, never derived from z, so a level's words are true on every scale,
// skewed or not.

export const LEVELS = ['Mild', 'Moderate', 'High'] as const;

export type Level = (typeof LEVELS)[number];

const ZLevelText = z.object({ summary: z.string().min(1), description: z.string().min(1) });

const ZLevelsFile = z.object({
  description: z.string().min(1),
  normSet: z.string().min(1),
  rule: z.string().min(1),
  percentileMeaning: z.string().min(1),
  sources: z.array(z.object({ id: z.string().min(1), citation: z.string().min(1), usedFor: z.string().min(1) })).min(1),
  levels: z.array(
    ZLevelText.extend({
      level: z.enum(LEVELS),
      percentileAtLeast: z.number().gt(0).lt(1),
      tOnNormalCurve: z.number(),
    }),
  ),
  noLevel: ZLevelText,
});

export interface LevelDefinition {
  readonly level: Level;
  /** Lowest printed US percentile (proportion 0-1) at this level. */
  readonly percentileAtLeast: number;
  /** The T score of this percentile on a normal curve (for orientation only; the rule is on the percentile). */
  readonly tOnNormalCurve: number;
  /** One line for a legend. */
  readonly summary: string;
  /** Template with '{percentile}' (see describeLevel). */
  readonly description: string;
}

export interface LevelRule {
  readonly normSet: string;
  readonly rule: string;
  readonly percentileMeaning: string;
  readonly sources: readonly { readonly id: string; readonly citation: string; readonly usedFor: string }[];
  /** Lowest level first. */
  readonly levels: readonly LevelDefinition[];
  readonly noLevel: { readonly summary: string; readonly description: string };
}

/** Check the level data: one entry per level, cut-offs rising from Mild to High, templates naming the percentile. */
export function parseLevelRule(raw: unknown): LevelRule {
  const parsed = ZLevelsFile.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid level rule: ${summariseProblems(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))}`,
    );
  }
  const data = parsed.data;
  const problems: string[] = [];
  if (data.levels.map((l) => l.level).join(',') !== LEVELS.join(',')) {
    problems.push(`levels must be listed once each, in the order ${LEVELS.join(', ')}`);
  }
  data.levels.forEach((level, index) => {
    const below = data.levels[index - 1];
    if (below !== undefined && level.percentileAtLeast <= below.percentileAtLeast) {
      problems.push(`${level.level}: cut-off ${level.percentileAtLeast} must be above ${below.level}'s`);
    }
    if (!level.description.includes('{percentile}')) {
      problems.push(`${level.level}: description must name the printed percentile ('{percentile}')`);
    }
  });
  if (problems.length > 0) {
    throw new Error(`Invalid level rule: ${summariseProblems(problems)}`);
  }
  return data;
}

export const LEVEL_RULE: LevelRule = parseLevelRule(levelsJson as unknown);

/** The cut-offs on the printed US percentile (proportion), highest first. */
export const LEVEL_CUTOFFS: readonly { readonly level: Level; readonly atLeast: number }[] = [...LEVEL_RULE.levels]
  .reverse()
  .map((l) => ({ level: l.level, atLeast: l.percentileAtLeast }));

/**
 * Where each level begins on one scale's printed table, in T: the lowest printed T whose row's percentile reaches the
 * level's cut-off (null when no printed row does). The printed percentiles rise with T, so a score whose printed T is
 * at or above a level's start has at least that level, and one below it has not: a chart can draw the levels as
 * lines at these T values and a bar reaches a line exactly when its level is reached. The T scores are linear, so
 * the starts differ from scale to scale (Mild from T 53 to T 62 in the US tables).
 */
export type LevelStartsT = Readonly<Record<Level, number | null>>;

export function levelStartsInT(rows: readonly { readonly t: number; readonly percentile: number }[]): LevelStartsT {
  // A table's rows never change once loaded: each table is sorted once, not once per scale of every result shown.
  let starts = levelStartsByRows.get(rows);
  if (!starts) {
    const byT = [...rows].sort((a, b) => a.t - b.t);
    const startOf = (atLeast: number) => byT.find((row) => row.percentile >= atLeast)?.t ?? null;
    starts = Object.freeze({
      Mild: startOf(getLevelDefinition('Mild').percentileAtLeast),
      Moderate: startOf(getLevelDefinition('Moderate').percentileAtLeast),
      High: startOf(getLevelDefinition('High').percentileAtLeast),
    });
    levelStartsByRows.set(rows, starts);
  }
  return starts;
}

const levelStartsByRows = new WeakMap<object, LevelStartsT>();

/** The level of a scored scale from its printed US percentile (proportion 0-1), or null below Mild / unscored. */
export function classifyLevel(percentile: number | null): Level | null {
  if (percentile === null) {
    return null;
  }
  return LEVEL_CUTOFFS.find((cutoff) => percentile >= cutoff.atLeast)?.level ?? null;
}

export function getLevelDefinition(level: Level): LevelDefinition {
  const definition = LEVEL_RULE.levels.find((l) => l.level === level);
  if (definition === undefined) {
    throw new Error(`Unknown level ${level}`);
  }
  return definition;
}

/** A printed percentile in words for a sentence: "about 91 %", "more than 99 %", "less than 1 %". */
export function describePercentile(percentile: number): string {
  const text = formatPercentile(percentile);
  return percentile > 0 && percentile < 1 ? `about ${text} %` : `${text} %`;
}

/**
 * The words for a scale's level with its own printed percentile, e.g. "As high as or higher than the scores of
 * about 95 % of the adults in the US norm sample: moderately elevated." (no level: "Not elevated: …").
 */
export function describeLevel(reading: { readonly level: Level | null; readonly percentile: number }): string {
  if (reading.level === null) {
    return LEVEL_RULE.noLevel.description;
  }
  return getLevelDefinition(reading.level).description.replace('{percentile}', describePercentile(reading.percentile));
}
