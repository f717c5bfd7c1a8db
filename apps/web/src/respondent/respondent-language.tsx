import { I18nProvider } from '@lingui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@pid5/i18n';
import type en from '@pid5/i18n/catalogues/en/respondent.json';
import { setRequestLanguage } from '../api/client';
import {
  activateLanguage,
  browserLanguage,
  createI18n,
  languageFromAddress,
  type CatalogueLoader,
  type LanguageChoice,
} from '../i18n/language-runtime';
import { useTranslate } from '../i18n/translate';

/** A message key of the patient pages (packages/i18n/catalogues/en/respondent.json). */
export type RespondentKey = keyof typeof en;

// Each language's catalogue is its own small chunk: a patient's phone loads only the one it shows.
const loadCatalogue: CatalogueLoader = (language) =>
  language === 'de'
    ? import('@pid5/i18n/catalogues/de/respondent.json')
    : import('@pid5/i18n/catalogues/en/respondent.json');

const FollowTest = createContext<(language: Language) => void>(() => {});

/** The patient pages' words. */
export function useRespondentText() {
  return useTranslate<RespondentKey>();
}

/**
 * The patient pages' language: the browser's until the test is loaded, then the test's (`useTestLanguage`). An
 * explicit `?lang=` on the address (a tester's pseudo-locale, say) wins over both.
 */
export function RespondentLanguage({ children }: { children: ReactNode }) {
  const i18n = useMemo(createI18n, []);
  const fixed = useMemo(() => languageFromAddress(window.location.search), []);
  const [choice, setChoice] = useState<LanguageChoice>(fixed ?? browserLanguage());
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let current = true;
    void activateLanguage(i18n, choice, loadCatalogue).then(() => {
      setRequestLanguage(choice === 'pseudo' ? 'en' : choice, {
        unreachable: i18n._('respondent.networkError'),
        failed: i18n._('respondent.genericError'),
      });
      if (current) {
        setReady(true);
      }
    });
    return () => {
      current = false;
    };
  }, [i18n, choice]);

  const follow = useCallback((language: Language) => setChoice((now) => (fixed ? now : language)), [fixed]);
  if (!ready) {
    return null;
  }
  return (
    <I18nProvider i18n={i18n}>
      <FollowTest.Provider value={follow}>{children}</FollowTest.Provider>
    </I18nProvider>
  );
}

/** Shows the patient pages in the test's language from the moment the test is loaded. */
export function useTestLanguage(language: Language | undefined): void {
  const follow = useContext(FollowTest);
  useEffect(() => {
    if (language) {
      follow(language);
    }
  }, [follow, language]);
}
