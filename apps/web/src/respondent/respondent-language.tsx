import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Language } from '@pid5/i18n';
import type en from '@pid5/i18n/catalogues/en/respondent.json';
import { setRequestLanguage } from '../api/client';
import {
  activateLanguage,
  browserLanguage,
  createI18n,
  formatLanguage,
  languageFromAddress,
  type CatalogueLoader,
  type LanguageChoice,
} from '../i18n/language-runtime';
import { serverCatalogue } from '../i18n/server-languages';
import type { Translate } from '../i18n/translate';

/** A message key of the patient pages (packages/i18n/catalogues/en/respondent.json). */
export type RespondentKey = keyof typeof en;

// Each language's catalogue is its own small chunk, found by its path: a patient's phone loads only the one it shows.
const RESPONDENT_FILES = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../packages/i18n/catalogues/*/respondent.json',
);
// A language an installation added (LANGUAGES_FOLDER) after the build: from the server.
const loadCatalogue: CatalogueLoader = (language) =>
  RESPONDENT_FILES[`../../../../packages/i18n/catalogues/${language}/respondent.json`]?.() ??
  serverCatalogue(language, 'respondent');

const FollowTest = createContext<(language: Language) => void>(() => {});

interface RespondentWording {
  t: Translate<RespondentKey>;
  /** The language dates and numbers are written in. */
  language: Language;
}

// A context of our own rather than @lingui/react's provider: this page's budget is tight (bench "weight"), and a new
// value after each activation is all the re-rendering it needs.
const Wording = createContext<RespondentWording | null>(null);

/** The patient pages' words. */
export function useRespondentText(): RespondentWording {
  const words = useContext(Wording);
  if (!words) {
    throw new Error('useRespondentText outside RespondentLanguage');
  }
  return words;
}

/**
 * The patient pages' language: the browser's until the test is loaded, then the test's (`useTestLanguage`). An
 * explicit `?lang=` on the address (a tester's pseudo-locale, say) wins over both.
 */
export function RespondentLanguage({
  children,
  catalogues = loadCatalogue,
}: {
  children: ReactNode;
  /** Where a language's words come from: the build's files (a test gives a language from a folder of its own). */
  catalogues?: CatalogueLoader;
}) {
  const i18n = useMemo(createI18n, []);
  const fixed = useMemo(() => languageFromAddress(window.location.search), []);
  const [choice, setChoice] = useState<LanguageChoice>(fixed ?? browserLanguage());
  const [words, setWords] = useState<RespondentWording | null>(null);

  useEffect(() => {
    let current = true;
    void activateLanguage(i18n, choice, catalogues).then(() => {
      setRequestLanguage(choice === 'pseudo' ? 'en' : choice, {
        unreachable: i18n._('respondent.networkError'),
        failed: i18n._('respondent.genericError'),
      });
      if (current) {
        setWords({ t: (key, values) => i18n._(key, values), language: formatLanguage(i18n) });
      }
    });
    return () => {
      current = false;
    };
  }, [i18n, choice, catalogues]);

  const follow = useCallback((language: Language) => setChoice((now) => (fixed ? now : language)), [fixed]);
  if (!words) {
    return null;
  }
  return (
    <Wording.Provider value={words}>
      <FollowTest.Provider value={follow}>{children}</FollowTest.Provider>
    </Wording.Provider>
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
