import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, aPage, anAdminUser, anAuditEvent } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';
import { formatDateTime } from '../../lib/dates';

/** The audit table's body rows, as text per cell. */
function eventRows(): string[][] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('audit log', () => {
  it('shows the events once they arrive: who, what, which test, from where', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    const log = heldReply(
      aPage([
        anAuditEvent({ id: 2, action: 'assessment.view', assessmentId: 7 }),
        anAuditEvent({
          id: 1,
          actor: 'patient',
          actorName: null,
          action: 'assessment.consent',
          assessmentId: 9,
          ip: null,
          details: null,
        }),
      ]),
    );
    onApi('listAuditEvents', log.respond);
    renderRoute('/admin/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    expect(screen.queryByText('No events')).not.toBeInTheDocument();
    log.release();
    // In the table: the action filter lists the same name.
    expect(await screen.findByRole('cell', { name: 'Viewed test details' })).toBeInTheDocument();
    const [viewed, consented] = eventRows();
    expect(viewed?.slice(1)).toEqual(['Dr Clinician', 'Viewed test details', '7', '203.0.113.5', 'View: clinician']);
    expect(consented?.slice(1)).toEqual(['Patient', 'Patient accepted consent', '9', '', '']);
    expect(screen.getByRole('link', { name: '7' })).toHaveAttribute('href', '/details/7');
    expect(screen.getByText('2 events')).toBeInTheDocument();
  });

  it('says "No events" when nothing matches', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [] });
    onApi('listAuditEvents', aPage([]));
    renderRoute('/admin/audit');

    expect(await screen.findByText('No events')).toBeInTheDocument();
    expect(screen.getByText('0 events')).toBeInTheDocument();
  });

  it("shows the server's message when the log cannot be loaded", async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [] });
    onApiError('listAuditEvents', 403, 'FORBIDDEN', 'This page is for administrators.');
    renderRoute('/admin/audit');

    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for administrators.');
  });

  it('pages through the log, keeping the filters', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [] });
    const asked = onApi('listAuditEvents', ({ query }) => {
      const page = Number(query.get('page'));
      return aPage([anAuditEvent({ id: page, assessmentId: page * 100 })], { page, pageCount: 2, total: 51 });
    });
    const { user, router } = renderRoute('/admin/audit?action=assessment.view');

    expect(await screen.findByRole('link', { name: '100' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: '200' })).toBeInTheDocument();
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 2 of 2');
    expect(router.state.location.search).toBe('?action=assessment.view&page=2');
    expect(asked.map((request) => [request.query.get('action'), request.query.get('page')])).toEqual([
      ['assessment.view', '1'],
      ['assessment.view', '2'],
    ]);
  });

  it('filters by action, actor and test on the server; a test filter must be a test number', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    const asked = onApi('listAuditEvents', aPage([]));
    const { user } = renderRoute('/admin/audit');

    await screen.findByText('No events');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Granted tests');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Actor' }), 'Dr Clinician');
    const testNumber = screen.getByRole('textbox', { name: 'Assessment ID' });
    await user.type(testNumber, 'abc');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(testNumber).toHaveAccessibleDescription('Enter a test number');

    await user.clear(testNumber);
    await user.type(testNumber, '42');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await expect.poll(() => asked.at(-1)?.query.get('assessmentId')).toBe('42');
    const last = asked.at(-1)!.query;
    expect([last.get('action'), last.get('actor'), last.get('page')]).toEqual(['credits.grant', 'u-clinician', '1']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expect.poll(() => asked.at(-1)?.query.toString()).toBe('page=1');
  });

  it('shows details as readable lines', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    onApi(
      'listAuditEvents',
      aPage([
        anAuditEvent({
          action: 'assessment.extend',
          details: { previousDueAt: '2026-03-04T10:00:00.000Z', dueAt: '2026-04-03T10:00:00.000Z' },
        }),
      ]),
    );
    renderRoute('/admin/audit');

    const details = await screen.findByTestId('audit-details');
    expect(details).toHaveTextContent(`Previous due date: ${formatDateTime('2026-03-04T10:00:00.000Z', 'en')}`);
    expect(details).toHaveTextContent(`New due date: ${formatDateTime('2026-04-03T10:00:00.000Z', 'en')}`);
    expect(details).not.toHaveTextContent('{');
  });

  it('filters by patient ID on the server, kept in the address', async () => {
    signInAs(ADMIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    const asked = onApi('listAuditEvents', aPage([]));
    const { user, router } = renderRoute('/admin/audit');

    await screen.findByText('No events');
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), ' PAT-7 ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await expect.poll(() => asked.at(-1)?.query.get('patientId')).toBe('PAT-7');
    expect(router.state.location.search).toBe('?patientId=PAT-7');
  });
});
