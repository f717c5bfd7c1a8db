import { useEffect, useRef, useState } from 'react';

/** 'Save and come back': tells the patient their answers are saved and the same link brings them back. */
export function SaveAndComeBackDialog({
  isOpen,
  pendingCount,
  onClose,
}: {
  isOpen: boolean;
  pendingCount: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [copied, setCopied] = useState(false);
  const link = window.location.href.split('#')[0] ?? '';

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) {
      return;
    }
    if (isOpen && !dialog.open) {
      setCopied(false);
      dialog.showModal();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const isSaved = pendingCount === 0;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="come-back-title" onClose={onClose}>
      <h2 id="come-back-title">{isSaved ? 'Your answers are saved' : 'Some answers are not saved yet'}</h2>
      {isSaved ? (
        <p>You can close this page now and finish later. Nothing you have answered will be lost.</p>
      ) : (
        <p>
          {pendingCount === 1 ? '1 answer is' : `${pendingCount} answers are`} waiting to be saved. They are kept on
          this device and will be saved when you are back online; to continue on another device, please wait until the
          bar shows Saved.
        </p>
      )}
      <p>To continue, open the same link again, on this or any other device:</p>
      <p className="link-box">{link}</p>
      <p className="hint">This link is personal to you. Please do not share it.</p>
      <div className="actions">
        {'clipboard' in navigator && (
          <button type="button" className="btn" onClick={() => void copy()}>
            {copied ? 'Link copied' : 'Copy link'}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Continue answering
        </button>
      </div>
    </dialog>
  );
}
