import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  answersFrom,
  completeAsPatient,
  createTestViaApi,
  expect,
  grantTests,
  newClinician,
  openAdmin,
  test,
  unique,
} from './helpers';

// Every staff page to WCAG 2.2 AA as axe-core checks it (its WCAG 2.0-2.2 A/AA rules and best practices), in both
// languages, on a desktop and a phone, with its error states and dialogs open. Violations are gathered over all
// pages of a run so one failure lists everything to fix.

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'de'] as const;

const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

async function violationsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}) ×${violation.nodes.length}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}

/** Waits until an opened dialog has finished fading in (axe measures contrast on what is drawn). */
async function dialogShown(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
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
  const violations = await violationsOn(page);
  if (violations.length > 0) {
    found[what] = violations;
  }
}

/** The staff pages' language as the language menu stores it, from the next page loaded on. */
async function readIn(page: Page, language: string): Promise<void> {
  await page.context().addInitScript((value) => window.localStorage.setItem('pid5_lang', value), language);
}

for (const language of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
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
      void page;

      const found: Record<string, string[]> = {};
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

      await p.goto(`/details/${first.id}`);
      await sweep(p, found, 'details with results');
      await p
        .getByRole('button', { name: language === 'de' ? 'PDF herunterladen' : 'Download PDF', exact: true })
        .click();
      await dialogShown(p);
      await sweep(p, found, 'details, report dialog open');
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
}
