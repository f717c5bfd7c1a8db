import { expect, test, type Page } from '@playwright/test';
import { englishOutsideMarkers, PSEUDO_LANGUAGE } from '@pid5/i18n/pseudo-language';
import { OIDC_STACK } from '../institute-stacks';
import { createTestViaApi, expectOk, grantTests, unique } from './helpers';

// An app configured only through OIDC_* against a separate issuer on its own port (the bundled
// oidc-provider run standalone by start-oidc-stack.ts): real HTTP, real redirects.
test.use({ baseURL: OIDC_STACK.appUrl });

async function signInAtIssuer(page: Page, name: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_STACK.issuer}/interaction/`));
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${name.replace('.', '\\.')} `) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-username')).toHaveText(name);
}

test("the institute's admin group makes an admin; logout ends the session at the issuer too", async ({ page }) => {
  await signInAtIssuer(page, OIDC_STACK.admin.name);
  await expect(page.getByTestId('header-role')).toHaveText('Admin');
  await expect(page.getByText('Admin View', { exact: true })).toBeVisible();

  // RP-initiated logout: the issuer confirms, then returns the browser to our /login.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${OIDC_STACK.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  // With the state the logout request sent (some providers return the browser only when it is there).
  await expect(page).toHaveURL(new RegExp(`^${OIDC_STACK.appUrl}/login\\?state=[\\w-]{20,}$`));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  // The issuer's session is gone too: it asks who is signing in, and a clinician stays a clinician.
  await signInAtIssuer(page, OIDC_STACK.clinician.name);
  await expect(page.getByTestId('header-role')).toHaveText('Clinician');
  await expect(page.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
});

test('a forged callback is refused with the message', async ({ page }) => {
  await page.goto('/auth/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/login\?error=sign_in_again$/);
  await expect(page.getByRole('alert')).toContainText('Your sign-in did not finish');
});

test('a language the installation added as files after the build: offered in the header, spoken on the staff and patient pages', async ({
  page,
  browser,
}) => {
  await signInAtIssuer(page, OIDC_STACK.admin.name);
  // Its own name, from its language.json: the pseudo-locale's, in ⟦ ⟧.
  await page.getByRole('button', { name: /^Language: / }).click();
  await page.getByRole('menuitem', { name: /⟦/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('⟦');
  expect(englishOutsideMarkers(await page.getByRole('main').innerText(), [OIDC_STACK.admin.name])).toEqual([]);

  // A test in it: the patient's pages speak it from the first page.
  const me = (await (await expectOk(await page.request.get('/api/me'))).json()) as { id: string };
  await grantTests(page, me.id, 1);
  const created = await createTestViaApi(page, { patientId: unique('PAT-QAA'), form: 'BF', language: PSEUDO_LANGUAGE });
  const patient = await (await browser.newContext({ baseURL: OIDC_STACK.appUrl, locale: 'en-US' })).newPage();
  await patient.goto(`/test/${created.code}`);
  await expect(patient.getByRole('heading', { level: 1 })).toContainText('⟦');
  expect(englishOutsideMarkers(await patient.locator('body').innerText())).toEqual([]);
  await patient.context().close();
});
