import { describe, expect, it } from 'vitest';
import formsJson from './data/pid5-forms.json' with { type: 'json' };
import {
  BFM_FORM,
  BFM_FORM_INFO,
  BfmFormError,
  bfmCoverage,
  parseBfmForm,
  toBfmFullItem,
  validateBfmForm,
} from './bfm-form';
import { BFM_DOMAIN_KEYS, BFM_FACET_KEYS } from './bfm-keys';
import { pid5Definition } from './definition';
import { SF_FULL_ITEMS } from '../test/test-helpers';

// The PID5BF+M key, typed in from the key sheet's table (Kerber 2020, "PID5BF+ M Kodierschema", p. 2, as
// transcribed in jmgirard/hitop cairn/references/fuberlin2020pid5bfpm.md), not from the data file: each facet's two
// BF+M items and the PID-5 items in the same order, facets and domains in the sheet's order.
const KEY_SHEET: readonly (readonly [string, string, readonly [number, number], readonly [number, number]])[] = [
  ['NegAf', 'Emo', [1, 19], [62, 122]],
  ['NegAf', 'Anx', [7, 25], [109, 110]],
  ['NegAf', 'Sep', [13, 31], [50, 64]],
  ['Detac', 'Wit', [4, 22], [82, 136]],
  ['Detac', 'Anh', [10, 28], [23, 189]],
  ['Detac', 'Int', [16, 34], [89, 108]],
  ['Antag', 'Man', [2, 20], [162, 219]],
  ['Antag', 'Dec', [8, 26], [126, 218]],
  ['Antag', 'Gra', [14, 32], [187, 197]],
  ['Disin', 'Irr', [3, 21], [129, 160]],
  ['Disin', 'Imp', [9, 27], [4, 17]],
  ['Disin', 'Dis', [15, 33], [6, 132]],
  ['Anank', 'Prf', [6, 18], [123, 176]],
  ['Anank', 'Rgd', [12, 24], [140, 220]],
  ['Anank', 'Ord', [30, 36], [34, 115]],
  ['Psych', 'Unu', [5, 23], [194, 209]],
  ['Psych', 'Ecc', [11, 29], [25, 185]],
  ['Psych', 'Prc', [17, 35], [44, 77]],
];

type BfmJson = {
  items: { formItem: number; fullItem: number }[];
  facets: {
    key: string;
    items: number[];
    fullItems: number[];
    domain: string;
    fullFormFacet: string;
    maxMissingItemsForScoring: number;
  }[];
  domains: { key: string; facets: string[]; dsm5Name: string | null }[];
  totalScore: { items: number[] };
  reverseKeyed: number[];
};
const copy = () => structuredClone(formsJson) as unknown as { forms: { BFM: BfmJson } };

describe('the PID5BF+M as a fourth form', () => {
  it('has the key sheet’s 18 facets of 2 items, in its order, each pair mapped to its PID-5 items', () => {
    expect(BFM_FORM.facets.map((f) => [f.domain, f.key, f.items, f.fullItems])).toEqual(KEY_SHEET);
    expect(BFM_FORM.domains.map((d) => [d.key, d.facets])).toEqual(
      BFM_DOMAIN_KEYS.map((key) => [key, KEY_SHEET.filter(([domain]) => domain === key).map(([, facet]) => facet)]),
    );
    expect(BFM_FORM.facets.map((f) => f.key)).toEqual([...BFM_FACET_KEYS]);
  });

  it('numbers 36 items in its own order, each a distinct full-form item (one item set serves it)', () => {
    expect(BFM_FORM.itemCount).toBe(36);
    expect(BFM_FORM_INFO).toMatchObject({
      label: 'PID5BF+M (36 items)',
      itemCount: 36,
      minutesLabel: 'about 5-10 minutes',
    });
    const byPosition = new Map(
      KEY_SHEET.flatMap(([, , positions, full]) => positions.map((p, i) => [p, full[i]] as const)),
    );
    expect(BFM_FORM.fullItems).toEqual(Array.from({ length: 36 }, (_, i) => byPosition.get(i + 1)));
    expect(new Set(BFM_FORM.fullItems).size).toBe(36);
    expect(toBfmFullItem(1)).toBe(62);
    expect(toBfmFullItem(36)).toBe(115);
    expect(() => toBfmFullItem(37)).toThrow('BFM has items 1-36, got 37');
  });

  it('takes the six Anankastia items from Rigid Perfectionism (Bach et al. 2020, p. 181) and the rest from the facets of the same name', () => {
    const rig = pid5Definition.facets.find((f) => f.key === 'Rig');
    for (const facet of BFM_FORM.facets) {
      const parent = pid5Definition.facets.find((f) => f.key === facet.fullFormFacet);
      expect(
        facet.fullItems.every((item) => parent?.items.includes(item)),
        facet.key,
      ).toBe(true);
      expect(facet.fullFormFacet).toBe(facet.domain === 'Anank' ? 'Rig' : facet.key);
    }
    expect(
      BFM_FORM.facets
        .filter((f) => f.domain === 'Anank')
        .flatMap((f) => f.fullItems)
        .sort((a, b) => a - b),
    ).toEqual([34, 115, 123, 140, 176, 220]);
    expect(rig?.items).toEqual(expect.arrayContaining([34, 115, 123, 140, 176, 220]));
  });

  it('names each domain in ICD-11 and DSM-5: Dissociality for Antagonism, Anankastia ICD-11 only, Psychoticism DSM-5 only', () => {
    expect(BFM_FORM.domains.map((d) => [d.key, d.icd11Name, d.dsm5Name])).toEqual([
      ['NegAf', 'Negative affectivity', 'Negative Affectivity'],
      ['Detac', 'Detachment', 'Detachment'],
      ['Antag', 'Dissociality', 'Antagonism'],
      ['Disin', 'Disinhibition', 'Disinhibition'],
      ['Anank', 'Anankastia', null],
      ['Psych', null, 'Psychoticism'],
    ]);
  });

  it('has a total of the 30 items of the five DSM-5 domains, and no reverse-keyed item', () => {
    const anankastia = new Set([6, 18, 12, 24, 30, 36]);
    expect(BFM_FORM.total.items).toEqual(Array.from({ length: 36 }, (_, i) => i + 1).filter((i) => !anankastia.has(i)));
    expect(BFM_FORM.total.maxMissingItemsForScoring).toBe(7);
    expect(BFM_FORM.facets.every((f) => f.reverseKeyedItems.length === 0 && f.maxMissingItemsForScoring === 0)).toBe(
      true,
    );
    expect(BFM_FORM.fullItems.filter((item) => pid5Definition.reverseKeyedItems.includes(item))).toEqual([]);
    expect(BFM_FORM.missingRule.publishedSource).toBeNull();
    expect(BFM_FORM.missingRule.status).toMatch(/no published rule: the APA PID-5 rule .* by analogy/);
  });

  it('is in every full-form test, but only 22 of its 36 items are in the short form (which cannot yield it)', () => {
    expect(bfmCoverage('FULL')).toMatchObject({ yieldsBfm: true, itemsMissing: [] });
    expect(bfmCoverage('BFM')).toMatchObject({ yieldsBfm: true, itemsMissing: [] });
    const sf = bfmCoverage('SF');
    expect(sf.yieldsBfm).toBe(false);
    expect(sf.itemsPresent).toHaveLength(22);
    expect(sf.itemsPresent).toEqual(BFM_FORM.fullItems.filter((item) => SF_FULL_ITEMS.includes(item)));
    expect(sf.itemsMissing).toEqual([62, 194, 126, 140, 6, 220, 110, 189, 185, 34, 64, 108, 77, 115]);
    expect(bfmCoverage('BF')).toMatchObject({ yieldsBfm: false });
    expect(bfmCoverage('BF').itemsPresent).toHaveLength(7);
  });
});

describe('validateBfmForm: a broken PID5BF+M is refused with every problem listed', () => {
  it('accepts the shipped data', () => {
    expect(validateBfmForm(formsJson, pid5Definition).ok).toBe(true);
  });

  it('names a swapped item, a facet moved to another domain and an item in two facets', () => {
    const file = copy();
    const bfm = file.forms.BFM;
    const emo = bfm.facets[0];
    const man = bfm.facets[6];
    if (emo === undefined || man === undefined) {
      throw new Error('fixture');
    }
    emo.fullItems = [62, 123]; // 123 is a Rigid Perfectionism item
    man.domain = 'Detac';
    bfm.facets[1]?.items.splice(1, 1, 19);
    const result = validateBfmForm(file, pid5Definition);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'BFM facet Emo: item 19 maps to full item 122, but 123 is listed',
        'BFM facet Emo: full item 123 is not an item of Emo (Emotional Lability)',
        'BFM domain Antag: facet Man does not name this domain',
        'BFM: item 19 is in more than one facet (Emo, Anx)',
        'BFM: item 25 is in no facet',
      ]),
    );
    expect(() => parseBfmForm(file, pid5Definition)).toThrow(BfmFormError);
  });

  it('names a DSM-5 domain without the full form’s primary facets, a wrong total and a reverse-keyed item', () => {
    const file = copy();
    const bfm = file.forms.BFM;
    const psych = bfm.domains[5];
    const anank = bfm.domains[4];
    if (psych === undefined || anank === undefined) {
      throw new Error('fixture');
    }
    psych.facets = ['Unu', 'Ecc', 'Ord'];
    anank.dsm5Name = 'Anankastia';
    bfm.totalScore.items = bfm.totalScore.items.slice(1);
    bfm.reverseKeyed = [5];
    const problems = (() => {
      const result = validateBfmForm(file, pid5Definition);
      return result.ok ? [] : result.problems;
    })();
    expect(problems).toEqual(
      expect.arrayContaining([
        "BFM domain Psych: must have the full form's primary facets Unu, Ecc, Prc",
        'BFM domain Anank: Anankastia is an ICD-11 domain (icd11Name) and no DSM-5 one (dsm5Name null)',
        "BFM total: must be the items of the five DSM-5 domains (every facet but Anankastia's), in order",
        'BFM: no item is reverse-keyed (key sheet), so reverseKeyed must be empty',
      ]),
    );
    expect(validateBfmForm({ forms: {} }, pid5Definition)).toMatchObject({ ok: false });
  });
});
