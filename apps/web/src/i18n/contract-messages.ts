import {
  AGE_MAX,
  AGE_MIN,
  COUNTRY_MAX,
  CREATE_ASSESSMENT_MESSAGES,
  DIAGNOSES_MAX,
  GRANT_MESSAGES,
  GRANT_NOTE_MAX,
  GRANT_QUANTITY_MAX,
  PATIENT_DATA_MESSAGES,
  PATIENT_ID_MAX,
  countryName,
  hasPostalCodes,
} from '@pid5/contract';
import type { StaffKey } from './staff-language';
import type { Translate } from './translate';

// The forms check their fields with the contract's schemas, whose messages are English (the server's are too, until
// it answers in the reader's language). These are the same messages in the staff catalogue.

type Messages = Record<string, string>;

/** Each contract message with its key in the staff catalogue and the values it names. */
function knownMessages(
  t: Translate<StaffKey>,
  countryCode: string | undefined,
  countryInLanguage: (code: string) => string,
): Map<string, string> {
  const known = new Map<string, string>([
    [CREATE_ASSESSMENT_MESSAGES.age, t('fieldError.age', { min: AGE_MIN, max: AGE_MAX })],
    [CREATE_ASSESSMENT_MESSAGES.ageUnderAdult, t('fieldError.ageUnderAdult', { min: AGE_MIN })],
    [CREATE_ASSESSMENT_MESSAGES.ageRequired, t('fieldError.ageRequired')],
    [CREATE_ASSESSMENT_MESSAGES.ageWhole, t('fieldError.ageWhole')],
    [CREATE_ASSESSMENT_MESSAGES.gender, t('fieldError.gender')],
    [CREATE_ASSESSMENT_MESSAGES.race, t('fieldError.race')],
    [CREATE_ASSESSMENT_MESSAGES.country, t('fieldError.country')],
    [CREATE_ASSESSMENT_MESSAGES.countryUnknown, t('fieldError.countryUnknown')],
    [CREATE_ASSESSMENT_MESSAGES.countryMax, t('fieldError.countryMax', { max: COUNTRY_MAX })],
    [CREATE_ASSESSMENT_MESSAGES.postalCode, t('fieldError.postalCodeUs')],
    [CREATE_ASSESSMENT_MESSAGES.patientId, t('fieldError.patientId')],
    [CREATE_ASSESSMENT_MESSAGES.patientIdMax, t('fieldError.patientIdMax', { max: PATIENT_ID_MAX })],
    [CREATE_ASSESSMENT_MESSAGES.patientIdChars, t('fieldError.patientIdChars')],
    [CREATE_ASSESSMENT_MESSAGES.dsmCodes, t('fieldError.dsmCodes')],
    [CREATE_ASSESSMENT_MESSAGES.dsmCodesMax, t('fieldError.dsmCodesMax', { max: DIAGNOSES_MAX })],
    [CREATE_ASSESSMENT_MESSAGES.dsmCodesUnique, t('fieldError.dsmCodesUnique')],
    [CREATE_ASSESSMENT_MESSAGES.primaryDsm, t('fieldError.primaryDsm')],
    [CREATE_ASSESSMENT_MESSAGES.primaryDsmOutside, t('fieldError.primaryDsmOutside')],
    [CREATE_ASSESSMENT_MESSAGES.termsId, t('fieldError.termsId')],
    [CREATE_ASSESSMENT_MESSAGES.requestKey, t('fieldError.requestKey')],
    ['Postal codes are at most 20 letters, digits, spaces or dashes', t('fieldError.postalCodeOther')],
    [GRANT_MESSAGES.clinicianId, t('fieldError.clinicianId')],
    [GRANT_MESSAGES.quantity, t('fieldError.quantity', { max: GRANT_QUANTITY_MAX })],
    [GRANT_MESSAGES.noteMax, t('fieldError.noteMax', { max: GRANT_NOTE_MAX })],
    [PATIENT_DATA_MESSAGES.patientId, t('fieldError.typePatientId')],
    [PATIENT_DATA_MESSAGES.confirm, t('fieldError.confirmPatientId')],
  ]);
  // A postal code is checked by the chosen country's own rule, which names the country.
  const name = countryCode ? countryName(countryCode) : null;
  if (countryCode && name && hasPostalCodes(countryCode)) {
    const country = countryInLanguage(countryCode);
    known.set(`Please enter a postal code for ${name}`, t('fieldError.postalCodeRequired', { country }));
    known.set(`Please enter a valid postal code for ${name}`, t('fieldError.postalCodeInvalid', { country }));
  }
  return known;
}

/**
 * A form's field messages in the page's language: the contract's own (see above) translated, any other (already in
 * the reader's language, from the server) as it is. `countryCode`: the country the form has chosen, if any.
 */
export function translateFieldErrors(
  errors: Messages,
  t: Translate<StaffKey>,
  options: { countryCode?: string; countryInLanguage?: (code: string) => string } = {},
): Messages {
  const known = knownMessages(
    t,
    options.countryCode,
    options.countryInLanguage ?? ((code) => countryName(code) ?? code),
  );
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, known.get(message) ?? message]));
}
