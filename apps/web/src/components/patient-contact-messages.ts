import { PATIENT_CONTACT_MESSAGES, PATIENT_EMAIL_MAX, ZPatientEmail } from '@pid5/contract';
import type { StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';

// The messages for a patient's e-mail address and mobile number, wherever staff type them (the invitation, Create
// Test, a re-test series).

const FIELD_MESSAGES = new Map<string, (t: Translate<StaffKey>) => string>([
  [PATIENT_CONTACT_MESSAGES.emailRequired, (t) => t('messages.fieldError.emailRequired')],
  [PATIENT_CONTACT_MESSAGES.emailMax, (t) => t('messages.fieldError.emailMax', { max: PATIENT_EMAIL_MAX })],
  [PATIENT_CONTACT_MESSAGES.email, (t) => t('messages.fieldError.email')],
  [PATIENT_CONTACT_MESSAGES.phone, (t) => t('messages.fieldError.phone')],
]);

/** The contract's messages for an address or a mobile number (English) in the staff catalogue; others as they are. */
export function fieldMessage(t: Translate<StaffKey>, message: string | undefined): string {
  if (message === undefined) {
    return t('messages.invalidEmail');
  }
  return FIELD_MESSAGES.get(message)?.(t) ?? message;
}

/** The message of an address that is not one, from the contract's schema in the page's language, or null. */
export function patientEmailError(t: Translate<StaffKey>, value: string): string | null {
  const parsed = ZPatientEmail.safeParse(value);
  return parsed.success ? null : fieldMessage(t, parsed.error.issues[0]?.message);
}
