import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useOutletContext } from 'react-router';
import { DEFAULT_ASSESSMENT_FORM, type AssessmentForm, type TMe } from '@pid5/contract';
import { useCredits, useDiagnoses, useTerms } from '../../api/assessments';
import { createTestEmailError } from '../../components/create-test-invitation';
import { useStaffText } from '../../i18n/staff-language';
import type { CreateTestForm } from './create-test-form';
import { useAgreeAndCreate } from './use-agree-and-create';
import { useCreateTestValues } from './use-create-test-values';

/** Where each field's message is shown; dsmCodes and primaryDsm share the diagnoses section. */
const FIELD_ORDER = ['age', 'gender', 'race', 'country', 'postalCode', 'patientId', 'dsmCodes', 'primaryDsm'] as const;

/** The one dialog open over the form, if any: the diagnosis picker, the terms, or 'leave without creating?'. */
export type CreateTestPanel = 'picker' | 'terms' | 'leave';

/** The form is wrong: its messages are shown; focus goes to the first field with one. */
function focusFirstError(errors: Record<string, unknown>) {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) {
    document.getElementById(`create-${first}`)?.focus();
  }
}

/**
 * Create Test's state and actions: the form, the test's form and language as chosen or defaulted, the open dialog,
 * the patient's e-mail for the invitation, and creating the test once the terms are agreed.
 */
export function useCreateTest() {
  const navigate = useNavigate();
  const { t } = useStaffText();
  const credits = useCredits();
  const diagnoses = useDiagnoses();
  const me = useOutletContext<TMe>();
  const { fromPatient, form, inLanguage, chosenLanguage, setTestLanguage } = useCreateTestValues(me);
  const panels = useCreateTestPanels(form);
  const [patientEmail, setPatientEmail] = useState('');
  const [patientEmailError, setPatientEmailError] = useState<string | null>(null);
  const terms = useTerms(panels.openPanel === 'terms');

  const descriptions = useMemo(
    () => new Map((diagnoses.data?.items ?? []).map((d) => [d.code, d.description])),
    [diagnoses.data],
  );
  const noTestsLeft = credits.data !== undefined && credits.data.available === 0;
  // The form shown chosen: the clinician's choice, else the institute's default (DEFAULT_FORM), else Full.
  const chosenForm: AssessmentForm = form.values.form ?? credits.data?.defaultForm ?? DEFAULT_ASSESSMENT_FORM;
  // Always pressable while tests are left: pressing it with something missing says what, under each field.
  const canCreate = panels.openPanel === null && !noTestsLeft;

  const creation = useAgreeAndCreate({
    form,
    terms,
    chosenForm,
    chosenLanguage,
    patientEmail,
    inLanguage,
    closePanel: () => panels.setOpenPanel(null),
    reset: () => {
      form.reset();
      setPatientEmail('');
    },
  });

  /** "Create Test": right, on to the terms; wrong, the messages show under the fields. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!canCreate) {
      event.preventDefault();
      return;
    }
    creation.clearFailure();
    const emailError = createTestEmailError(t, patientEmail);
    setPatientEmailError(emailError);
    form.onSubmit(() => panels.setOpenPanel(emailError ? null : 'terms'), focusFirstError)(event);
  };

  return {
    me,
    form,
    fromPatient,
    diagnoses,
    descriptions,
    terms,
    isCreating: creation.isCreating,
    noTestsLeft,
    canCreate,
    chosenForm,
    chosenLanguage,
    setTestLanguage,
    ...panels,
    failure: creation.failure,
    dismissFailure: creation.clearFailure,
    patientEmail,
    patientEmailError,
    setPatientEmail,
    submit,
    agreeAndCreate: creation.agreeAndCreate,
    leave: () => void navigate('/dashboard'),
  };
}

/** The one dialog open over the form; each opening of the diagnosis picker starts a fresh one (empty search). */
function useCreateTestPanels(form: CreateTestForm) {
  const [openPanel, setOpenPanel] = useState<CreateTestPanel | null>(null);
  const [pickerSession, setPickerSession] = useState(0);
  const { dsmCodes, primaryDsm } = form.values;
  return {
    openPanel,
    setOpenPanel,
    pickerSession,
    openPicker: () => {
      setPickerSession((n) => n + 1);
      setOpenPanel('picker');
    },
    closePicker: () => {
      setOpenPanel(null);
      // docs/product-spec.md §4: a primary that is no longer selected is cleared when the picker closes.
      if (primaryDsm !== null && !dsmCodes.includes(primaryDsm)) {
        form.setFieldValue('primaryDsm', null);
      }
      form.clearFieldError('dsmCodes');
      form.clearFieldError('primaryDsm');
    },
  };
}
