import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { onApi, onApiError } from '../test/api-mock';
import {
  ADMIN,
  CLINICIAN,
  aPage,
  anAnswerHistory,
  anAssessmentDetails,
  anAssessmentList,
  someCredits,
  someResults,
} from '../test/fixtures';
import { aComparison, aPatientTimeline } from '../test/patient-fixtures';
import { renderRoute, signInAs, signOut } from '../test/render-route';
import { someTestMessages } from '../test/message-fixtures';

// The details page also shows the messages to the patient and the re-tests (components/invitation-panel.test.tsx
// and retest-series-panel.test.tsx test those parts).
beforeEach(() => {
  onApi('getTestMessages', someTestMessages());
  onApi('getRetestSeries', { series: null, canStart: false });
});

// The route table (routes.tsx) as a person meets it: each address opens its page, the staff area asks for a
// session, the admin screens for the admin role, and an unknown address says so.

/** The answers every staff page needs from the stand-in server. */
function answerStaffPages() {
  onApi('listAssessments', anAssessmentList([]));
  onApi('getCredits', someCredits(2));
  onApi('getDiagnoses', { version: 'test', items: [] });
  onApi('getAssessment', anAssessmentDetails({ finishedAt: '2026-03-20T10:00:00.000Z', answeredCount: 220 }));
  onApi('getResults', someResults());
  onApi('getAnswerHistory', anAnswerHistory([]));
  onApi('getPatientTimeline', aPatientTimeline());
  onApi('compareAdministrations', aComparison());
  onApi('listSharedWithMe', { items: [] });
  onApi('listAdminUsers', { items: [] });
  onApi('listCreditLedger', aPage([]));
  onApi('listAuditEvents', aPage([]));
  onApi('getMySettings', { completionNotices: true, messageLanguage: 'en', mailConfigured: true });
  onApi('authMethods', { institute: { enabled: true, kind: 'dev' }, localAccounts: false });
}

describe('route table', () => {
  it.each([
    { path: '/dashboard', heading: 'Assessments' },
    { path: '/createtest', heading: 'Create Test' },
    { path: '/details/7', heading: 'Test Details' },
    { path: '/compare/7/5', heading: 'Compare two tests' },
    { path: '/shared', heading: 'Shared with me' },
    { path: '/settings', heading: 'Settings' },
  ])('$path opens its page for a signed-in clinician', async ({ path, heading }) => {
    signInAs(CLINICIAN);
    answerStaffPages();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('header-username')).toHaveTextContent('Dr Clinician');
  });

  it.each([
    { path: '/dataview/7', heading: /Test Data/ },
    { path: '/admin/credits', heading: 'Grant Tests' },
    { path: '/admin/audit', heading: 'Audit Log' },
    { path: '/admin/patients', heading: 'Patient Data' },
  ])('$path opens its page for an admin', async ({ path, heading }) => {
    signInAs(ADMIN);
    answerStaffPages();
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/dataview/7', '/admin/credits', '/admin/audit', '/admin/patients'])(
    '%s shows a clinician "No access" and asks the server for nothing of it',
    async (path) => {
      signInAs(CLINICIAN);
      // No handlers for the admin routes: a request for one would fail the test (onUnhandledRequest).
      renderRoute(path);
      expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to this page');
      expect(screen.getByText('No access')).toBeInTheDocument();
    },
  );

  it.each(['/', '/login'])('%s shows the login page to a visitor', async (path) => {
    signOut();
    answerStaffPages();
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Please log in through the institute' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  it('sends someone already signed in from the login page to the dashboard', async () => {
    signInAs(CLINICIAN);
    answerStaffPages();
    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('/login-local says "Logging in..." and then opens the dashboard', async () => {
    signInAs(CLINICIAN);
    answerStaffPages();
    const { router } = renderRoute('/login-local');
    expect(await screen.findByText('Logging in...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/dashboard', '/createtest', '/details/7', '/compare/7/5', '/admin/audit'])(
    '%s sends a visitor without a session to the login page',
    async (path) => {
      signOut();
      onApi('authMethods', { institute: { enabled: true, kind: 'dev' }, localAccounts: false });
      const { router } = renderRoute(path);
      expect(await screen.findByRole('heading', { name: 'Please log in through the institute' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      // A plain visit without a session is no failure: no error message.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('says "Not logged in" on the login page when the session could not be checked', async () => {
    onApiError('me', 503, 'SERVICE_UNAVAILABLE', 'The database is not reachable.');
    onApi('authMethods', { institute: { enabled: true, kind: 'dev' }, localAccounts: false });
    const { router } = renderRoute('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not logged in - returning to login');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?error=not_logged_in');
  });

  it('shows "Page not found" with a way back for an unknown address', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
