import type { SyncStatus } from '../answer-sync';
import { useRespondentText, type RespondentKey } from '../respondent-language';

const STATUS_TEXT: Record<SyncStatus, RespondentKey | null> = {
  idle: null,
  saving: 'progress.saving',
  saved: 'progress.saved',
  offline: 'progress.offline',
  retrying: 'progress.retrying',
  closed: null,
};

/** The fixed top bar of the questionnaire (docs/product-spec.md §2): progress, the save indicator and the actions. */
export function ProgressBar({
  answeredCount,
  total,
  status,
  canSubmit,
  isSubmitting,
  onScrollToFirstUnanswered,
  onSaveAndComeBack,
  onSubmit,
}: {
  answeredCount: number;
  total: number;
  status: SyncStatus;
  canSubmit: boolean;
  isSubmitting: boolean;
  onScrollToFirstUnanswered: () => void;
  onSaveAndComeBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useRespondentText();
  const percent = (answeredCount / total) * 100;
  const statusKey = STATUS_TEXT[status];
  return (
    <section className="progress-bar" aria-label={t('progress.region')}>
      <div className="progress-inner">
        <span className="progress-count">{t('progress.count', { answered: answeredCount, total })}</span>
        <div
          className="progress-track"
          role="progressbar"
          aria-label={t('progress.barLabel')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
          aria-valuetext={t('progress.barValue', { answered: answeredCount, total })}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <span className={`save-state save-${status}`} role="status" aria-live="polite">
          {statusKey ? t(statusKey) : ''}
        </span>
        <div className="progress-actions">
          <button type="button" className="btn btn-small" onClick={onScrollToFirstUnanswered}>
            {t('progress.scrollToFirstUnanswered')}
          </button>
          <button type="button" className="btn btn-small" onClick={onSaveAndComeBack}>
            {t('progress.saveAndComeBack')}
          </button>
          {canSubmit && (
            <button type="button" className="btn btn-small btn-primary" onClick={onSubmit} disabled={isSubmitting}>
              {t('progress.submit')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
