import { GENDERS, RACES, parseAssessmentForm, type Gender, type Race, type TAssessmentDetails } from '@pid5/contract';
import { isLanguage, type Language } from '@pid5/i18n';
import type { CreateTestValues } from './create-test-form';

// "New test for this patient": the details page opens Create Test with the patient's identifier,
// demographics and diagnoses already filled in (router state, never the address: no patient data in URLs or logs).
// Everything stays editable; the age is kept as it was (the clinician updates it if a birthday has passed).

export interface NewTestForPatientState {
  prefill: CreateTestValues;
  /** The test it was filled from, for the note above the form. */
  fromAssessmentId: number;
  /** Its language: a re-test is given in the same language (DESIGN.md "Languages"); still editable. */
  language?: Language;
}

export function newTestForPatient(details: TAssessmentDetails): NewTestForPatientState {
  const primary = details.diagnoses.find((d) => d.isPrimary)?.code ?? details.primaryDsm ?? null;
  return {
    fromAssessmentId: details.id,
    language: details.language,
    prefill: {
      age: details.age ?? '',
      gender: (GENDERS as readonly string[]).includes(details.gender ?? '')
        ? (details.gender as Gender)
        : 'Unspecified',
      race: (RACES as readonly string[]).includes(details.race ?? '') ? (details.race as Race) : 'Unspecified',
      // The ISO code; a country kept as free text is chosen again from the list.
      country: details.countryCode ?? '',
      postalCode: details.postalCode ?? '',
      patientId: details.patientId,
      dsmCodes: details.diagnoses.map((d) => d.code),
      primaryDsm: primary,
      // The same form as the test it was filled from, so the two can be compared; still editable.
      form: details.form,
    },
  };
}

/** The state the details page sent, or null (a direct visit, a reload of an old entry, anything malformed). */
export function readNewTestForPatient(state: unknown): NewTestForPatientState | null {
  if (typeof state !== 'object' || state === null || !('prefill' in state) || !('fromAssessmentId' in state)) {
    return null;
  }
  const { prefill, fromAssessmentId } = state as { prefill: unknown; fromAssessmentId: unknown };
  if (typeof prefill !== 'object' || prefill === null || typeof fromAssessmentId !== 'number') {
    return null;
  }
  const p = prefill as Partial<Record<keyof CreateTestValues, unknown>>;
  const isStrings = (value: unknown): value is string[] =>
    Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (
    (typeof p.age !== 'number' && p.age !== '') ||
    typeof p.gender !== 'string' ||
    typeof p.race !== 'string' ||
    typeof p.country !== 'string' ||
    typeof p.postalCode !== 'string' ||
    typeof p.patientId !== 'string' ||
    !isStrings(p.dsmCodes) ||
    (typeof p.primaryDsm !== 'string' && p.primaryDsm !== null)
  ) {
    return null;
  }
  const form = parseAssessmentForm(typeof p.form === 'string' ? p.form : null);
  const { language } = state as { language?: unknown };
  return {
    fromAssessmentId,
    prefill: { ...(prefill as CreateTestValues), form },
    ...(isLanguage(language) ? { language } : {}),
  };
}
