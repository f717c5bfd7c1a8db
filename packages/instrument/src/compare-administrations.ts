import type { AnyScoreResult } from './result-types';
import { comparisonWording, type ComparisonWording } from './comparison-wording';
import { assessValidity, validityVerdictIn, type ValidityWordingOptions } from './validity-verdict';
import { pid5Definition } from './definition';
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS, isDomainKey, isFacetKey, scalesInOrder, type FormId } from './keys';
import type { Capped } from './norm-lookup';
import { resolveNormSet } from './norm-sets';
import { getNormTable, US_NORM_TABLES } from './norm-tables';
import { findScaleReliability, PID5_RELIABILITY, type ReliabilityData, type ReliabilitySource } from './reliability';
import type { ValidityVerdict } from './validity-verdict';

// Two administrations of one patient side by side (DESIGN.md "Comparing two administrations"):
// validity first, then per scale both forms measure: the scores, the US T of each, the differences and, where a
// published reliability for that scale and form exists, the reliable change index of Jacobson & Truax (1991):
//   RCI = (x2 − x1) / S_diff,  S_diff = √2 · SE,  SE = SD · √(1 − r);  |RCI| > 1.96 is a reliable change (p < .05).
// SD is the US norm sample's SD of that scale on that form (the one the `srf` z uses): the full form's from the
// printed linear T tables, the short and brief forms' from the line fitted through their own tables.

/** Jacobson & Truax (1991): a change beyond 1.96 standard errors of the difference (two-sided 5 %). */
export const RCI_CRITICAL_VALUE = 1.96;

export type ScaleKind = 'facet' | 'domain' | 'total';

export interface ComparedReading {
  readonly score: number | null;
  readonly t: number | null;
  readonly percentile: number | null;
  readonly capped: Capped | null;
}

export interface ReliableChange {
  readonly rci: number;
  readonly isReliable: boolean;
  readonly direction: 'higher' | 'lower' | 'no reliable change';
  /** The smallest score difference that would be reliable, on the scale's 0-3 metric. */
  readonly reliableDifference: number;
  /** The US norm sample's SD of the scale on this form (0-3 metric). */
  readonly sd: number;
  readonly r: number;
  readonly source: Pick<ReliabilitySource, 'id' | 'citation' | 'kind' | 'sample' | 'n' | 'interval'> & {
    /** 'scale': read for this scale; 'form-average': the source's average over the form's scales of this kind. */
    readonly basis: 'scale' | 'form-average';
  };
}

export interface ComparedScale {
  readonly key: string;
  readonly name: string;
  readonly kind: ScaleKind;
  readonly first: ComparedReading;
  readonly second: ComparedReading;
  /** second − first on the 0-3 metric; same form only (on two forms the items differ). */
  readonly scoreDifference: number | null;
  /** second − first in US T; null when a scale is unscored or a T lies beyond its printed table. */
  readonly tDifference: number | null;
  readonly reliableChange: ReliableChange | null;
  /** Why there is no reliable-change mark (when `reliableChange` is null). */
  readonly noReliableChangeReason: string | null;
}

export interface AdministrationValidity {
  readonly form: FormId;
  readonly verdict: ValidityVerdict['verdict'];
  readonly label: string;
  readonly summary: string;
}

export interface AdministrationComparison {
  readonly first: AdministrationValidity;
  readonly second: AdministrationValidity;
  /** False when either administration is not interpretable: the change is not to be read, and no RCI is given. */
  readonly isChangeInterpretable: boolean;
  /** What the page says before any change: validity first. */
  readonly validityStatement: string;
  readonly isSameForm: boolean;
  /** How the scales of the two forms were matched. */
  readonly formsStatement: string;
  readonly scales: readonly ComparedScale[];
  readonly rciRule: string;
  /** The rule choosing a coefficient per scale (pid5-reliability.json `rule`). */
  readonly reliabilityRule: string;
}

interface ScaleReading {
  readonly key: string;
  readonly name: string;
  readonly kind: ScaleKind;
  readonly score: number | null;
  readonly srf: number | null;
  readonly us: { readonly t: number; readonly percentile: number; readonly capped: Capped } | null;
}

type WithoutVerdict<T> = T extends unknown ? Omit<T, 'validityVerdict'> : never;

/** A result of any form, with or without its verdict. */
type ComparableProtocol = WithoutVerdict<AnyScoreResult> & { readonly validityVerdict?: ValidityVerdict };

function scaleReadings(result: ComparableProtocol): ScaleReading[] {
  const read = (kind: ScaleKind, scale: ScaleInput): ScaleReading => ({
    key: scale.key,
    name: scale.name,
    kind,
    score: scale.score,
    srf: scale.srf,
    us: scale.us,
  });
  // Domains first, then facets, each in the instrument's order (DOMAIN_KEYS, FACET_KEYS): the order of the results
  // page, the reports and the CSV. Never the object's own key order: a result read back from jsonb has its keys sorted.
  const domains = scalesInOrder<ScaleInput>(DOMAIN_KEYS, result.domains).map((d) => read('domain', d));
  if (result.form === 'BF') {
    return [...domains, read('total', result.total)];
  }
  return [...domains, ...scalesInOrder<ScaleInput>(FACET_KEYS, result.facets).map((f) => read('facet', f))];
}

type ScaleInput = { key: string; name: string; score: number | null; srf: number | null; us: ScaleReading['us'] };

function validityOf(result: ComparableProtocol, options: ValidityWordingOptions): AdministrationValidity {
  const verdict = result.validityVerdict
    ? validityVerdictIn({ ...result, validityVerdict: result.validityVerdict }, options)
    : assessValidity(result, options);
  return { form: result.form, verdict: verdict.verdict, label: verdict.label, summary: verdict.summary };
}

function readingOf(scale: ScaleReading | undefined): ComparedReading {
  return {
    score: scale?.score ?? null,
    t: scale?.us?.t ?? null,
    percentile: scale?.us?.percentile ?? null,
    capped: scale?.us?.capped ?? null,
  };
}

function describeForms(words: ComparisonWording, first: FormId, second: FormId): string {
  if (first === second) {
    return words.sameForm(words.formNames[first]);
  }
  const shared = first === 'BF' || second === 'BF' ? 'domains' : 'facetsAndDomains';
  return words.differentForms(words.formNames[first], words.formNames[second], shared);
}

function describeValidity(
  words: ComparisonWording,
  first: AdministrationValidity,
  second: AdministrationValidity,
): string {
  const notInterpretable = [first, second].filter((v) => v.verdict === 'not-interpretable');
  if (notInterpretable.length > 0) {
    return words.notInterpretable(
      notInterpretable.length === 2 ? 'both' : first.verdict === 'not-interpretable' ? 'first' : 'second',
    );
  }
  const caution = [first, second].filter((v) => v.verdict === 'caution');
  return caution.length > 0 ? words.caution : words.valid;
}

/** The US norm sample's SD of one scale of one form, on the 0-3 metric, or null when the data have none. */
export function usNormSd(form: FormId, key: string): number | null {
  if (form === 'FULL') {
    const set = resolveNormSet(pid5Definition, 'srf');
    const norm = isFacetKey(key) ? set.facets[key] : isDomainKey(key) ? set.domains[key] : null;
    return norm?.sd ?? null;
  }
  return getNormTable(US_NORM_TABLES, form, key).linearFit?.sd ?? null;
}

function reliableChangeFor(options: {
  form: FormId;
  key: string;
  first: ScaleReading | undefined;
  second: ScaleReading | undefined;
  isSameForm: boolean;
  isChangeInterpretable: boolean;
  reliability: ReliabilityData;
  words: ComparisonWording;
}): { reliableChange: ReliableChange | null; reason: string | null } {
  const { first, second } = options;
  const reasons = options.words.reasons;
  if (!options.isSameForm) {
    return { reliableChange: null, reason: reasons.differentForms };
  }
  if (!options.isChangeInterpretable) {
    return { reliableChange: null, reason: reasons.withheld };
  }
  if (first?.score === null || first?.score === undefined || second?.score === null || second?.score === undefined) {
    return { reliableChange: null, reason: reasons.notScored };
  }
  const found = findScaleReliability(options.form, options.key, options.reliability);
  if (!found) {
    return { reliableChange: null, reason: reasons.noReliability(options.words.formNames[options.form]) };
  }
  const sd = usNormSd(options.form, options.key);
  if (sd === null) {
    return { reliableChange: null, reason: reasons.noNormSd };
  }
  const sDiff = sd * Math.SQRT2 * Math.sqrt(1 - found.r);
  const rci = (second.score - first.score) / sDiff;
  const isReliable = Math.abs(rci) > RCI_CRITICAL_VALUE;
  const { id, citation, kind, sample, n, interval } = found.source;
  const basis = found.basis;
  return {
    reliableChange: {
      rci,
      isReliable,
      direction: !isReliable ? 'no reliable change' : rci > 0 ? 'higher' : 'lower',
      reliableDifference: RCI_CRITICAL_VALUE * sDiff,
      sd,
      r: found.r,
      source: { id, citation, kind, sample, n, interval, basis },
    },
    reason: null,
  };
}

/**
 * Compares two administrations of one patient, `first` the earlier. Scales are matched by key, and only scales both
 * forms measure are compared (a brief-form domain with a full-form domain: T side by side only, see describeForms).
 * The sentences (and each administration's validity words) are in `options.language`, English by default; the
 * numbers and marks are the same in every language.
 */
export function compareAdministrations(
  first: ComparableProtocol,
  second: ComparableProtocol,
  reliability: ReliabilityData = PID5_RELIABILITY,
  options: ValidityWordingOptions = {},
): AdministrationComparison {
  const words = comparisonWording(options.language);
  const validity = { first: validityOf(first, options), second: validityOf(second, options) };
  const isChangeInterpretable =
    validity.first.verdict !== 'not-interpretable' && validity.second.verdict !== 'not-interpretable';
  const isSameForm = first.form === second.form;
  const firstScales = new Map(scaleReadings(first).map((s) => [s.key, s]));
  const secondScales = scaleReadings(second);
  const secondKeys = new Set(secondScales.map((s) => s.key));
  const scales: ComparedScale[] = [];
  for (const [key, a] of firstScales) {
    if (!secondKeys.has(key) || (key === BF_TOTAL_KEY && !isSameForm)) {
      continue;
    }
    const b = secondScales.find((s) => s.key === key);
    const one = readingOf(a);
    const two = readingOf(b);
    const isTComparable = one.t !== null && two.t !== null && one.capped === null && two.capped === null;
    const { reliableChange, reason } = reliableChangeFor({
      form: first.form,
      key,
      first: a,
      second: b,
      isSameForm,
      isChangeInterpretable,
      reliability,
      words,
    });
    scales.push({
      key,
      name: a.name,
      kind: a.kind,
      first: one,
      second: two,
      scoreDifference: isSameForm && one.score !== null && two.score !== null ? two.score - one.score : null,
      tDifference: isTComparable ? two.t! - one.t! : null,
      reliableChange,
      noReliableChangeReason: reliableChange ? null : reason,
    });
  }
  return {
    first: validity.first,
    second: validity.second,
    isChangeInterpretable,
    validityStatement: describeValidity(words, validity.first, validity.second),
    isSameForm,
    formsStatement: describeForms(words, first.form, second.form),
    scales,
    rciRule: words.rciRule,
    // The rule's translation fits the product's own reliability data only; other data keep their own words.
    reliabilityRule:
      words.reliabilityRule !== null && reliability.rule === PID5_RELIABILITY.rule
        ? words.reliabilityRule
        : reliability.rule,
  };
}
