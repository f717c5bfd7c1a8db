import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, parseAcceptLanguage, pickLanguage, type Language } from '@pid5/i18n';

/** The staff pages' choice of language, when the reader has made one (a plain cookie: a preference, not a secret). */
export const LANGUAGE_COOKIE = 'pid5_lang';

/**
 * The language a signed-in reader reads the staff pages in (DESIGN.md "Languages"): the `pid5_lang` cookie when it
 * names a language of the product, else the best of the browser's Accept-Language, else English.
 */
export function readerLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) {
    return chosen;
  }
  return pickLanguage(parseAcceptLanguage(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}
