import { useEffect, useRef } from 'react';

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
      <h2 id="confirm-submit-title">Submit your answers?</h2>
      <p id="confirm-submit-text">
        You will not be able to change your answers after submitting. They go to your clinician as they are now.
      </p>
      <div className="actions">
        <button ref={backRef} type="button" className="btn" onClick={onCancel}>
          Go back to my answers
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={isSubmitting}>
          {isSubmitting ? 'Submitting…' : 'Submit answers'}
        </button>
      </div>
    </dialog>
  );
}
