import type { SyncStatus } from '../answer-sync';

const STATUS_TEXT: Record<SyncStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — answers will be saved when you reconnect',
  retrying: 'Not saved yet — trying again…',
  closed: '',
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
  const percent = (answeredCount / total) * 100;
  return (
    <section className="progress-bar" aria-label="Progress">
      <div className="progress-inner">
        <span className="progress-count">
          {answeredCount} / {total} completed
        </span>
        <div
          className="progress-track"
          role="progressbar"
          aria-label="Questions completed"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
          aria-valuetext={`${answeredCount} of ${total} questions completed`}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <span className={`save-state save-${status}`} role="status" aria-live="polite">
          {STATUS_TEXT[status]}
        </span>
        <div className="progress-actions">
          <button type="button" className="btn btn-small" onClick={onScrollToFirstUnanswered}>
            Scroll to First Unanswered
          </button>
          <button type="button" className="btn btn-small" onClick={onSaveAndComeBack}>
            Save and come back
          </button>
          {canSubmit && (
            <button type="button" className="btn btn-small btn-primary" onClick={onSubmit} disabled={isSubmitting}>
              Submit
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
