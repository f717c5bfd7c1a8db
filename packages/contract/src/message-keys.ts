import { CREATE_ASSESSMENT_MESSAGES } from './assessments';
import { GRANT_MESSAGES } from './admin';
import { PATIENT_CONTACT_MESSAGES } from './messages';
import { PATIENT_DATA_MESSAGES } from './patient-data';
import { RETEST_MESSAGES } from './retests';

// The validation messages of the contract as catalogue keys (packages/i18n catalogue area `validation`, English and
// German). The messages themselves stay English text, so every caller keeps working; the server answers a request
// with the message of its key in the request's language, and the web app can do the same in its own checks:
// `const key = validationMessageKey(message); key ? t(key) : message`. The English catalogue holds exactly these
// texts (a test checks).

export const CREATE_ASSESSMENT_MESSAGE_KEYS = {
  age: 'validation.assessment.age',
  ageUnderAdult: 'validation.assessment.ageUnderAdult',
  ageRequired: 'validation.assessment.ageRequired',
  ageWhole: 'validation.assessment.ageWhole',
  gender: 'validation.assessment.gender',
  race: 'validation.assessment.race',
  country: 'validation.assessment.country',
  countryUnknown: 'validation.assessment.countryUnknown',
  countryMax: 'validation.assessment.countryMax',
  postalCode: 'validation.assessment.postalCode',
  patientId: 'validation.assessment.patientId',
  patientIdMax: 'validation.assessment.patientIdMax',
  patientIdChars: 'validation.assessment.patientIdChars',
  dsmCodes: 'validation.assessment.dsmCodes',
  dsmCodesMax: 'validation.assessment.dsmCodesMax',
  dsmCodesUnique: 'validation.assessment.dsmCodesUnique',
  primaryDsm: 'validation.assessment.primaryDsm',
  primaryDsmOutside: 'validation.assessment.primaryDsmOutside',
  termsId: 'validation.assessment.termsId',
  requestKey: 'validation.assessment.requestKey',
} as const satisfies Record<keyof typeof CREATE_ASSESSMENT_MESSAGES, string>;

export const GRANT_MESSAGE_KEYS = {
  clinicianId: 'validation.grant.clinicianId',
  quantity: 'validation.grant.quantity',
  noteMax: 'validation.grant.noteMax',
} as const satisfies Record<keyof typeof GRANT_MESSAGES, string>;

export const PATIENT_DATA_MESSAGE_KEYS = {
  clinicianId: 'validation.patientData.clinicianId',
  patientId: 'validation.patientData.patientId',
  patientIdMax: 'validation.patientData.patientIdMax',
  confirm: 'validation.patientData.confirm',
} as const satisfies Record<keyof typeof PATIENT_DATA_MESSAGES, string>;

export const PATIENT_CONTACT_MESSAGE_KEYS = {
  emailRequired: 'validation.patientContact.emailRequired',
  emailMax: 'validation.patientContact.emailMax',
  email: 'validation.patientContact.email',
  phone: 'validation.patientContact.phone',
} as const satisfies Record<keyof typeof PATIENT_CONTACT_MESSAGES, string>;

export const RETEST_MESSAGE_KEYS = {
  everyWeeks: 'validation.retest.everyWeeks',
  times: 'validation.retest.times',
} as const satisfies Record<keyof typeof RETEST_MESSAGES, string>;

export type ValidationMessageKey =
  | (typeof CREATE_ASSESSMENT_MESSAGE_KEYS)[keyof typeof CREATE_ASSESSMENT_MESSAGE_KEYS]
  | (typeof GRANT_MESSAGE_KEYS)[keyof typeof GRANT_MESSAGE_KEYS]
  | (typeof PATIENT_DATA_MESSAGE_KEYS)[keyof typeof PATIENT_DATA_MESSAGE_KEYS]
  | (typeof PATIENT_CONTACT_MESSAGE_KEYS)[keyof typeof PATIENT_CONTACT_MESSAGE_KEYS]
  | (typeof RETEST_MESSAGE_KEYS)[keyof typeof RETEST_MESSAGE_KEYS];

/** Each message set with its keys: message text → key (the first key of a text said in two sets). */
const KEY_OF_MESSAGE = new Map<string, ValidationMessageKey>();
for (const [messages, keys] of [
  [CREATE_ASSESSMENT_MESSAGES, CREATE_ASSESSMENT_MESSAGE_KEYS],
  [GRANT_MESSAGES, GRANT_MESSAGE_KEYS],
  [PATIENT_DATA_MESSAGES, PATIENT_DATA_MESSAGE_KEYS],
  [PATIENT_CONTACT_MESSAGES, PATIENT_CONTACT_MESSAGE_KEYS],
  [RETEST_MESSAGES, RETEST_MESSAGE_KEYS],
] as const) {
  for (const [name, text] of Object.entries(messages)) {
    if (!KEY_OF_MESSAGE.has(text)) {
      KEY_OF_MESSAGE.set(text, keys[name as keyof typeof keys]);
    }
  }
}

/** The catalogue key of a contract validation message, or undefined for any other text. */
export function validationMessageKey(message: string): ValidationMessageKey | undefined {
  return KEY_OF_MESSAGE.get(message);
}

/** Every contract message with its key, for the test that the English catalogue says the same. */
export function contractMessagesWithKeys(): [string, ValidationMessageKey][] {
  return [
    ...Object.entries(CREATE_ASSESSMENT_MESSAGES).map(([name, text]): [string, ValidationMessageKey] => [
      text,
      CREATE_ASSESSMENT_MESSAGE_KEYS[name as keyof typeof CREATE_ASSESSMENT_MESSAGE_KEYS],
    ]),
    ...Object.entries(GRANT_MESSAGES).map(([name, text]): [string, ValidationMessageKey] => [
      text,
      GRANT_MESSAGE_KEYS[name as keyof typeof GRANT_MESSAGE_KEYS],
    ]),
    ...Object.entries(PATIENT_DATA_MESSAGES).map(([name, text]): [string, ValidationMessageKey] => [
      text,
      PATIENT_DATA_MESSAGE_KEYS[name as keyof typeof PATIENT_DATA_MESSAGE_KEYS],
    ]),
    ...Object.entries(PATIENT_CONTACT_MESSAGES).map(([name, text]): [string, ValidationMessageKey] => [
      text,
      PATIENT_CONTACT_MESSAGE_KEYS[name as keyof typeof PATIENT_CONTACT_MESSAGE_KEYS],
    ]),
    ...Object.entries(RETEST_MESSAGES).map(([name, text]): [string, ValidationMessageKey] => [
      text,
      RETEST_MESSAGE_KEYS[name as keyof typeof RETEST_MESSAGE_KEYS],
    ]),
  ];
}
