import { describe, expect, it } from 'vitest';
import {
  describeNormSet,
  describeShortFormNormSets,
  LEVEL_RULE,
  pid5Definition,
  US_NORM_TABLES,
} from '@pid5/instrument';
import { translator } from '../../i18n/translator';
import { normText } from './norm-wording';

// The product's own norm words in German; anything else (an institute's tables) in its own words.

const de = { t: translator('de'), language: 'de' as const };
const en = { t: translator('en'), language: 'en' as const };

describe('the norm words of the score report', () => {
  const srf = describeNormSet(pid5Definition, 'srf');
  const irf = describeNormSet(pid5Definition, 'irf');
  const short = describeShortFormNormSets(pid5Definition, 'BF', US_NORM_TABLES.version);
  const texts = [
    US_NORM_TABLES.label,
    US_NORM_TABLES.sample,
    srf.shortLabel,
    srf.label,
    srf.note,
    irf.shortLabel,
    irf.label,
    irf.note,
    short.srf.note,
    short.irf.note,
    LEVEL_RULE.rule,
    LEVEL_RULE.normSet,
  ];

  it('gives each of the product’s own texts in German, and leaves English as the data says', () => {
    for (const text of texts) {
      expect(normText(text, en)).toBe(text);
      expect(normText(text, de), text).not.toBe(text);
    }
    expect(normText(srf.shortLabel, de)).toBe('US-Allgemeinbevölkerung');
    expect(normText(short.srf.note, de)).toContain('der Version BF');
    expect(normText(US_NORM_TABLES.sample, de)).toContain('N = 1.082');
  });

  it('keeps the words of tables it does not know', () => {
    expect(normText('Institute norms 2027 (local sample)', de)).toBe('Institute norms 2027 (local sample)');
  });
});
