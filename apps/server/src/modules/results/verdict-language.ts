import type { Language } from '@pid5/i18n';
import {
  BFM_WORD_KEYS,
  scaleNameKey,
  validityVerdictIn,
  type AnyScoreResult,
  type ValidityWordingOptions,
} from '@pid5/instrument';
import { translator, type MessageKey } from '../../i18n/translator';

// A result's validity words in the language it is read in (DESIGN.md "Languages"): the verdict frozen at submission
// is English; another language gets the same decision in its own words (validityVerdictIn), the scales it names in
// the catalogue's names. The verdict, its reasons and every number stay as stored.

/**
 * The wording options of a language: the validity words' language and the scales' names in it; with
 * `answerLabels`, the answers quoted as the test's item set showed them.
 */
export function validityWordingOptions(language: Language, answerLabels?: readonly string[]): ValidityWordingOptions {
  if (language === 'en') {
    return { language, answerLabels };
  }
  const t = translator(language);
  return { language, scaleName: (key) => t(scaleNameKey(key)), answerLabels };
}

/** The wording options of a PID5BF+M test: its domains (Anankastia among them) and total by their own names. */
export function bfmValidityWordingOptions(
  language: Language,
  answerLabels?: readonly string[],
): ValidityWordingOptions {
  const options = validityWordingOptions(language, answerLabels);
  if (language === 'en') {
    return options;
  }
  const t = translator(language);
  const domains = BFM_WORD_KEYS.domain;
  return {
    ...options,
    scaleName: (key, name) => {
      if (key in domains) {
        return t(domains[key as keyof typeof domains] as MessageKey);
      }
      return key === 'Total' ? t(BFM_WORD_KEYS.total) : name;
    },
  };
}

/**
 * The result with its verdict worded in `language` (English: the stored words), with the response-time line a
 * verdict stored before it existed lacks ("not recorded").
 */
export function withVerdictIn<T extends AnyScoreResult>(
  score: T,
  language: Language,
  answerLabels?: readonly string[],
): T {
  const verdict = validityVerdictIn(score, validityWordingOptions(language, answerLabels));
  return verdict === score.validityVerdict ? score : { ...score, validityVerdict: verdict };
}
