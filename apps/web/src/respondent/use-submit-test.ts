import { useState } from 'react';
import type { TPatientTest } from '@pid5/contract';
import { ApiError } from '../api/client';
import { CLOSED_CODES } from './answer-sync';
import { submitTest } from './respondent-api';
import { useRespondentText } from './respondent-language';

/**
 * Submitting the test, after the patient confirms: the submitted test to the app; a test that no longer takes
 * answers reloads; any other refusal is said above the submit button.
 */
export function useSubmitTest(code: string, onSubmitted: (test: TPatientTest) => void, onReload: () => void) {
  const { t } = useRespondentText();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const submit = async () => {
    setIsConfirmOpen(false);
    setIsSubmitting(true);
    setSubmitError(null);
    try {
      onSubmitted(await submitTest(code));
    } catch (caught) {
      setIsSubmitting(false);
      const error = caught instanceof ApiError ? caught : null;
      if (error && CLOSED_CODES.has(error.code)) {
        onReload();
        return;
      }
      setSubmitError(error?.message ?? t('questionnaire.submitFailed'));
    }
  };

  return {
    isConfirmOpen,
    askToConfirm: () => setIsConfirmOpen(true),
    cancelConfirm: () => setIsConfirmOpen(false),
    isSubmitting,
    submitError,
    submit,
  };
}
