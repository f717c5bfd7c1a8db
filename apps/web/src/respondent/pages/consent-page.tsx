import { useState } from 'react';
import type { TPatientConsent } from '@pid5/contract';
import { ApiError } from '../../api/client';
import { PageHeading, RespondentLayout } from '../components/respondent-layout';
import { acceptConsent } from '../respondent-api';

/** `/consent/{code}`: the consent document (sanitised by the server when stored) and Accept (docs/product-spec.md §2). */
export function ConsentPage({
  code,
  consent,
  formSummary,
  onAccepted,
  onStale,
}: {
  code: string;
  consent: TPatientConsent;
  /** The form given and its length, e.g. "This questionnaire is the brief form: 25 statements, about 5 minutes." */
  formSummary: string;
  onAccepted: () => void;
  onStale: () => void;
}) {
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setIsSending(true);
    setError(null);
    try {
      await acceptConsent(code, consent.id);
      onAccepted();
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      setIsSending(false);
      if (apiError?.code === 'STALE_CONSENT') {
        onStale();
      } else if (apiError && ['TEST_COMPLETED', 'LINK_EXPIRED'].includes(apiError.code)) {
        onAccepted();
      } else {
        setError(apiError?.message ?? 'Something went wrong. Please try again.');
      }
    }
  };

  return (
    <RespondentLayout title="Consent">
      <div className="card consent">
        <PageHeading>Consent</PageHeading>
        <p className="consent-form" data-testid="form-summary">
          <strong>{formSummary}</strong>
        </p>
        {/* Sanitised when stored (documents.repo publishDocument): formatting only, no script. */}
        <div className="consent-text" dangerouslySetInnerHTML={{ __html: consent.html }} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary btn-large"
            onClick={() => void accept()}
            disabled={isSending}
          >
            {isSending ? 'Accepting…' : 'Accept'}
          </button>
        </div>
      </div>
    </RespondentLayout>
  );
}
