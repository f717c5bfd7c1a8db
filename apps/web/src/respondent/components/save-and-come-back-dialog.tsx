import { useEffect, useRef, useState } from 'react';
import { useRespondentText } from '../respondent-language';

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
  const { t } = useRespondentText();
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
      <h2 id="come-back-title">{isSaved ? t('comeBack.savedTitle') : t('comeBack.pendingTitle')}</h2>
      {isSaved ? <p>{t('comeBack.savedText')}</p> : <p>{t('comeBack.pendingText', { pending: pendingCount })}</p>}
      <p>{t('comeBack.howToReturn')}</p>
      <p className="link-box">{link}</p>
      <p className="hint">{t('comeBack.personal')}</p>
      <div className="actions">
        {'clipboard' in navigator && (
          <button type="button" className="btn" onClick={() => void copy()}>
            {copied ? t('comeBack.copied') : t('comeBack.copy')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('comeBack.continue')}
        </button>
      </div>
    </dialog>
  );
}
