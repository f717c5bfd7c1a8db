import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { CLINICIAN, anAssessmentDetails, anAssessmentList, someCredits, someResults } from '../../../test/fixtures';
import { COLLEAGUE, aPatientTimeline } from '../../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';
import { someTestMessages } from '../../../test/message-fixtures';

// The details page also shows the messages to the patient and the re-tests (components/invitation-panel.test.tsx
// and retest-series-panel.test.tsx test those parts).
beforeEach(() => {
  onApi('getTestMessages', someTestMessages());
  onApi('getRetestSeries', { series: null, canStart: false });
});

// The details page's patient part: the timeline, sharing, and "New test for this patient".

const FINISHED = { answeredCount: 220, finishedAt: '2026-03-20T10:00:00.000Z' };

function openDetails(details = anAssessmentDetails(FINISHED)) {
  signInAs(CLINICIAN);
  onApi('getAssessment', details);
  onApi('getResults', someResults());
  return renderRoute('/details/7');
}

/** A completed administration with its domains in T (the trend chart's data). */
function completed(id: number, finishedAt: string, t: number, change: 'higher' | 'lower' | null = null) {
  const domains = ['NegAf', 'Detac', 'Antag', 'Disin', 'Psych'].map((key, i) => ({
    key,
    name: key,
    t: t + i,
    tText: String(t + i),
    reliableChange: i === 0 ? change : null,
  }));
  return {
    id,
    form: 'SF' as const,
    createdAt: finishedAt,
    dueAt: finishedAt,
    finishedAt,
    status: 'completed' as const,
    answeredCount: 100,
    validity: { verdict: 'valid' as const, label: 'Valid', summary: 'Valid.' },
    domains,
  };
}

describe("the patient's trend over time", () => {
  it("draws each domain's T across three or more completed tests, oldest first, with the comparison's reliable-change marks", async () => {
    onApi(
      'getPatientTimeline',
      aPatientTimeline({
        administrations: [
          completed(9, '2026-05-01T10:00:00.000Z', 52, 'lower'),
          completed(8, '2026-04-01T10:00:00.000Z', 66, 'higher'),
          completed(7, '2026-03-20T10:00:00.000Z', 58),
        ],
      }),
    );
    openDetails();

    const trend = await screen.findByTestId('patient-trend');
    const chart = within(trend).getByRole('img', { name: /Each domain's US T score across the 3 completed tests/ });
    expect(chart).toHaveTextContent('T score');
    expect(chart.querySelectorAll('[data-domain]')).toHaveLength(5);
    // Oldest first along the axis; the marks where the comparison gave them, and only there.
    const dates = [...chart.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /2026/.test(t ?? ''));
    expect(dates).toHaveLength(3);
    expect(new Date(dates[0]!).getTime()).toBeLessThan(new Date(dates[2]!).getTime());
    expect(
      [...chart.querySelectorAll('[data-reliable-change]')].map((m) => m.getAttribute('data-reliable-change')),
    ).toEqual(['higher', 'lower']);
    // The same values as a table for screen readers: a row per domain, a column per test, oldest first.
    const table = within(trend).getByRole('table', { name: 'Domains over time (US T): values' });
    const negAf = within(table).getByRole('row', { name: /Negative Affect/ });
    expect(
      within(negAf)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['T 58', 'T 66, reliably higher', 'T 52, reliably lower']);
    expect(within(trend).getByRole('region', { name: 'Domains over time (US T) (chart)' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it("names the domains, the T axis and each test's verdict in German", async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    onApi(
      'getPatientTimeline',
      aPatientTimeline({
        administrations: [
          completed(9, '2026-05-01T10:00:00.000Z', 52),
          completed(8, '2026-04-01T10:00:00.000Z', 66),
          completed(7, '2026-03-20T10:00:00.000Z', 58),
        ],
      }),
    );
    openDetails();

    const trend = await screen.findByTestId('patient-trend');
    const chart = within(trend).getByRole('img');
    expect(chart).toHaveTextContent('T-Wert');
    expect(chart).toHaveTextContent('Negative Affektivität');
    expect(chart).toHaveTextContent('Verschlossenheit');
    expect(chart).not.toHaveTextContent('T score');
    expect(screen.getAllByText('Valide')).toHaveLength(3);
  });

  it('draws no trend for fewer than three completed tests', async () => {
    onApi('getPatientTimeline', aPatientTimeline());
    openDetails();
    expect(await screen.findByRole('table', { name: "This patient's tests, newest first" })).toBeInTheDocument();
    expect(screen.queryByTestId('patient-trend')).not.toBeInTheDocument();
  });
});

describe("the patient's tests on the details page", () => {
  it('lists every test of the patient newest first, with links, comparisons and the CSV', async () => {
    const reply = heldReply(aPatientTimeline());
    const asked = onApi('getPatientTimeline', reply.respond);
    openDetails();

    expect(await screen.findByLabelText("Loading the patient's tests")).toBeInTheDocument();
    reply.release();
    const table = await screen.findByRole('table', { name: "This patient's tests, newest first" });
    expect(asked[0]?.params).toEqual({ id: '7' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Short (100)',
      'Full (220)',
      'Full (220)',
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'page');
    expect(within(rows[1]!).getByText('This test')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Interpret with caution')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/details/5');
    expect(within(rows[2]!).getByRole('link', { name: 'Compare with this test' })).toHaveAttribute(
      'href',
      '/compare/7/5',
    );
    // The open short-form test cannot be compared yet.
    expect(within(rows[0]!).queryByRole('link', { name: 'Compare with this test' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download scores (CSV)' })).toHaveAttribute(
      'href',
      '/api/assessments/7/patient.csv',
    );
    // Beside it, every submitted test of the patient as one FHIR Bundle (the same patient, reached through this test).
    const fhir = screen.getByRole('link', { name: 'Download all tests (FHIR)' });
    expect(fhir).toHaveAttribute('href', '/api/assessments/7/patient/fhir');
    expect(fhir).toHaveAttribute('download');
  });

  it("shows the server's message when the timeline cannot be loaded", async () => {
    onApiError('getPatientTimeline', 503, 'SERVICE_UNAVAILABLE', 'Please try again shortly.');
    openDetails();
    const region = await screen.findByRole('region', { name: "This patient's tests" });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Please try again shortly.');
  });

  it('shares the patient with a colleague and stops sharing', async () => {
    const timelines = [
      aPatientTimeline(),
      aPatientTimeline({ shares: [{ grantee: COLLEAGUE, createdAt: '2026-03-21T10:00:00.000Z' }] }),
    ];
    onApi('getPatientTimeline', () => timelines.shift() ?? aPatientTimeline());
    const shared = onApi('sharePatient', { shares: [] });
    const revoked = onApi('revokePatientShare', { shares: [] });
    const { user } = openDetails();

    const sharing = await screen.findByRole('region', { name: 'Sharing' });
    expect(within(sharing).getByText('Not shared with anyone.')).toBeInTheDocument();
    expect(within(sharing).getByRole('button', { name: 'Share' })).toBeDisabled();
    await user.click(within(sharing).getByRole('textbox', { name: 'Share with a colleague' }));
    await user.click(await screen.findByRole('option', { name: 'dr-colleague' }));
    await user.click(within(sharing).getByRole('button', { name: 'Share' }));
    expect(shared.map((r) => [r.params, r.body])).toEqual([[{ id: '7' }, { granteeId: COLLEAGUE.id }]]);

    await user.click(await within(sharing).findByRole('button', { name: 'Stop sharing with dr-colleague' }));
    expect(revoked.map((r) => r.body)).toEqual([{ granteeId: COLLEAGUE.id }]);
  });

  it('shows the server’s refusal of a share', async () => {
    onApi('getPatientTimeline', aPatientTimeline());
    onApiError(
      'sharePatient',
      403,
      'FORBIDDEN',
      'Only the clinician who owns this patient, or an admin, can share it.',
    );
    const { user } = openDetails();
    const sharing = await screen.findByRole('region', { name: 'Sharing' });
    await user.click(within(sharing).getByRole('textbox', { name: 'Share with a colleague' }));
    await user.click(await screen.findByRole('option', { name: 'dr-colleague' }));
    await user.click(within(sharing).getByRole('button', { name: 'Share' }));
    expect(await within(sharing).findByRole('alert')).toHaveTextContent('Only the clinician who owns this patient');
  });

  it('a colleague reading a shared patient: a note, no link, no sharing, no new test, no extend', async () => {
    onApi('getPatientTimeline', aPatientTimeline({ access: 'shared', canShare: false, colleagues: [] }));
    openDetails(anAssessmentDetails({ testLink: null, isExpired: true }));

    expect(await screen.findByText('Shared with you')).toBeInTheDocument();
    expect(screen.getByText(/clinician shared this patient with you/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Test Link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sharing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend by 30 days' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New test for this patient' })).not.toBeInTheDocument();
  });
});

describe('a new test for this patient', () => {
  it('opens Create Test filled in from this test, every field editable', async () => {
    onApi('getPatientTimeline', aPatientTimeline());
    onApi('getCredits', someCredits(3));
    onApi('getDiagnoses', {
      version: 'test',
      items: [{ id: 2, code: 'F41.1', description: 'Generalized anxiety disorder', group: 'Anxiety disorders' }],
    });
    onApi('listAssessments', anAssessmentList([]));
    const { user, router } = openDetails();

    await user.click(await screen.findByRole('link', { name: 'New test for this patient' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Test' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/createtest');
    expect(screen.getByText('A new test for the same patient')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Patient Identifier' })).toHaveValue('PAT-7');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('34');
    expect(screen.getByRole('textbox', { name: 'Country' })).toHaveValue('Canada');
    expect(screen.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('12345');
    expect(screen.getByTestId('primary-diagnosis')).toHaveTextContent('F41.1');
    expect(screen.getByRole('button', { name: 'Create Test' })).toBeEnabled();
    // Nothing about the patient is in the address.
    expect(router.state.location.search).toBe('');

    await user.clear(screen.getByRole('textbox', { name: 'Age' }));
    await user.type(screen.getByRole('textbox', { name: 'Age' }), '35');
    expect(screen.getByRole('textbox', { name: 'Age' })).toHaveValue('35');
  });

  it("keeps the test's language: a German test's re-test starts in German", async () => {
    onApi('getPatientTimeline', aPatientTimeline());
    onApi('getCredits', someCredits(3));
    onApi('getDiagnoses', { version: 'test', items: [] });
    onApi('listAssessments', anAssessmentList([]));
    const { user } = openDetails(anAssessmentDetails({ ...FINISHED, language: 'de' }));

    expect(await screen.findByText('Deutsch')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: 'New test for this patient' }));
    expect(await screen.findByRole('textbox', { name: 'Test language' })).toHaveValue('Deutsch');
  });
});
