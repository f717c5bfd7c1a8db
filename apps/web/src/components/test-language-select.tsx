import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { languageName, isLanguage, type Language } from '@pid5/i18n';
import { useStaffText } from '../i18n/staff-language';
import { LabelledField } from './labelled-field';

/**
 * Create Test's choice of the test's language (DESIGN.md "Languages"): only the languages the server has an item set
 * for (`/api/me` institute.testLanguages), the institute's default preselected by the page.
 */
export function TestLanguageSelect({
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
  const { t } = useStaffText();
  return (
    <Select
      id="create-language"
      label={t('testLanguage.label')}
      description={t('testLanguage.description')}
      // Each language in its own name, so a clinician finds it whatever the page shows.
      data={languages.map((language) => ({ value: language, label: languageName(language) }))}
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

/** The test's language on its details page. */
export function TestLanguageField({ language }: { language: Language }) {
  const { t } = useStaffText();
  // The language's own name ("English" on a German page): marked as that language (3.1.2).
  return (
    <LabelledField label={t('testLanguage.detailsLabel')}>
      <span lang={language}>{languageName(language)}</span>
    </LabelledField>
  );
}
