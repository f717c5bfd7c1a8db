import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pid5/i18n';
import { DOMAIN_KEYS, FACET_KEYS, demoItemSet } from '@pid5/instrument';
import { reportWording, type TraitText } from './report-wording';

describe.each(LANGUAGES)('report texts in %s', (language) => {
  const words = reportWording(language);
  const all: [string, TraitText][] = [...Object.entries(words.domainTexts), ...Object.entries(words.facetTexts)];

  it('has a description, difficulties and strengths for every domain and facet, and nothing else', () => {
    expect(Object.keys(words.domainTexts).sort()).toEqual([...DOMAIN_KEYS].sort());
    expect(Object.keys(words.facetTexts).sort()).toEqual([...FACET_KEYS].sort());
    for (const [key, text] of all) {
      for (const field of ['description', 'difficulties', 'strengths'] as const) {
        expect(text[field].trim().length, `${key}.${field}`).toBeGreaterThan(30);
        expect(text[field], `${key}.${field}`).toMatch(/^[A-ZÄÖÜ].*\.$/s);
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

  it('explains the three cut-offs of docs/product-spec.md §2 with their values, then the word below them', () => {
    expect(words.levelExplanations.map((l) => l.level)).toEqual(['Mild', 'Moderate', 'High', 'none']);
    const per100 = language === 'de' ? /etwa (\d+) von 100 Erwachsenen/ : /about (\d+) in every 100 adults/;
    expect(words.levelExplanations.slice(0, 3).map((l) => per100.exec(l.text)?.[1])).toEqual(['84', '93', '98']);
  });
});

describe('the German report texts', () => {
  it('address the patient formally ("Sie"), never with "du"', () => {
    const words = reportWording('de');
    const text = JSON.stringify(words);
    expect(text).toMatch(/\bSie\b/);
    expect(text).not.toMatch(/\b(du|dich|dir|dein|deine)\b/i);
  });
});
