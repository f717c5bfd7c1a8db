import type { TAssessmentResults } from '@pid5/contract';

// Reads a scale's numbers back out of an exported Bundle the way a receiving system would (by code system and code,
// not by position), so the round-trip tests compare what an EHR would store with the product's own results.

interface Coding {
  system?: string;
  code?: string;
}
interface Quantity {
  value?: number;
  comparator?: string;
  code?: string;
}
interface AnyObservation {
  resourceType: string;
  code?: { coding?: Coding[] };
  valueQuantity?: Quantity;
  valueCodeableConcept?: { coding?: Coding[] };
  dataAbsentReason?: unknown;
  interpretation?: { coding?: Coding[] }[];
  component?: {
    code: { coding?: Coding[] };
    valueQuantity?: Quantity;
    valueRange?: { low?: Quantity; high?: Quantity };
  }[];
}

export interface ReadBackScale {
  score: number | null;
  t: number | null;
  percentile: number | null;
  capped: 'above' | 'below' | null;
  level: string | null;
  /** The German T as published, its 95 % interval and percentile (proportion); null when none is sent. */
  de: { t: number; tLow: number; tHigh: number; percentile: number } | null;
}

function codeIn(codings: Coding[] | undefined, systemEnd: string): string | undefined {
  return codings?.find((c) => c.system?.endsWith(`/CodeSystem/${systemEnd}`))?.code;
}

export function observations(bundle: { entry?: { resource: { resourceType: string } }[] }): AnyObservation[] {
  return (bundle.entry ?? []).map((e) => e.resource as AnyObservation).filter((r) => r.resourceType === 'Observation');
}

/** Scale key → its numbers as read from the scale Observations (pid5-scales codes). */
export function readBackScales(bundle: Parameters<typeof observations>[0]): Map<string, ReadBackScale> {
  const out = new Map<string, ReadBackScale>();
  for (const obs of observations(bundle)) {
    const key = codeIn(obs.code?.coding, 'pid5-scales');
    if (!key) {
      continue;
    }
    const part = (code: string) => obs.component?.find((c) => codeIn(c.code.coding, 'pid5-score-types') === code);
    const component = (code: string) => part(code)?.valueQuantity;
    const t = component('t-score');
    const p = component('percentile');
    const proportion = (q: Quantity | undefined) =>
      q?.value === undefined
        ? null
        : q.comparator === '>'
          ? 1
          : q.comparator === '<'
            ? 0
            : Number((q.value / 100).toFixed(10));
    const deT = component('de-t-score')?.value;
    const interval = part('de-t-interval')?.valueRange;
    const comparator = t?.comparator;
    out.set(key, {
      score: obs.valueQuantity?.value ?? null,
      t: t?.value ?? null,
      // "> 99" and "< 1" are the printed cells 1.00 and 0.00 (more than 99, less than 1).
      percentile: proportion(p),
      capped: comparator === '>=' ? 'above' : comparator === '<=' ? 'below' : null,
      level: codeIn(obs.interpretation?.[0]?.coding, 'pid5-levels') ?? null,
      de:
        deT === undefined
          ? null
          : {
              t: deT,
              tLow: interval?.low?.value ?? NaN,
              tHigh: interval?.high?.value ?? NaN,
              percentile: proportion(component('de-percentile')) ?? NaN,
            },
    });
  }
  return out;
}

type GermanReading = NonNullable<TAssessmentResults['facets'][number]['de']>;
const germanOf = (de: GermanReading | null | undefined, scored: boolean): ReadBackScale['de'] =>
  de && scored ? { t: de.t, tLow: de.tLow, tHigh: de.tHigh, percentile: de.percentile } : null;

/**
 * The same numbers from the results API, in the same shape (a level below Mild is our code 'None'); the PID5BF+M's
 * domains and total under `Bfm{key}`, with German T only.
 */
export function expectedScales(results: TAssessmentResults): Map<string, ReadBackScale> {
  const scales = [...results.domains, ...results.facets, ...(results.total ? [results.total] : [])];
  const bfm = results.bfm ? [...results.bfm.domains, { ...results.bfm.total, key: 'Total' }] : [];
  return new Map([
    ...scales.map((s) => {
      const scored = s.isScored && s.score !== null;
      return [
        s.key,
        {
          score: scored ? s.score : null,
          t: s.us?.t ?? null,
          percentile: s.us?.percentile ?? null,
          capped: s.us?.capped ?? null,
          level: s.us ? (s.level ?? 'None') : null,
          de: germanOf(s.de, scored),
        },
      ] as const;
    }),
    ...bfm.map((s) => {
      const scored = s.isScored && s.score !== null;
      return [
        `Bfm${s.key}`,
        {
          score: scored ? s.score : null,
          t: null,
          percentile: null,
          capped: null,
          level: null,
          de: germanOf(s.de, scored),
        },
      ] as const;
    }),
  ]);
}

/** The verdict and each indicator's score and status, read back from the validity Observations. */
export function readBackValidity(bundle: Parameters<typeof observations>[0]) {
  const out: Record<string, { score: number | null; status: string | undefined }> = {};
  let verdict: string | undefined;
  for (const obs of observations(bundle)) {
    const key = codeIn(obs.code?.coding, 'pid5-validity');
    if (key === 'VERDICT') {
      verdict = codeIn(obs.valueCodeableConcept?.coding, 'pid5-validity-status');
    } else if (key) {
      out[key] = {
        score: obs.valueQuantity?.value ?? null,
        status: codeIn(obs.interpretation?.[0]?.coding, 'pid5-validity-status'),
      };
    }
  }
  return { verdict, indicators: out };
}

export function expectedValidity(results: TAssessmentResults) {
  return {
    verdict: results.validityVerdict.verdict,
    indicators: Object.fromEntries(results.validity.scales.map((l) => [l.key, { score: l.score, status: l.status }])),
  };
}
