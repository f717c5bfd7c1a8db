import { describe, expect, it } from 'vitest';
import formsJson from './data/pid5-forms.json' with { type: 'json' };
import { pid5Definition } from './definition';
import { DEFAULT_FORM, FORM_INFOS, FORMS, getFormFullItems, getFormInfo, getFormItemCount, toFullItem } from './forms';
import { BF_DOMAIN_ITEMS, FACET_ITEMS, SF_FACET_FULL_ITEMS, SF_FULL_ITEMS, sfItemOf } from '../test/test-helpers';
import { FormsError, parseForms, validateForms } from './validate-forms';

// The three forms as data (data/pid5-forms.json): checked on load against the scoring definition, and against
// the keys typed in by hand in test-helpers (Maples et al. 2015 for the short form, APA PID-5-BF for the brief).

type FormsJson = { forms: Record<string, unknown> };

const copy = () => structuredClone(formsJson) as unknown as FormsJson;

function problemsOf(raw: unknown): readonly string[] {
  const result = validateForms(raw, pid5Definition);
  return result.ok ? [] : result.problems;
}

describe('form metadata and item maps', () => {
  it('lists the three forms with label, item count and time', () => {
    expect(FORM_INFOS.map((f) => [f.id, f.label, f.itemCount, f.minutesLabel])).toEqual([
      ['FULL', 'Full (220 items)', 220, 'about 30-40 minutes'],
      ['SF', 'Short (100 items)', 100, 'about 15-20 minutes'],
      ['BF', 'Brief (25 items)', 25, 'about 5 minutes'],
    ]);
    expect(DEFAULT_FORM).toBe('FULL');
    expect(getFormInfo('SF').name).toBe('PID-5 Short Form (PID-5-SF, 100 items)');
    expect(getFormItemCount('BF')).toBe(25);
  });

  it('maps every form item to a full item: full = itself, short = Maples key in full-form order', () => {
    expect(getFormFullItems('FULL')).toEqual(Array.from({ length: 220 }, (_, i) => i + 1));
    expect(getFormFullItems('SF')).toEqual(SF_FULL_ITEMS);
    expect(toFullItem('SF', 1)).toBe(2);
    expect(toFullItem('SF', 100)).toBe(219);
    expect(toFullItem('BF', 1)).toBe(3);
    expect(toFullItem('BF', 25)).toBe(219);
    expect(() => toFullItem('BF', 26)).toThrow('BF has items 1-25, got 26');
    expect(() => toFullItem('SF', 0)).toThrow(RangeError);
  });

  it('short form: each facet holds the 4 items of the Maples key, all from the same full-form facet', () => {
    for (const facet of FORMS.SF.facets) {
      const fullItems = SF_FACET_FULL_ITEMS[facet.key];
      expect(facet.fullItems).toEqual(fullItems);
      expect(facet.items).toEqual(fullItems.map(sfItemOf));
      for (const item of fullItems) {
        expect(FACET_ITEMS[facet.key]).toContain(item);
      }
      expect(facet.reverseKeyedItems).toEqual([]);
      expect(facet.maxMissingItemsForScoring).toBe(1);
    }
  });

  it('brief form: the APA domain items, 5 each, every item once, total of all 25', () => {
    for (const domain of FORMS.BF.domains) {
      expect(domain.items).toEqual(BF_DOMAIN_ITEMS[domain.key]);
      expect(domain.maxMissingItemsForScoring).toBe(1);
      expect(domain.fullItems).toEqual(domain.items.map((item) => toFullItem('BF', item)));
    }
    expect(FORMS.BF.total.items).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(FORMS.BF.total.maxMissingItemsForScoring).toBe(6);
    expect(FORMS.BF.total.missingRuleSource).toContain('D-021');
  });

  it('says where each missing-data rule comes from', () => {
    expect(FORMS.FULL.missingRule.publishedSource).toContain('APA PID-5 Adult scoring key');
    expect(FORMS.SF.missingRule.publishedSource).toBeNull();
    expect(FORMS.SF.missingRule.status).toMatch(/^by analogy only/);
    expect(FORMS.BF.missingRule.status).toContain('hitop decision D-021');
  });

  it('carries INC-S in short-form numbers, each pair one of the full form INC pairs', () => {
    expect(FORMS.SF.incs?.invalidIfAtLeast).toBe(8);
    expect(FORMS.SF.incs?.itemPairs).toHaveLength(10);
    expect(FORMS.SF.incs?.itemPairs[0]).toEqual([sfItemOf(79), sfItemOf(174)]);
  });
});

describe('validateForms: a broken forms file fails loudly, listing every problem', () => {
  it('accepts the shipped file', () => {
    expect(problemsOf(copy())).toEqual([]);
  });

  it('names a short-form item from another facet', () => {
    const file = copy();
    const sf = file.forms.SF as { items: { formItem: number; fullItem: number }[]; facets: { fullItems: number[] }[] };
    // SF item 9 (full 23, Anhedonia) remapped to full 24 (Eccentricity).
    const entry = sf.items[8];
    const anh = sf.facets[0];
    if (entry && anh) {
      entry.fullItem = 24;
      anh.fullItems[0] = 24;
    }
    expect(problemsOf(file)).toEqual(['SF facet Anh: full item 24 belongs to facet Ecc']);
  });

  it('names two short-form items on one full item', () => {
    const file = copy();
    const sf = file.forms.SF as { items: { formItem: number; fullItem: number }[] };
    const entry = sf.items[9]; // SF item 10 is full 25
    if (entry) {
      entry.fullItem = 23; // as SF item 9
    }
    expect(problemsOf(file)).toEqual(
      expect.arrayContaining([
        'SF: items 9 and 10 both map to full item 23',
        'SF: item 10 (full 23) does not follow the full-form order',
        'SF facet Ecc: item 10 maps to full item 23, but 25 is listed',
      ]),
    );
  });

  it('names a reverse key the full form does not have, and a brief item from the wrong domain', () => {
    const file = copy();
    const sf = file.forms.SF as { facets: { reverseKeyedItems: number[] }[]; reverseKeyed: number[] };
    sf.facets[0]?.reverseKeyedItems.push(9);
    sf.reverseKeyed.push(9);
    const bf = file.forms.BF as { domains: { items: number[]; fullItems: number[]; itemSources: unknown[] }[] };
    // Move BF item 1 (Risk Taking, under Disinhibition) into Negative Affect.
    const negaf = bf.domains[0];
    const disin = bf.domains[3];
    if (negaf && disin) {
      negaf.items = [1, 9, 10, 11, 15];
      negaf.fullItems = [3, 122, 127, 128, 158];
      negaf.itemSources[0] = {
        formItem: 1,
        fullItem: 3,
        fullFormFacet: 'Ris',
        relation: 'primary facet of this domain',
      };
    }
    const problems = problemsOf(file);
    expect(problems).toEqual(
      expect.arrayContaining([
        'SF facet Anh: item 9 (full 23) must not be reverse-keyed, as in the full form',
        'BF domain NegAf: full item 3 (Ris) does not fit "primary facet of this domain"',
        'BF: item 8 is in no scale',
        'BF: item 1 is in more than one scale (NegAf, Disin)',
      ]),
    );
  });

  it('names an INC-S pair that is not an INC pair, and a full form that differs from the scoring definition', () => {
    const file = copy();
    const incs = (
      file.forms.SF as { validityScales: { key?: string; itemPairs?: number[][]; fullItemPairs?: number[][] }[] }
    ).validityScales[0];
    if (incs?.itemPairs && incs.fullItemPairs) {
      incs.itemPairs[0] = [24, 36]; // full 79 and 109: both Anxiousness, but not a Keeley pair
      incs.fullItemPairs[0] = [79, 109];
    }
    const full = file.forms.FULL as { facets: { items: number[]; fullItems: number[] }[] };
    const anh = full.facets[0];
    if (anh) {
      anh.items = [...anh.items.slice(1), anh.items[0] ?? 0];
      anh.fullItems = anh.items;
    }
    expect(problemsOf(file)).toEqual(
      expect.arrayContaining([
        'SF INCS: pair 24-36 (full 79-109) is not an INC pair of the full form',
        'FULL facet Anh: items differ from the scoring definition (pid5-scoring.json)',
      ]),
    );
  });

  it('parseForms throws a FormsError that lists the problems', () => {
    const file = copy();
    (file.forms.BF as { nItems: number }).nItems = 24;
    expect(() => parseForms(file, pid5Definition)).toThrow(FormsError);
    expect(() => parseForms(file, pid5Definition)).toThrow('Invalid PID-5 forms: BF: nItems must be 25, got 24');
    expect(() => parseForms({ forms: {} }, pid5Definition)).toThrow(/forms\.FULL/);
  });
});
