import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, CLINICIAN, anAssessmentList, anAssessmentListItem, someCredits } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

/** The rows of the assessments table's body, as text per cell. */
function tableRows(): string[][] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

function patientIds(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => anAssessmentListItem({ id: from + i, patientId: `PAT-${from + i}` }));
}

describe('dashboard', () => {
  it('shows the table as loading until the list arrives, then its rows', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const reply = heldReply(anAssessmentList([anAssessmentListItem({ patientId: 'PAT-A', answeredCount: 12 })]));
    onApi('listAssessments', reply.respond);
    renderRoute('/dashboard');

    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No assessments')).not.toBeInTheDocument();

    reply.release();
    expect(await screen.findByRole('cell', { name: 'PAT-A' })).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(tableRows()[0]).toEqual([
      'PAT-A',
      '12 of 220',
      'Full',
      expect.any(String),
      expect.any(String),
      expect.any(String),
      'Details',
    ]);
    expect(screen.getByTestId('tests-available')).toHaveTextContent('Tests Available: 2');
    expect(screen.getByText('1 assessment')).toBeInTheDocument();
  });

  it('says "No assessments" when there are none', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(0));
    onApi('listAssessments', anAssessmentList([]));
    renderRoute('/dashboard');

    expect(await screen.findByText('No assessments')).toBeInTheDocument();
    expect(screen.getByText('0 assessments')).toBeInTheDocument();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 of 1');
    // Nothing left to create with.
    expect(screen.getByRole('button', { name: 'Create Test' })).toBeDisabled();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApiError('listAssessments', 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    renderRoute('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.getByText('No assessments')).toBeInTheDocument();
  });

  it('says the session has ended when the server refuses the list', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const asked = onApiError('listAssessments', 401, 'UNAUTHENTICATED', 'Your session has ended. Please log in again.');
    renderRoute('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    // A refusal is not tried again.
    expect(asked).toHaveLength(1);
  });

  it('pages through the list with Next and Prev, and keeps the page in the address', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const asked = onApi('listAssessments', ({ query }) => {
      const page = Number(query.get('page'));
      return anAssessmentList(patientIds(page === 3 ? 5 : 10, (page - 1) * 10 + 1), { page, total: 25 });
    });
    const { user, router } = renderRoute('/dashboard');

    expect(await screen.findByRole('cell', { name: 'PAT-1' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Assessment pages' });
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 1 of 3');
    expect(within(pages).getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByText('25 assessments')).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'PAT-11' })).toBeInTheDocument();
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 2 of 3');
    expect(router.state.location.search).toBe('?page=2');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'PAT-21' })).toBeInTheDocument();
    expect(tableRows()).toHaveLength(5);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('cell', { name: 'PAT-11' })).toBeInTheDocument();
    expect(asked.map((request) => request.query.get('page'))).toEqual(['1', '2', '3', '2']);
  });

  it('moves an address past the last page to the last page the server answers with', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApi('listAssessments', anAssessmentList(patientIds(5, 21), { page: 3, total: 25 }));
    const { router } = renderRoute('/dashboard?page=9');

    expect(await screen.findByRole('cell', { name: 'PAT-21' })).toBeInTheDocument();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 of 3');
    await expect.poll(() => router.state.location.search).toBe('?page=3');
  });

  it('searches on the server from the first page, and sorts as chosen', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const asked = onApi('listAssessments', ({ query }) =>
      anAssessmentList(
        query.get('search') === 'smith' ? [anAssessmentListItem({ patientId: 'smith-2' })] : patientIds(3),
      ),
    );
    const { user, router } = renderRoute('/dashboard?page=1&sort=created-asc');

    expect(await screen.findByRole('cell', { name: 'PAT-1' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by Patient ID' }), 'smith');
    expect(await screen.findByRole('cell', { name: 'smith-2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=smith&sort=created-asc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort By' }), 'Questions Completed Desc.');
    await expect.poll(() => asked.at(-1)?.query.get('sort')).toBe('answered-desc');
    const last = asked.at(-1)!.query;
    expect([last.get('search'), last.get('page')]).toEqual(['smith', '1']);
  });

  it("filters by form on the server, from the URL, and shows each test's form and its item count", async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const asked = onApi('listAssessments', ({ query }) =>
      anAssessmentList(
        query.get('form') === 'SF'
          ? [anAssessmentListItem({ patientId: 'PAT-SF', form: 'SF', answeredCount: 40 })]
          : [
              anAssessmentListItem({ id: 1, patientId: 'PAT-BF', form: 'BF', answeredCount: 3 }),
              anAssessmentListItem({ id: 2, patientId: 'PAT-FULL', answeredCount: 12 }),
            ],
      ),
    );
    const { user, router } = renderRoute('/dashboard?form=BF');

    expect(await screen.findByRole('cell', { name: 'PAT-BF' })).toBeInTheDocument();
    expect(asked[0]?.query.get('form')).toBe('BF');
    expect(screen.getByRole('combobox', { name: 'Form' })).toHaveValue('BF');
    expect(screen.getByRole('columnheader', { name: 'Form' })).toBeInTheDocument();
    expect(tableRows()[0]?.slice(0, 3)).toEqual(['PAT-BF', '3 of 25', 'Brief']);
    expect(tableRows()[1]?.slice(0, 3)).toEqual(['PAT-FULL', '12 of 220', 'Full']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'Short (100 items)');
    expect(await screen.findByRole('cell', { name: 'PAT-SF' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?form=SF');
    expect(tableRows()[0]?.slice(0, 3)).toEqual(['PAT-SF', '40 of 100', 'Short']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'All forms');
    await expect.poll(() => router.state.location.search).toBe('');
    await expect.poll(() => asked.at(-1)?.query.has('form')).toBe(false);
  });

  it('shows an admin in the admin view every clinician’s tests, with the admin screens at hand', async () => {
    signInAs(ADMIN);
    onApi('getCredits', someCredits(5));
    onApi(
      'listAssessments',
      anAssessmentList(
        [anAssessmentListItem({ patientId: 'PAT-X', answeredCount: 220, clinician: { id: 'u-b', username: 'Dr B' } })],
        { view: 'admin' },
      ),
    );
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Assessments' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Clinician' })).toBeInTheDocument();
    const [row] = tableRows();
    expect(row?.[1]).toBe('Completed');
    expect(row?.[6]).toBe('Dr B');
    expect(screen.getByRole('link', { name: 'Grant tests' })).toHaveAttribute('href', '/admin/credits');
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
    expect(screen.getByRole('link', { name: 'Patient data' })).toHaveAttribute('href', '/admin/patients');
  });

  it('shows Expired and Due today instead of a bare 0 in Days Left', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const laterToday = new Date();
    laterToday.setHours(23, 59, 0, 0);
    onApi(
      'listAssessments',
      anAssessmentList([
        anAssessmentListItem({ id: 1, patientId: 'PAT-EXP', status: 'expired', dueAt: '2026-01-01T10:00:00.000Z' }),
        anAssessmentListItem({ id: 2, patientId: 'PAT-TODAY', status: 'in-progress', dueAt: laterToday.toISOString() }),
      ]),
    );
    renderRoute('/dashboard');

    expect(await screen.findByRole('cell', { name: 'PAT-EXP' })).toBeInTheDocument();
    const [expired, today] = tableRows();
    expect(expired?.[5]).toBe('Expired');
    expect(today?.[5]).toBe('Due today');
  });

  it('shows no days left for a completed test, whatever its due date', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString();
    onApi(
      'listAssessments',
      anAssessmentList([
        anAssessmentListItem({
          id: 1,
          patientId: 'PAT-DONE',
          status: 'completed',
          answeredCount: 220,
          dueAt: inTenDays,
        }),
        anAssessmentListItem({ id: 2, patientId: 'PAT-OPEN', status: 'in-progress', dueAt: inTenDays }),
      ]),
    );
    renderRoute('/dashboard');

    expect(await screen.findByRole('cell', { name: 'PAT-DONE' })).toBeInTheDocument();
    const [done, open] = tableRows();
    expect(done?.[5]).toBe('—Completed: no days left to count');
    expect(screen.getByText('Completed: no days left to count')).toHaveClass('mantine-VisuallyHidden-root');
    expect(open?.[5]).toMatch(/^(9|10)$/);
  });

  it('filters by status on the server, from the first page, and keeps the filter in the address', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    const asked = onApi('listAssessments', ({ query }) =>
      anAssessmentList(
        query.get('status') === 'expired'
          ? [anAssessmentListItem({ patientId: 'PAT-OLD', status: 'expired' })]
          : patientIds(3),
      ),
    );
    const { user, router } = renderRoute('/dashboard?page=2&sort=created-asc');

    const filter = await screen.findByRole('combobox', { name: 'Status' });
    expect([...(filter as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All',
      'Not started',
      'In progress',
      'Completed',
      'Expired',
    ]);
    await user.selectOptions(filter, 'Expired');
    expect(await screen.findByRole('cell', { name: 'PAT-OLD' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=created-asc&status=expired');
    const last = asked.at(-1)!.query;
    expect([last.get('status'), last.get('page'), last.get('sort')]).toEqual(['expired', '1', 'created-asc']);

    // Back to All: the parameter leaves the address.
    await user.selectOptions(filter, 'All');
    await expect.poll(() => router.state.location.search).toBe('?sort=created-asc');
  });

  it.each([
    [
      'an admin',
      ADMIN,
      'You have no tests left. To create one, grant tests to yourself.',
      'grant tests',
      '/admin/credits',
    ],
    [
      'a clinician of an institute with a store',
      { ...CLINICIAN, institute: { ...CLINICIAN.institute, testsStoreUrl: 'https://shop.example.org/tests' } },
      "You have no tests left. Buy tests in the institute's store; they are added to your account when you next sign in.",
      "Buy tests in the institute's store",
      'https://shop.example.org/tests',
    ],
    ['a clinician', CLINICIAN, 'You have no tests left. Ask your admin for more tests.', null, null],
  ] as const)('says why Create Test is disabled, and what to do, to %s', async (_who, me, text, link, href) => {
    signInAs(me);
    onApi('getCredits', someCredits(0));
    onApi('listAssessments', anAssessmentList([], { view: me.role === 'admin' ? 'admin' : 'clinician' }));
    renderRoute('/dashboard');

    const help = await screen.findByTestId('no-tests-help');
    expect(help).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Create Test' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Test' })).toHaveAccessibleDescription(text);
    if (link) {
      expect(within(help).getByRole('link', { name: link })).toHaveAttribute('href', href);
    } else {
      expect(within(help).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('downloads the CSV of what the filters list (every page), and everything when there is no filter', async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApi('listAssessments', () => anAssessmentList(patientIds(3)));
    const { user } = renderRoute('/dashboard?page=3&sort=created-asc&search=%20pat-&status=completed&form=SF');

    const link = await screen.findByRole('link', { name: 'Download CSV (filtered)' });
    // The table's filters, without its sort and page (the file holds every page, in id order).
    expect(link.getAttribute('href')).toBe('/api/assessments/export.csv?search=pat-&status=completed&form=SF');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await user.clear(screen.getByPlaceholderText('Search by Patient ID'));
    await expect
      .poll(() => screen.getByTestId('download-csv').getAttribute('href'))
      .toBe('/api/assessments/export.csv?form=SF');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'All forms');
    const unfiltered = await screen.findByRole('link', { name: 'Download CSV' });
    expect(unfiltered.getAttribute('href')).toBe('/api/assessments/export.csv');
  });

  it("downloads FHIR NDJSON beside the CSV, with exactly the CSV's filters", async () => {
    signInAs(CLINICIAN);
    onApi('getCredits', someCredits(2));
    onApi('listAssessments', () => anAssessmentList(patientIds(3)));
    const { user } = renderRoute('/dashboard?page=2&sort=answered-desc&search=P-1&status=expired&form=BF');

    const link = await screen.findByRole('link', { name: 'Download FHIR NDJSON (filtered)' });
    expect(link).toHaveAttribute('download');
    expect(link.getAttribute('href')).toBe('/api/assessments/export.fhir.ndjson?search=P-1&status=expired&form=BF');
    expect(link.getAttribute('href')?.split('?')[1]).toBe(
      screen.getByTestId('download-csv').getAttribute('href')?.split('?')[1],
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await user.clear(screen.getByPlaceholderText('Search by Patient ID'));
    await expect
      .poll(() => screen.getByTestId('download-fhir-ndjson').getAttribute('href'))
      .toBe('/api/assessments/export.fhir.ndjson?form=BF');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'All forms');
    const unfiltered = await screen.findByRole('link', { name: 'Download FHIR NDJSON' });
    expect(unfiltered.getAttribute('href')).toBe('/api/assessments/export.fhir.ndjson');
  });
});
