import { useState } from 'react';
import { useLocation } from 'react-router';
import type { TMe } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { countryNameIn } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { EMPTY_CREATE_TEST, useCreateTestForm } from './create-test-form';
import { readNewTestForPatient } from './patient-prefill';

/** Field messages in the page's language, a country named in it ("the postal code of Germany"). */
export type InLanguage = (errors: Record<string, unknown>, country: string) => Record<string, string>;

/**
 * What Create Test begins with: the form, filled in from an earlier test of the patient ("New test for this
 * patient") or else empty in the institute's default country, its messages in the page's language, and the test's
 * language as chosen or defaulted.
 */
export function useCreateTestValues(me: TMe) {
  const { t, language } = useStaffText();
  // "New test for this patient": filled in from an earlier test of the patient, all of it editable.
  const location = useLocation();
  const [fromPatient] = useState(() => readNewTestForPatient(location.state));
  const inLanguage: InLanguage = (errors, country) =>
    translateFieldErrors(errors as Record<string, string>, t, {
      countryCode: country,
      countryInLanguage: (code) => countryNameIn(code, language),
    });
  // The institute's default country to begin with (a prefilled test keeps its own).
  const form = useCreateTestForm(
    fromPatient?.prefill ?? { ...EMPTY_CREATE_TEST, country: me.institute.defaultCountry },
    (errors, values) => inLanguage(errors, values.country),
  );
  // The test's language: a re-test's own, else the institute's default; only the languages the server offers.
  const [testLanguage, setTestLanguage] = useState<Language | null>(fromPatient?.language ?? null);
  const chosenLanguage =
    testLanguage && me.institute.testLanguages.includes(testLanguage) ? testLanguage : me.institute.defaultTestLanguage;
  return { fromPatient, form, inLanguage, chosenLanguage, setTestLanguage };
}
