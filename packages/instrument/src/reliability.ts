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
  /** Coefficients read for single scales, by scale key. */
  readonly values: Readonly<Record<string, number>>;
  /**
   * A coefficient averaged over the form's scales of one kind (facets, domains) as the source reports it: used only
   * for a scale without a coefficient of its own (the fallback the file's `rule` describes).
   */
  readonly averages?: Readonly<Partial<Record<ScaleKindKey, number>>>;
}

/** The kinds of scale a form-average coefficient can stand for. */
export type ScaleKindKey = 'facet' | 'domain' | 'total';

/** Which kind of scale a key of a form is. */
export function scaleKindOf(key: string): ScaleKindKey {
  return key === BF_TOTAL_KEY ? 'total' : (DOMAIN_KEYS as readonly string[]).includes(key) ? 'domain' : 'facet';
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
  /** 'scale': a coefficient read for this scale; 'form-average': the source's average over the form's scales of its kind. */
  readonly basis: 'scale' | 'form-average';
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
  averages: z
    .strictObject({
      facet: z.number().gt(0).lt(1).optional(),
      domain: z.number().gt(0).lt(1).optional(),
      total: z.number().gt(0).lt(1).optional(),
    })
    .optional(),
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
    if (Object.keys(source.values).length === 0 && Object.keys(source.averages ?? {}).length === 0) {
      problems.push(`${source.id}: no values`);
    }
    for (const kind of Object.keys(source.averages ?? {}) as ScaleKindKey[]) {
      if (!keys.some((key) => scaleKindOf(key) === kind)) {
        problems.push(`${source.id}: the ${source.form} form has no ${kind} scale`);
      }
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
 * The coefficient for one scale of one form (the file's `rule`): the lowest coefficient read for that scale among the
 * used sources; failing that, the lowest average over the form's scales of its kind (facets, domains, the total);
 * null when neither exists.
 */
export function findScaleReliability(
  form: FormId,
  key: string,
  data: ReliabilityData = PID5_RELIABILITY,
): ScaleReliability | null {
  let best: ScaleReliability | null = null;
  let fallback: ScaleReliability | null = null;
  const kind = scaleKindOf(key);
  for (const source of data.sources) {
    if (!source.isUsed || source.form !== form) {
      continue;
    }
    const r = source.values[key];
    if (r !== undefined && (best === null || r < best.r)) {
      best = { r, source, basis: 'scale' };
    }
    const average = source.averages?.[kind];
    if (average !== undefined && (fallback === null || average < fallback.r)) {
      fallback = { r: average, source, basis: 'form-average' };
    }
  }
  return best ?? fallback;
}
