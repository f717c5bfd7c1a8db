import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { formatLanguage } from './language-runtime';

export type Translate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

/**
 * The page's words: `t('consent.accept')` is the active catalogue's message, with ICU values filled in. Keys are
 * typed from the English catalogue, so a missing key fails the typecheck; every key is used (scripts/check-catalogues.mjs).
 */
export function useTranslate<K extends string>(): { t: Translate<K>; language: ReturnType<typeof formatLanguage> } {
  const { i18n } = useLingui();
  const t = useCallback<Translate<K>>((key, values) => i18n._(key, values), [i18n]);
  return { t, language: formatLanguage(i18n) };
}
