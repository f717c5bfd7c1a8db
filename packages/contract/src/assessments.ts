import { z } from 'zod';
import { LANGUAGES } from '@pid5/i18n';
import { zLanguage } from './language';
import { countryCodeFor, isCountryCode, postalCodeProblem, US_POSTAL_CODE_MESSAGE } from './countries';

// The clinician and admin side of an assessment (product docs/product-spec.md §2-§5, DESIGN.md "API"). One rule set:
// the Create Test form validates with these schemas and so does the server.

/** docs/product-spec.md §9: 220 questions; 30 days to complete; 10 rows per dashboard page. */
export const QUESTION_COUNT = 220;
export const DAYS_TO_COMPLETE = 30;
export const ASSESSMENTS_PAGE_SIZE = 10;

/**
 * Extending a test (DESIGN.md "Assessment lifecycle"): offered when it is expired or due within EXTEND_WINDOW_DAYS; each
 * extension adds EXTEND_DAYS to the later of the due date and now, never past EXTEND_CAP_DAYS after the first due date.
 */
export const EXTEND_DAYS = 30;
export const EXTEND_WINDOW_DAYS = 7;
export const EXTEND_CAP_DAYS = 90;

/** docs/product-spec.md §3 "Create payload": the options in the order the form lists them. */
// Diverse: the third legal gender entry of Germany and Austria ("divers"); norms by gender read all adults for it.
export const GENDERS = ['Male', 'Female', 'Diverse', 'Unspecified'] as const;
export type Gender = (typeof GENDERS)[number];
export const RACES = [
  'Unspecified',
  'Caucasian',
  'African American',
  'Hispanic or Latino',
  'Asian',
  'Native American',
  'Pacific Islander',
  'Mixed Race',
  'Other',
] as const;
export type Race = (typeof RACES)[number];

/**
 * The PID-5 forms a test can be given as (DESIGN.md "Scoring (packages/instrument)"): the full form (220 items), the short form
 * (PID-5-SF, 100 items), the brief form (PID-5-BF, 25 items) and the PID5BF+M (36 items; ICD-11 trait domains). The same ids and item counts as
 * `@pid5/instrument` (ADMINISTERED_FORM_IDS, administeredItemCount; forms.test.ts in this package checks they agree); here so the web
 * app's forms and the patient bundle need not load the instrument's data.
 */
export const ASSESSMENT_FORMS = ['FULL', 'SF', 'BF', 'BFM'] as const;
export type AssessmentForm = (typeof ASSESSMENT_FORMS)[number];
export const DEFAULT_ASSESSMENT_FORM: AssessmentForm = 'FULL';
export const FORM_ITEM_COUNTS: Readonly<Record<AssessmentForm, number>> = { FULL: 220, SF: 100, BF: 25, BFM: 36 };

export interface AssessmentFormChoice {
  readonly id: AssessmentForm;
  /** "Full (220 items)". */
  readonly label: string;
  /** "Full", "Short", "Brief": the dashboard's column and filter. */
  readonly shortLabel: string;
  readonly itemCount: number;
  /** Our estimate, not a published figure (DESIGN.md "Scoring (packages/instrument)"). */
  readonly minutesLabel: string;
  readonly description: string;
}

/** The forms in the order the Create Test form offers them. */
export const ASSESSMENT_FORM_CHOICES: readonly AssessmentFormChoice[] = [
  {
    id: 'FULL',
    label: 'Full (220 items)',
    shortLabel: 'Full',
    itemCount: 220,
    minutesLabel: 'about 30-40 minutes',
    description: 'PID-5: 25 facets and 5 domains, with validity scales.',
  },
  {
    id: 'SF',
    label: 'Short (100 items)',
    shortLabel: 'Short',
    itemCount: 100,
    minutesLabel: 'about 15-20 minutes',
    description: 'PID-5-SF: 25 facets and 5 domains; inconsistency scale only.',
  },
  {
    id: 'BF',
    label: 'Brief (25 items)',
    shortLabel: 'Brief',
    itemCount: 25,
    minutesLabel: 'about 5 minutes',
    description: 'PID-5-BF: 5 domains and a total score; no validity scales are published.',
  },
  {
    id: 'BFM',
    label: 'PID5BF+M (36 items)',
    shortLabel: 'BF+M',
    itemCount: 36,
    minutesLabel: 'about 5-10 minutes',
    description:
      'PID5BF+M: the six ICD-11 and DSM-5 trait domains, Anankastia included, with German norms only (no US norms exist); no validity scales are published.',
  },
];

export function getFormChoice(form: AssessmentForm): AssessmentFormChoice {
  const choice = ASSESSMENT_FORM_CHOICES.find((c) => c.id === form);
  if (!choice) {
    throw new RangeError(`Unknown form ${String(form)}`);
  }
  return choice;
}

/** A form from a URL parameter (the dashboard's filter); anything unknown is no filter, so an edited link still works. */
export function parseAssessmentForm(value: string | null | undefined): AssessmentForm | null {
  return (ASSESSMENT_FORMS as readonly string[]).includes(value ?? '') ? (value as AssessmentForm) : null;
}

const ZAssessmentForm = z.enum(ASSESSMENT_FORMS, {
  error: 'Please choose the full, short or brief form or the PID5BF+M',
});
export { ZAssessmentForm };

/** Every form is the adult self-report (DESIGN.md "Creating tests and the dashboard"): 18 and older. */
export const AGE_MIN = 18;
export const AGE_MAX = 120;
export const PATIENT_ID_MAX = 64;
export const COUNTRY_MAX = 100;
export const DIAGNOSES_MAX = 50;

export const CREATE_ASSESSMENT_MESSAGES = {
  age: `Please enter an age between ${AGE_MIN} and ${AGE_MAX}`,
  ageUnderAdult: `The PID-5 is an adult self-report: the patient must be ${AGE_MIN} or older`,
  ageRequired: 'Please enter an age',
  ageWhole: 'Please enter the age in whole years',
  gender: 'Please choose a gender',
  race: 'Please choose a race',
  country: 'Please choose a country',
  countryUnknown: 'Please choose a country from the list',
  countryMax: `Country is at most ${COUNTRY_MAX} characters`,
  postalCode: US_POSTAL_CODE_MESSAGE,
  patientId: 'Please enter a patient identifier',
  patientIdMax: `Patient identifiers are at most ${PATIENT_ID_MAX} characters`,
  patientIdChars: 'Patient identifiers are one line of text (no tabs or line breaks)',
  dsmCodes: 'Please choose at least one diagnosis',
  dsmCodesMax: `Please choose at most ${DIAGNOSES_MAX} diagnoses`,
  dsmCodesUnique: 'Each diagnosis can be chosen only once',
  primaryDsm: 'Please choose a primary diagnosis',
  primaryDsmOutside: 'The primary diagnosis must be one of the chosen diagnoses',
  termsId: 'Please agree to the terms and conditions',
  requestKey: 'The request key must be a UUID: reload the page and try again',
} as const;

const M = CREATE_ASSESSMENT_MESSAGES;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** `POST /api/assessments`. docs/product-spec.md §5 (age ≥ 18 here: every form is for adults; country, postal code 5 digits, patient identifier, ≥ 1 diagnosis and a primary). */
export const ZCreateAssessmentRequest = z
  .object({
    age: z
      .number({ error: (issue) => (issue.input === undefined ? M.ageRequired : M.age) })
      .int(M.ageWhole)
      .min(AGE_MIN, M.ageUnderAdult)
      .max(AGE_MAX, M.age),
    gender: z.enum(GENDERS, { error: M.gender }),
    race: z.enum(RACES, { error: M.race }),
    // An ISO 3166-1 alpha-2 code (the form sends one); a code or English name is read as its code.
    country: requiredText(M.country)
      .max(COUNTRY_MAX, M.countryMax)
      .transform((value, context) => {
        const code = countryCodeFor(value);
        if (code === null) {
          context.addIssue({ code: 'custom', message: M.countryUnknown });
          return z.NEVER;
        }
        return code;
      }),
    // Checked against the country below (postalCodeProblem: the US's 5 digits, other countries' own rules).
    postalCode: z.string({ error: M.postalCode }).trim().max(20, M.postalCode),
    patientId: requiredText(M.patientId)
      .max(PATIENT_ID_MAX, M.patientIdMax)
      .regex(/^\P{Cc}*$/u, M.patientIdChars),
    dsmCodes: z
      .array(z.string().trim().min(1).max(40), { error: M.dsmCodes })
      .min(1, M.dsmCodes)
      .max(DIAGNOSES_MAX, M.dsmCodesMax)
      .refine((codes) => new Set(codes).size === codes.length, M.dsmCodesUnique),
    primaryDsm: requiredText(M.primaryDsm),
    termsId: z.number({ error: M.termsId }).int(M.termsId).positive(M.termsId),
    /** The form to give; without it, the institute's default (DEFAULT_FORM, else Full). */
    form: ZAssessmentForm.optional(),
    /** The language to give it in (DESIGN.md "Languages"); without it, the institute's (DEFAULT_TEST_LANGUAGE). */
    language: zLanguage(() => `Choose a test language: ${LANGUAGES.join(', ')}`).optional(),
    /**
     * One key per intent to create (the form makes one when it opens): a repeated request with the same key, such as
     * a double click or a retry after a lost answer, returns the test the first one created and uses no second
     * purchased test.
     */
    requestKey: z.uuid({ error: M.requestKey }).optional(),
  })
  .refine((value) => postalCodeProblem(value.country, value.postalCode) === null, {
    path: ['postalCode'],
    error: (issue) => {
      const value = issue.input as { country: string; postalCode: string };
      return postalCodeProblem(value.country, value.postalCode) ?? M.postalCode;
    },
    // Report it together with any other field problem, once the country is known.
    when: (payload) => {
      const value = payload.value as { country?: unknown; postalCode?: unknown } | undefined;
      return typeof value?.country === 'string' && isCountryCode(value.country) && typeof value.postalCode === 'string';
    },
  })
  .refine((value) => value.dsmCodes.includes(value.primaryDsm), {
    path: ['primaryDsm'],
    message: M.primaryDsmOutside,
    // Report a primary outside the selection together with any other field problem, not after them.
    when: (payload) => {
      const value = payload.value as { dsmCodes?: unknown; primaryDsm?: unknown } | undefined;
      return Array.isArray(value?.dsmCodes) && value.dsmCodes.length > 0 && typeof value.primaryDsm === 'string';
    },
  });
export type TCreateAssessmentRequest = z.infer<typeof ZCreateAssessmentRequest>;
export type CreateAssessmentField = keyof TCreateAssessmentRequest;

/** Field → first message, from a failed parse (the form shows these under its inputs). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? 'request');
    fields[name] ??= issue.message;
  }
  return fields;
}

/** docs/product-spec.md §2 "Sort By", in the menu's order. The dashboard defaults to the newest first. */
export const ASSESSMENT_SORTS = ['answered-asc', 'answered-desc', 'created-asc', 'created-desc'] as const;
export type AssessmentSort = (typeof ASSESSMENT_SORTS)[number];
export const DEFAULT_ASSESSMENT_SORT: AssessmentSort = 'created-desc';
export const ASSESSMENT_SORT_LABELS: Record<AssessmentSort, string> = {
  'answered-asc': 'Questions Completed Asc.',
  'answered-desc': 'Questions Completed Desc.',
  'created-asc': 'Date Created Asc.',
  'created-desc': 'Date Created Desc.',
};

/** A sort from a URL parameter; anything unknown falls back to the default, so an old or edited link still works. */
export function parseAssessmentSort(value: string | null | undefined): AssessmentSort {
  return (ASSESSMENT_SORTS as readonly string[]).includes(value ?? '')
    ? (value as AssessmentSort)
    : DEFAULT_ASSESSMENT_SORT;
}

/** A page number from a URL parameter: a whole number ≥ 1, else 1. */
export function parsePageNumber(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export const SEARCH_MAX = 100;

/** A test's status as staff see it, decided by the server's lifecycle (DESIGN.md "Assessment lifecycle"). */
export const ASSESSMENT_STATUSES = ['not-started', 'in-progress', 'completed', 'expired'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** The dashboard's status filter, in the menu's order; 'all' is no filter. */
export const ASSESSMENT_STATUS_FILTERS = ['all', ...ASSESSMENT_STATUSES] as const;
export type AssessmentStatusFilter = (typeof ASSESSMENT_STATUS_FILTERS)[number];
export const ASSESSMENT_STATUS_FILTER_LABELS: Record<AssessmentStatusFilter, string> = {
  all: 'All',
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/** A status filter from a URL parameter; anything unknown is 'all', so an old or edited link still works. */
export function parseAssessmentStatusFilter(value: string | null | undefined): AssessmentStatusFilter {
  return (ASSESSMENT_STATUS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as AssessmentStatusFilter)
    : 'all';
}

/** `GET /api/assessments?search=&sort=&status=&page=`. */
export const ZListAssessmentsQuery = z.object({
  search: z.string().max(SEARCH_MAX, `Search is at most ${SEARCH_MAX} characters`).default(''),
  sort: z.enum(ASSESSMENT_SORTS).default(DEFAULT_ASSESSMENT_SORT),
  status: z
    .enum(ASSESSMENT_STATUS_FILTERS, { error: `Status is one of: ${ASSESSMENT_STATUS_FILTERS.join(', ')}` })
    .default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Only tests given as this form; every form without it. */
  form: z.enum(ASSESSMENT_FORMS, { error: 'form is FULL, SF or BF' }).optional(),
});
export type TListAssessmentsQuery = z.infer<typeof ZListAssessmentsQuery>;

export const ZClinicianRef = z.object({ id: z.string(), username: z.string() });
export type TClinicianRef = z.infer<typeof ZClinicianRef>;

export const ZAssessmentListItem = z.object({
  id: z.number().int(),
  patientId: z.string(),
  /** The form given; `answeredCount` counts its items. */
  form: z.enum(ASSESSMENT_FORMS),
  /** The language the test is given in. */
  language: zLanguage(),
  answeredCount: z.number().int(),
  createdAt: z.string(),
  dueAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Decided by the server's lifecycle (the Expired badge shows it). */
  status: z.enum(ASSESSMENT_STATUSES),
  /** Only in the admin view (docs/product-spec.md §2: the Clinician column). */
  clinician: ZClinicianRef.nullable(),
});
export type TAssessmentListItem = z.infer<typeof ZAssessmentListItem>;

export const ZAssessmentList = z.object({
  items: z.array(ZAssessmentListItem),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  pageSize: z.number().int(),
  /** Which view the list was built for (from the session, never from the request). */
  view: z.enum(['admin', 'clinician']),
});
export type TAssessmentList = z.infer<typeof ZAssessmentList>;

export const ZDiagnosisRef = z.object({
  code: z.string(),
  description: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type TDiagnosisRef = z.infer<typeof ZDiagnosisRef>;

/** `GET /api/assessments/{id}`: the clinician view; `clinician` is set only in the admin view. */
export const ZAssessmentDetails = z.object({
  id: z.number().int(),
  patientId: z.string(),
  /** Null for a colleague reading a shared patient: the link is the patient's credential to answer. */
  testLink: z.string().nullable(),
  /** The form given and its number of items. */
  form: z.enum(ASSESSMENT_FORMS),
  itemCount: z.number().int(),
  /** The language the test is given in (the patient may switch it while it is open, where offered). */
  language: zLanguage(),
  answeredCount: z.number().int(),
  createdAt: z.string(),
  dueAt: z.string(),
  finishedAt: z.string().nullable(),
  consentAgreedAt: z.string().nullable(),
  isExpired: z.boolean(),
  /**
   * Extending it now (DESIGN.md "Assessment lifecycle"): the due date an extension would set, or null with the reason
   * (`completed`; `not-yet`: due in more than 7 days; `limit-reached`), and the latest due date extensions can reach.
   */
  extension: z.object({
    dueAt: z.string().nullable(),
    refusal: z.enum(['completed', 'not-yet', 'limit-reached']).nullable(),
    limit: z.string(),
  }),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  race: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The country's English name, or the text stored before countries were codes. */
  country: z.string().nullable(),
  /** ISO 3166-1 alpha-2, or null for a country kept as free text. */
  countryCode: z.string().nullable(),
  diagnoses: z.array(ZDiagnosisRef),
  primaryDsm: z.string().nullable(),
  clinician: ZClinicianRef.nullable(),
  view: z.enum(['admin', 'clinician']),
});
export type TAssessmentDetails = z.infer<typeof ZAssessmentDetails>;

export const ZCreateAssessmentResponse = z.object({
  id: z.number().int(),
  /** The form the test was created as (the request's, else the institute's default). */
  form: z.enum(ASSESSMENT_FORMS),
  /** The language the test was created in (the request's, else the institute's default). */
  language: zLanguage(),
  testLink: z.string(),
  testsAvailable: z.number().int(),
});
export type TCreateAssessmentResponse = z.infer<typeof ZCreateAssessmentResponse>;

/** Path parameter `{id}`: a positive whole number (anything else is a 400, never a 500). */
export const ZAssessmentIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Assessment ids are positive whole numbers')
    .transform(Number),
});

/** `GET /api/documents/terms`: the current terms (HTML sanitised when stored). */
export const ZTermsDocument = z.object({ id: z.number().int(), version: z.number().int(), bodyHtml: z.string() });
export type TTermsDocument = z.infer<typeof ZTermsDocument>;

/** Diagnosis catalogue (DESIGN.md "Data model"): ICD-10-CM codes used in DSM-5-TR, shipped as versioned data. */
export const ZDiagnosis = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  group: z.string(),
});
export type TDiagnosis = z.infer<typeof ZDiagnosis>;
export const ZDiagnosisCatalogue = z.object({ version: z.string(), items: z.array(ZDiagnosis) });
export type TDiagnosisCatalogue = z.infer<typeof ZDiagnosisCatalogue>;
export const ZDiagnosesQuery = z.object({ q: z.string().max(SEARCH_MAX).default('') });

/** Case-insensitive match on code and description (docs/product-spec.md §5), shared by the picker and `GET /api/diagnoses?q=`. */
export function matchesDiagnosis(diagnosis: { code: string; description: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return (
    needle === '' ||
    diagnosis.code.toLowerCase().includes(needle) ||
    diagnosis.description.toLowerCase().includes(needle)
  );
}
