import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, CLINICIAN, anAssessmentDetails, anInconsistentVerdict, someResults } from '../../../test/fixtures';
import { aPatientTimeline } from '../../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';
import { formatDate } from '../../lib/dates';
import { VALUE_LABEL_HALO, VALUE_LABEL_HALO_COLOR, facetTChart } from '@pid5/instrument';
import { someTestMessages } from '../../../test/message-fixtures';

// The details page also shows the messages to the patient and the re-tests (components/invitation-panel.test.tsx
// and retest-series-panel.test.tsx test those parts).
beforeEach(() => {
  onApi('getTestMessages', someTestMessages());
  onApi('getRetestSeries', { series: null, canStart: false });
});

const LIMIT = '2026-06-30T10:00:00.000Z';
const FINISHED = { answeredCount: 220, finishedAt: '2026-03-20T10:00:00.000Z' };

describe('test details', () => {
  // The page also shows the patient's other tests (patient-panel.test.tsx tests that part).
  beforeEach(() => {
    onApi('getPatientTimeline', aPatientTimeline());
  });

  it('shows a loader until the details arrive, then the test', async () => {
    signInAs(CLINICIAN);
    const reply = heldReply(anAssessmentDetails({ patientId: 'PAT-7', answeredCount: 12 }));
    const asked = onApi('getAssessment', reply.respond);
    renderRoute('/details/7');

    expect(await screen.findByLabelText('Loading test details')).toBeInTheDocument();
    reply.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading test details')).not.toBeInTheDocument();
    expect(asked[0]?.params).toEqual({ id: '7' });
    expect(screen.getByText('PAT-7')).toBeInTheDocument();
    expect(screen.getByText('12 of 220')).toBeInTheDocument();
    expect(screen.getByText('Not Finished')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Test Link' })).toHaveValue(
      'http://localhost:3000/test/AAAAAAAAAAAAAAAAAAAAAA',
    );
    for (const chip of ['Race: Asian', 'Age: 34', 'Gender: Female', 'Postal Code: 12345', 'Country: Canada']) {
      expect(screen.getByText(chip)).toBeInTheDocument();
    }
    // The diagnosis says its description in its text (not an aria-label on a plain element), marked as English.
    const diagnosis = screen.getByText('Generalized anxiety disorder', { selector: '[lang="en"]' });
    expect(diagnosis.closest('.mantine-Badge-root')).toHaveTextContent('F41.1 · Primary: Generalized anxiety disorder');
    // Unfinished: no report yet, no results.
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download FHIR (JSON)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('says "None" for a test without demographics or diagnoses', async () => {
    signInAs(CLINICIAN);
    onApi(
      'getAssessment',
      anAssessmentDetails({ age: null, gender: null, race: null, postalCode: null, country: null, diagnoses: [] }),
    );
    renderRoute('/details/7');

    expect(await screen.findByText('Race: None')).toBeInTheDocument();
    expect(screen.getByText('Country: None')).toBeInTheDocument();
    const diagnoses = screen.getByRole('region', { name: 'DSM Diagnoses' });
    expect(within(diagnoses).getByText('None')).toBeInTheDocument();
  });

  it.each([
    { status: 404, code: 'NOT_FOUND', message: 'Test not found' },
    { status: 400, code: 'VALIDATION_FAILED', message: 'Assessment ids are positive whole numbers' },
  ] as const)('says the test is not available when the server answers $status', async ({ status, code, message }) => {
    signInAs(CLINICIAN);
    const asked = onApiError('getAssessment', status, code, message);
    renderRoute('/details/7');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test not available');
    expect(alert).toHaveTextContent('This test does not exist, or it is not one of yours.');
    expect(screen.queryByRole('heading', { name: 'Test Details' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it("shows the server's message when the details cannot be loaded", async () => {
    signInAs(CLINICIAN);
    onApiError('getAssessment', 503, 'SERVICE_UNAVAILABLE', 'The service is starting. Please try again shortly.');
    renderRoute('/details/7');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Test not available');
    expect(alert).toHaveTextContent('The service is starting. Please try again shortly.');
  });

  it('shows the results of a submitted test, and the report button', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApi('getResults', someResults());
    const { user } = renderRoute('/details/7');

    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByRole('table', { name: 'Domain scores' })).toBeInTheDocument();
    expect(within(results).getByRole('table', { name: 'Facet scores' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    // The name dialog says what an empty name gives as the field's description, not only as a pale placeholder.
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the name you would like on the report' });
    expect(within(dialog).getByRole('textbox', { name: 'Name on the report' })).toHaveAccessibleDescription(
      'Left empty, the report says “Anonymous”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // The same results for an EHR, downloaded straight from the server's route.
    expect(screen.getByRole('link', { name: 'Download FHIR (JSON)' })).toHaveAttribute(
      'href',
      '/api/assessments/7/fhir',
    );
    // Submitted: the link has nothing left to offer the patient, so it is not offered for sending.
    expect(screen.queryByRole('textbox', { name: 'Test Link' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Send this link/)).not.toBeInTheDocument();
  });

  it('shows a brief form as such: its form, its 25 items, the domain chart and table with the total, no facets', async () => {
    signInAs(CLINICIAN);
    onApi(
      'getAssessment',
      anAssessmentDetails({ form: 'BF', itemCount: 25, answeredCount: 25, finishedAt: FINISHED.finishedAt }),
    );
    const full = someResults();
    const scale = { isScored: true, score: 1.2, srf: 0.4, irf: null, level: null, us: null, levelDescription: null };
    onApi(
      'getResults',
      someResults({
        form: 'BF',
        formName: 'Brief form (PID-5-BF, 25 items)',
        itemCount: 25,
        answered: 25,
        facets: [],
        domains: full.domains.map((domain) => ({
          ...domain,
          ...scale,
          facets: [],
          items: { nItems: 5, answered: 5, missing: 0, maxMissing: 1 },
        })),
        total: {
          ...scale,
          key: 'Total',
          name: 'Total score',
          score: 1.48,
          nItems: 25,
          answered: 25,
          missing: 0,
          maxMissing: 6,
          source: 'Markon et al. 2024',
          missingRuleSource: 'hitop D-021',
        },
      }),
    );
    renderRoute('/details/7');

    expect(await screen.findByText('Brief (25 items), about 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('25 of 25')).toBeInTheDocument();
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByTestId('form-given')).toHaveTextContent(
      'Form given: Brief form (PID-5-BF, 25 items).',
    );
    const table = within(results).getByRole('table', { name: 'Domain and total scores' });
    const total = within(table).getByRole('rowheader', { name: 'Total score' }).closest('tr')!;
    expect(total).toHaveTextContent('1.48');
    expect(total).toHaveTextContent('25 of 25');
    expect(within(results).queryByRole('table', { name: 'Facet scores' })).not.toBeInTheDocument();
    expect(within(results).queryByRole('region', { name: 'Personality trait facets' })).not.toBeInTheDocument();
  });

  it("shows each scale's US T and percentile, and says the protocol is valid before any score", async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApi('getResults', someResults());
    renderRoute('/details/7');

    const results = await screen.findByRole('region', { name: 'Results' });
    const domains = await within(results).findByRole('table', { name: 'Domain scores' });
    const negAf = within(domains).getByRole('row', { name: /Negative Affect/ });
    expect(
      within(negAf)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['NegAf', '1.25', '55', '76', 'Not elevated']);
    // The German z is the data view's, API's and CSV's: not a column of the results page.
    expect(within(domains).queryByRole('columnheader', { name: /German z/ })).not.toBeInTheDocument();
    const verdict = within(results).getByRole('note');
    expect(verdict).toHaveTextContent('Response validity: Valid');
    expect(verdict.compareDocumentPosition(domains) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts a not-interpretable verdict first, with what to do, and shows no level as a finding', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    const base = someResults();
    onApi(
      'getResults',
      someResults({
        validityVerdict: anInconsistentVerdict(),
        domains: base.domains.map((d) => (d.key === 'Detac' ? { ...d, level: 'High' as const } : d)),
      }),
    );
    renderRoute('/details/7');

    const results = await screen.findByRole('region', { name: 'Results' });
    const alert = await within(results).findByRole('alert');
    expect(alert).toHaveTextContent('Response validity: Not interpretable');
    expect(alert).toHaveTextContent('What to do: Do not interpret or share the trait profile.');
    const domains = within(results).getByRole('table', { name: 'Domain scores' });
    expect(alert.compareDocumentPosition(domains) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const detachment = within(domains).getByRole('row', { name: /Detachment/ });
    expect(within(detachment).getByText('(High)')).toHaveAttribute('title', 'Not interpretable: see Response validity');
    // A scale without a level is bracketed too, and the charts' bars are grey: nothing reads as a finding.
    const negAf = within(domains).getByRole('row', { name: /Negative Affect/ });
    expect(within(negAf).getByText('(Not elevated)')).toBeInTheDocument();
    const chart = within(results).getByRole('img', { name: 'Trait domains (T scores)' });
    const fills = [...chart.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills.length).toBeGreaterThan(0);
    expect(new Set(fills)).toEqual(new Set(['#868e96']));
  });

  it('explains that results come with submission when the server says the test is incomplete', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApiError('getResults', 409, 'TEST_INCOMPLETE', 'This test is not finished yet.');
    renderRoute('/details/7');

    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findByRole('alert')).toHaveTextContent(
      'Results are available once the patient has answered all the questions and submitted the test.',
    );
  });

  it('offers no extension to a test due in more than 7 days', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails());
    renderRoute('/details/7');

    expect(await screen.findByText('12 of 220')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Extend/ })).not.toBeInTheDocument();
  });

  it('asks before extending, naming the new due date; Cancel changes nothing; Extend sends one request', async () => {
    signInAs(CLINICIAN);
    const newDue = '2026-05-01T10:00:00.000Z';
    onApi(
      'getAssessment',
      anAssessmentDetails({ isExpired: true, extension: { dueAt: newDue, refusal: null, limit: LIMIT } }),
    );
    const extended = onApi('extendAssessment', { dueAt: newDue });
    const { user } = renderRoute('/details/7');

    expect(
      await screen.findByText('This test has expired. Extend it to let the patient continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Test Link' })).toHaveAccessibleDescription(
      'This link has expired. Once the test is extended, the same link works again.',
    );
    await user.click(screen.getByRole('button', { name: 'Extend due date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend this test?' });
    expect(dialog).toHaveTextContent(`The new due date will be ${formatDate(newDue, 'en')}`);
    expect(dialog).toHaveTextContent(`A test can be extended until ${formatDate(LIMIT, 'en')}`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(extended).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Extend due date' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: `Extend to ${formatDate(newDue, 'en')}` }),
    );
    expect(await screen.findByText(`Extended: now due ${formatDate(newDue, 'en')}.`)).toBeInTheDocument();
    expect(extended.map((request) => request.params)).toEqual([{ id: '7' }]);
  });

  it('says when an expired test has reached its extension limit, and offers no extension', async () => {
    signInAs(CLINICIAN);
    onApi(
      'getAssessment',
      anAssessmentDetails({ isExpired: true, extension: { dueAt: null, refusal: 'limit-reached', limit: LIMIT } }),
    );
    renderRoute('/details/7');

    expect(
      await screen.findByText(
        `This test has expired and has reached its extension limit (${formatDate(LIMIT, 'en')}, 90 days after its first due date). Create a new test if the patient should still take it.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Extend/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Test Link' })).toHaveAccessibleDescription(
      'This link has expired, and the test cannot be extended again.',
    );
  });

  it('says that the purchased test of an expired, unused test is not returned, and that it can be extended', async () => {
    signInAs(CLINICIAN);
    onApi(
      'getAssessment',
      anAssessmentDetails({
        answeredCount: 0,
        isExpired: true,
        extension: { dueAt: '2026-05-01T10:00:00.000Z', refusal: null, limit: LIMIT },
      }),
    );
    renderRoute('/details/7');

    expect(await screen.findByTestId('expired-credit-note')).toHaveTextContent(
      `The patient did not start this test. The purchased test it used is not returned when a test expires: extend the link instead, and the patient can still take it. Tests can be extended until ${formatDate(LIMIT, 'en')}.`,
    );
  });

  it('shows an admin in the admin view the clinician and the data view', async () => {
    signInAs(ADMIN);
    onApi(
      'getAssessment',
      anAssessmentDetails({ ...FINISHED, view: 'admin', clinician: { id: 'u-b', username: 'Dr B' } }),
    );
    onApi('getResults', someResults());
    renderRoute('/details/7');

    expect(await screen.findByText('Dr B')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Data' })).toHaveAttribute('href', '/dataview/7');
  });

  it('draws each chart value over a halo, where the geometry puts it', async () => {
    signInAs(CLINICIAN);
    const results = someResults();
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApi('getResults', results);
    renderRoute('/details/7');

    const geometry = facetTChart(results.facets);
    const first = geometry.valueLabels[0]!;
    const label = await screen.findByTestId(`value-label-${first.key}`);
    expect(label).toHaveAttribute('y', String(first.y));
    expect(label).toHaveAttribute('stroke', VALUE_LABEL_HALO_COLOR);
    expect(label).toHaveAttribute('stroke-width', String(2 * VALUE_LABEL_HALO));
    expect(label).toHaveAttribute('paint-order', 'stroke');
  });

  it('draws every profile in T with each scale\'s level lines, the axis titled "T score", and says how to read them', async () => {
    signInAs(CLINICIAN);
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApi('getResults', someResults());
    renderRoute('/details/7');

    const results = await screen.findByRole('region', { name: 'Results' });
    const charts = await within(results).findAllByRole('img');
    expect(charts.map((chart) => chart.querySelector('title')?.textContent)).toEqual([
      'Trait domains (T scores)',
      'Personality trait facets (T scores)',
    ]);
    for (const chart of charts) {
      expect(chart).toHaveTextContent('T score');
      // Three lines (Mild, Moderate, High) for every scale, at the scale's own T; the values are the printed T.
      const bands = chart.querySelectorAll('[data-testid^="value-label-"]');
      expect(chart.querySelectorAll('[data-level-line]')).toHaveLength(3 * bands.length);
      expect([...bands].every((label) => label.textContent === '55')).toBe(true);
    }
    expect(within(results).getByTestId('t-chart-caption')).toHaveTextContent(/each level begins at a different T/);
    // The table alternative names the metric and the one word below Mild.
    expect(within(results).getAllByRole('columnheader', { name: 'T score (US)' })).toHaveLength(2);
    expect(within(results).getAllByText('Not elevated').length).toBeGreaterThan(30);
  });
});

describe('test details in German', () => {
  beforeEach(() => {
    onApi('getPatientTimeline', aPatientTimeline());
    window.localStorage.setItem('pid5_lang', 'de');
  });

  it("names the instrument's scales, levels, form and verdict in German, in the tables and the charts", async () => {
    signInAs(CLINICIAN);
    const results = someResults();
    onApi('getAssessment', anAssessmentDetails(FINISHED));
    onApi('getResults', {
      ...results,
      facets: results.facets.map((facet) =>
        facet.key === 'Anx'
          ? { ...facet, level: 'Moderate' as const }
          : facet.key === 'Dep' && facet.us
            ? { ...facet, us: { ...facet.us, percentile: 1, percentileText: 'more than 99' } }
            : facet,
      ),
    });
    renderRoute('/details/7');

    expect(await screen.findByTestId('form-given')).toHaveTextContent(
      'Vorgelegte Form: Vollversion (PID-5, 220 Items).',
    );
    expect(screen.getByRole('note')).toHaveTextContent('Validität der Antworten: Valide');
    const facets = screen.getByRole('table', { name: 'Facettenwerte' });
    const anx = within(facets).getByRole('rowheader', { name: 'Ängstlichkeit' }).closest('tr')!;
    expect(
      within(anx)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Anx', '1,25', '55', '76', 'Mittelgradig', '9 von 9']);
    // A percentile cell of 1.00 is said in German, not as the API's English text.
    const dep = within(facets).getByRole('rowheader', { name: 'Depressivität' }).closest('tr')!;
    expect(within(dep).getByText('mehr als 99')).toBeInTheDocument();
    expect(screen.queryByText('more than 99')).not.toBeInTheDocument();
    const domains = screen.getByRole('table', { name: 'Domänenwerte' });
    expect(within(domains).getByRole('rowheader', { name: 'Negative Affektivität' })).toBeInTheDocument();
    expect(within(domains).getAllByText('Nicht erhöht')).toHaveLength(5);
    expect(screen.queryByText('Anxiousness')).not.toBeInTheDocument();
    expect(screen.queryByText('Not elevated')).not.toBeInTheDocument();
    // The level's words on the badge in German (the server's are English), with the scale's printed percentile.
    expect(within(anx).getByText('Mittelgradig').closest('.mantine-Badge-root')).toHaveAttribute(
      'title',
      'So hoch wie oder höher als die Werte von etwa 76 % der Erwachsenen der US-Normstichprobe: mittelgradig erhöht.',
    );
    // English text on the German page is marked as such (3.1.2): the norm tables' source.
    expect(
      screen.getByText('Markon, Fossati, Somma & Krueger (2024), Appendix Tables A-1 to A-9', {
        selector: '[lang="en"]',
      }),
    ).toBeInTheDocument();
    // So is the title of an English test's item set.
    expect(screen.getByText('Demonstration items', { selector: '[lang="en"]' })).toBeInTheDocument();

    const charts = screen.getAllByRole('img');
    for (const chart of charts) {
      expect(chart.querySelector(':scope > text')).toHaveTextContent('T-Wert');
      const lineWords = [...chart.querySelectorAll('[data-level-line] text')].map((text) => text.textContent);
      expect(lineWords).toEqual(['Leicht', 'Mittelgradig', 'Hoch']);
      expect(chart).not.toHaveTextContent('T score');
    }
    const facetChart = charts[1]!;
    expect(facetChart.querySelector('desc')).toHaveTextContent('Ängstlichkeit 55 (Mittelgradig)');
    expect(facetChart.querySelector('rect title')?.textContent).toMatch(/^Anhedonie: 55$/);
  });
});
