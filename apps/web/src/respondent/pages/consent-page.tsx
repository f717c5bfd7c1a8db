import { useState } from 'react';
import type { TPatientConsent, TPatientTest } from '@pid5/contract';
import { ApiError } from '../../api/client';
import { PageHeading, RespondentLayout } from '../components/respondent-layout';
import { acceptConsent } from '../respondent-api';
import { LanguageSwitch } from '../components/language-switch';
import { useRespondentText } from '../respondent-language';

const FORM_SUMMARY = {
  FULL: 'consent.formSummary.FULL',
  SF: 'consent.formSummary.SF',
  BF: 'consent.formSummary.BF',
  BFM: 'consent.formSummary.BFM',
} as const;

/** `/consent/{code}`: the consent document (sanitised by the server when stored) and Accept (docs/product-spec.md §2). */
export function ConsentPage({
  code,
  consent,
  test,
  onAccepted,
  onStale,
}: {
  code: string;
  consent: TPatientConsent;
  /** The test: its form and length are named above the consent text, which is the same for every form. */
  test: TPatientTest;
  onAccepted: () => void;
  /** The consent text changed, or the patient chose another language: load the page again. */
  onStale: () => void;
}) {
  const { t } = useRespondentText();
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
        setError(apiError?.message ?? t('respondent.genericError'));
      }
    }
  };

  return (
    <RespondentLayout title={t('consent.title')}>
      <div className="card consent">
        <LanguageSwitch code={code} test={test} onChanged={onStale} />
        <PageHeading>{t('consent.title')}</PageHeading>
        <p className="consent-form" data-testid="form-summary">
          <strong>{t(FORM_SUMMARY[test.form], { itemCount: test.itemCount })}</strong>
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
            {isSending ? t('consent.accepting') : t('consent.accept')}
          </button>
        </div>
      </div>
    </RespondentLayout>
  );
}
