import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react';
import { useCallback, type ReactElement } from 'react';
import { formatLanguage } from './language-runtime';

export type MessageValues = Record<string, string | number | ReactElement>;
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

/** A message with markup inside it: `<0>…</0>` in the catalogue becomes `components[0]` around that text. */
export function RichText<K extends string>({
  id,
  values,
  components,
}: {
  id: K;
  values?: MessageValues;
  components: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
