import { describe, expect, it } from 'vitest';
import { CREATE_ASSESSMENT_MESSAGES, GRANT_MESSAGES, PATIENT_DATA_MESSAGES, postalCodeProblem } from '@pid5/contract';
import { staffText } from '../../test/staff-text';
import { translateFieldErrors } from './contract-messages';

const CONTRACT_MESSAGES = [
  ...Object.values(CREATE_ASSESSMENT_MESSAGES),
  ...Object.values(GRANT_MESSAGES),
  ...Object.values(PATIENT_DATA_MESSAGES),
];

describe('the contract’s field messages in the staff catalogue', () => {
  it('says each one in German', () => {
    const { t } = staffText('de');
    for (const message of CONTRACT_MESSAGES) {
      const german = translateFieldErrors({ field: message }, t).field;
      expect(german, message).not.toBe(message);
    }
    expect(translateFieldErrors({ age: CREATE_ASSESSMENT_MESSAGES.age }, t)).toEqual({
      age: 'Bitte geben Sie ein Alter zwischen 18 und 120 ein.',
    });
  });

  it('says each one in English exactly as the contract does', () => {
    const { t } = staffText('en');
    for (const message of CONTRACT_MESSAGES) {
      expect(translateFieldErrors({ field: message }, t).field).toBe(message);
    }
  });

  it("names the chosen country in a postal code's message", () => {
    const { t } = staffText('de');
    const missing = postalCodeProblem('DE', '') ?? '';
    const invalid = postalCodeProblem('DE', '1234') ?? '';
    const errors = translateFieldErrors({ missing, invalid }, t, {
      countryCode: 'DE',
      countryInLanguage: () => 'Deutschland',
    });
    expect(errors).toEqual({
      missing: 'Bitte geben Sie eine Postleitzahl für Deutschland ein.',
      invalid: 'Bitte geben Sie eine gültige Postleitzahl für Deutschland ein.',
    });
  });

  it('leaves a message it does not know (the server’s own, already in the reader’s language) as it is', () => {
    const { t } = staffText('de');
    expect(translateFieldErrors({ patientId: 'Diese Kennung ist vergeben.' }, t)).toEqual({
      patientId: 'Diese Kennung ist vergeben.',
    });
  });
});
