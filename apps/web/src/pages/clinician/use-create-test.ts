import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import { DEFAULT_ASSESSMENT_FORM, type AssessmentForm, type TMe } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { useCreateAssessment, useCredits, useDiagnoses, useTerms } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { createTestEmailError, sendCreatedTestInvitation } from '../../components/create-test-invitation';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { countryNameIn } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { EMPTY_CREATE_TEST, parseCreateTest, useCreateTestForm } from './create-test-form';
import { readNewTestForPatient } from './patient-prefill';

/** Where each field's message is shown; dsmCodes and primaryDsm share the diagnoses section. */
const FIELD_ORDER = ['age', 'gender', 'race', 'country', 'postalCode', 'patientId', 'dsmCodes', 'primaryDsm'] as const;

/** The one dialog open over the form, if any: the diagnosis picker, the terms, or 'leave without creating?'. */
export type CreateTestPanel = 'picker' | 'terms' | 'leave';

/** A random key for one intent to create; none where the browser offers no randomUUID (an insecure origin). */
function newRequestKey(): string | undefined {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

/**
 * Create Test's state and actions: the form, the test's form and language as chosen or defaulted, the open dialog,
 * the patient's e-mail for the invitation, and creating the test once the terms are agreed.
 */
export function useCreateTest() {
  const navigate = useNavigate();
  const { t, language } = useStaffText();
  const credits = useCredits();
  const diagnoses = useDiagnoses();
  const create = useCreateAssessment();
  // One key per intent (the server returns the first test for a repeated key) and one request at a time: a double
  // click on "Agree and Create Test" creates one test, uses one purchased test and sends one invitation.
  const [requestKey] = useState(newRequestKey);
  const creating = useRef(false);
  const me = useOutletContext<TMe>();
  // "New test for this patient": filled in from an earlier test of the patient, all of it editable.
  const location = useLocation();
  const [fromPatient] = useState(() => readNewTestForPatient(location.state));
  const inLanguage = (errors: Record<string, unknown>, country: string) =>
    translateFieldErrors(errors as Record<string, string>, t, {
      countryCode: country,
      countryInLanguage: (code) => countryNameIn(code, language),
    });
  // The institute's default country to begin with (a prefilled test keeps its own).
  const form = useCreateTestForm(
    fromPatient?.prefill ?? { ...EMPTY_CREATE_TEST, country: me.institute.defaultCountry },
    (errors, values) => inLanguage(errors, values.country),
  );
  const { dsmCodes, primaryDsm } = form.values;
  // The test's language: a re-test's own, else the institute's default; only the languages the server offers.
  const [testLanguage, setTestLanguage] = useState<Language | null>(fromPatient?.language ?? null);
  const chosenLanguage =
    testLanguage && me.institute.testLanguages.includes(testLanguage) ? testLanguage : me.institute.defaultTestLanguage;

  const [openPanel, setOpenPanel] = useState<CreateTestPanel | null>(null);
  // Each opening starts a fresh picker (empty search, all entries shown).
  const [pickerSession, setPickerSession] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [patientEmail, setPatientEmail] = useState('');
  const [patientEmailError, setPatientEmailError] = useState<string | null>(null);
  const terms = useTerms(openPanel === 'terms');

  const descriptions = useMemo(
    () => new Map((diagnoses.data?.items ?? []).map((d) => [d.code, d.description])),
    [diagnoses.data],
  );
  const noTestsLeft = credits.data !== undefined && credits.data.available === 0;
  // The form shown chosen: the clinician's choice, else the institute's default (DEFAULT_FORM), else Full.
  const chosenForm: AssessmentForm = form.values.form ?? credits.data?.defaultForm ?? DEFAULT_ASSESSMENT_FORM;
  // Always pressable while tests are left: pressing it with something missing says what, under each field.
  const canCreate = openPanel === null && !noTestsLeft;

  /** The form is wrong: its messages are shown; focus goes to the first field with one. */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) {
      document.getElementById(`create-${first}`)?.focus();
    }
  };

  /** "Create Test": right, on to the terms; wrong, the messages show under the fields. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!canCreate) {
      event.preventDefault();
      return;
    }
    setFailure(null);
    const emailError = createTestEmailError(t, patientEmail);
    setPatientEmailError(emailError);
    form.onSubmit(() => setOpenPanel(emailError ? null : 'terms'), focusFirstError)(event);
  };

  const openPicker = () => {
    setPickerSession((n) => n + 1);
    setOpenPanel('picker');
  };

  const closePicker = () => {
    setOpenPanel(null);
    // docs/product-spec.md §4: a primary that is no longer selected is cleared when the picker closes.
    if (primaryDsm !== null && !dsmCodes.includes(primaryDsm)) {
      form.setFieldValue('primaryDsm', null);
    }
    form.clearFieldError('dsmCodes');
    form.clearFieldError('primaryDsm');
  };

  /** The server's refusal: its reason above the form, its field messages under the fields. */
  const showFailure = (error: unknown) => {
    const reason = error instanceof Error ? error.message : t('createTest.somethingWrong');
    setFailure(t('createTest.failed', { reason }));
    if (error instanceof ApiError) {
      form.setErrors(
        inLanguage(
          Object.fromEntries(
            Object.entries(error.fields).map(([name, message]) => [name.split('.')[0] ?? name, message]),
          ),
          form.values.country,
        ),
      );
      if (error.code === 'STALE_TERMS') {
        void terms.refetch();
      }
    }
  };

  const agreeAndCreate = async () => {
    if (!terms.data || creating.current) {
      return;
    }
    const parsed = parseCreateTest({ ...form.values, form: chosenForm }, terms.data.id);
    if ('errors' in parsed) {
      setOpenPanel(null);
      form.setErrors(inLanguage(parsed.errors, form.values.country));
      return;
    }
    creating.current = true;
    try {
      const created = await create.mutateAsync({ ...parsed.request, language: chosenLanguage, requestKey });
      const invitationError = patientEmail.trim()
        ? await sendCreatedTestInvitation(created.id, patientEmail, t('messages.notQueued'))
        : null;
      form.reset();
      setPatientEmail('');
      setOpenPanel(null);
      if (invitationError) {
        void navigate(`/details/${created.id}`, { state: { invitationError } });
        return;
      }
      void navigate('/dashboard', { state: { createdId: created.id, patientId: parsed.request.patientId } });
    } catch (error) {
      creating.current = false;
      setOpenPanel(null);
      showFailure(error);
    }
  };

  return {
    me,
    form,
    fromPatient,
    diagnoses,
    descriptions,
    terms,
    isCreating: create.isPending,
    noTestsLeft,
    canCreate,
    chosenForm,
    chosenLanguage,
    setTestLanguage,
    openPanel,
    setOpenPanel,
    pickerSession,
    failure,
    dismissFailure: () => setFailure(null),
    patientEmail,
    patientEmailError,
    setPatientEmail,
    submit,
    openPicker,
    closePicker,
    agreeAndCreate,
    leave: () => void navigate('/dashboard'),
  };
}
