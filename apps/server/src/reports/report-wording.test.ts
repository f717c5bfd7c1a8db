import { describe, expect, it } from 'vitest';
import { DOMAIN_KEYS, FACET_KEYS, demoItemSet } from '@pid5/instrument';
import { DOMAIN_TEXTS, FACET_TEXTS, LEVEL_EXPLANATIONS, type TraitText } from './report-wording';

const all: [string, TraitText][] = [...Object.entries(DOMAIN_TEXTS), ...Object.entries(FACET_TEXTS)];

describe('report texts', () => {
  it('has a description, difficulties and strengths for every domain and facet, and nothing else', () => {
    expect(Object.keys(DOMAIN_TEXTS).sort()).toEqual([...DOMAIN_KEYS].sort());
    expect(Object.keys(FACET_TEXTS).sort()).toEqual([...FACET_KEYS].sort());
    for (const [key, text] of all) {
      for (const field of ['description', 'difficulties', 'strengths'] as const) {
        expect(text[field].trim().length, `${key}.${field}`).toBeGreaterThan(30);
        expect(text[field], `${key}.${field}`).toMatch(/^[A-Z].*\.$/s);
        expect(text[field], `${key}.${field}`).not.toMatch(/ {2}|\s$/);
      }
    }
  });

  it('says something different for every scale', () => {
    for (const field of ['description', 'difficulties', 'strengths'] as const) {
      const texts = all.map(([, text]) => text[field]);
      expect(new Set(texts).size, field).toBe(texts.length);
    }
  });

  it('does not reuse the demonstration item texts', () => {
    const items = new Set(demoItemSet.items.map((item) => item.text.toLowerCase()));
    for (const [key, text] of all) {
      for (const sentence of Object.values(text)
        .join(' ')
        .split(/(?<=\.)\s+/)) {
        expect(items.has(sentence.toLowerCase()), key).toBe(false);
      }
    }
  });

  it('explains the three cut-offs of docs/product-spec.md §2 with their values, in plain words', () => {
    expect(LEVEL_EXPLANATIONS.map((l) => l.level)).toEqual(['Mild', 'Moderate', 'High']);
    expect(LEVEL_EXPLANATIONS.map((l) => /about (\d+) in every 100 adults/.exec(l.text)?.[1])).toEqual([
      '84',
      '93',
      '98',
    ]);
  });
});
