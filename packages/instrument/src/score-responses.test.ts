import { describe, expect, it } from 'vitest';
import scoringJson from './data/pid5-scoring.json' with { type: 'json' };
import { FACETS, INSTRUMENT_VERSION, NORMS_VERSION } from './definition';
import { DOMAIN_KEYS, FACET_KEYS, type FacetKey } from './keys';
import { scoreResponses, standardise } from './score-responses';
import { parseDefinition } from './validate-definition';
import { FACET_ITEMS, makeKeyedResponses, makeResponses, REVERSE_KEYED, type TestFacetKey } from '../test/test-helpers';

// Table-driven tests from the published rules (APA PID-5 Adult scoring key; product docs/product-spec.md §5; DESIGN.md "Scoring (packages/instrument)").
// Expected values are worked out by hand from the key and the norm tables (SRF: Markon et al. 2024 as derived in
// pid5-scoring.NOTES.md §7b; DE-GESIS-2026: Zimmermann et al. 2026 as derived in pid5-norms.NOTES.md §3c).

const ALL_0 = '0'.repeat(220);
const ALL_3 = '3'.repeat(220);

// Facet scores when every answer is 0: only the reverse-keyed items score 3 (3 − 0).
const ALL_0_SCORES: Record<FacetKey, number> = {
  Anh: 6 / 8, // 30 and 155 reverse-keyed
  Anx: 3 / 9, // 96
  Att: 0,
  Cal: 3 / 14, // 90
  Dec: 3 / 10, // 142
  Dep: 0,
  Dis: 0,
  Ecc: 0,
  Emo: 0,
  Gra: 0,
  Hos: 0,
  Imp: 3 / 6, // 58
  Int: 3 / 6, // 97
  Irr: 3 / 7, // 210
  Man: 0,
  Prc: 0,
  Per: 0,
  Res: 0,
  Rig: 0,
  Ris: 18 / 14, // 7, 35, 87, 98, 164, 215
  Sep: 0,
  Sub: 0,
  Sus: 6 / 7, // 131 and 177
  Unu: 0,
  Wit: 0,
};

describe('scoreResponses: whole-string cases', () => {
  it.each(FACET_KEYS)('all answers 0: facet %s scores the reverse-keyed share', (key) => {
    const result = scoreResponses(ALL_0);
    expect(result.facets[key].score).toBe(ALL_0_SCORES[key]);
    expect(result.facets[key].missing).toBe(0);
  });

  it.each(FACET_KEYS)('all answers 3: facet %s scores 3 minus the all-0 score', (key) => {
    const result = scoreResponses(ALL_3);
    expect(result.facets[key].score).toBeCloseTo(3 - ALL_0_SCORES[key], 12);
  });

  it('all answers 0: standardised scores use the SRF and DE-GESIS-2026 means and SDs', () => {
    const result = scoreResponses(ALL_0);
    // Anhedonia: SRF mean 0.83, sd 0.605; DE-GESIS-2026 mean 0.944, sd 0.517.
    expect(result.facets.Anh.srf).toBe((0.75 - 0.83) / 0.605);
    expect(result.facets.Anh.irf).toBe((0.75 - 0.944) / 0.517);
    // Emotional Lability: score 0; SRF 0.80 / 0.70; DE 1.044 / 0.566.
    expect(result.facets.Emo.srf).toBeCloseTo(-0.8 / 0.7, 12);
    expect(result.facets.Emo.irf).toBeCloseTo(-1.044 / 0.566, 12);
    // Negative Affect = mean(Emo 0, Anx 3/9, Sep 0) = 1/9; SRF 0.81 / 0.585; DE 0.965 / 0.47.
    expect(result.domains.NegAf.score).toBeCloseTo(1 / 9, 12);
    expect(result.domains.NegAf.srf).toBeCloseTo((1 / 9 - 0.81) / 0.585, 12);
    expect(result.domains.NegAf.irf).toBeCloseTo((1 / 9 - 0.965) / 0.47, 12);
    for (const key of FACET_KEYS) {
      expect(result.facets[key].level).toBeNull();
    }
  });

  it('all answers 3: levels follow the printed US percentile (Mild ≥ 0.84, Moderate ≥ 0.93, High ≥ 0.98)', () => {
    const result = scoreResponses(ALL_3);
    // Anhedonia 3 − 0.75 = 2.25, exactly between 2.22 (T 73, 0.96) and 2.28 (T 74, 0.98): the tie goes to the T
    // nearer 50 → percentile 0.96 → Moderate (srf 2.35 would also have been Moderate under the spec's z rule).
    expect(result.facets.Anh.score).toBe(2.25);
    expect(result.facets.Anh.srf).toBeCloseTo(2.3471074380165287, 12);
    expect(result.facets.Anh.us).toMatchObject({ t: 73, percentile: 0.96 });
    expect(result.facets.Anh.level).toBe('Moderate');
    // Attention Seeking 3 → 3.01 at T 87, percentile 1.00 → High.
    expect(result.facets.Att.us).toMatchObject({ t: 87, percentile: 1 });
    expect(result.facets.Att.level).toBe('High');
    // Risk Taking 3 − 18/14 = 24/14 = 1.714 → 1.72 at T 64, percentile 0.92 → Mild (srf 1.387: no level by z).
    expect(result.facets.Ris.score).toBeCloseTo(24 / 14, 12);
    expect(result.facets.Ris.srf).toBeCloseTo((24 / 14 - 1) / 0.515, 12);
    expect(result.facets.Ris.us).toMatchObject({ t: 64, percentile: 0.92 });
    expect(result.facets.Ris.level).toBe('Mild');
    expect(result.validity.missing).toBe(0);
  });

  it.each(['9', '.'])('all items missing (%s): nothing is scored, 220 missing', (marker) => {
    const result = scoreResponses(marker.repeat(220));
    for (const key of FACET_KEYS) {
      const facet = result.facets[key];
      expect(facet).toMatchObject({ score: null, srf: null, irf: null, level: null, isScored: false });
      expect(facet.missing).toBe(FACET_ITEMS[key].length);
    }
    for (const key of DOMAIN_KEYS) {
      expect(result.domains[key]).toMatchObject({ score: null, srf: null, irf: null, level: null });
    }
    expect(result.validity.missing).toBe(220);
    expect(result.missing).toBe(220);
    expect(result.answered).toBe(0);
    for (const key of ['INC', 'ORS'] as const) {
      expect(result.validity[key]).toMatchObject({ score: null, flag: false, isComputed: false });
    }
    for (const key of ['PRD', 'SDTD'] as const) {
      expect(result.validity[key]).toMatchObject({ score: null, flag: null, isComputed: false });
    }
  });

  it('records the instrument and norms versions and describes both norm sets', () => {
    const result = scoreResponses(ALL_0);
    expect(result.instrumentVersion).toBe(INSTRUMENT_VERSION);
    expect(result.normsVersion).toBe(NORMS_VERSION);
    expect(result.normsVersion).toContain('SRF');
    expect(result.normsVersion).toContain('DE-GESIS-2026');
    expect(result.norms.srf.id).toBe('SRF');
    expect(result.norms.srf.source).toContain('Markon');
    expect(result.norms.irf.id).toBe('DE-GESIS-2026');
    expect(result.norms.irf.source).toContain('Zimmermann');
    expect(JSON.stringify(result.norms).toLowerCase()).not.toContain('informant');
  });

  it('lists facets and domains in the fixed key order', () => {
    const result = scoreResponses(ALL_0);
    expect(Object.keys(result.facets)).toEqual([...FACET_KEYS]);
    expect(Object.keys(result.domains)).toEqual(['NegAf', 'Detac', 'Antag', 'Disin', 'Psych']);
  });

  it('rejects malformed strings, naming the first bad position', () => {
    expect(() => scoreResponses('0'.repeat(219))).toThrow('expected 220 characters, got 219');
    expect(() => scoreResponses(makeResponses({ 17: 'x' }))).toThrow('position 17: expected 0-3, 9 or ., got "x"');
    expect(() => scoreResponses(makeResponses({ 5: '4' }))).toThrow('position 5');
  });
});

describe('reverse keying (APA key Step 1: 3 − answer)', () => {
  it('the data lists exactly the 16 published reverse-keyed items', () => {
    const fromFacets = FACETS.flatMap((f) => f.reverseKeyedItems).sort((a, b) => a - b);
    expect(fromFacets).toEqual([...REVERSE_KEYED]);
  });

  it.each([...REVERSE_KEYED])('item %i is reverse-keyed in its facet', (item) => {
    const facetKey = (Object.keys(FACET_ITEMS) as TestFacetKey[]).find((k) =>
      (FACET_ITEMS[k] as readonly number[]).includes(item),
    );
    expect(facetKey).toBeDefined();
    const key = facetKey as TestFacetKey;
    const n = FACET_ITEMS[key].length;
    // Baseline: every item of the facet has keyed score 0. Answering this item 0 (keyed 3) adds 3 / n;
    // answering it 3 (keyed 0) leaves the facet at 0.
    const base = makeKeyedResponses({});
    const answered0 = scoreResponses(base.slice(0, item - 1) + '0' + base.slice(item));
    const answered3 = scoreResponses(base.slice(0, item - 1) + '3' + base.slice(item));
    expect(scoreResponses(base).facets[key].score).toBe(0);
    expect(answered3.facets[key].score).toBe(0);
    expect(answered0.facets[key].score).toBe(3 / n);
  });

  it('a forward-keyed item counts its raw answer', () => {
    const base = makeKeyedResponses({});
    const withItem1 = base.slice(0, 0) + '2' + base.slice(1); // item 1, Anhedonia, forward
    expect(scoreResponses(withItem1).facets.Anh.score).toBe(2 / 8);
  });
});

describe('domain composition (APA Domain Table)', () => {
  const COMPOSITION = {
    NegAf: ['Emo', 'Anx', 'Sep'],
    Detac: ['Wit', 'Anh', 'Int'],
    Antag: ['Man', 'Dec', 'Gra'],
    Disin: ['Irr', 'Imp', 'Dis'],
    Psych: ['Unu', 'Ecc', 'Prc'],
  } as const;

  it.each(Object.entries(COMPOSITION))('%s = mean of %j', (domainKey, facets) => {
    const [a, b, c] = facets;
    // Keyed scores 1, 2 and 3 on the three primary facets, 0 everywhere else → domain score 2.
    const responses = makeKeyedResponses({ [a]: 1, [b]: 2, [c]: 3 });
    const result = scoreResponses(responses);
    const domain = result.domains[domainKey as keyof typeof COMPOSITION];
    expect(domain.facets).toEqual(facets);
    expect(domain.score).toBe(2);
    // Every other domain shares none of these facets and stays at 0.
    for (const other of DOMAIN_KEYS.filter((k) => k !== domainKey)) {
      expect(result.domains[other].score).toBe(0);
    }
  });

  it("uses Distractibility and Perceptual Dysregulation, not the spec table's Res and Per", () => {
    const result = scoreResponses(makeKeyedResponses({ Res: 3, Per: 3 }));
    expect(result.domains.Disin.score).toBe(0);
    expect(result.domains.Psych.score).toBe(0);
    const withDisPrc = scoreResponses(makeKeyedResponses({ Dis: 3, Prc: 3 }));
    expect(withDisPrc.domains.Disin.score).toBe(1);
    expect(withDisPrc.domains.Psych.score).toBe(1);
  });

  it('a domain is not scored when one of its facets is not scored', () => {
    // Intimacy Avoidance has 6 items (at most 1 missing); 2 missing → Int and Detachment unscored.
    const responses = makeResponses({ 89: '9', 108: '.' });
    const result = scoreResponses(responses);
    expect(result.facets.Int.score).toBeNull();
    expect(result.domains.Detac).toMatchObject({ score: null, srf: null, irf: null, level: null, isScored: false });
    expect(result.domains.Detac.unscoredFacets).toEqual(['Int']);
    expect(result.domains.NegAf.score).not.toBeNull();
  });

  it('domain standardised scores use the domain norms', () => {
    const result = scoreResponses(makeKeyedResponses({ Emo: 3, Anx: 3, Sep: 3 }));
    expect(result.domains.NegAf.score).toBe(3);
    expect(result.domains.NegAf.srf).toBeCloseTo((3 - 0.81) / 0.585, 12);
    expect(result.domains.NegAf.irf).toBeCloseTo((3 - 0.965) / 0.47, 12);
    expect(result.domains.NegAf.level).toBe('High');
  });
});

describe('the 25 % missing rule (APA key: more than 25 % missing → facet not scored)', () => {
  const MAX_MISSING_BY_SIZE: Record<number, number> = {
    4: 1,
    5: 1,
    6: 1,
    7: 1,
    8: 2,
    9: 2,
    10: 2,
    12: 3,
    13: 3,
    14: 3,
  };

  it('covers every facet size 4 to 14 that the key has', () => {
    const sizes = [...new Set(FACET_KEYS.map((k) => FACET_ITEMS[k].length))].sort((a, b) => a - b);
    expect(sizes).toEqual([4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
  });

  it.each(FACET_KEYS)('facet %s: scored at the limit, not scored one item beyond', (key) => {
    const items = FACET_ITEMS[key];
    const max = MAX_MISSING_BY_SIZE[items.length] ?? -1;
    expect(max).toBe(Math.floor(items.length / 4));
    // Answer every item of the facet with keyed score 2, then blank the first `max` (or max + 1) items.
    const base = makeKeyedResponses({ [key]: 2 });
    const blank = (count: number) =>
      makeResponses(Object.fromEntries(items.slice(0, count).map((item) => [item, '9'])), 'x')
        .split('')
        .map((c, i) => (c === 'x' ? base[i] : c))
        .join('');
    const atLimit = scoreResponses(blank(max)).facets[key];
    expect(atLimit).toMatchObject({ score: 2, missing: max, isScored: true, answered: items.length - max });
    const beyond = scoreResponses(blank(max + 1)).facets[key];
    expect(beyond).toMatchObject({ score: null, missing: max + 1, srf: null, irf: null, level: null, isScored: false });
  });

  it('a partly missing facet is the exact mean of its answered items (not prorated or rounded)', () => {
    // Anhedonia items 1, 23, 26, 30R, 124, 155R, 157, 189 answered 3, 2, –, 0, 1, –, 2, 0:
    // keyed 3 + 2 + (3 − 0) + 1 + 2 + 0 = 11 over 6 answered items.
    const responses = makeResponses({ 1: 3, 23: 2, 26: '9', 30: 0, 124: 1, 155: '.', 157: 2, 189: 0 });
    const anh = scoreResponses(responses).facets.Anh;
    expect(anh.missing).toBe(2);
    expect(anh.score).toBe(11 / 6);
    expect(anh.srf).toBe((11 / 6 - 0.83) / 0.605);
    // APA proration would give round(11 × 8 / 6) / 8 = 15 / 8 = 1.875; we keep the spec's plain mean.
    expect(anh.score).not.toBe(1.875);
  });
});

describe('standardised scores', () => {
  it('standardise returns null without a norm value', () => {
    expect(standardise(1, null)).toBeNull();
    expect(standardise(null, { mean: 1, sd: 1 })).toBeNull();
    expect(standardise(1.5, { mean: 1, sd: 0.25 })).toBe(2);
  });

  it('a norm set without a value for a scale gives a null z for it', () => {
    const raw = structuredClone(scoringJson) as unknown as {
      norms: Record<string, { status: string; facets: Record<string, { mean: number | null; sd: number | null }> }>;
    };
    const set = raw.norms['DE-GESIS-2026'];
    if (set === undefined) {
      throw new Error('test data lacks DE-GESIS-2026');
    }
    // A partial German set without Anhedonia (only allowed when the status does not claim completeness).
    set.status = 'partial-unverified';
    set.facets.Anh = { mean: null, sd: null };
    const definition = parseDefinition(raw);
    const anh = scoreResponses(ALL_3, { definition }).facets.Anh;
    expect(anh.score).toBe(2.25);
    expect(anh.irf).toBeNull();
    expect(anh.srf).toBeCloseTo((2.25 - 0.83) / 0.605, 12);
    expect(anh.level).toBe('Moderate');
    expect(scoreResponses(ALL_3, { definition }).facets.Anx.irf).not.toBeNull();
  });
});

describe('US T and percentile (Markon et al. 2024 tables, read by data/pid5-forms.NOTES.md §3)', () => {
  // Rows typed in from the printed tables (pid5-norm-tables.json, Tables ).
  it('all answers 0: Anhedonia 0.75 reads T 49 (raw 0.77), Emotional Lability 0 reads the top of its 0.00 run', () => {
    const result = scoreResponses(ALL_0);
    expect(result.facets.Anh.us).toEqual({ t: 49, percentile: 0.56, printedRaw: 0.77, capped: null });
    // FULL Emo prints 0.00 on T 30-38 (percentile 0) and 0.04 at T 39 (percentile 0.13): a score of 0 reads T 38,
    // and the share that scored 0, 13 % (the floor's rule, norm-lookup.ts).
    expect(result.facets.Emo.us).toMatchObject({ t: 38, percentile: 0.13, capped: null });
    // Negative Affect 1/9 = 0.111 → nearest printed raw 0.11 at T 38 (percentile 0.04).
    expect(result.domains.NegAf.us).toMatchObject({ t: 38, percentile: 0.04, printedRaw: 0.11 });
  });

  it('all answers 3: the top of the tables, and capped scales beyond their table', () => {
    const result = scoreResponses(ALL_3);
    // Anxiousness 3 − 3/9 = 2.667 (item 96 is reverse-keyed) → printed raw 2.66 at T 74.
    expect(result.facets.Anx.us).toEqual({ t: 74, percentile: 0.98, printedRaw: 2.66, capped: null });
    // Negative Affect mean(3, 2.667, 3) = 2.889 → printed 2.86 at T 85 (2.92 at T 86 is 0.002 further).
    expect(result.domains.NegAf.us).toMatchObject({ t: 85, percentile: 1, printedRaw: 2.86, capped: null });
    // Callousness 3 − 3/14 = 2.786 lies above the table's last raw 2.47 (T 100).
    expect(result.facets.Cal.us).toMatchObject({ t: 100, percentile: 1, capped: 'above' });
    // Antagonism: table A-5 ends at 2.53 (T 90).
    expect(result.domains.Antag.us).toMatchObject({ t: 90, capped: 'above' });
  });

  it('an unscored scale has no T', () => {
    const result = scoreResponses(makeResponses({ 89: '9', 108: '.' }));
    expect(result.facets.Int.us).toBeNull();
    expect(result.domains.Detac.us).toBeNull();
  });

  it('validity percentiles come from tables A-1, A-3 and A-4; SD-TD has none', () => {
    const result = scoreResponses(ALL_0);
    expect(result.validity.INC.percentile).toEqual({ percentile: 0.03, printedScore: 0, capped: null });
    expect(result.validity.ORS.percentile).toMatchObject({ percentile: 0.889 });
    expect(result.validity.PRD.percentile).toMatchObject({ percentile: 0.007 });
    expect(result.validity.SDTD.percentile).toBeNull();
    // All 3s: ORS 10 of 10 lies beyond table A-3 (0-8).
    expect(scoreResponses(ALL_3).validity.ORS.percentile).toEqual({ percentile: 1, printedScore: 8, capped: 'above' });
  });

  it('records the tables and their version with the result', () => {
    const result = scoreResponses(ALL_0);
    expect(result.normTables).toMatchObject({ id: 'US-Markon2024', version: 'US-Markon2024@hitop-0128ea1-1' });
    expect(result.normTables.source).toContain('Tables A-1 to A-9');
    // The transcription's provenance stays in the data file; readers get the published source.
    expect(result.normTables.source).not.toMatch(/transcribed|hitop|@ [0-9a-f]{7}/);
    expect(result.normsVersion).toBe(NORMS_VERSION);
    expect(NORMS_VERSION).toBe(
      'SRF@markon2024-derived-1+DE-GESIS-2026@ab2db96-derived-1+US-Markon2024@hitop-0128ea1-1',
    );
  });
});
