import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onApi } from '../../test/api-mock';
import {
  CLINICIAN,
  anAssessmentDetails,
  anAssessmentList,
  anAssessmentListItem,
  someCredits,
  someResults,
} from '../../test/fixtures';
import { aPatientTimeline } from '../../test/patient-fixtures';
import { someTestMessages } from '../../test/message-fixtures';
import { renderRoute, signInAs, signOut } from '../../test/render-route';

// The reader's language for the staff pages: chosen in the header, kept in this browser (localStorage) and in the
// pid5_lang cookie the server reads for its PDFs and messages; without a choice, the browser's.

const NOVEMBER_26 = '2026-11-26T10:00:00.000Z';

function aDashboard() {
  signInAs(CLINICIAN);
  onApi('getCredits', someCredits(3));
  onApi('listAssessments', anAssessmentList([anAssessmentListItem({ createdAt: NOVEMBER_26 })]));
  return onApi('updateMySettings', () => ({
    completionNotices: true,
    messageLanguage: 'de' as const,
    mailConfigured: true,
  }));
}

function setBrowserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

afterEach(() => {
  setBrowserLanguages(['en-US', 'en']);
  window.history.replaceState(null, '', '/');
});

describe('the language menu in the header', () => {
  it('switches the dashboard to German, with German dates, and the e-mails to the clinician with it', async () => {
    const saved = aDashboard();
    const { user } = renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Assessments' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByRole('heading', { name: 'Testungen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test anlegen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Erstellt am' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '26.11.2026' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(saved.map((request) => request.body)).toEqual([{ messageLanguage: 'de' }]));
  });

  it('keeps the choice after a reload, in this browser and in the cookie the server reads', async () => {
    aDashboard();
    const { user } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    await screen.findByRole('heading', { name: 'Testungen' });

    expect(window.localStorage.getItem('pid5_lang')).toBe('de');
    expect(document.cookie).toContain('pid5_lang=de');

    cleanup();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Testungen' })).toBeInTheDocument();
  });

  it("follows the browser's language until the reader chooses one", async () => {
    setBrowserLanguages(['de-AT', 'en']);
    aDashboard();
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Testungen' })).toBeInTheDocument();
    // No setting was made, so none is stored.
    expect(window.localStorage.getItem('pid5_lang')).toBeNull();
  });

  it('a setting wins over the browser', async () => {
    setBrowserLanguages(['de-DE']);
    window.localStorage.setItem('pid5_lang', 'en');
    aDashboard();
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Assessments' })).toBeInTheDocument();
  });

  it('shows every catalogue text in ⟦ ⟧ with ?lang=en-XA', async () => {
    window.history.replaceState(null, '', '/dashboard?lang=en-XA');
    aDashboard();
    renderRoute('/dashboard');

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toMatch(/^⟦.+⟧$/);
    await waitFor(() => expect(screen.getByTestId('tests-available').textContent).toMatch(/^⟦.+: 3⟧$/));
    expect(document.documentElement.lang).toBe('en-XA');
  });
});

describe('numbers in German', () => {
  it('shows scores with a decimal comma', async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails({ id: 7, answeredCount: 220, finishedAt: NOVEMBER_26 }));
    onApi('getPatientTimeline', aPatientTimeline());
    onApi('getResults', someResults());
    // The details page's other parts: messages to the patient and re-tests.
    onApi('getTestMessages', someTestMessages());
    onApi('getRetestSeries', { series: null, canStart: false });
    renderRoute('/details/7');

    const table = await screen.findByRole('table', { name: 'Facettenwerte' });
    // The fixture's score of every scale is 1.25.
    expect(within(table).getAllByRole('cell', { name: '1,25' }).length).toBeGreaterThan(0);
    expect(within(table).queryByRole('cell', { name: '1.25' })).toBeNull();
    expect(screen.getByText('Abgeschlossen am').nextSibling).toHaveTextContent('26.11.2026');
    // The country the server names in English, in German.
    expect(screen.getByText('Land: Kanada')).toBeInTheDocument();
  });
});

describe('the language menu on the login page', () => {
  it('switches the login page to German before anyone signs in', async () => {
    signOut();
    onApi('authMethods', { institute: { enabled: true, kind: 'oidc' }, localAccounts: false });
    const { user } = renderRoute('/login');

    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deutsch' }));

    expect(
      await screen.findByRole('heading', { name: 'Bitte melden Sie sich über das Institut an' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth/login');
    expect(window.localStorage.getItem('pid5_lang')).toBe('de');
  });
});
