import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldReply, onApi, onApiError } from '../../../test/api-mock';
import { ADMIN, aCreditEntry, aPage, anAdminUser } from '../../../test/fixtures';
import { renderRoute, signInAs } from '../../../test/render-route';

const DEV_LOGIN = { institute: { enabled: true, kind: 'dev' }, localAccounts: false } as const;

function ledgerSection() {
  return screen.findByRole('region', { name: 'Ledger' });
}

describe('grant tests (admin credits)', () => {
  it('shows the clinicians as loading, then each with their tests', async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApi('listCreditLedger', aPage([]));
    const users = heldReply({
      items: [anAdminUser({ username: 'Dr Clinician', purchased: 3, used: 1, available: 2 })],
    });
    onApi('listAdminUsers', users.respond);
    renderRoute('/admin/credits');

    expect(await screen.findByPlaceholderText('Loading…')).toBeInTheDocument();
    users.release();
    const perClinician = screen.getByRole('region', { name: 'Tests per clinician' });
    const row = await within(perClinician).findByRole('row', { name: /Dr Clinician/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Dr Clinician', 'clinician@example.org', 'Clinician', '3', '1', '2']);
    expect(screen.getByPlaceholderText('Choose a clinician')).toBeInTheDocument();
  });

  it('says so when nothing has been granted or purchased yet', async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApi('listAdminUsers', { items: [] });
    onApi('listCreditLedger', aPage([]));
    renderRoute('/admin/credits');

    expect(
      await within(await ledgerSection()).findByText('No tests have been granted or purchased yet.'),
    ).toBeInTheDocument();
    expect(within(await ledgerSection()).getByTestId('page-indicator')).toHaveTextContent('Page 1 of 1');
  });

  it("shows the server's message when the clinicians cannot be loaded", async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApiError('listAdminUsers', 403, 'FORBIDDEN', 'This page is for administrators.');
    onApi('listCreditLedger', aPage([]));
    renderRoute('/admin/credits');

    const perClinician = await screen.findByRole('region', { name: 'Tests per clinician' });
    expect(await within(perClinician).findByRole('alert')).toHaveTextContent('This page is for administrators.');
  });

  it('pages through the ledger', async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApi('listAdminUsers', { items: [] });
    const asked = onApi('listCreditLedger', ({ query }) => {
      const page = Number(query.get('page'));
      return aPage([aCreditEntry({ id: page, note: `Invoice ${page}` })], { page, pageCount: 2, total: 21 });
    });
    const { user } = renderRoute('/admin/credits');

    expect(await within(await ledgerSection()).findByText('Invoice 1')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Ledger pages' });
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(await ledgerSection()).findByText('Invoice 2')).toBeInTheDocument();
    expect(within(pages).getByTestId('page-indicator')).toHaveTextContent('Page 2 of 2');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(asked.map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });

  it('asks for a clinician before granting, then grants and says how many they have now', async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    onApi('listCreditLedger', aPage([]));
    const grants = onApi('grantCredits', { entry: aCreditEntry({ quantity: 3 }), available: 5 }, { status: 201 });
    const { user } = renderRoute('/admin/credits');

    await user.click(await screen.findByRole('button', { name: 'Grant Tests' }));
    expect(await screen.findByText('Please choose a clinician')).toBeInTheDocument();
    expect(grants).toHaveLength(0);

    await user.click(screen.getByRole('textbox', { name: 'Clinician' }));
    await user.click(await screen.findByRole('option', { name: /Dr Clinician/ }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Invoice 17');
    await user.click(screen.getByRole('button', { name: 'Grant Tests' }));

    expect(await screen.findByText('Granted 3 tests to Dr Clinician. They now have 5 available.')).toBeInTheDocument();
    expect(grants.map((request) => request.body)).toEqual([
      { clinicianId: 'u-clinician', quantity: 3, note: 'Invoice 17' },
    ]);
  });

  it("shows the server's refusal of a grant", async () => {
    signInAs(ADMIN);
    onApi('authMethods', DEV_LOGIN);
    onApi('listAdminUsers', { items: [anAdminUser()] });
    onApi('listCreditLedger', aPage([]));
    onApiError('grantCredits', 404, 'NOT_FOUND', 'No such clinician');
    const { user } = renderRoute('/admin/credits');

    await user.click(await screen.findByRole('textbox', { name: 'Clinician' }));
    await user.click(await screen.findByRole('option', { name: /Dr Clinician/ }));
    await user.click(screen.getByRole('button', { name: 'Grant Tests' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Grant failed: No such clinician');
  });
});
