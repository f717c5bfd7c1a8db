import { setupI18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { LANGUAGE_NAMES, isLanguage, type Language } from '@pid5/i18n';
import en from '@pid5/i18n/catalogues/en/test-language.json';
import { useTranslate } from '../i18n/translate';
import { LabelledField } from './labelled-field';

/** A message key of the test language area (packages/i18n/catalogues/en/test-language.json). */
export type TestLanguageKey = keyof typeof en;

// The staff pages are English until they load their own catalogues: until then this area's English messages, in a
// provider of its own (remove `TestLanguageText` once the staff pages provide their language).
const staffI18n = setupI18n({ locale: 'en', messages: { en: en as unknown as Messages } });

function TestLanguageText({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={staffI18n}>{children}</I18nProvider>;
}

function LanguageSelect({
  languages,
  value,
  onChange,
  error,
}: {
  languages: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslate<TestLanguageKey>();
  return (
    <Select
      id="create-language"
      label={t('testLanguage.label')}
      description={t('testLanguage.description')}
      // Each language in its own name, so a clinician finds it whatever the page shows.
      data={languages.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      value={value}
      onChange={(chosen) => {
        if (isLanguage(chosen)) {
          onChange(chosen);
        }
      }}
      allowDeselect={false}
      mt="md"
      disabled={languages.length < 2}
      error={error}
    />
  );
}

/**
 * Create Test's choice of the test's language (DESIGN.md "Languages"): only the languages the server has an item set
 * for (`/api/me` institute.testLanguages), the institute's default preselected by the page.
 */
export function TestLanguageSelect(props: {
  languages: readonly Language[];
  value: Language;
  onChange: (language: Language) => void;
  error?: ReactNode;
}) {
  return (
    <TestLanguageText>
      <LanguageSelect {...props} />
    </TestLanguageText>
  );
}

function LanguageField({ language }: { language: Language }) {
  const { t } = useTranslate<TestLanguageKey>();
  return <LabelledField label={t('testLanguage.detailsLabel')}>{LANGUAGE_NAMES[language]}</LabelledField>;
}

/** The test's language on its details page. */
export function TestLanguageField({ language }: { language: Language }) {
  return (
    <TestLanguageText>
      <LanguageField language={language} />
    </TestLanguageText>
  );
}
