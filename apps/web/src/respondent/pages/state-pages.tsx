import { MessagePage, RespondentLayout } from '../components/respondent-layout';

// One page per state of a patient link (STYLE.md): each says plainly where the patient stands.

export function CompletedPage() {
  return (
    <MessagePage title="This test has been completed" tone="success">
      <p>Thank you. Your answers have been sent to your clinician, who will go through the results with you.</p>
      <p>You can close this page now.</p>
    </MessagePage>
  );
}

export function ExpiredPage() {
  return (
    <MessagePage title="This test is Expired" tone="warning">
      <p>The time to complete this questionnaire has ended, so it no longer takes answers.</p>
      <p>
        Please contact your clinician. They can reopen it for you, and then this same link will work again with the
        answers you have already given.
      </p>
    </MessagePage>
  );
}

export function LinkNotValidPage() {
  return (
    <MessagePage title="This link is not valid">
      <p>
        Please check that you opened the whole link from your clinician's message. If it still does not work, ask your
        clinician for a new link.
      </p>
    </MessagePage>
  );
}

export function LoadFailedPage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <MessagePage title="The questionnaire could not be opened" tone="warning">
      <p>{message}</p>
      <p>Your answers given so far are safe.</p>
      {onRetry && (
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      )}
    </MessagePage>
  );
}

export function LoadingPage() {
  return (
    <RespondentLayout title="Loading">
      <p className="loading" role="status">
        Loading…
      </p>
    </RespondentLayout>
  );
}
