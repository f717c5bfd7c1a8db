import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import scoringJson from './data/pid5-scoring.json' with { type: 'json' };
import { FACET_KEYS } from './keys';
import { scoreResponses } from './score-responses';
import { FACET_ITEMS, isReverseKeyed } from '../test/test-helpers';

// Property tests: invariants that must hold for every response string.

const responseChar = fc.constantFrom('0', '1', '2', '3', '0', '1', '2', '3', '9', '.');
/** Mostly answered strings (so that most facets are scored), with some missing items. */
const responsesArb = fc.array(responseChar, { minLength: 220, maxLength: 220 }).map((chars) => chars.join(''));
const facetKeyArb = fc.constantFrom(...FACET_KEYS);

type NormJson = Record<string, { mean: number | null; sd: number | null }>;
const srfNorms = scoringJson.norms.SRF as { facets: NormJson; domains: NormJson };
const deNorms = scoringJson.norms['DE-GESIS-2026'] as { facets: NormJson; domains: NormJson };

function keyedValue(c: string, item: number): number | null {
  if (c === '9' || c === '.') {
    return null;
  }
  return isReverseKeyed(item) ? 3 - Number(c) : Number(c);
}

function rawChar(keyed: number | null, item: number, marker: string): string {
  if (keyed === null) {
    return marker;
  }
  return String(isReverseKeyed(item) ? 3 - keyed : keyed);
}

describe('scoreResponses properties', () => {
  it('permuting the (keyed) answers within a facet leaves its score and missing count unchanged', () => {
    fc.assert(
      fc.property(responsesArb, facetKeyArb, fc.integer(), (responses, key, seed) => {
        const items = FACET_ITEMS[key];
        const keyed = items.map((item) => keyedValue(responses[item - 1] ?? '9', item));
        // A seeded Fisher-Yates shuffle of the keyed values over the facet's items.
        const shuffled = [...keyed];
        let state = seed >>> 0;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] ?? null, shuffled[i] ?? null];
        }
        const chars = responses.split('');
        items.forEach((item, i) => {
          chars[item - 1] = rawChar(shuffled[i] ?? null, item, '9');
        });
        const before = scoreResponses(responses).facets[key];
        const after = scoreResponses(chars.join('')).facets[key];
        expect(after.score).toBe(before.score);
        expect(after.missing).toBe(before.missing);
      }),
    );
  });

  it('changing an item outside a facet leaves the facet unchanged', () => {
    fc.assert(
      fc.property(
        responsesArb,
        facetKeyArb,
        fc.integer({ min: 1, max: 220 }),
        responseChar,
        (responses, key, item, value) => {
          fc.pre(!(FACET_ITEMS[key] as readonly number[]).includes(item));
          const changed = responses.slice(0, item - 1) + value + responses.slice(item);
          const before = scoreResponses(responses).facets[key];
          const after = scoreResponses(changed).facets[key];
          expect(after).toEqual(before);
        },
      ),
    );
  });

  it('z = (score − mean) / sd for both norm sets, for every facet and domain', () => {
    fc.assert(
      fc.property(responsesArb, (responses) => {
        const result = scoreResponses(responses);
        for (const scale of [...Object.values(result.facets), ...Object.values(result.domains)]) {
          const isFacet = (FACET_KEYS as readonly string[]).includes(scale.key);
          const srf = (isFacet ? srfNorms.facets : srfNorms.domains)[scale.key];
          const de = (isFacet ? deNorms.facets : deNorms.domains)[scale.key];
          if (scale.score === null) {
            expect(scale.srf).toBeNull();
            expect(scale.irf).toBeNull();
            continue;
          }
          expect(scale.srf).toBe((scale.score - (srf?.mean ?? NaN)) / (srf?.sd ?? NaN));
          expect(scale.irf).toBe((scale.score - (de?.mean ?? NaN)) / (de?.sd ?? NaN));
        }
      }),
    );
  });

  it('facet score is the mean keyed answer (0-3), domains the mean of their three facets', () => {
    fc.assert(
      fc.property(responsesArb, (responses) => {
        const result = scoreResponses(responses);
        for (const key of FACET_KEYS) {
          const values = FACET_ITEMS[key]
            .map((item) => keyedValue(responses[item - 1] ?? '9', item))
            .filter((v): v is number => v !== null);
          const facet = result.facets[key];
          expect(facet.missing).toBe(FACET_ITEMS[key].length - values.length);
          if (facet.missing > Math.floor(FACET_ITEMS[key].length / 4)) {
            expect(facet.score).toBeNull();
          } else {
            expect(facet.score).toBe(values.reduce((a, b) => a + b, 0) / values.length);
            expect(facet.score).toBeGreaterThanOrEqual(0);
            expect(facet.score).toBeLessThanOrEqual(3);
          }
        }
        for (const domain of Object.values(result.domains)) {
          const scores = domain.facets.map((k) => result.facets[k].score);
          if (scores.some((s) => s === null)) {
            expect(domain.score).toBeNull();
          } else {
            expect(domain.score).toBe(((scores[0] ?? 0) + (scores[1] ?? 0) + (scores[2] ?? 0)) / 3);
          }
        }
      }),
    );
  });

  it('the missing count is the number of 9 and . characters', () => {
    fc.assert(
      fc.property(responsesArb, (responses) => {
        const expected = responses.split('').filter((c) => c === '9' || c === '.').length;
        const result = scoreResponses(responses);
        expect(result.validity.missing).toBe(expected);
        expect(result.answered).toBe(220 - expected);
      }),
    );
  });
});
