import { useRespondentText } from '../respondent-language';

/**
 * Under the last item: the submit button once every answer is in and saved, else how many are left (or that the last
 * is still being saved); a refusal of the submission above it.
 */
export function SubmitArea({
  canSubmit,
  remaining,
  itemCount,
  isSubmitting,
  submitError,
  onSubmit,
}: {
  canSubmit: boolean;
  remaining: number;
  itemCount: number;
  isSubmitting: boolean;
  submitError: string | null;
  onSubmit: () => void;
}) {
  const { t } = useRespondentText();
  return (
    <div className="submit-area">
      {submitError && (
        <p className="form-error" role="alert">
          {submitError}
        </p>
      )}
      {canSubmit ? (
        <>
          <p>{t('questionnaire.allAnswered', { itemCount })}</p>
          <button
            type="button"
            id="submit-test"
            className="btn btn-primary btn-large"
            onClick={onSubmit}
            disabled={isSubmitting}
          >
            {isSubmitting ? t('questionnaire.submitting') : t('questionnaire.submitTest')}
          </button>
        </>
      ) : (
        <p className="hint">
          {remaining > 0 ? t('questionnaire.unanswered', { remaining, itemCount }) : t('questionnaire.savingLast')}
        </p>
      )}
    </div>
  );
}
