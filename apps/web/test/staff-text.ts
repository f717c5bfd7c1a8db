import { setupI18n } from '@lingui/core';
import type { Language } from '@pid5/i18n';
import deResults from '@pid5/i18n/catalogues/de/results.json';
import de from '@pid5/i18n/catalogues/de/staff.json';
import enResults from '@pid5/i18n/catalogues/en/results.json';
import en from '@pid5/i18n/catalogues/en/staff.json';
import type { StaffKey } from '../src/i18n/staff-language';
import type { Translate } from '../src/i18n/translate';
import { formatDateTime } from '../src/lib/dates';

/**
 * The staff pages' words in one language (their own and the instrument's `results`), for the pure helpers that take
 * them (chart text, audit details).
 */
export function staffText(language: Language = 'en') {
  const messages = language === 'de' ? { ...de, ...deResults } : { ...en, ...enResults };
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  const t: Translate<StaffKey> = (key, values) => i18n._(key, values);
  return { t, language, formatDateTime: (iso: string) => formatDateTime(iso, language) };
}
