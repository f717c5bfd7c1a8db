import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  parseAcceptLanguage,
  pickLanguage,
  type Language,
} from '@pid5/i18n';

// The language a request is answered in (DESIGN.md "Languages"): the `pid5_lang` cookie (the staff app sets it from
// the user's setting), else the first language of Accept-Language the product speaks (the patient pages send the
// test's language), else English. A test's own texts (the patient's report) follow the test's language instead.

/** What is read of a request: its headers and the cookies @fastify/cookie parsed (absent outside a route). */
export interface LanguageSource {
  headers: { 'accept-language'?: string | string[] | undefined };
  cookies?: Readonly<Record<string, string | undefined>>;
}

export function requestLanguage(request: LanguageSource): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) {
    return cookie;
  }
  const header = request.headers['accept-language'];
  return pickLanguage(parseAcceptLanguage(Array.isArray(header) ? header.join(',') : header)) ?? DEFAULT_LANGUAGE;
}
