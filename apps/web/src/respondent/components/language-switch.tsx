import { useState } from 'react';
import type { TPatientTest } from '@pid5/contract';
import { languageName, type Language } from '@pid5/i18n';
import { ApiError } from '../../api/client';
import { setPatientLanguage } from '../respondent-api';
import { useRespondentText } from '../respondent-language';

/**
 * The patient's own choice of language, where the institute offers more than one (each name in its own language,
 * so a patient finds theirs whatever the page shows). The test takes the language: questions, pages and the report.
 */
export function LanguageSwitch({
  code,
  test,
  onChanged,
}: {
  code: string;
  test: TPatientTest;
  onChanged: (test: TPatientTest) => void;
}) {
  const { t } = useRespondentText();
  const [error, setError] = useState<string | null>(null);
  if (test.languageChoices.length < 2) {
    return null;
  }
  const choose = async (language: Language) => {
    setError(null);
    try {
      onChanged(await setPatientLanguage(code, language));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('respondent.genericError'));
    }
  };
  return (
    <div className="language-switch">
      <label>
        <span>{t('respondent.languageSwitch')}</span>{' '}
        <select value={test.language} onChange={(event) => void choose(event.target.value as Language)}>
          {test.languageChoices.map((language) => (
            <option key={language} value={language} lang={language}>
              {languageName(language)}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
