import { z } from 'zod';
import { zLanguage } from './language';
import { ASSESSMENT_FORMS } from './assessments';

// The patient link API (DESIGN.md "Assessment lifecycle" and "API"): what the patient pages and the server agree on.
// The patient pages import only the types from here (the schemas stay on the server), so that the
// /test bundle does not carry a validation library.

/** The full form's item count, and the most any form has (the short and brief forms have 100 and 25). */
export const ITEM_COUNT = 220;

/** Link codes are 128 random bits in base64url: always 22 characters of A-Z a-z 0-9 - _. */
export const TEST_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * What the patient sees, decided by the server on every load (docs/product-spec.md §4): consent first, then the
 * questionnaire; a finished test is completed, an unfinished one past its due date is expired.
 */
export const PATIENT_TEST_STATUSES = ['consent-required', 'in-progress', 'completed', 'expired'] as const;
export type PatientTestStatus = (typeof PATIENT_TEST_STATUSES)[number];

export const ZPatientItemSet = z.object({
  id: z.string(),
  title: z.string(),
  /** BCP 47 tag of the item texts. */
  language: z.string(),
  /** Labels for the answers 0-3, in the item set's language. */
  answerLabels: z.array(z.string()).length(4),
  /**
   * The form's items in the form's order, numbered 1..N in the form's own numbering; each text is the item set's
   * text of the full-form item it stands for.
   */
  items: z.array(z.object({ number: z.int(), text: z.string() })),
});
export type TPatientItemSet = z.infer<typeof ZPatientItemSet>;

/** `GET /api/patient/{code}`: only what the patient pages need, nothing about the clinician or the patient. */
export const ZPatientTest = z.object({
  status: z.enum(PATIENT_TEST_STATUSES),
  /** The form's number of items (220, 100 or 25): the length of `answers`. */
  itemCount: z.int(),
  /** The form given (the consent page names it with its length, in the test's language). */
  form: z.enum(ASSESSMENT_FORMS),
  /** The test's language: the patient's pages, the item texts and the patient report are in it. */
  language: zLanguage(),
  /** The languages the patient may switch to (each has an item set loaded); empty where the institute allows none. */
  languageChoices: z.array(zLanguage()),
  /** One character per item of the form: '0'-'3' answered, '9' unanswered; item 1 first. */
  answers: z.string(),
  answeredCount: z.int(),
  dueAt: z.iso.datetime(),
  /** The active item set, only while the questionnaire is open (status in-progress). */
  itemSet: ZPatientItemSet.nullable(),
});
export type TPatientTest = z.infer<typeof ZPatientTest>;

/** `GET /api/patient/{code}/consent`: the current consent document (HTML sanitised when stored). */
export const ZPatientConsent = z.object({ id: z.int(), html: z.string() });
export type TPatientConsent = z.infer<typeof ZPatientConsent>;

/** `PUT /api/patient/{code}/language`: the patient's choice of language, before submitting. */
export const ZSetPatientLanguageRequest = z.object({
  language: zLanguage('Choose one of the offered languages'),
});
export type TSetPatientLanguageRequest = z.infer<typeof ZSetPatientLanguageRequest>;

export const ZAcceptConsentRequest = z.object({ consentId: z.int().positive() });
export type TAcceptConsentRequest = z.infer<typeof ZAcceptConsentRequest>;

const answerValue = z.int('Answers are whole numbers 0-3').min(0, 'Answers are 0 to 3').max(3, 'Answers are 0 to 3');
// 1-220 here; the server refuses an item beyond the test's own form (100 or 25 items) with the form's range.
const itemNumber = z
  .int('Item numbers are whole numbers 1-220')
  .min(1, `Item numbers are 1 to ${ITEM_COUNT}`)
  .max(ITEM_COUNT, `Item numbers are 1 to ${ITEM_COUNT}`);

/** `PUT /api/patient/{code}/answers/{item}`. */
/**
 * How long ago the patient gave the answer, in milliseconds by the browser's clock (an age, so the server places it on
 * its own clock; an answer queued while offline keeps the time it was given). For the response-time check.
 */
const answeredMsAgo = z
  .int()
  .min(0, 'answeredMsAgo cannot be negative')
  .max(366 * 24 * 3600 * 1000, 'answeredMsAgo is more than a year')
  .optional();

export const ZSaveAnswerRequest = z.object({ value: answerValue, answeredMsAgo });
export type TSaveAnswerRequest = z.infer<typeof ZSaveAnswerRequest>;

/** `POST /api/patient/{code}/answers`: answers queued while offline, applied together. */
export const ZSaveAnswersRequest = z.object({
  answers: z
    .array(z.object({ item: itemNumber, value: answerValue, answeredMsAgo }))
    .min(1, 'Send at least one answer')
    .max(ITEM_COUNT, `Send at most ${ITEM_COUNT} answers`)
    .refine((answers) => new Set(answers.map((a) => a.item)).size === answers.length, 'Each item may appear only once'),
});
export type TSaveAnswersRequest = z.infer<typeof ZSaveAnswersRequest>;

/** The server's answers after a save; the page needs no reload. */
export const ZSaveAnswersResponse = z.object({ answeredCount: z.int(), answers: z.string() });
export type TSaveAnswersResponse = z.infer<typeof ZSaveAnswersResponse>;

/** `POST /api/assessments/{id}/extend`: the new due date. */
export const ZExtendAssessmentResponse = z.object({ dueAt: z.iso.datetime() });
export type TExtendAssessmentResponse = z.infer<typeof ZExtendAssessmentResponse>;
