import { MessagePage, RespondentLayout } from '../components/respondent-layout';
import { useRespondentText } from '../respondent-language';

// One page per state of a patient link: each says plainly where the patient stands.

export function CompletedPage() {
  const { t } = useRespondentText();
  return (
    <MessagePage title={t('completed.title')} tone="success">
      <p>{t('completed.thanks')}</p>
      <p>{t('completed.close')}</p>
    </MessagePage>
  );
}

export function ExpiredPage() {
  const { t } = useRespondentText();
  return (
    <MessagePage title={t('expired.title')} tone="warning">
      <p>{t('expired.ended')}</p>
      <p>{t('expired.contact')}</p>
    </MessagePage>
  );
}

export function LinkNotValidPage() {
  const { t } = useRespondentText();
  return (
    <MessagePage title={t('notValid.title')}>
      <p>{t('notValid.text')}</p>
    </MessagePage>
  );
}

export function LoadFailedPage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useRespondentText();
  return (
    <MessagePage title={t('loadFailed.title')} tone="warning">
      <p>{message}</p>
      <p>{t('loadFailed.safe')}</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('loadFailed.retry')}
        </button>
      )}
    </MessagePage>
  );
}

export function LoadingPage() {
  const { t } = useRespondentText();
  return (
    <RespondentLayout title={t('loading.title')}>
      <p className="loading" role="status">
        {t('loading.text')}
      </p>
    </RespondentLayout>
  );
}
