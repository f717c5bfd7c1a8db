import type { Language } from '@pid5/i18n';
import { scaleNameKey, validityVerdictIn, type AnyScoreResult, type ValidityWordingOptions } from '@pid5/instrument';
import { translator } from '../../i18n/translator';

// A result's validity words in the language it is read in (DESIGN.md "Languages"): the verdict frozen at submission
// is English; another language gets the same decision in its own words (validityVerdictIn), the scales it names in
// the catalogue's names. The verdict, its reasons and every number stay as stored.

/** The wording options of a language: the validity words' language and the scales' names in it. */
export function validityWording(language: Language): ValidityWordingOptions {
  if (language === 'en') {
    return { language };
  }
  const t = translator(language);
  return { language, scaleName: (key) => t(scaleNameKey(key)) };
}

/**
 * The result with its verdict worded in `language` (English: the stored words), with the response-time line a
 * verdict stored before it existed lacks ("not recorded").
 */
export function withVerdictIn<T extends AnyScoreResult>(score: T, language: Language): T {
  const verdict = validityVerdictIn(score, validityWording(language));
  return verdict === score.validityVerdict ? score : { ...score, validityVerdict: verdict };
}
