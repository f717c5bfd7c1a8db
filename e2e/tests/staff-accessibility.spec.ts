import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { smtpSinkEnv, startSmtpSink, startTestServer } from '@pid5/server/testing';
import {
  answersFrom,
  axeViolations,
  wordsCutOff,
  completeAsPatient,
  createTestViaApi,
  DEMO,
  expect,
  grantTests,
  newClinician,
  openAdmin,
  signInAsDemo,
  test,
  unique,
} from './helpers';

// Every staff page to WCAG 2.2 AA as axe-core checks it (its WCAG 2.0-2.2 A/AA rules and best practices), in both
// languages and on a desktop and a phone (SWEEPS), with its error states and dialogs open. Violations are gathered
// over all pages of a run so one failure lists everything to fix.

const DESKTOP = { name: 'desktop', width: 1280, height: 900 } as const;
const PHONE = { name: 'phone', width: 390, height: 844 } as const;
const LANGUAGES = ['en', 'de'] as const;
/**
 * Each language and each screen once: English on a desktop, German on a phone. Both languages share the markup, and
 * the phone's layout (stacked cards, scroll regions) is read with the longer German words; the other two pairs found
 * what these did and took as long again.
 */
const SWEEPS = [
  { language: 'en', viewport: DESKTOP },
  { language: 'de', viewport: PHONE },
] as const;

// The sweeps share nothing (each makes its own users and tests; the e-mail forms their own server), and they are
// the suite's longest: run on whichever worker is free rather than one after another at the end of the run.
test.describe.configure({ mode: 'parallel' });

const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

/** Waits until an opened dialog has finished fading in (axe measures contrast on what is drawn). */
async function dialogShown(page: Page): Promise<void> {
  await fadedIn(page.getByRole('dialog'));
}

/** Waits until `dialog` (a dialog, menu or list) is drawn at full opacity: its opening transition is over. */
async function fadedIn(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement) {
          opacity *= Number(getComputedStyle(node).opacity);
        }
        return opacity;
      }),
    )
    .toBe(1);
}

/** Waits for a page's heading, then records what axe finds on it as it is. */
async function sweep(page: Page, found: Record<string, string[]>, what: string): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  // Let lazy sections (results, charts, tables) finish drawing.
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    found[what] = violations;
  }
}

/** The staff pages' language as the language menu stores it, from the next page loaded on. */
async function readIn(page: Page, language: string): Promise<void> {
  await page.context().addInitScript((value) => window.localStorage.setItem('pid5_lang', value), language);
}

for (const { language, viewport } of SWEEPS) {
  test(`every staff page has no axe violation (${language}, ${viewport.name})`, async ({
    page,
    newPage,
    baseURL,
    request,
  }) => {
    test.slow();
    const admin = await openAdmin((options) => newPage({ ...options, viewport }));
    await readIn(admin, language);
    const clinicianPage = await newPage({ viewport });
    const clinician = await newClinician(clinicianPage, baseURL!, 'a11y');
    await readIn(clinicianPage, language);
    await grantTests(admin, clinician.id, 3);
    const patientId = unique('PAT-A11Y');
    const first = await createTestViaApi(clinicianPage, { patientId });
    await completeAsPatient(request, first.code, ANSWERS);
    const second = await createTestViaApi(clinicianPage, { patientId });
    await completeAsPatient(
      request,
      second.code,
      answersFrom((n) => (n % 3 === 0 ? 2 : n % 2)),
    );

    const found: Record<string, string[]> = {};

    // The login page, signed out, with the password shown by its toggle.
    await page.setViewportSize(viewport);
    await readIn(page, language);
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: language === 'de' ? 'Passwort anzeigen' : 'Show password' });
    await toggle.focus();
    await toggle.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await sweep(page, found, 'login');
    const p = clinicianPage;

    await p.goto('/dashboard');
    await sweep(p, found, 'dashboard');

    await p.goto('/createtest');
    await sweep(p, found, 'create test');
    // An error state: an age under 18, then leave the field.
    const age = p.getByRole('textbox', { name: language === 'de' ? /Alter/ : /Age/ });
    await age.fill('12');
    await age.blur();
    await sweep(p, found, 'create test with an error');
    await p
      .getByRole('button', { name: language === 'de' ? /Diagnosen/ : /diagnos/i })
      .first()
      .click();
    await dialogShown(p);
    await sweep(p, found, 'create test, diagnosis picker open');
    await p.keyboard.press('Escape');
    await expect(p.getByRole('dialog')).toBeHidden();

    // A failed submit: every required field empty.
    await p.goto('/createtest');
    await expect(p.locator('main h1').first()).toBeVisible();
    await p.getByRole('button', { name: language === 'de' ? 'Test anlegen' : 'Create Test', exact: true }).click();
    await expect(p.locator('[aria-invalid="true"]').first()).toBeVisible();
    await sweep(p, found, 'create test after a failed submit');
    // "Leave Create Test?"
    await p.getByRole('button', { name: language === 'de' ? 'Zurück' : 'Back', exact: true }).click();
    await dialogShown(p);
    await sweep(p, found, 'create test, leave dialog open');
    await p.keyboard.press('Escape');
    await expect(p.getByRole('dialog')).toBeHidden();
    // The language menu, open.
    await p.getByRole('button', { name: language === 'de' ? /^Sprache:/ : /^Language:/ }).click();
    await fadedIn(p.getByRole('menu'));
    await sweep(p, found, 'language menu open');
    await p.keyboard.press('Escape');

    await p.goto(`/details/${first.id}`);
    await sweep(p, found, 'details with results');
    await p
      .getByRole('button', { name: language === 'de' ? 'PDF herunterladen' : 'Download PDF', exact: true })
      .click();
    await dialogShown(p);
    await sweep(p, found, 'details, report dialog open');
    await p.keyboard.press('Escape');
    await expect(p.getByRole('dialog')).toBeHidden();
    // Sharing the patient: the colleague list open.
    await p
      .getByRole('textbox', {
        name: language === 'de' ? 'Mit Kollegin oder Kollegen teilen' : 'Share with a colleague',
      })
      .click();
    await fadedIn(p.getByRole('listbox'));
    await sweep(p, found, 'details, share list open');
    await p.keyboard.press('Escape');

    await p.goto(`/compare/${second.id}/${first.id}`);
    await sweep(p, found, 'comparison');

    await p.goto('/shared');
    await sweep(p, found, 'shared with me');

    await p.goto('/settings');
    await sweep(p, found, 'settings');

    for (const [path, what] of [
      ['/dashboard?view=all', 'admin dashboard'],
      ['/admin/credits', 'admin credits'],
      ['/admin/audit', 'admin audit log'],
      ['/admin/patients', 'admin patients'],
      [`/dataview/${first.id}`, 'admin data view'],
    ] as const) {
      await admin.goto(path);
      await sweep(admin, found, what);
    }

    expect(found, `axe-core violations (${language}, ${viewport.width} px)`).toEqual({});
  });
}

// The e-mail forms (an invitation, a re-test series) are offered only where mail is configured: a server of their own
// with a real SMTP sink, each form's error state swept as the page sweeps are (SWEEPS).
test('the e-mail forms in their error states have no axe violation (en on a desktop, de on a phone)', async ({
  browser,
  request,
}) => {
  test.slow();
  const smtp = await startSmtpSink();
  const server = await startTestServer({
    env: {
      DEMO_DATA: 'true',
      WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)),
      ...smtpSinkEnv(smtp, 'Demonstration Institute <noreply@institute.example>'),
    },
  });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const p = await context.newPage();
    await signInAsDemo(p, DEMO.clinicianB);
    const patientId = unique('PAT-A11Y-MAIL');
    const open = await createTestViaApi(p, { patientId });
    const done = await createTestViaApi(p, { patientId });
    await completeAsPatient(context.request, done.code, ANSWERS);
    void request;

    const found: Record<string, string[]> = {};
    for (const { language, viewport } of SWEEPS) {
      await p.evaluate((value) => window.localStorage.setItem('pid5_lang', value), language);
      await p.setViewportSize(viewport);
      const where = `${language}, ${viewport.name}`;

      await p.goto(`/details/${open.id}`);
      const invitation = p.getByRole('region', {
        name: language === 'de' ? 'E-Mail an die Testperson' : 'E-mail to the patient',
      });
      await invitation
        .getByRole('textbox', {
          name: language === 'de' ? 'E-Mail-Adresse der Testperson' : "Patient's e-mail address",
        })
        .fill('jane.doe@');
      await invitation
        .getByRole('button', { name: language === 'de' ? 'Link per E-Mail senden' : 'Send link by e-mail' })
        .click();
      await expect(invitation.locator('[aria-invalid="true"]')).toBeVisible();
      await sweep(p, found, `invitation with a bad address (${where})`);

      await p.goto(`/details/${done.id}`);
      const retests = p.getByRole('region', { name: language === 'de' ? 'Wiederholungstests' : 'Re-tests' });
      await retests
        .getByRole('textbox', { name: language === 'de' ? 'Abstand (Wochen)' : 'Re-test every (weeks)' })
        .fill('99');
      await retests
        .getByRole('button', { name: language === 'de' ? 'Wiederholungstests starten' : 'Start re-tests' })
        .click();
      await expect(retests.locator('[aria-invalid="true"]')).toBeVisible();
      await sweep(p, found, `re-tests with weeks out of range (${where})`);
    }
    expect(found, 'axe-core violations in the e-mail forms').toEqual({});

    // A message's state badge ("Sent", "Queued", …) is never cut off on a phone or at 200 % zoom.
    await p.evaluate(() => window.localStorage.setItem('pid5_lang', 'en'));
    await p.goto(`/details/${open.id}`);
    const invitation = p.getByRole('region', { name: 'E-mail to the patient' });
    await invitation.getByRole('textbox', { name: "Patient's e-mail address" }).fill('jane.doe@example.org');
    await invitation.getByRole('button', { name: 'Send link by e-mail' }).click();
    await smtp.waitFor((received) => received.to.includes('jane.doe@example.org'));
    for (const language of LANGUAGES) {
      await p.evaluate((value) => window.localStorage.setItem('pid5_lang', value), language);
      for (const viewport of [PHONE, { width: 640, height: 450 }]) {
        await p.setViewportSize(viewport);
        await p.goto(`/details/${open.id}`);
        const messages = p.getByRole('region', {
          name: language === 'de' ? 'E-Mail an die Testperson' : 'E-mail to the patient',
        });
        await expect(messages.locator('.mantine-Badge-root').first()).toBeVisible();
        expect(
          await p.evaluate(wordsCutOff),
          `message state badges cut off (${language}, ${viewport.width} px)`,
        ).toEqual([]);
      }
    }
  } finally {
    await context.close();
    await server.close();
    await smtp.stop();
  }
});
