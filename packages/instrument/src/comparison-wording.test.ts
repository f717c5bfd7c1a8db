import { describe, expect, it } from 'vitest';
import { compareAdministrations } from './compare-administrations';
import { COMPARISON_WORDING, comparisonWordingFrom, ZComparisonWordingFile } from './comparison-wording';
import { scoreResponses } from './score-responses';
import { genuineLikeResponses, makeFormResponses, randomResponses } from '../test/test-helpers';

// The comparison's sentences in German: the same numbers and marks as in English, only the words differ.

const plain = (comparison: ReturnType<typeof compareAdministrations>) =>
  comparison.scales.map((s) => [s.key, s.scoreDifference, s.tDifference, s.reliableChange?.rci ?? null]);

/** Every sentence of a comparison. */
const sentences = (comparison: ReturnType<typeof compareAdministrations>) => [
  comparison.validityStatement,
  comparison.formsStatement,
  comparison.rciRule,
  comparison.reliabilityRule,
  comparison.first.summary,
  comparison.second.summary,
  ...comparison.scales.flatMap((s) => (s.noReliableChangeReason ? [s.noReliableChangeReason] : [])),
];

describe('the comparison in German', () => {
  it.each([
    ['the same form', scoreResponses(genuineLikeResponses(1)), scoreResponses(genuineLikeResponses(2))],
    ['one not interpretable', scoreResponses(genuineLikeResponses(1)), scoreResponses(randomResponses(220, 5))],
    [
      'different forms',
      scoreResponses(genuineLikeResponses(1)),
      scoreResponses(makeFormResponses(25, {}, '1'), { form: 'BF' }),
    ],
  ])('%s: the same numbers, German sentences', (_, first, second) => {
    const en = compareAdministrations(first, second);
    const de = compareAdministrations(first, second, undefined, { language: 'de' });
    expect(plain(de)).toEqual(plain(en));
    expect([de.first.verdict, de.second.verdict, de.isChangeInterpretable]).toEqual([
      en.first.verdict,
      en.second.verdict,
      en.isChangeInterpretable,
    ]);
    expect(compareAdministrations(first, second, undefined, { language: 'en' })).toEqual(en);
    const german = sentences(de).join('\n');
    expect(german).not.toMatch(/\b(the|and|administration|is not|were)\b/);
    expect(german).toMatch(/Testung/);
    expect(de.rciRule).toContain('±1,96');
  });

  it('names what is not interpretable and why there is no mark', () => {
    const de = compareAdministrations(
      scoreResponses(genuineLikeResponses(1)),
      scoreResponses(randomResponses(220, 5)),
      undefined,
      { language: 'de' },
    );
    expect(de.validityStatement).toMatch(/^Die spätere Testung ist nicht interpretierbar; /);
    expect(de.second.summary).toMatch(/^Nicht interpretierbar: /);
    expect(new Set(de.scales.map((s) => s.noReliableChangeReason))).toEqual(
      new Set(['Zurückgehalten: Eine Testung ist nicht interpretierbar.']),
    );
  });
});

describe('the comparison wording files', () => {
  /** Every `{name}` of each sentence, by its path in the file. */
  const placeholders = (value: unknown, path = ''): Record<string, string[]> => {
    if (typeof value === 'string') {
      return { [path]: [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort() };
    }
    if (value && typeof value === 'object') {
      return Object.assign({}, ...Object.entries(value).map(([key, v]) => placeholders(v, `${path}.${key}`)));
    }
    return {};
  };

  it('give every language the same sentences with the same values to fill in', () => {
    const { reliabilityRule: _en, ...en } = COMPARISON_WORDING.en;
    const { reliabilityRule: _de, ...de } = COMPARISON_WORDING.de;
    expect(placeholders(de)).toEqual(placeholders(en));
  });

  it('refuse a file with a sentence missing or misspelt', () => {
    const { caution: _, ...withoutCaution } = COMPARISON_WORDING.de;
    expect(ZComparisonWordingFile.safeParse(withoutCaution).success).toBe(false);
    expect(ZComparisonWordingFile.safeParse({ ...COMPARISON_WORDING.de, cautoin: 'x' }).success).toBe(false);
  });

  it('put the values into the sentences', () => {
    const words = comparisonWordingFrom(COMPARISON_WORDING.en);
    expect(words.differentForms('full form', 'brief form', 'domains')).toMatch(
      /^Different forms \(full form, then brief form\): only the five domains both forms measure are shown\./,
    );
    expect(words.reasons.noReliability('short form')).toContain('on the short form was available');
  });
});
