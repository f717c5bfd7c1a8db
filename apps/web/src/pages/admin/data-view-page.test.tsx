import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatScore } from '@pid5/contract';
import { chartScoresFromLists, facetChart } from '@pid5/instrument';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, anAnswerChange, anAnswerHistory, anAssessmentDetails, someResults } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

const ADMIN_DETAILS = anAssessmentDetails({
  patientId: 'PAT-7',
  view: 'admin',
  answeredCount: 220,
  finishedAt: '2026-03-20T10:00:00.000Z',
});

describe('data view', () => {
  it('shows a loader until both the details and the results arrive, then the charts and raw answers', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', ADMIN_DETAILS);
    const results = heldReply(someResults({ responses: '0123'.repeat(55) }));
    onApi('getResults', results.respond);
    onApi('getAnswerHistory', anAnswerHistory([]));
    renderRoute('/dataview/7');

    expect(await screen.findByLabelText('Loading test data')).toBeInTheDocument();
    results.release();
    expect(await screen.findByRole('heading', { level: 1, name: /Test Data/ })).toHaveTextContent('PAT-7');
    expect(screen.getByTestId('raw-responses')).toHaveTextContent('0123'.repeat(55));
    expect(screen.getByRole('region', { name: 'Subscales' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Domains' })).toBeInTheDocument();
    expect(screen.getByText('Generalized anxiety disorder')).toBeInTheDocument();
    expect(screen.getByText('(Primary)')).toBeInTheDocument();
  });

  it('says the scores are live for a test that is not finished', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', anAssessmentDetails({ view: 'admin', answeredCount: 80 }));
    onApi('getResults', someResults({ status: 'in-progress', scoresSource: 'live', answered: 80, finishedAt: null }));
    onApi('getAnswerHistory', anAnswerHistory([]));
    renderRoute('/dataview/7');

    expect(await screen.findByText('Unfinished test')).toBeInTheDocument();
    expect(
      screen.getByText('80 of 220 questions answered. The charts show scores computed from the answers so far.'),
    ).toBeInTheDocument();
  });

  it('lists every change of an answer, newest first, with who made it: a browser of the link or a signed-in user', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', ADMIN_DETAILS);
    onApi('getResults', someResults());
    onApi(
      'getAnswerHistory',
      anAnswerHistory([
        anAnswerChange({ item: 12, from: 1, to: 3, user: { id: 'u-9', username: 'Dr Who' }, browser: 2 }),
        anAnswerChange({ item: 12, from: null, to: 1, browser: 1 }),
      ]),
    );
    renderRoute('/dataview/7');

    const history = await screen.findByRole('table', { name: 'Answer history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['12', '1 → 3', 'Dr Who (signed in)'],
      ['12', '— → 1', 'Patient link, browser 1'],
    ]);
  });

  it('says when there are no answers yet, and when only the newest changes are shown', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', ADMIN_DETAILS);
    onApi('getResults', someResults());
    onApi('getAnswerHistory', { items: [anAnswerChange()], total: 1500 });
    renderRoute('/dataview/7');
    expect(await screen.findByText(/Showing the newest 1 of 1500 changes\./)).toBeInTheDocument();

    onApi('getAnswerHistory', anAnswerHistory([]));
    renderRoute('/dataview/8');
    expect(await screen.findByText('No answers yet')).toBeInTheDocument();
  });

  it('shows the rest of the data view when the answer history cannot be loaded', async () => {
    signInAs(ADMIN);
    onApi('getAssessment', ADMIN_DETAILS);
    onApi('getResults', someResults());
    onApiError('getAnswerHistory', 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    renderRoute('/dataview/7');

    expect(await screen.findByRole('alert')).toHaveTextContent('Answer history not available');
    expect(screen.getByTestId('raw-responses')).toHaveTextContent('1'.repeat(220));
  });

  it('says the data is not available when the server answers 404 (another view, or no such test)', async () => {
    signInAs(ADMIN);
    onApiError('getAssessment', 404, 'NOT_FOUND', 'Test not found');
    onApiError('getResults', 404, 'NOT_FOUND', 'Test not found');
    renderRoute('/dataview/7');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test data not available');
    expect(alert).toHaveTextContent(
      'This test does not exist, or it is not visible in your current view (switch to Admin Mode to see every test).',
    );
  });

  it("shows the server's message when the results cannot be loaded", async () => {
    signInAs(ADMIN);
    onApi('getAssessment', ADMIN_DETAILS);
    onApiError('getResults', 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    renderRoute('/dataview/7');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test data not available');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.queryByTestId('raw-responses')).not.toBeInTheDocument();
  });
});

describe('data view in German', () => {
  it('prints the standardised chart values with a decimal comma, and the scales in German', async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    signInAs(ADMIN);
    const results = someResults();
    onApi('getAssessment', ADMIN_DETAILS);
    onApi('getResults', results);
    onApi('getAnswerHistory', anAnswerHistory([]));
    renderRoute('/dataview/7');

    const facets = await screen.findByRole('region', { name: 'Subskalen' });
    const chart = within(facets).getAllByRole('img')[0]!;
    const anx = facetChart(chartScoresFromLists(results)).bars.find((bar) => bar.key === 'Anx')!;
    const english = formatScore(anx.value);
    expect(english).toMatch(/^\d\.\d\d$/);
    expect(within(chart).getByTestId('value-label-Anx')).toHaveTextContent(english.replace('.', ','));
    expect(chart.querySelector('desc')?.textContent).not.toMatch(/\d\.\d/);
    expect(within(facets).getByText('Ängstlichkeit (Anx)')).toBeInTheDocument();
  });
});
