import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: 'Dr. Ada Admin',
  clinicianA: 'Dr. Carl Clinician',
  clinicianB: 'Dr. Dana Doctor',
} as const;

/** Signs in through the real redirect flow: our Login button → the bundled provider → back to the dashboard. */
export async function signInAsDemo(page: Page, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${name.replace('.', '\\.')} `) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-username')).toHaveText(name);
}
