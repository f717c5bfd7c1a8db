import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TRetestSeries } from '@pid5/contract';
import { onApi } from '../../test/api-mock';
import { CLINICIAN, anAssessmentDetails, someResults } from '../../test/fixtures';
import { someTestMessages } from '../../test/message-fixtures';
import { aPatientTimeline } from '../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../test/render-route';

// "Re-tests" on a completed test's details page: start a series (checked before asking the server), see its tests
// and its problem, pause and end it.

const FINISHED = { id: 7, answeredCount: 220, finishedAt: '2026-03-20T10:00:00.000Z' };

function aSeries(overrides: Partial<TRetestSeries> = {}): TRetestSeries {
  return {
    id: 1,
    everyWeeks: 12,
    times: 3,
    runsDone: 1,
    nextRunAt: '2026-06-12T10:00:00.000Z',
    state: 'active',
    problem: null,
    emailMasked: 'j•••@example.org',
    tests: [{ id: 9, run: 1 }],
    ...overrides,
  };
}

beforeEach(() => {
  signInAs(CLINICIAN);
  onApi('getAssessment', anAssessmentDetails(FINISHED));
  onApi('getResults', someResults());
  onApi('getPatientTimeline', aPatientTimeline());
  onApi('getTestMessages', someTestMessages({ canSend: false }));
});

describe('Re-tests', () => {
  it('refuses a schedule out of range before asking the server, then starts the series', async () => {
    onApi('getRetestSeries', { series: null, canStart: true });
    const started = onApi('createRetestSeries', () => ({
      series: aSeries({ runsDone: 0, tests: [] }),
      canStart: false,
    }));
    const { user } = renderRoute('/details/7');
    const weeks = await screen.findByRole('textbox', { name: 'Re-test every (weeks)' });
    await user.clear(weeks);
    await user.type(weeks, '0');
    await user.click(screen.getByRole('button', { name: 'Start re-tests' }));
    expect(await screen.findByText('Choose every how many weeks: a whole number from 1 to 52.')).toBeVisible();
    expect(started).toHaveLength(0);

    await user.clear(weeks);
    await user.type(weeks, '8');
    await user.type(screen.getByRole('textbox', { name: 'Send each link to (optional)' }), 'jane@example.org');
    await user.click(screen.getByRole('button', { name: 'Start re-tests' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]?.body).toEqual({ everyWeeks: 8, times: 2, email: 'jane@example.org' });
    expect(await screen.findByText('Running')).toBeVisible();
  });

  it("shows the series' tests and why a run made no test, and pauses and ends it", async () => {
    onApi('getRetestSeries', {
      series: aSeries({ problem: 'No purchased test left: the next test is created once you have one.' }),
      canStart: false,
    });
    const updates = onApi('updateRetestSeries', ({ body }) => ({
      series: aSeries({ state: (body as { action: string }).action === 'pause' ? 'paused' : 'ended' }),
      canStart: false,
    }));
    const { user } = renderRoute('/details/7');
    expect(await screen.findByRole('link', { name: 'Re-test 1' })).toHaveAttribute('href', '/details/9');
    expect(screen.getByRole('alert')).toHaveTextContent('No purchased test left');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'End the series' }));
    expect(await screen.findByText('Ended')).toBeVisible();
    expect(updates.map((u) => u.body)).toEqual([{ action: 'pause' }, { action: 'end' }]);
  });
});

describe('Re-tests, in German', () => {
  it('says the schedule, its state and a schedule out of range in German', async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    onApi('getRetestSeries', { series: aSeries({ everyWeeks: 12, times: 3, runsDone: 1 }), canStart: true });
    const started = onApi('createRetestSeries', () => ({ series: aSeries(), canStart: false }));
    const { user } = renderRoute('/details/7');
    expect(await screen.findByRole('heading', { name: 'Wiederholungstests' })).toBeVisible();
    expect(screen.getByText('Läuft')).toBeVisible();
    expect(screen.getByText(/Alle 12 Wochen, 1 von 3 angelegt\. Nächster am 12\.06\.2026\./)).toBeVisible();

    const weeks = screen.getByRole('textbox', { name: 'Abstand (Wochen)' });
    await user.clear(weeks);
    await user.type(weeks, '60');
    await user.click(screen.getByRole('button', { name: 'Wiederholungstests starten' }));
    expect(await screen.findByText('Wählen Sie, alle wie viele Wochen: eine ganze Zahl von 1 bis 52.')).toBeVisible();
    expect(started).toHaveLength(0);
  });
});
