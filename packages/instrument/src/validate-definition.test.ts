import { describe, expect, it } from 'vitest';
import scoringJson from './data/pid5-scoring.json' with { type: 'json' };
import { DOMAINS, FACETS, pid5Definition } from './definition';
import { DefinitionError, parseDefinition, validateDefinition } from './validate-definition';

// The definition validator against deliberately broken copies of the data file.

// A loosely typed deep copy of the data, to break in place.
interface RawFacet {
  key: string;
  nItems: number;
  items: number[];
  reverseKeyedItems: number[];
  primaryFacetOfDomain: string | null;
  maxMissingItemsForScoring: number;
}
interface RawNormSet {
  status: string;
  facets: Record<string, { mean: number | null; sd: number | null; nItems?: number }>;
  domains: Record<string, { mean: number | null; sd: number | null }>;
}
interface RawDefinition {
  items: number;
  reverseKeyed: number[];
  facets: RawFacet[];
  domains: { key: string; name: string; facets: string[] }[];
  missingRule: { facetMaxMissingFraction: number; maxMissingItemsByFacetSize: Record<string, number> };
  norms: Record<string, RawNormSet>;
  validityScales: Record<string, unknown>[];
}

function copy(): RawDefinition {
  return structuredClone(scoringJson) as unknown as RawDefinition;
}

function facet(raw: RawDefinition, key: string): RawFacet {
  const found = raw.facets.find((f) => f.key === key);
  if (found === undefined) {
    throw new Error(`no facet ${key}`);
  }
  return found;
}

function norms(raw: RawDefinition, id: string): RawNormSet {
  const found = raw.norms[id];
  if (found === undefined) {
    throw new Error(`no norm set ${id}`);
  }
  return found;
}

function scale(raw: RawDefinition, key: string): Record<string, unknown> {
  const found = raw.validityScales.find((s) => s.key === key);
  if (found === undefined) {
    throw new Error(`no validity scale ${key}`);
  }
  return found;
}

function problemsOf(raw: unknown): readonly string[] {
  const result = validateDefinition(raw);
  return result.ok ? [] : result.problems;
}

describe('validateDefinition on the shipped data', () => {
  it('accepts data/pid5-scoring.json', () => {
    expect(problemsOf(scoringJson)).toEqual([]);
  });

  it('builds 25 facets, 5 domains, 220 items each in exactly one facet', () => {
    expect(FACETS).toHaveLength(25);
    expect(DOMAINS).toHaveLength(5);
    const items = FACETS.flatMap((f) => f.items).sort((a, b) => a - b);
    expect(items).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
  });

  it('keeps the IRF (missing) and US-2012 (partial) sets, with nulls, but does not need them', () => {
    expect(pid5Definition.norms.IRF?.facets.Anh).toBeNull();
    expect(pid5Definition.norms['US-2012']?.facets.Att).toBeNull();
    expect(pid5Definition.norms['US-2012']?.facets.Anh).toEqual({ mean: 0.89, sd: 0.64 });
  });
});

describe('validateDefinition on broken copies', () => {
  const cases: [string, (raw: RawDefinition) => void, string][] = [
    [
      'an item in two facets',
      (raw) => {
        facet(raw, 'Anx').items.push(1);
        facet(raw, 'Anx').nItems = 10;
      },
      'item 1 is in more than one facet (Anh, Anx)',
    ],
    [
      'an item in no facet',
      (raw) => {
        const anh = facet(raw, 'Anh');
        anh.items = anh.items.filter((i) => i !== 189);
        anh.nItems = 7;
        anh.maxMissingItemsForScoring = 1;
      },
      'item 189 is in no facet',
    ],
    [
      'an item number out of range',
      (raw) => facet(raw, 'Sub').items.splice(0, 1, 221),
      'facet Sub: item 221 is outside 1-220',
    ],
    [
      'a duplicated item in a facet',
      (raw) => facet(raw, 'Sub').items.splice(0, 1, 15),
      'facet Sub: item 15 is listed more than once',
    ],
    [
      'nItems not the item count',
      (raw) => (facet(raw, 'Anh').nItems = 9),
      'facet Anh: nItems is 9 but 8 items are listed',
    ],
    [
      'a wrong maxMissingItemsForScoring',
      (raw) => (facet(raw, 'Cal').maxMissingItemsForScoring = 4),
      'facet Cal: maxMissingItemsForScoring is 4, expected 3 (25% of 14 items, rounded down)',
    ],
    [
      'a wrong entry in maxMissingItemsByFacetSize',
      (raw) => (raw.missingRule.maxMissingItemsByFacetSize['8'] = 3),
      'missingRule: maxMissingItemsByFacetSize for 8-item facets is 3, expected 2',
    ],
    [
      'a missing-fraction other than 25 %',
      (raw) => (raw.missingRule.facetMaxMissingFraction = 0.2),
      'missingRule: facetMaxMissingFraction must be 0.25',
    ],
    [
      'a reverse-keyed item dropped from the global list',
      (raw) => (raw.reverseKeyed = raw.reverseKeyed.filter((i) => i !== 30)),
      'facet Anh: reverse-keyed item 30 is missing from reverseKeyed',
    ],
    [
      'a global reverse-keyed item not marked in its facet',
      (raw) => raw.reverseKeyed.push(31),
      'reverseKeyed: item 31 is not marked reverse-keyed in its facet',
    ],
    [
      "a facet's reverse-keyed item that is not its item",
      (raw) => facet(raw, 'Anh').reverseKeyedItems.push(2),
      'facet Anh: reverse-keyed item 2 is not one of its items',
    ],
    [
      'a domain with two facets',
      (raw) => {
        const disin = raw.domains.find((d) => d.key === 'Disin');
        disin?.facets.pop();
      },
      'domain Disin: needs exactly 3 facets, got 2',
    ],
    [
      'a domain with a facet that does not exist',
      (raw) => raw.domains[4]?.facets.splice(2, 1, 'Xyz'),
      'domain Psych: facet Xyz does not exist',
    ],
    [
      "the spec table's Psychoticism (Per instead of Prc)",
      (raw) => raw.domains[4]?.facets.splice(2, 1, 'Per'),
      'domain Psych: facet Per is not marked as a primary facet of any domain',
    ],
    [
      'a facet marked primary of a domain that does not list it',
      (raw) => (facet(raw, 'Res').primaryFacetOfDomain = 'Disin'),
      'facet Res: primaryFacetOfDomain Disin does not list it',
    ],
    ['a facet missing', (raw) => raw.facets.splice(1, 1), 'facets: Anx is missing'],
    ['an unknown facet key', (raw) => (facet(raw, 'Wit').key = 'Wdr'), 'facets: unknown key Wdr'],
    [
      'facets out of order',
      (raw) => raw.facets.reverse(),
      'facets: expected the order Anh, Anx, Att, Cal, Dec, Dep, Dis, Ecc, Emo, Gra',
    ],
    ['a wrong item count', (raw) => (raw.items = 100), 'items: the 220-item form needs 220 items, got 100'],
    ['facets of the wrong type', (raw) => Object.assign(raw, { facets: 'none' }), 'facets: Invalid input'],
    [
      'a required norm set missing',
      (raw) => delete raw.norms['DE-GESIS-2026'],
      'norms: norm set DE-GESIS-2026 is missing',
    ],
    [
      'a facet missing from a norm set',
      (raw) => delete norms(raw, 'SRF').facets.Anh,
      'norm set SRF facets: Anh is missing',
    ],
    [
      "a 'derived' (complete) set with a null value",
      (raw) => (norms(raw, 'SRF').domains.Psych = { mean: null, sd: null }),
      "norm set SRF domains: Psych has no mean/sd but the set's status is 'derived' (complete)",
    ],
    [
      'a mean without an sd',
      (raw) => (norms(raw, 'US-2012').facets.Att = { mean: 0.5, sd: null }),
      'norm set US-2012 facets: Att needs both mean and sd, or neither',
    ],
    [
      'a zero sd',
      (raw) => (norms(raw, 'SRF').facets.Emo = { mean: 0.8, sd: 0 }),
      'norm set SRF facets: Emo sd 0 must be positive',
    ],
    ['a mean outside 0-3', (raw) => (norms(raw, 'SRF').facets.Emo = { mean: 80, sd: 10 }), 'Emo mean 80 is outside'],
    [
      'an unknown scale in a norm set',
      (raw) => (norms(raw, 'SRF').facets.Foo = { mean: 1, sd: 1 }),
      'norm set SRF facets: unknown scale Foo',
    ],
    [
      'norms for a different facet length',
      (raw) => {
        const anh = norms(raw, 'DE-GESIS-2026').facets.Anh;
        if (anh !== undefined) {
          anh.nItems = 7;
        }
      },
      'norm set DE-GESIS-2026 facets: Anh was normed on 7 items, the key has 8',
    ],
    [
      'INC with 19 pairs',
      (raw) => (scale(raw, 'INC').itemPairs as unknown[]).pop(),
      'validity scale INC: expected 20 item pairs, got 19',
    ],
    [
      'INC with a reverse-keyed item',
      (raw) => (scale(raw, 'INC').itemPairs as number[][]).splice(0, 1, [7, 174]),
      'validity scale INC: item 7 is reverse-keyed',
    ],
    [
      'ORS with an item out of range',
      (raw) => (scale(raw, 'ORS').items as number[]).splice(0, 1, 0),
      'validity scale ORS: item 0 is outside 1-220',
    ],
    [
      'PRD with 21 items',
      (raw) => (scale(raw, 'PRD').items as number[]).pop(),
      'validity scale PRD: expected 22 items, got 21',
    ],
    [
      'PRD cut-offs the wrong way round',
      (raw) => Object.assign(scale(raw, 'PRD'), { cutoff: { underreportingIfAtMost: 21, genuineIfAtLeast: 10 } }),
      'validity scale PRD: the positive-impression cut-off must be below the genuine cut-off',
    ],
    [
      'SD-TD missing',
      (raw) => (raw.validityScales = raw.validityScales.filter((s) => s.key !== 'SDTD')),
      'validityScales: expected one SDTD entry, got 0',
    ],
    [
      'SD-TD with an uncertain item that is not in it',
      (raw) => Object.assign(scale(raw, 'SDTD'), { itemsUncertain: [39] }),
      'validity scale SDTD: uncertain item 39 is not one of its items',
    ],
    ['INC without a cut-off', (raw) => delete scale(raw, 'INC').cutoff, 'validity scale INC: cutoff: Invalid input'],
  ];

  it.each(cases)('rejects %s', (_name, breakIt, expected) => {
    const raw = copy();
    breakIt(raw);
    const problems = problemsOf(raw);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(expected);
  });

  it('rejects something that is not a definition at all', () => {
    expect(problemsOf('not json').join('\n')).toContain('expected object');
    expect(problemsOf(null).join('\n')).toContain('expected object');
  });

  it('parseDefinition throws a DefinitionError that names the problems', () => {
    const raw = copy();
    facet(raw, 'Anh').nItems = 9;
    let caught: unknown;
    try {
      parseDefinition(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DefinitionError);
    expect((caught as DefinitionError).message).toContain('facet Anh: nItems is 9 but 8 items are listed');
    expect((caught as DefinitionError).problems).toEqual(['facet Anh: nItems is 9 but 8 items are listed']);
  });

  it('does not change the input', () => {
    const raw = copy();
    validateDefinition(raw);
    expect(raw).toEqual(copy());
  });
});
