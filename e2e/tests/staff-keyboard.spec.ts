import type { Locator, Page } from '@playwright/test';
import {
  answersFrom,
  completeAsPatient,
  createTestViaApi,
  DEMO,
  expect,
  newClinician,
  newClinicianWithTests,
  signInAsDemo,
  wordsCutOff,
  test,
  unique,
} from './helpers';

// The staff pages by keyboard (WCAG 2.4.3, 2.4.11, 1.4.4, 1.4.10): every dialog and popover gives the focus back to
// the control that opened it; Shift+Tab through a page never puts the focused control behind the 64 px sticky header,
// on a desktop or at 200 % zoom; no clinical badge is cut off on a phone or at 200 % zoom.

const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

/** 1280 px at 200 % zoom: a 640 CSS px wide page drawn with two device pixels per CSS pixel. */
const ZOOM_200 = { viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };
/** The narrowest width WCAG 1.4.10 asks a page to reflow to. */
const NARROW = { viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 };

/** A clinician with a completed test and a second, later one of the same patient. */
async function clinicianWithResults(
  page: Page,
  newPage: Parameters<typeof newClinicianWithTests>[1],
  baseURL: string,
  request: Parameters<typeof completeAsPatient>[0],
) {
  await newClinicianWithTests(page, newPage, baseURL, 'kbd', 2);
  const patientId = unique('PAT-KBD');
  // A long country name, which a chip on the details page once cut to "United States of …" at 320 px.
  const first = await createTestViaApi(page, {
    patientId,
    country: 'United States of America',
    postalCode: '10001',
  });
  await completeAsPatient(request, first.code, ANSWERS);
  const second = await createTestViaApi(page, { patientId });
  await completeAsPatient(
    request,
    second.code,
    answersFrom((n) => (n % 3 === 0 ? 2 : n % 2)),
  );
  return { first, second };
}

/** Focuses `control` and presses `key` on it, as a keyboard user does. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

/**
 * Opens a menu from its button and chooses an item by keyboard. The open menu moves the focus to its current item
 * once its opening transition ends; the choice is focused only after that, or the late move would take it back.
 */
async function chooseFromMenu(opener: Locator, items: { current: string; choice: string }): Promise<void> {
  const page = opener.page();
  await press(opener);
  await expect(page.getByRole('menuitem', { name: items.current })).toBeFocused();
  await page.getByRole('menuitem', { name: items.choice }).focus();
  await page.keyboard.press('Enter');
}

test('every dialog and popover on the staff pages gives the focus back to its opener', async ({
  page,
  newPage,
  baseURL,
  request,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP.viewport);
  const { first } = await clinicianWithResults(page, newPage, baseURL!, request);
  const colleague = await newClinician(await newPage(), baseURL!, 'kbd-colleague');

  await page.goto('/createtest');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Test' })).toBeVisible();
  // The diagnosis picker: by Escape, and by Done.
  const choose = page.getByRole('button', { name: 'Choose Diagnoses' });
  await press(choose);
  await expect(page.getByRole('dialog', { name: 'DSM-5 Diagnoses' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(choose).toBeFocused();
  await press(choose);
  await press(page.getByRole('dialog').getByRole('button', { name: 'Done' }));
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(choose).toBeFocused();

  // "Leave Create Test?": the safe "No" has the focus first; No and Escape both return to Back.
  const back = page.getByRole('button', { name: 'Back', exact: true });
  await press(back);
  const leave = page.getByRole('dialog', { name: 'Are you sure you want to go back to the dashboard?' });
  await expect(leave).toBeVisible();
  await expect(leave.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(leave).toBeHidden();
  await expect(back).toBeFocused();
  await press(back);
  await expect(leave).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leave).toBeHidden();
  await expect(back).toBeFocused();

  // The language menu: open on the current language; Escape, and a choice, both return to its button.
  const languageButton = page.getByRole('button', { name: /^Language:/ });
  await press(languageButton);
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(languageButton).toBeFocused();
  await chooseFromMenu(languageButton, { current: 'English', choice: 'Deutsch' });
  const sprache = page.getByRole('button', { name: /^Sprache:/ });
  await expect(sprache).toBeFocused();
  await chooseFromMenu(sprache, { current: 'Deutsch', choice: 'English' });
  await expect(languageButton).toBeFocused();

  await page.goto(`/details/${first.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The report dialog: by Escape, and after downloading.
  const report = page.getByRole('button', { name: 'Download PDF', exact: true });
  await press(report);
  const dialog = page.getByRole('dialog', { name: 'Enter the name you would like on the report' });
  await expect(dialog.getByRole('textbox', { name: 'Name on the report' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
  await press(report);
  await dialog.getByRole('textbox', { name: 'Name on the report' }).fill('Keyboard Test');
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await download;
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();

  // The score report downloads at once: its button keeps the focus while it works.
  const scoreReport = page.getByRole('button', { name: 'Score report (clinician)' });
  const scoreDownload = page.waitForEvent('download');
  await press(scoreReport);
  await scoreDownload;
  await expect(scoreReport).toBeFocused();

  // Sharing: the colleague list closes back onto its field; after sharing the focus is on the field again.
  const shareWith = page.getByRole('textbox', { name: 'Share with a colleague' });
  await press(shareWith, 'ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(shareWith).toBeFocused();
  await shareWith.pressSequentially(colleague.username);
  await expect(page.getByRole('option', { name: colleague.username })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(shareWith).toHaveValue(colleague.username);
  await expect(shareWith).toBeFocused();
  await page.keyboard.press('Tab');
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Shared with ${colleague.username} since`)).toBeVisible();
  await expect(shareWith).toBeFocused();
  // Ending it: its button goes, the focus goes to the field.
  await press(page.getByRole('button', { name: `Stop sharing with ${colleague.username}` }));
  await expect(page.getByText(`Shared with ${colleague.username} since`)).toBeHidden();
  await expect(shareWith).toBeFocused();
});

/** The focused element, unless it is in the header; where it is drawn against the header's bottom edge. */
async function focusedBelowHeader(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) {
      return { where: 'body' as const };
    }
    const header = document.querySelector('header');
    if (header?.contains(focused)) {
      return { where: 'header' as const };
    }
    const rect = focused.getBoundingClientRect();
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const label = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    const roomBelowHeader = window.innerHeight - headerBottom;
    // Entirely behind the header (2.4.11), or partly, for a control that would fit below it.
    const hidden = rect.bottom <= headerBottom || (rect.height <= roomBelowHeader && rect.top < headerBottom - 1);
    return { where: 'main' as const, label, hidden, top: Math.round(rect.top) };
  });
}

for (const [name, emulation] of [
  ['1280 px', DESKTOP],
  ['200 % zoom', ZOOM_200],
] as const) {
  test(`Shift+Tab through every clinician page never hides the focused control under the header (${name})`, async ({
    newPage,
    baseURL,
    request,
  }) => {
    test.slow();
    const page = await newPage(emulation);
    const { first, second } = await clinicianWithResults(page, newPage, baseURL!, request);
    const hidden: string[] = [];
    for (const path of [
      '/dashboard',
      '/createtest',
      `/details/${first.id}`,
      `/compare/${second.id}/${first.id}`,
      '/shared',
      '/settings',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // From the page's last control, backwards to the header.
      await page.evaluate(() => {
        const tabbable = (
          Array.from(
            document.querySelectorAll(
              'main a[href], main button:not([disabled]), main input:not([disabled]), main select, main textarea, main [tabindex="0"]',
            ),
          ) as HTMLElement[]
        ).filter((element) => element.getClientRects().length > 0);
        tabbable.at(-1)?.focus();
      });
      let steps = 0;
      for (; steps < 250; steps += 1) {
        const focused = await focusedBelowHeader(page);
        if (focused.where !== 'main') {
          break;
        }
        if (focused.hidden) {
          hidden.push(`${path}: ${focused.label} at ${focused.top} px`);
        }
        await page.keyboard.press('Shift+Tab');
      }
      expect(steps, `Shift+Tab on ${path} went through its controls`).toBeGreaterThan(0);
      expect(steps, `Shift+Tab on ${path} reached the header`).toBeLessThan(250);
    }
    expect(hidden, `controls hidden under the header (${name})`).toEqual([]);
  });
}

test('no clinical badge or button is cut off at 320 px, on a phone or at 200 % zoom', async ({
  newPage,
  baseURL,
  request,
}) => {
  test.slow();
  const page = await newPage(PHONE);
  const { first, second } = await clinicianWithResults(page, newPage, baseURL!, request);
  const admin = await newPage(NARROW);
  await signInAsDemo(admin, DEMO.admin);
  const cut: string[] = [];
  await page.goto('/dashboard');
  for (const emulation of [NARROW, PHONE, ZOOM_200]) {
    await page.setViewportSize(emulation.viewport);
    for (const language of ['en', 'de']) {
      await page.evaluate((value) => window.localStorage.setItem('pid5_lang', value), language);
      for (const path of ['/dashboard', `/details/${first.id}`, `/compare/${second.id}/${first.id}`]) {
        await page.goto(path);
        await expect(page.locator('main h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        if (path.startsWith('/details')) {
          // Levels and validity verdicts at least.
          expect(await page.locator('main .mantine-Badge-root').count(), `badges on ${path}`).toBeGreaterThan(3);
        }
        cut.push(
          ...(await page.evaluate(wordsCutOff)).map(
            (words) => `${language} ${emulation.viewport.width} px ${path}: ${words}`,
          ),
        );
      }
      // The admin's page with the longest button ("Download everything stored (JSON)").
      await admin.setViewportSize(emulation.viewport);
      await admin.evaluate((value) => window.localStorage.setItem('pid5_lang', value), language);
      await admin.goto('/admin/patients');
      await expect(admin.locator('main h1').first()).toBeVisible();
      // An admin's header has the most controls: each must be on screen, Logout included.
      const offScreen = await admin
        .getByRole('banner')
        .locator('a, button')
        .evaluateAll((controls) =>
          controls
            .filter((control) => control.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((control) => control.textContent?.trim() || control.getAttribute('aria-label') || '?'),
        );
      cut.push(...offScreen.map((name) => `${language} ${emulation.viewport.width} px header: "${name}" off screen`));
      cut.push(
        ...(await admin.evaluate(wordsCutOff)).map(
          (words) => `${language} ${emulation.viewport.width} px /admin/patients: ${words}`,
        ),
      );
    }
  }
  expect(cut, 'badges and buttons whose words are cut off').toEqual([]);

  // The check itself finds a badge cut to "MO…" as Mantine draws one by default (one line, clipped, an ellipsis).
  await page.evaluate(() => {
    const badge = document.createElement('span');
    badge.className = 'mantine-Badge-root';
    badge.style.cssText = 'display:inline-block;width:30px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis';
    badge.textContent = 'Moderate';
    document.querySelector('main')?.append(badge);
  });
  expect(await page.evaluate(wordsCutOff)).toEqual(['"Moderate"']);
});

test("at 200 % zoom the header keeps the user's name, role and the admin view within reach", async ({ newPage }) => {
  const admin = await newPage(ZOOM_200);
  await signInAsDemo(admin, DEMO.admin);
  await admin.goto('/dashboard?view=all');
  await expect(admin.locator('main h1').first()).toBeVisible();
  // The header has no room for them at 640 px: they are the settings link's name, and show when it has the focus.
  const settings = admin.getByRole('link', { name: `${DEMO.admin} (Admin, Admin View): your settings` });
  await expect(settings).toBeVisible();
  await settings.focus();
  await expect(admin.getByRole('tooltip')).toHaveText(`${DEMO.admin} (Admin, Admin View): your settings`);
  await expect(admin.getByRole('tooltip')).toBeInViewport();
});
