import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BFM_FORM } from './bfm-form';
import { getGermanNormTable } from './de-norm-tables';
import { createDemoResponses } from './demo-responses';
import { InvalidResponsesError } from './responses';
import { BFM_INSTRUMENT_VERSION, scoreBfmForm, scoreBfmFromFullForm } from './score-bfm';
import { makeFormResponses, makeResponses, randomResponses } from '../test/test-helpers';

// Scoring the PID5BF+M (docs/decisions/0074-the-pid5bfm-and-icd-11-trait-domains.md): expected values worked out by
// hand from the key sheet (bfm-form.test.ts types it in), not by the scorer's code.

const woman40 = { reference: { gender: 'female', age: 40 } } as const;

describe('scoreBfmForm: the 36-item form', () => {
  it('scores facets as the mean of 2 items, domains as the mean of 3 facets, the total as the mean of 30 items', () => {
    // Negative Affectivity: Emo = items 1, 19; Anx = 7, 25; Sep = 13, 31. Anankastia: Prf 6, 18; Rgd 12, 24; Ord 30, 36.
    const responses = makeFormResponses(36, {
      1: 3,
      19: 1,
      7: 2,
      25: 2,
      13: 0,
      31: 1,
      6: 3,
      18: 3,
      12: 3,
      24: 2,
      30: 1,
      36: 0,
    });
    const result = scoreBfmForm(responses, woman40);
    expect(result.facets.Emo.score).toBe(2);
    expect(result.facets.Anx.score).toBe(2);
    expect(result.facets.Sep.score).toBe(0.5);
    expect(result.domains.NegAf.score).toBe(1.5);
    expect(result.domains.Anank.score).toBeCloseTo((3 + 2.5 + 0.5) / 3, 12);
    expect(result.domains.Detac.score).toBe(0);
    // The total leaves the six Anankastia items out: (3 + 1 + 2 + 2 + 0 + 1) / 30.
    expect(result.total.score).toBeCloseTo(9 / 30, 12);
    expect(result.answered).toBe(36);
    expect(result).toMatchObject({ form: 'BFM', administeredAs: 'BFM', instrumentVersion: BFM_INSTRUMENT_VERSION });
  });

  it('reads every domain and the total in the PID5BF+M’s own German table, for the patient’s group', () => {
    const result = scoreBfmForm(makeFormResponses(36, {}, '1'), woman40);
    expect(result.germanNorms.group).toEqual({ cell: { gender: 'f', ageGroup: '[35,50)' }, fallbacks: [] });
    for (const key of ['NegAf', 'Detac', 'Antag', 'Disin', 'Anank', 'Psych', 'Total'] as const) {
      const scale = key === 'Total' ? result.total : result.domains[key];
      const cell = getGermanNormTable('BFM', key).cells.find((c) => c.id.gender === 'f' && c.id.ageGroup === '[35,50)');
      expect(scale.score).toBe(1);
      expect(cell?.rows).toContain(scale.de?.row);
      expect(scale.de?.row.raw).toBe(1);
      expect(scale.de?.table.file).toBe('bfplus_m');
    }
    // Anankastia at raw 1, women 35-49: the published row (bfplus_m.csv).
    expect(result.domains.Anank.de).toMatchObject({ t: expect.any(Number), extrapolated: false });
    expect(result.usNorms).toBeNull();
    expect(result.normsVersion).toBe('DE-GESIS-2026@pid5-norms-platform-ab2db96');
  });

  it('does not score a facet with a missing item, nor its domain; the total up to 7 of 30 missing', () => {
    const oneMissing = scoreBfmForm(makeFormResponses(36, { 1: '9' }, '2'), woman40);
    expect(oneMissing.facets.Emo).toMatchObject({ isScored: false, score: null, missing: 1, maxMissing: 0 });
    expect(oneMissing.domains.NegAf).toMatchObject({ isScored: false, score: null, unscoredFacets: ['Emo'], de: null });
    expect(oneMissing.domains.Detac.isScored).toBe(true);
    expect(oneMissing.total).toMatchObject({ isScored: true, score: 2, missing: 1 });
    // Seven of the total's items missing (all in the five DSM-5 domains): still scored; eight: not.
    const totalItems = BFM_FORM.total.items;
    const missing = (n: number) => Object.fromEntries(totalItems.slice(0, n).map((item) => [item, '.']));
    expect(scoreBfmForm(makeFormResponses(36, missing(7), '1'), woman40).total).toMatchObject({
      isScored: true,
      score: 1,
    });
    const eight = scoreBfmForm(makeFormResponses(36, missing(8), '1'), woman40);
    expect(eight.total).toMatchObject({ isScored: false, score: null, de: null });
    expect(eight.missing).toBe(8);
  });

  it('screens the 36 answers for patterned answering', () => {
    expect(scoreBfmForm('0123'.repeat(9), woman40).pattern?.nItems).toBe(36);
    expect(scoreBfmForm('3'.repeat(36), woman40).pattern?.flag).toBe('not-interpretable');
  });

  it('refuses a string of the wrong length or with another character', () => {
    expect(() => scoreBfmForm('1'.repeat(35), woman40)).toThrow(InvalidResponsesError);
    expect(() => scoreBfmForm(`${'1'.repeat(35)}x`, woman40)).toThrow(/position 36/);
    expect(() => scoreBfmFromFullForm('1'.repeat(36), woman40)).toThrow(/expected 220 characters/);
  });
});

describe('scoreBfmFromFullForm: the PID5BF+M of every full-form test', () => {
  it('reads the 36 items where the full form has them (emotional lability: full items 62 and 122)', () => {
    const result = scoreBfmFromFullForm(makeResponses({ 62: 3, 122: 2 }), woman40);
    expect(result.facets.Emo).toMatchObject({ score: 2.5, fullItems: [62, 122] });
    expect(result.administeredAs).toBe('FULL');
    expect(result.pattern).toBeNull();
  });

  it('gives the same scores as the 36-item form answered the same way, for any protocol', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const full = randomResponses(220, seed).replace(/0/g, (c, offset: number) => (offset % 17 === 0 ? '9' : c));
        const asBfm = BFM_FORM.fullItems.map((item) => full[item - 1]).join('');
        const fromFull = scoreBfmFromFullForm(full, woman40);
        const given = scoreBfmForm(asBfm, woman40);
        // The same scores; only a test of the form itself has its own pattern screen and verdict.
        expect({ ...fromFull, administeredAs: 'BFM', pattern: null }).toEqual({
          ...given,
          pattern: null,
          validityVerdict: null,
        });
        expect(given.validityVerdict?.verdict).toBeDefined();
      }),
      { numRuns: 200 },
    );
  });

  it('gives each complete domain the mean of its 6 items (the platform’s Anankastia rule agrees)', () => {
    const full = createDemoResponses();
    const result = scoreBfmFromFullForm(full, woman40);
    for (const domain of BFM_FORM.domains) {
      const items = BFM_FORM.facets.filter((f) => f.domain === domain.key).flatMap((f) => f.fullItems);
      const mean = items.reduce((sum, item) => sum + Number(full[item - 1]), 0) / 6;
      expect(result.domains[domain.key].score).toBeCloseTo(mean, 12);
    }
  });
});

describe('the verdict of a PID5BF+M test', () => {
  const varied = Array.from({ length: 36 }, (_, i) => String((i * 7 + (i >> 2)) % 4)).join('');

  it('calls a clean protocol "No validity scale published", never "Valid", and says what cannot be checked', () => {
    const verdict = scoreBfmForm(varied, woman40).validityVerdict!;
    expect(verdict).toMatchObject({ verdict: 'valid', label: 'No validity scale published', reasons: [] });
    expect(verdict.notes.join(' ')).toContain('The PID5BF+M has no published validity scales');
  });

  it('reads "Very False" throughout as a possibly low profile (no reverse-keyed item), not as not interpretable', () => {
    const verdict = scoreBfmForm('0'.repeat(36), woman40).validityVerdict!;
    expect(verdict.verdict).toBe('caution');
    expect(verdict.reasons.map((r) => r.code)).toContain('POSSIBLY_LOW_PROFILE');
  });

  it('calls a cycle of answers over the whole form not interpretable, and so one answer other than the floor', () => {
    expect(scoreBfmForm('0123'.repeat(9), woman40).validityVerdict?.verdict).toBe('not-interpretable');
    expect(scoreBfmForm('2'.repeat(36), woman40).validityVerdict?.verdict).toBe('not-interpretable');
  });

  it('cautions answers given faster than reading, and leaves the verdict of a full-form reading to the full form', () => {
    const fast = scoreBfmForm(varied, { ...woman40, answerTimes: Array.from({ length: 36 }, () => 400) });
    expect(fast.validityVerdict?.reasons.map((r) => r.code)).toContain('FAST_ANSWERS');
    expect(scoreBfmFromFullForm(createDemoResponses(), woman40).validityVerdict).toBeNull();
  });
});
