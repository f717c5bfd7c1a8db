import { describe, expect, it } from 'vitest';
import { compareAdministrations, RCI_CRITICAL_VALUE, usNormSd } from './compare-administrations';
import reliabilityJson from './data/pid5-reliability.json' with { type: 'json' };
import { getFormFullItems } from './forms';
import { BF_TOTAL_KEY, DOMAIN_KEYS, FACET_KEYS } from './keys';
import {
  FORM_SCALE_KEYS,
  findReliabilityProblems,
  findScaleReliability,
  parseReliabilityData,
  ReliabilityError,
} from './reliability';
import { scoreResponses } from './score-responses';
import {
  INC_PAIRS,
  genuineLikeResponses,
  makeFormResponses,
  toFormResponses,
  makeKeyedResponses,
  makeResponses,
  SF_FACET_FULL_ITEMS,
  sfItemOf,
} from '../test/test-helpers';

// Comparing two administrations (DESIGN.md "Comparing two administrations"): the RCI of Jacobson & Truax (1991)
// worked out here from the formula, the reliability file's rule, validity first, and which scales two forms share.

const full = (responses: string) => scoreResponses(responses, { form: 'FULL' });
const short = (responses: string) => scoreResponses(responses, { form: 'SF' });
const brief = (responses: string) => scoreResponses(responses, { form: 'BF' });

/** A plausible short-form protocol with every item of the listed facets answered `value`. */
function shortWith(facets: Partial<Record<keyof typeof SF_FACET_FULL_ITEMS, number>>): string {
  const answers: Record<number, number> = {};
  for (const [facet, value] of Object.entries(facets)) {
    for (const fullItem of SF_FACET_FULL_ITEMS[facet as keyof typeof SF_FACET_FULL_ITEMS]) {
      answers[sfItemOf(fullItem)] = value;
    }
  }
  const base = toFormResponses(genuineLikeResponses(), getFormFullItems('SF'));
  return [...base].map((c, i) => String(answers[i + 1] ?? c)).join('');
}

describe('the reliability data', () => {
  it('ships what the notes list: per-scale values where read, else a cited form average; every scale covered', () => {
    expect(findReliabilityProblems(reliabilityJson)).toEqual([]);
    expect(findScaleReliability('SF', 'Prc')).toMatchObject({
      r: 0.6,
      basis: 'scale',
      source: { id: 'thimm2016-sf-derivation' },
    });
    // The lowest used value: .59 (replication) below .61 (derivation); .63 is a secondary citation, not used.
    expect(findScaleReliability('SF', 'Irr')).toMatchObject({ r: 0.59, source: { id: 'thimm2016-sf-replication' } });
    // No value read for the scale: the lowest form average of its kind.
    expect(findScaleReliability('SF', 'Anx')).toMatchObject({
      r: 0.79,
      basis: 'form-average',
      source: { id: 'thimm2016-sf-replication-mean' },
    });
    expect(findScaleReliability('SF', 'NegAf')).toMatchObject({ r: 0.87, basis: 'form-average' });
    expect(findScaleReliability('FULL', 'Anx')).toMatchObject({
      r: 0.76,
      basis: 'form-average',
      source: { id: 'fang2021-full-undergraduates', n: 3550 },
    });
    expect(findScaleReliability('FULL', 'Psych')).toMatchObject({ r: 0.89, basis: 'form-average' });
    // The lowest of the pooled range of domain alphas (0.65-0.76), not its median (0.73): the rule's cautious choice.
    expect(findScaleReliability('BF', 'Detac')).toMatchObject({
      r: 0.65,
      basis: 'form-average',
      source: { id: 'persian-meta-2025-bf' },
    });
    // The only total we read is adolescents', like the domain values of the same study that are not used.
    expect(findScaleReliability('BF', 'Total')).toBeNull();
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      for (const key of FORM_SCALE_KEYS[form].filter((k) => !(form === 'BF' && k === 'Total'))) {
        expect(findScaleReliability(form, key), `${form} ${key}`).not.toBeNull();
      }
    }
  });

  it('a form average is never used where a value for the scale was read', () => {
    const data = parseReliabilityData({
      ...reliabilityJson,
      sources: [
        { ...reliabilityJson.sources[0]!, id: 'avg', values: {}, averages: { facet: 0.5 } },
        { ...reliabilityJson.sources[0]!, id: 'own', values: { Prc: 0.7 } },
      ],
    });
    expect(findScaleReliability('SF', 'Prc', data)).toMatchObject({ r: 0.7, basis: 'scale' });
    expect(findScaleReliability('SF', 'Anx', data)).toMatchObject({ r: 0.5, basis: 'form-average' });
  });

  it('refuses a malformed file, naming each problem', () => {
    const source = reliabilityJson.sources[0]!;
    const bad = {
      ...reliabilityJson,
      sources: [
        { ...source, values: { Prc: 0.6, Total: 0.8 } },
        { ...source, isUsed: false },
        { ...source, id: 'other', kind: 'retest' },
      ],
    };
    expect(findReliabilityProblems(bad)).toEqual([
      'thimm2016-sf-derivation: Total is not a scale of the SF form',
      'thimm2016-sf-derivation: the id is used twice',
      'thimm2016-sf-derivation: a source not used needs notUsedReason, a used one must not have it',
      'other: a retest coefficient needs its interval, an internal consistency none',
    ]);
    expect(() => parseReliabilityData({ ...reliabilityJson, sources: [{ ...source, values: { Prc: 1.2 } }] })).toThrow(
      ReliabilityError,
    );
  });
});

describe('comparing two administrations', () => {
  it('same full form: every facet and domain, differences, and an RCI from the form average where no value was read', () => {
    const before = full(makeKeyedResponses({ Anx: 3 }));
    const after = full(makeKeyedResponses({ Anx: 1 }));
    const comparison = compareAdministrations(before, after);
    expect(comparison.isSameForm).toBe(true);
    // In the order of the results page: domains, then facets.
    expect(comparison.scales.map((s) => s.key)).toEqual([...DOMAIN_KEYS, ...FACET_KEYS]);
    const anx = comparison.scales.find((s) => s.key === 'Anx')!;
    expect(anx.first.score).toBe(3);
    expect(anx.second.score).toBe(1);
    expect(anx.scoreDifference).toBe(-2);
    // No value read for the facet on the full form: the cited form average of the facets, marked as such.
    expect(anx.reliableChange).toMatchObject({ r: 0.76, source: { basis: 'form-average' } });
    expect(anx.noReliableChangeReason).toBeNull();
    const anh = comparison.scales.find((s) => s.key === 'Anh')!;
    expect(anh.tDifference).toBe(0);
    expect(anh.first.t).toBe(before.facets.Anh.us!.t);
  });

  it('same short form: the RCI is (x2 − x1) / (SD · √2 · √(1 − r)) with the cited r, reliable beyond 1.96', () => {
    const comparison = compareAdministrations(
      short(shortWith({ Prc: 0, Irr: 0 })),
      short(shortWith({ Prc: 2, Irr: 1 })),
    );
    const prc = comparison.scales.find((s) => s.key === 'Prc')!;
    const sd = usNormSd('SF', 'Prc')!;
    const expected = (2 - 0) / (sd * Math.SQRT2 * Math.sqrt(1 - 0.6));
    expect(prc.reliableChange!.rci).toBeCloseTo(expected, 12);
    expect(prc.reliableChange!.isReliable).toBe(Math.abs(expected) > RCI_CRITICAL_VALUE);
    expect(prc.reliableChange).toMatchObject({ r: 0.6, sd, source: { id: 'thimm2016-sf-derivation', n: 503 } });
    expect(prc.reliableChange!.reliableDifference).toBeCloseTo(1.96 * sd * Math.SQRT2 * Math.sqrt(0.4), 12);

    const irr = comparison.scales.find((s) => s.key === 'Irr')!;
    const irrExpected = 1 / (usNormSd('SF', 'Irr')! * Math.SQRT2 * Math.sqrt(1 - 0.59));
    expect(irr.reliableChange!.rci).toBeCloseTo(irrExpected, 12);
    expect(irr.reliableChange!.direction).toBe(Math.abs(irrExpected) > 1.96 ? 'higher' : 'no reliable change');
    // A facet without a short-form value of its own: the form average, marked as such.
    expect(comparison.scales.find((s) => s.key === 'Anx')!.reliableChange).toMatchObject({
      r: 0.79,
      source: { basis: 'form-average' },
    });
  });

  it("keeps the instrument's order for results read back from jsonb, whose object keys come back sorted", () => {
    // PostgreSQL's jsonb stores an object's keys shorter first, then bytewise: NegAf's domains come back Antag first.
    const sortedLikeJsonb = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sortedLikeJsonb)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
                .map(([key, inner]) => [key, sortedLikeJsonb(inner)]),
            )
          : value;
    const stored = <T>(result: T) => sortedLikeJsonb(result) as T;
    expect(Object.keys(stored(full(makeKeyedResponses({}))).domains)[0]).toBe('Antag');
    const comparison = compareAdministrations(
      stored(full(makeKeyedResponses({ Anx: 3 }))),
      stored(full(makeKeyedResponses({ Anx: 1 }))),
    );
    expect(comparison.scales.map((s) => s.key)).toEqual([...DOMAIN_KEYS, ...FACET_KEYS]);
    const briefComparison = compareAdministrations(
      stored(brief(toFormResponses(makeKeyedResponses({}), getFormFullItems('BF')))),
      stored(brief(toFormResponses(makeKeyedResponses({ Anx: 2 }), getFormFullItems('BF')))),
    );
    expect(briefComparison.scales.map((s) => s.key)).toEqual([...DOMAIN_KEYS, BF_TOTAL_KEY]);
  });

  it('a small change inside the interval is not reliable, and a fall is "lower"', () => {
    const sd = usNormSd('SF', 'Prc')!;
    const interval = 1.96 * sd * Math.SQRT2 * Math.sqrt(0.4);
    const up = compareAdministrations(short(shortWith({ Prc: 3 })), short(shortWith({ Prc: 0 })));
    const prc = up.scales.find((s) => s.key === 'Prc')!.reliableChange!;
    expect(prc.isReliable).toBe(3 > interval);
    expect(prc.direction).toBe(3 > interval ? 'lower' : 'no reliable change');
    const none = compareAdministrations(short(shortWith({ Prc: 1 })), short(shortWith({ Prc: 1 })));
    expect(none.scales.find((s) => s.key === 'Prc')!.reliableChange).toMatchObject({
      rci: 0,
      isReliable: false,
      direction: 'no reliable change',
    });
  });

  it('full form then brief form: only the five domains, T side by side, no score difference and no RCI', () => {
    const comparison = compareAdministrations(full(makeKeyedResponses({ Anx: 2 })), brief(makeFormResponses(25, {})));
    expect(comparison.isSameForm).toBe(false);
    expect(comparison.scales.map((s) => s.key)).toEqual([...DOMAIN_KEYS]);
    for (const scale of comparison.scales) {
      expect(scale.scoreDifference).toBeNull();
      expect(scale.reliableChange).toBeNull();
      expect(scale.noReliableChangeReason).toMatch(/Different forms/);
    }
    expect(comparison.formsStatement).toMatch(/only the five domains/);
  });

  it('brief form twice: the five domains and the total', () => {
    const comparison = compareAdministrations(brief(makeFormResponses(25, {})), brief(makeFormResponses(25, {}, '1')));
    expect(comparison.scales.map((s) => s.key)).toEqual([...DOMAIN_KEYS, 'Total']);
    expect(comparison.scales.at(-1)!.scoreDifference).toBe(1);
  });

  it('same form twice, every form: a reliable-change verdict on every scale, each naming its source', () => {
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      const at = (seed: number) =>
        form === 'FULL'
          ? genuineLikeResponses(seed)
          : toFormResponses(genuineLikeResponses(seed), getFormFullItems(form));
      const comparison = compareAdministrations(scoreResponses(at(3), { form }), scoreResponses(at(4), { form }));
      expect(comparison.isChangeInterpretable, form).toBe(true);
      for (const scale of comparison.scales) {
        if (form === 'BF' && scale.key === 'Total') {
          // No adult reliability for the brief form's total was read: the change is shown without a significance claim.
          expect(scale.reliableChange).toBeNull();
          expect(scale.noReliableChangeReason).toMatch(/^No published reliability for this scale on the brief form/);
          continue;
        }
        expect(scale.reliableChange, `${form} ${scale.key}`).not.toBeNull();
        expect(scale.reliableChange!.source.citation.length).toBeGreaterThan(10);
        expect(['scale', 'form-average']).toContain(scale.reliableChange!.source.basis);
      }
    }
  });

  it('validity first: a not interpretable administration withholds every RCI and says so', () => {
    // Every INC pair answered 0 and 3: INC = 20 × 3 = 60, far past 17.
    const answers: Record<number, number> = {};
    for (const [a, b] of INC_PAIRS) {
      answers[a] = 0;
      answers[b] = 3;
    }
    const fullInconsistent = full(makeResponses(answers));
    expect(fullInconsistent.validityVerdict.verdict).toBe('not-interpretable');
    const comparison = compareAdministrations(full(genuineLikeResponses()), fullInconsistent);
    expect(comparison.isChangeInterpretable).toBe(false);
    expect(comparison.validityStatement).toMatch(/^The later administration is not interpretable/);
    expect(comparison.scales.every((s) => s.reliableChange === null)).toBe(true);
    expect(comparison.second.verdict).toBe('not-interpretable');
    expect(comparison.scales[0]!.noReliableChangeReason).toMatch(/^Withheld/);
  });
});
