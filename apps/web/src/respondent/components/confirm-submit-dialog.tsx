import { useEffect, useRef } from 'react';
import { useRespondentText } from '../respondent-language';

/**
 * 'Submit' asks once more: submitting locks the answers, and the button sits next to 'Save and come
 * back' in the sticky bar, where one stray tap on a phone would otherwise end the test. A native modal <dialog>:
 * focus moves into it (to 'Go back', so a second Enter does not submit), Escape cancels, the page behind is inert,
 * and focus returns to the button that opened it.
 */
export function ConfirmSubmitDialog({
  isOpen,
  isSubmitting,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  isSubmitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useRespondentText();
  const ref = useRef<HTMLDialogElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (isOpen && !dialog.open) {
      dialog.showModal();
      backRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-submit-title"
      aria-describedby="confirm-submit-text"
      onClose={onCancel}
    >
      <h2 id="confirm-submit-title">{t('confirmSubmit.title')}</h2>
      <p id="confirm-submit-text">{t('confirmSubmit.text')}</p>
      <div className="actions">
        <button ref={backRef} type="button" className="btn" onClick={onCancel}>
          {t('confirmSubmit.back')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={isSubmitting}>
          {isSubmitting ? t('questionnaire.submitting') : t('confirmSubmit.submit')}
        </button>
      </div>
    </dialog>
  );
}
