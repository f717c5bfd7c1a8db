import { setupI18n } from '@lingui/core';
import type { Language } from '@pid5/i18n';
import de from '@pid5/i18n/catalogues/de/staff.json';
import en from '@pid5/i18n/catalogues/en/staff.json';
import type { StaffKey } from '../src/i18n/staff-language';
import type { Translate } from '../src/i18n/translate';
import { formatDateTime } from '../src/lib/dates';

/** The staff catalogue's words in one language, for the pure helpers that take them (chart text, audit details). */
export function staffText(language: Language = 'en') {
  const i18n = setupI18n({ locale: language, messages: { [language]: language === 'de' ? de : en } });
  const t: Translate<StaffKey> = (key, values) => i18n._(key, values);
  return { t, formatDateTime: (iso: string) => formatDateTime(iso, language) };
}
