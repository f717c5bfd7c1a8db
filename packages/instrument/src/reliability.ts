import { z } from 'zod';
import reliabilityJson from './data/pid5-reliability.json' with { type: 'json' };
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS, FORM_IDS, type FormId } from './keys';
import { summariseProblems } from './validate-definition';

// Published reliability coefficients per form and scale, for the reliable change index of a comparison of two
// administrations (compare-administrations.ts). Data with their sources (data/pid5-reliability.json and its NOTES),
// validated when this module loads: a malformed file stops the app rather than giving a change a false mark.

/** Scale keys each form measures: the facets and domains of the full and short forms; the brief form's domains and total. */
export const FORM_SCALE_KEYS: Readonly<Record<FormId, readonly string[]>> = {
  FULL: [...FACET_KEYS, ...DOMAIN_KEYS],
  SF: [...FACET_KEYS, ...DOMAIN_KEYS],
  BF: [...DOMAIN_KEYS, BF_TOTAL_KEY],
};

export type ReliabilityKind = 'alpha' | 'omega' | 'retest';

export interface ReliabilitySource {
  readonly id: string;
  readonly citation: string;
  /** Where the number was read (address and place on the page). */
  readonly seenAt: string;
  readonly form: FormId;
  readonly kind: ReliabilityKind;
  readonly sample: string;
  readonly n: number | null;
  /** Retest interval, e.g. "2 months"; null for internal consistency. */
  readonly interval: string | null;
  readonly isUsed: boolean;
  readonly notUsedReason: string | null;
  readonly values: Readonly<Record<string, number>>;
}

export interface ReliabilityData {
  readonly description: string;
  readonly rule: string;
  readonly sources: readonly ReliabilitySource[];
}

/** The coefficient used for one scale of one form, with the source it came from. */
export interface ScaleReliability {
  readonly r: number;
  readonly source: ReliabilitySource;
}

export class ReliabilityError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid reliability data: ${summariseProblems(problems)}`);
    this.name = 'ReliabilityError';
  }
}

const ZSource = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  citation: z.string().min(1),
  seenAt: z.string().min(1),
  form: z.enum(FORM_IDS),
  kind: z.enum(['alpha', 'omega', 'retest']),
  sample: z.string().min(1),
  n: z.number().int().positive().nullable(),
  interval: z.string().min(1).nullable(),
  isUsed: z.boolean(),
  notUsedReason: z.string().min(1).nullable(),
  values: z.record(z.string(), z.number().gt(0).lt(1)),
});

const ZReliabilityData = z.strictObject({
  description: z.string().min(1),
  rule: z.string().min(1),
  sources: z.array(ZSource),
});

/** Every problem of a reliability file; empty when it is usable. */
export function findReliabilityProblems(json: unknown): string[] {
  const parsed = ZReliabilityData.safeParse(json);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  }
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const source of parsed.data.sources) {
    if (ids.has(source.id)) {
      problems.push(`${source.id}: the id is used twice`);
    }
    ids.add(source.id);
    const keys = FORM_SCALE_KEYS[source.form];
    for (const key of Object.keys(source.values)) {
      if (!keys.includes(key)) {
        problems.push(`${source.id}: ${key} is not a scale of the ${source.form} form`);
      }
    }
    if (Object.keys(source.values).length === 0) {
      problems.push(`${source.id}: no values`);
    }
    if (source.isUsed === (source.notUsedReason !== null)) {
      problems.push(`${source.id}: a source not used needs notUsedReason, a used one must not have it`);
    }
    if ((source.kind === 'retest') !== (source.interval !== null)) {
      problems.push(`${source.id}: a retest coefficient needs its interval, an internal consistency none`);
    }
  }
  return problems;
}

export function parseReliabilityData(json: unknown): ReliabilityData {
  const problems = findReliabilityProblems(json);
  if (problems.length > 0) {
    throw new ReliabilityError(problems);
  }
  return ZReliabilityData.parse(json);
}

/** The shipped coefficients (data/pid5-reliability.json), validated when this module is first imported. */
export const PID5_RELIABILITY: ReliabilityData = parseReliabilityData(reliabilityJson as unknown);

/**
 * The coefficient for one scale of one form: the lowest among the used sources (the file's `rule`), or null when no
 * used source gives one.
 */
export function findScaleReliability(
  form: FormId,
  key: string,
  data: ReliabilityData = PID5_RELIABILITY,
): ScaleReliability | null {
  let best: ScaleReliability | null = null;
  for (const source of data.sources) {
    const r = source.values[key];
    if (!source.isUsed || source.form !== form || r === undefined) {
      continue;
    }
    if (best === null || r < best.r) {
      best = { r, source };
    }
  }
  return best;
}
