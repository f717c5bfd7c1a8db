import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onApi, onApiError } from '../../../test/api-mock';
import { renderRoute, signOut } from '../../../test/render-route';

// The login page after a failed institute sign-in: the server sends the browser to /login?error=<key>,
// and the page says which of the three things happened, so nobody waits out a misconfiguration.

describe('/login?error=', () => {
  it.each([
    { key: 'not_set_up', text: 'The institute login is not set up correctly; please tell your administrator.' },
    { key: 'unavailable', text: 'The institute login is not reachable right now. Please wait a minute and try again.' },
    {
      key: 'sign_in_again',
      text: 'Your sign-in did not finish (it was cancelled, took too long or was used twice). Please try again.',
    },
  ])('$key shows its message and the Login button', async ({ key, text }) => {
    signOut();
    onApi('authMethods', { institute: { enabled: true, kind: 'oidc' }, localAccounts: false });
    renderRoute(`/login?error=${key}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  it('an unknown key shows no alert', async () => {
    signOut();
    onApi('authMethods', { institute: { enabled: true, kind: 'oidc' }, localAccounts: false });
    renderRoute('/login?error=made-up');
    expect(await screen.findByRole('heading', { name: 'Please log in through the institute' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('registering a local account', () => {
  it("shows the server's message when the address registered too often, not 'username taken'", async () => {
    signOut();
    onApi('authMethods', { institute: { enabled: true, kind: 'oidc' }, localAccounts: true });
    onApiError('localRegister', 429, 'RATE_LIMITED', 'Too many attempts. Please try again in a minute.');
    renderRoute('/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('radio', { name: 'Register' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'new-clinician');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in a minute.');
  });
});

describe('the password field', () => {
  it('shows and hides the password by keyboard: a named toggle in the Tab order, pressed by Enter and Space', async () => {
    signOut();
    onApi('authMethods', { institute: { enabled: true, kind: 'oidc' }, localAccounts: true });
    renderRoute('/login');
    const user = userEvent.setup({ delay: null });
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'secret words');
    expect(password).toHaveAttribute('type', 'password');

    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(password).toHaveAttribute('type', 'password');
  });
});
