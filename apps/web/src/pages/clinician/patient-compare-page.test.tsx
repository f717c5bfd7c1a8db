import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { CLINICIAN } from '../../../test/fixtures';
import { aComparedScale, aComparison } from '../../../test/patient-fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

// The comparison of two tests: validity first, the profile, the table with reliable change and its
// sources, and the page's words for each refusal.

describe('compare two tests', () => {
  it('asks for both tests, then shows validity before any change, the table, the reasons and the sources', async () => {
    signInAs(CLINICIAN);
    const reply = heldReply(aComparison());
    const asked = onApi('compareAdministrations', reply.respond);
    renderRoute('/compare/7/5');

    expect(await screen.findByLabelText('Loading the comparison')).toBeInTheDocument();
    reply.release();
    const validity = await screen.findByRole('status');
    expect(validity).toHaveTextContent('Both administrations passed the validity checks their forms allow.');
    expect(asked.map((r) => [r.params, r.query.get('with')])).toEqual([[{ id: '7' }, '5']]);
    // Validity comes before the change in the page.
    const table = screen.getByRole('table', { name: 'Scores of both tests, their differences and reliable change' });
    expect(validity.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const prc = within(table).getByRole('rowheader', { name: 'Perceptual Dysregulation' }).closest('tr')!;
    expect(within(prc).getByText('≥ 90')).toBeInTheDocument();
    expect(within(prc).getByText('+1.75')).toBeInTheDocument();
    expect(within(prc).getByText('Reliably higher (RCI +3.20; r = 0.6)')).toBeInTheDocument();
    const anx = within(table).getByRole('rowheader', { name: 'Anxiousness' }).closest('tr')!;
    expect(within(anx).getByText('−0.50')).toBeInTheDocument();
    expect(within(anx).getByText('−7')).toBeInTheDocument();
    expect(within(anx).getByText(/Not assessed/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why there is no reliable-change mark' })).toHaveTextContent(
      'No published reliability for this scale on the full form',
    );
    expect(screen.getByRole('list', { name: 'Reliabilities used' })).toHaveTextContent(
      'Thimm, J. C., Jordan, S., & Bach, B. (2016). BMC Psychology, 4, 61. Internal consistency, Norwegian university students, N = 503.',
    );
    // The reference and its sample are English whatever the page's language: marked so (3.1.2).
    const reliabilities = screen.getByRole('list', { name: 'Reliabilities used' });
    expect([...reliabilities.querySelectorAll('[lang="en"]')].map((element) => element.textContent)).toEqual([
      'Thimm, J. C., Jordan, S., & Bach, B. (2016). BMC Psychology, 4, 61',
      'Norwegian university students',
    ]);
    const chart = screen.getByRole('img', { name: /Profile of both tests in US T scores/ });
    expect(chart).toBeInTheDocument();
    // The axis is titled and runs T 30-100; each bar carries its scale's own level lines where the comparison gives
    // them (the first scale's earlier bar: Mild at T 60, Moderate 67, High 74), in the patterns the legend names.
    expect(chart).toHaveTextContent('T score');
    const xOf = (t: string) =>
      Number(
        Array.from(chart.querySelectorAll('text'))
          .find((n) => n.textContent === t)
          ?.getAttribute('x'),
      );
    const lines = Array.from(chart.querySelectorAll('[data-level-line]'));
    expect(lines.map((line) => line.getAttribute('data-level-line'))).toEqual(['Mild', 'Moderate', 'High']);
    expect(Number(lines[0]?.getAttribute('x1'))).toBeCloseTo(xOf('60'), 5);
    expect(Number(lines[2]?.getAttribute('x1'))).toBeCloseTo(xOf('70') + (xOf('80') - xOf('70')) * 0.4, 5);
    expect(lines.map((line) => line.getAttribute('stroke-dasharray'))).toEqual(['2 2', '5 2', null]);
    for (const level of ['Mild begins', 'Moderate begins', 'High begins']) {
      expect(chart).toHaveTextContent(level);
    }
    expect(screen.getByRole('link', { name: 'Download the comparison (PDF)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/assessments\/5\/compare\.pdf\?with=7&tz=/),
    );
  });

  it('says first when an administration is not interpretable', async () => {
    signInAs(CLINICIAN);
    onApi(
      'compareAdministrations',
      aComparison({
        isChangeInterpretable: false,
        validityStatement:
          'The later administration is not interpretable, so the differences below are not to be read as change and no reliable-change mark is given.',
        second: {
          ...aComparison().second,
          validity: {
            verdict: 'not-interpretable',
            label: 'Not interpretable',
            summary: 'Not interpretable: inconsistent answers.',
          },
        },
        scales: [aComparedScale({ noReliableChangeReason: 'Withheld: an administration is not interpretable.' })],
      }),
    );
    renderRoute('/compare/7/5');
    const validity = await screen.findByRole('status');
    expect(validity).toHaveTextContent('The later administration is not interpretable');
    expect(validity).toHaveTextContent(/Later \(.+\): Not interpretable: inconsistent answers\./);
    expect(screen.getByRole('list', { name: 'Why there is no reliable-change mark' })).toHaveTextContent('Withheld');
    expect(screen.getByText('No reliability was used in this comparison.')).toBeInTheDocument();
  });

  it.each([
    { status: 404, code: 'NOT_FOUND', message: 'Assessment not found', shown: 'One of these tests does not exist' },
    {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'These two tests are not of the same patient, so they are not compared.',
      shown: 'These two tests are not of the same patient',
    },
    { status: 409, code: 'TEST_INCOMPLETE', message: 'This test is not finished yet.', shown: 'not finished yet' },
  ] as const)('explains a $status', async ({ status, code, message, shown }) => {
    signInAs(CLINICIAN);
    onApiError('compareAdministrations', status, code, message);
    renderRoute('/compare/7/5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These tests cannot be compared');
    expect(alert).toHaveTextContent(shown);
  });
});

describe('compare two tests in German', () => {
  it('names the scales, the level lines and the T axis in German, with decimal commas', async () => {
    window.localStorage.setItem('pid5_lang', 'de');
    signInAs(CLINICIAN);
    onApi('compareAdministrations', aComparison());
    renderRoute('/compare/7/5');

    const table = await screen.findByRole('table', {
      name: 'Werte beider Tests, ihre Differenzen und reliable Veränderung',
    });
    const anx = within(table).getByRole('rowheader', { name: 'Ängstlichkeit' }).closest('tr')!;
    expect(within(anx).getByText('−0,50')).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Perzeptuelle Dysregulation' })).toBeInTheDocument();
    const chart = screen.getByRole('img', { name: /Profil beider Tests/ });
    expect(chart).toHaveTextContent('T-Wert');
    expect(chart).toHaveTextContent('Ängstlichkeit');
    expect(chart).not.toHaveTextContent('Anxiousness');
    for (const word of ['Leicht beginnt', 'Mittelgradig beginnt', 'Hoch beginnt']) {
      expect(chart).toHaveTextContent(word);
    }
  });
});
