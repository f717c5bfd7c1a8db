import { useForm, type FormErrors } from '@mantine/form';
import {
  ZCreateAssessmentRequest,
  fieldErrors,
  type AssessmentForm,
  type Gender,
  type Race,
  type TCreateAssessmentRequest,
} from '@pid5/contract';

/**
 * The Create Test form as one model (@mantine/form): everything of `POST /api/assessments` but the terms, which the
 * clinician agrees to in the dialog after the form is right. Checked with the contract's schema, the one the server
 * applies, so the form and the server give the same messages.
 */
export interface CreateTestValues {
  /** '' while the box is empty. */
  age: number | '';
  gender: Gender;
  race: Race;
  /** ISO 3166-1 alpha-2; the institute's default country to begin with. */
  country: string;
  postalCode: string;
  patientId: string;
  dsmCodes: string[];
  /** null until one of the chosen diagnoses is picked as the primary. */
  primaryDsm: string | null;
  /** The form to give; null until the clinician chooses, meaning the institute's default. */
  form: AssessmentForm | null;
}

export const EMPTY_CREATE_TEST: CreateTestValues = {
  age: '',
  gender: 'Unspecified',
  race: 'Unspecified',
  country: '',
  postalCode: '',
  patientId: '',
  dsmCodes: [],
  primaryDsm: null,
  form: null,
};

/** The request body for these values and the agreed terms (null before they are agreed), for the schema to check. */
function toRequest(values: CreateTestValues, termsId: number | null): Record<keyof TCreateAssessmentRequest, unknown> {
  return {
    ...values,
    age: values.age === '' ? undefined : values.age,
    primaryDsm: values.primaryDsm ?? '',
    termsId: termsId ?? undefined,
    form: values.form ?? undefined,
    // Chosen beside the form (components/test-language-select.tsx) and added to the request when it is sent.
    language: undefined,
    // The page's key for this intent, likewise added when the request is sent.
    requestKey: undefined,
  };
}

/** The form's messages (first per field): the contract's checks of every field; the terms come later. */
export function validateCreateTest(values: CreateTestValues): FormErrors {
  const result = ZCreateAssessmentRequest.safeParse(toRequest(values, null));
  if (result.success) {
    return {};
  }
  const { termsId: _agreedLater, ...errors } = fieldErrors(result.error);
  return errors;
}

/** The request to send once the terms are agreed, or the messages for the fields that are wrong. */
export function parseCreateTest(
  values: CreateTestValues,
  termsId: number,
): { request: TCreateAssessmentRequest } | { errors: FormErrors } {
  const result = ZCreateAssessmentRequest.safeParse(toRequest(values, termsId));
  return result.success ? { request: result.data } : { errors: fieldErrors(result.error) };
}

export function useCreateTestForm(
  initialValues: CreateTestValues = EMPTY_CREATE_TEST,
  /** The messages in the page's language (i18n/contract-messages.ts). */
  inLanguage: (errors: FormErrors, values: CreateTestValues) => FormErrors = (errors) => errors,
) {
  // A field's message goes as soon as it is changed (clearInputErrorOnChange, the default).
  return useForm<CreateTestValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => inLanguage(validateCreateTest(values), values),
  });
}

/** The Create Test form's state (Mantine's form over CreateTestValues). */
export type CreateTestForm = ReturnType<typeof useCreateTestForm>;
