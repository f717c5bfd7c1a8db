import { expect, test } from '@playwright/test';
import { DEMO, signInAsDemo, unique } from './helpers';

test('the demo admin signs in, switches view and back, and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Please log in through the institute' })).toBeVisible();
  await signInAsDemo(page, DEMO.admin);
  await expect(page.getByTestId('header-role')).toHaveText('Admin');
  await expect(page.getByText('Admin View', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Switch to Clinician Mode' }).click();
  await expect(page.getByText('Clinician View', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Clinician View', { exact: true })).toBeVisible(); // kept in the session

  await page.getByRole('button', { name: 'Switch to Admin Mode' }).click();
  await expect(page.getByText('Admin View', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a clinician signs in and sees no view switch', async ({ page }) => {
  await signInAsDemo(page, DEMO.clinicianA);
  await expect(page.getByTestId('header-role')).toHaveText('Clinician');
  await expect(page.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
  await expect(page.getByText('Admin View')).toHaveCount(0);
});

test('a callback with a wrong state returns to /login with the message', async ({ page }) => {
  await page.goto('/auth/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?error=sign_in_again$/);
  await expect(page.getByRole('alert')).toContainText(
    'Your sign-in did not finish (it was cancelled, took too long or was used twice). Please try again.',
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-out visitor to a signed-in page goes to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Please log in through the institute' })).toBeVisible();
});

test('a local account registers and logs in with the spec messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your username and password!');

  const username = unique('e2e');
  await page.getByText('Register', { exact: true }).click();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a username and password!');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-username')).toHaveText(username);
  await page.getByRole('button', { name: 'Logout' }).click();

  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('the wrong password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText("Oops! The username and password didn't match. Try again!");
});

test('on a phone an admin keeps the view switch and Logout on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAsDemo(page, DEMO.admin);
  // The badge and the words "Switch to" give way on a narrow screen; the button and Logout stay whole on screen.
  const toClinician = page.getByRole('button', { name: 'Clinician Mode' });
  await expect(toClinician).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  await toClinician.click();
  await expect(page.getByRole('button', { name: 'Admin Mode' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { level: 1, name: 'Assessments' })).toBeVisible();
});
