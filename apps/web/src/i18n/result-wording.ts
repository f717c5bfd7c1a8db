import type { Language } from '@pid5/i18n';
import { LEVEL_KEYS, SCALE_NAME_KEYS, type Level } from '@pid5/instrument';
import type { StaffKey } from './staff-language';
import type { Translate } from './translate';

// The instrument's words on the staff pages in the reader's language, through the `results` catalogue's keys
// (@pid5/instrument's result-word-keys.ts): the instrument's data and the API keep the English words.

/** A scale's name ('Ängstlichkeit' for Anx in German); a key the instrument does not name keeps the given name. */
export function scaleName(t: Translate<StaffKey>, key: string, fallback: string = key): string {
  const found = (SCALE_NAME_KEYS as Readonly<Record<string, StaffKey>>)[key];
  return found ? t(found) : fallback;
}

/** A level word: Mild / Moderate / High ('Leicht', 'Mittelgradig', 'Hoch'). */
export function levelName(t: Translate<StaffKey>, level: Level): string {
  return t(LEVEL_KEYS[level]);
}

/** A scale's level in words, as the contract's `formatLevel`: not scored, not elevated, or its level. */
export function levelWording(t: Translate<StaffKey>, scale: { level: Level | null; isScored: boolean }): string {
  if (!scale.isScored) {
    return t(LEVEL_KEYS.notScored);
  }
  return scale.level ? levelName(t, scale.level) : t(LEVEL_KEYS.none);
}

/** A number the instrument printed ('0.5', '≥ 100', '−1.5') with the language's decimal sign ('0,5' in German). */
export function localDecimals(language: Language, text: string): string {
  const decimal = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal && decimal !== '.' ? text.replace(/(\d)\.(\d)/g, `$1${decimal}$2`) : text;
}

/**
 * A printed US percentile as a table cell in the reader's language: the API's text ('more than 99' for a cell of
 * 1.00) is English; the ends are said from the catalogue, the rest with the language's decimal sign.
 */
export function usPercentileText(
  t: Translate<StaffKey>,
  language: Language,
  us: { percentile: number; percentileText: string },
): string {
  if (us.percentile >= 1) {
    return t('resultsPanel.percentileCellAbove');
  }
  if (us.percentile <= 0) {
    return t('resultsPanel.percentileCellBelow');
  }
  return localDecimals(language, us.percentileText);
}
