import { I18nProvider } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatLocaleNumber, isLanguage, LANGUAGE_COOKIE, type Language } from '@pid5/i18n';
import type enResults from '@pid5/i18n/catalogues/en/results.json';
import type en from '@pid5/i18n/catalogues/en/staff.json';
import { setRequestLanguage } from '../api/client';
import { formatDate, formatDateTime } from '../lib/dates';
import {
  activateLanguage,
  browserLanguage,
  createI18n,
  languageFromAddress,
  type CatalogueLoader,
  type LanguageChoice,
} from './language-runtime';
import { RichText } from './rich-text';
import { serverCatalogue } from './server-languages';
import { useTranslate, type Translate } from './translate';

/**
 * A message key of the staff pages: their own (packages/i18n/catalogues/en/staff.json) or one of the instrument's
 * words they show (`results`: scale names, level words, form names, verdicts; keys from @pid5/instrument's
 * result-word-keys.ts).
 */
export type StaffKey = keyof typeof en | keyof typeof enResults;

/** Where the reader's choice is kept in this browser (and in LANGUAGE_COOKIE, so the server writes PDFs in it too). */
export const LANGUAGE_STORAGE_KEY = 'pid5_lang';
const ONE_YEAR_S = 365 * 24 * 3600;

// Every language's file of an area, each its own chunk, found by its path: a language added is a folder of files.
type CatalogueModule = { default: Record<string, unknown> };
const STAFF_FILES = import.meta.glob<CatalogueModule>('../../../../packages/i18n/catalogues/*/staff.json');
const RESULTS_FILES = import.meta.glob<CatalogueModule>('../../../../packages/i18n/catalogues/*/results.json');
/** A language the build bundled from its chunk; one an installation added (LANGUAGES_FOLDER) from the server. */
const catalogueFile = (
  files: Record<string, () => Promise<CatalogueModule>>,
  language: Language,
  area: 'staff' | 'results',
) => files[`../../../../packages/i18n/catalogues/${language}/${area}.json`]?.() ?? serverCatalogue(language, area);
const loadStaff = (language: Language) => catalogueFile(STAFF_FILES, language, 'staff');
const loadResults = (language: Language) => catalogueFile(RESULTS_FILES, language, 'results');

/** Both areas of a language, each its own chunk: the staff pages' words and the instrument's (`results`). */
const loadCatalogue: CatalogueLoader = async (language) => {
  const [staff, results] = await Promise.all([loadStaff(language), loadResults(language)]);
  return { default: { ...staff.default, ...results.default } };
};

/** The contract's `formatScore` ('1.50', '−0.25', '—') with the language's decimal sign ('1,50' in German). */
export function formatLocaleScore(language: Language, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return '—';
  }
  const text = formatLocaleNumber(language, Math.abs(value), 2);
  return value < 0 && Math.abs(value) >= 0.005 ? `\u2212${text}` : text;
}

/** The reader's own setting from an earlier visit, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    // Storage can be switched off; the browser's language then applies.
    return null;
  }
}

function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the cookie still carries the choice for this browser.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

type StaffLanguageState = { choice: LanguageChoice; choose: (language: Language) => void };
const ChosenLanguage = createContext<StaffLanguageState>({ choice: 'en', choose: () => {} });

/** The staff pages' words, and dates and numbers in the page's language ('26.11.2026', '1,5' in German). */
export function useStaffText() {
  const { t, language } = useTranslate<StaffKey>();
  return useMemo(
    () => ({
      // A new function per language, so that what is memoised on `t` follows a change of language.
      t: ((key, values) => t(key, values)) as Translate<StaffKey>,
      language,
      formatDate: (iso: string) => formatDate(iso, language),
      formatDateTime: (iso: string) => formatDateTime(iso, language),
      formatNumber: (value: number, decimals = 0) => formatLocaleNumber(language, value, decimals),
      /** A score as the contract prints it (two decimals, a real minus, '—' for none), with the language's comma. */
      formatScore: (value: number | null | undefined) => formatLocaleScore(language, value),
    }),
    [t, language],
  );
}

/** The reader's language setting and the way to change it (the header's language menu). */
export function useStaffLanguage(): StaffLanguageState {
  return useContext(ChosenLanguage);
}

/**
 * The staff pages' language: `?lang=` on the address (a tester's pseudo-locale), else the reader's setting, else the
 * browser's first language the product speaks, else English. A change is stored and asks the server again, so its
 * messages and names follow.
 */
export function StaffLanguage({
  children,
  catalogues = loadCatalogue,
}: {
  children: ReactNode;
  /** Where a language's words come from: the build's files (a test gives a language from a folder of its own). */
  catalogues?: CatalogueLoader;
}) {
  const i18n = useMemo(createI18n, []);
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<LanguageChoice>(
    () => languageFromAddress(window.location.search) ?? storedLanguage() ?? browserLanguage(),
  );
  const [ready, setReady] = useState(false);
  const firstActivation = useRef(true);

  useEffect(() => {
    // A setting from an earlier visit renews the cookie's year, so the server keeps writing in it.
    const stored = storedLanguage();
    if (stored) {
      storeLanguage(stored);
    }
  }, []);

  useEffect(() => {
    let current = true;
    void activateLanguage(i18n, choice, catalogues).then(() => {
      setRequestLanguage(choice === 'pseudo' ? 'en' : choice, {
        unreachable: i18n._('staff.networkError'),
        failed: i18n._('staff.genericError'),
      });
      if (!current) {
        return;
      }
      setReady(true);
      if (firstActivation.current) {
        firstActivation.current = false;
      } else {
        // What the server wrote (its messages, scale names) was in the previous language.
        void queryClient.invalidateQueries();
      }
    });
    return () => {
      current = false;
    };
  }, [i18n, choice, queryClient, catalogues]);

  const choose = useCallback((language: Language) => {
    storeLanguage(language);
    setChoice(language);
  }, []);
  const state = useMemo(() => ({ choice, choose }), [choice, choose]);
  if (!ready) {
    return null;
  }
  return (
    <I18nProvider i18n={i18n}>
      <ChosenLanguage.Provider value={state}>{children}</ChosenLanguage.Provider>
    </I18nProvider>
  );
}

/** A staff message with markup (`<0>…</0>`), its key checked against the staff catalogue. */
export const StaffRichText = RichText<StaffKey>;
