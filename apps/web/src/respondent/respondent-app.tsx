import { useCallback, useEffect, useState } from 'react';
import type { TPatientConsent, TPatientTest } from '@pid5/contract';
import { ApiError } from '../api/client';
import { ConsentPage } from './pages/consent-page';
import { QuestionnairePage } from './pages/questionnaire-page';
import { CompletedPage, ExpiredPage, LinkNotValidPage, LoadFailedPage, LoadingPage } from './pages/state-pages';
import { consentPath, matchRoute, navigate, testPath, usePathname } from './navigation';
import { fetchConsent, fetchPatientTest } from './respondent-api';
import { useRespondentText, useTestLanguage } from './respondent-language';

type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError | null };

function toApiError(caught: unknown): ApiError | null {
  return caught instanceof ApiError ? caught : null;
}

/**
 * Loads a page's data and keeps loading/ready/failed state. `loader` returns null when it sent the
 * patient to another page instead (the page then stays on its loading view).
 */
function useLoaded<T>(loader: () => Promise<T | null>) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const data = await loader();
      if (data !== null) {
        setState({ kind: 'ready', data });
      }
    } catch (caught) {
      setState({ kind: 'failed', error: toApiError(caught) });
    }
  }, [loader]);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, load, setData: (data: T) => setState({ kind: 'ready', data }) };
}

function FailurePage({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const { t } = useRespondentText();
  if (error?.code === 'LINK_NOT_FOUND') {
    return <LinkNotValidPage />;
  }
  return <LoadFailedPage message={error?.message ?? t('respondent.genericError')} onRetry={onRetry} />;
}

/** `/test/{code}`: the server decides the page on every load (docs/product-spec.md §4). */
function TestRoute({ code }: { code: string }) {
  const loader = useCallback(async () => {
    const test = await fetchPatientTest(code);
    if (test.status === 'consent-required') {
      navigate(consentPath(code), { replace: true });
      return null;
    }
    return test;
  }, [code]);
  const { state, load, setData } = useLoaded(loader);
  const { t } = useRespondentText();
  useTestLanguage(state.kind === 'ready' ? state.data.language : undefined);

  if (state.kind === 'loading') {
    return <LoadingPage />;
  }
  if (state.kind === 'failed') {
    return <FailurePage error={state.error} onRetry={() => void load()} />;
  }
  const test = state.data;
  switch (test.status) {
    case 'completed':
      return <CompletedPage />;
    case 'expired':
      return <ExpiredPage />;
    case 'consent-required':
      return <LoadingPage />;
    case 'in-progress':
      return test.itemSet ? (
        <QuestionnairePage
          code={code}
          test={test}
          itemSet={test.itemSet}
          onReload={() => void load()}
          onSubmitted={setData}
          onLanguageChanged={setData}
        />
      ) : (
        <LoadFailedPage message={t('questionnaire.itemsNotLoaded')} onRetry={() => void load()} />
      );
  }
}

/** `/consent/{code}`: shown only while consent is needed; otherwise the test page decides. */
function ConsentRoute({ code }: { code: string }) {
  const loader = useCallback(async () => {
    const test = await fetchPatientTest(code);
    if (test.status !== 'consent-required') {
      navigate(testPath(code), { replace: true });
      return null;
    }
    // The consent page names the form given, which the consent document (one for every form) cannot.
    return { consent: await fetchConsent(code), test };
  }, [code]);
  const { state, load } = useLoaded<{ consent: TPatientConsent; test: TPatientTest }>(loader);
  useTestLanguage(state.kind === 'ready' ? state.data.test.language : undefined);

  if (state.kind === 'loading') {
    return <LoadingPage />;
  }
  if (state.kind === 'failed') {
    return <FailurePage error={state.error} onRetry={() => void load()} />;
  }
  return (
    <ConsentPage
      code={code}
      consent={state.data.consent}
      test={state.data.test}
      onAccepted={() => navigate(testPath(code))}
      onStale={() => void load()}
    />
  );
}

/** The patient area: two paths, each keyed by its code so a new link starts afresh. */
export function RespondentApp() {
  const route = matchRoute(usePathname());
  switch (route.page) {
    case 'test':
      return <TestRoute key={`test:${route.code}`} code={route.code} />;
    case 'consent':
      return <ConsentRoute key={`consent:${route.code}`} code={route.code} />;
    case 'unknown':
      return <LinkNotValidPage />;
  }
}
