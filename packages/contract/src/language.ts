import { z } from 'zod';
import { isLanguage, LANGUAGES, type Language } from '@pid5/i18n';

/**
 * A language of the product, checked against the language registry when a request is parsed (the registry is read
 * from files, so a language added as files is accepted with no schema changed).
 */
export function zLanguage(message: string | (() => string) = () => `Choose one of: ${LANGUAGES.join(', ')}`) {
  const error = () => (typeof message === 'string' ? message : message());
  return z.string({ error }).refine((value): value is Language => isLanguage(value), { error });
}
