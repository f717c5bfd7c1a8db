import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AssessmentForm } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { useCreateAssessment, type useTerms } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { sendCreatedTestInvitation } from '../../components/create-test-invitation';
import { useStaffText } from '../../i18n/staff-language';
import { parseCreateTest, type CreateTestForm } from './create-test-form';
import type { InLanguage } from './use-create-test-values';

/** A random key for one intent to create; none where the browser offers no randomUUID (an insecure origin). */
function newRequestKey(): string | undefined {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

/**
 * "Agree and Create Test": the test created once for this intent, the invitation sent where an e-mail was given, then
 * on to the dashboard (or to the test's details, where the invitation was not sent); a refusal shown on the form.
 */
export function useAgreeAndCreate(page: {
  form: CreateTestForm;
  terms: ReturnType<typeof useTerms>;
  chosenForm: AssessmentForm;
  chosenLanguage: Language;
  patientEmail: string;
  inLanguage: InLanguage;
  /** Closes the terms dialog. */
  closePanel: () => void;
  /** Empties the form and the e-mail once the test is created. */
  reset: () => void;
}) {
  const { form, terms, inLanguage, patientEmail } = page;
  const navigate = useNavigate();
  const { t } = useStaffText();
  const create = useCreateAssessment();
  // One key per intent (the server returns the first test for a repeated key) and one request at a time: a double
  // click on "Agree and Create Test" creates one test, uses one purchased test and sends one invitation.
  const [requestKey] = useState(newRequestKey);
  const creating = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

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
    const parsed = parseCreateTest({ ...form.values, form: page.chosenForm }, terms.data.id);
    if ('errors' in parsed) {
      page.closePanel();
      form.setErrors(inLanguage(parsed.errors, form.values.country));
      return;
    }
    creating.current = true;
    try {
      const created = await create.mutateAsync({ ...parsed.request, language: page.chosenLanguage, requestKey });
      const invitationError = patientEmail.trim()
        ? await sendCreatedTestInvitation(created.id, patientEmail, t('messages.notQueued'))
        : null;
      page.reset();
      page.closePanel();
      if (invitationError) {
        void navigate(`/details/${created.id}`, { state: { invitationError } });
        return;
      }
      void navigate('/dashboard', { state: { createdId: created.id, patientId: parsed.request.patientId } });
    } catch (error) {
      creating.current = false;
      page.closePanel();
      showFailure(error);
    }
  };

  return { agreeAndCreate, isCreating: create.isPending, failure, clearFailure: () => setFailure(null) };
}
