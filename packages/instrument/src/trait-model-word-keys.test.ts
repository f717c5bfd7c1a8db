import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AMPD_DISORDER_KEYS } from './ampd-profiles';
import { BFM_DOMAIN_KEYS } from './bfm-keys';
import { GERMAN_NORM_CELLS } from './de-norm-tables';
import {
  AMPD_WORD_KEYS,
  ampdUnavailableKey,
  BFM_WORD_KEYS,
  bfmUnavailableKey,
  GERMAN_NORM_FALLBACK_KEYS,
  GERMAN_NORM_WORD_KEYS,
  germanGroupKey,
} from './trait-model-word-keys';

// Every key the new results name is in the English and the German catalogue (packages/i18n, area `results`), so a
// page or report that shows the German norms, the ICD-11 trait domains or the AMPD profiles has its words in both.

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(new URL(`../../i18n/catalogues/${language}/results.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const en = catalogue('en');
const de = catalogue('de');

function keysOf(value: unknown): string[] {
  return typeof value === 'string' ? [value] : Object.values(value as object).flatMap(keysOf);
}

const allKeys = [
  ...keysOf(GERMAN_NORM_WORD_KEYS),
  ...keysOf(GERMAN_NORM_FALLBACK_KEYS),
  ...GERMAN_NORM_CELLS.map(germanGroupKey),
  ...keysOf(BFM_WORD_KEYS),
  ...keysOf(AMPD_WORD_KEYS),
  ...(['SF', 'BF'] as const).map((form) => bfmUnavailableKey(form)),
  ...(['BF', 'BFM'] as const).map((form) => ampdUnavailableKey(form)),
];

describe('the words of the German norms, the ICD-11 trait domains and the AMPD profiles', () => {
  it.each(allKeys)('%s is in both catalogues', (key) => {
    expect(en[key ?? '']).toEqual(expect.any(String));
    expect(de[key ?? '']).toEqual(expect.any(String));
  });

  it('names every reference group, every domain and every disorder', () => {
    expect(new Set(GERMAN_NORM_CELLS.map(germanGroupKey)).size).toBe(9);
    expect(en[germanGroupKey({ gender: 'f', ageGroup: '[35,50)' })]).toBe('German women aged 35-49');
    expect(de[germanGroupKey({ gender: 'm', ageGroup: '[65,Inf)' })]).toBe('Deutsche Männer ab 65 Jahren');
    expect(Object.keys(BFM_WORD_KEYS.domain)).toEqual([...BFM_DOMAIN_KEYS]);
    expect(Object.keys(AMPD_WORD_KEYS.disorder)).toEqual([...AMPD_DISORDER_KEYS]);
    expect(en[BFM_WORD_KEYS.domain.Antag]).toBe('Dissociality (DSM-5: Antagonism)');
  });

  it('says what the short and brief forms cannot give, and why', () => {
    expect(bfmUnavailableKey('FULL')).toBeNull();
    expect(bfmUnavailableKey('BFM')).toBeNull();
    expect(en[bfmUnavailableKey('SF') ?? '']).toContain('{present} of the {needed} PID5BF+M items');
    expect(ampdUnavailableKey('FULL')).toBeNull();
    expect(ampdUnavailableKey('SF')).toBeNull();
    expect(en[ampdUnavailableKey('BF') ?? '']).toMatch(/need the full or the short form/);
    expect(en[AMPD_WORD_KEYS.caveat]).toMatch(/Criterion A\) is not measured.*never a diagnosis/);
    expect(de[AMPD_WORD_KEYS.caveat]).toMatch(/Kriterium A\) wird nicht gemessen.*nie eine Diagnose/);
    expect(en[BFM_WORD_KEYS.noUsNorms]).toMatch(/No US norms exist/);
  });
});
