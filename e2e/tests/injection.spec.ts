import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startDevIdentityProvider } from '@pid5/server';
import { publishDocument, getFreePort, startTestServer } from '@pid5/server/testing';
import {
  answersFrom,
  completeAsPatient,
  createTestViaApi,
  csvRecords,
  DEMO,
  downloadText,
  expect,
  newClinician,
  PASSWORD,
  pdfText,
  signInAsDemo,
  test,
  unique,
  ordinaryAnswer,
} from './helpers';

// Markup and spreadsheet formulas in every free-text field stay text, in the pages, the PDF and the CSV.
//
// The app's Content-Security-Policy (script-src 'self') would block inline event handlers even if markup got into the
// page, which would hide an escaping bug from this test. So the browser here ignores the CSP (bypassCSP): what is
// checked is that the app never turns text into markup, not that the CSP catches it when it does.
test.use({ bypassCSP: true });

/** Payloads that announce themselves: an alert (a dialog) or a global the page never sets. */
const XSS = {
  imgAlert: '<img src=x onerror=alert(1)>',
  scriptAlert: '<script>alert(1)</script>',
  svgAlert: '"><svg onload=alert(1)>',
  jsUrl: 'javascript:alert(1)',
  imgFlag: '<img src=x onerror="window.__xss=1">',
  scriptFlag: '<script>window.__xss=2</script>',
  svgFlag: '"><svg onload="window.__xss=3">',
} as const;

/** Cells a spreadsheet would run as formulas (OWASP CSV injection). */
const FORMULAS = {
  cmd: "=cmd|' /C calc'!A0",
  hyperlink: '=HYPERLINK("https://evil.example","open")',
  plus: '+1+1',
  minus: '-1+1',
  at: '@SUM(1+1)',
} as const;

/** Records every dialog (alert, confirm, prompt) the page opens; a payload that runs would open one. */
function recordDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return opened;
}

/** Nothing ran and nothing from a payload became an element. */
async function expectInert(page: Page, dialogs: string[], where: string): Promise<void> {
  expect(dialogs, `dialogs opened on ${where}`).toEqual([]);
  const found = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
    elements: Array.from(
      document.querySelectorAll(
        '[onerror], [onload], [onclick], img[src="x"], a[href^="javascript:" i], iframe, object, embed, script:not([src])',
      ),
      (element) => element.outerHTML.slice(0, 120),
    ),
  }));
  expect(found, `injected markup on ${where}`).toEqual({ flag: null, elements: [] });
}

/** Create Test through the form, with one diagnosis as the primary. */
async function createThroughForm(page: Page, fields: { patientId: string }): Promise<void> {
  await page.goto('/createtest');
  await page.getByRole('button', { name: 'Choose Diagnoses' }).click();
  const picker = page.getByRole('dialog', { name: 'DSM-5 Diagnoses' });
  await picker.getByLabel('Search diagnoses').fill('F60.3');
  await picker.getByRole('option', { name: /F60\.3/ }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('radiogroup', { name: 'Primary diagnosis' }).getByRole('radio', { name: 'F60.3' }).click();
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('40');
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('54321');
  await page.getByRole('textbox', { name: 'Patient Identifier' }).fill(fields.patientId);
  await page.getByRole('button', { name: 'Create Test', exact: true }).click();
}

test('markup and formulas in patient ids, countries, the grant note, the search and the report name stay text', async ({
  page,
  newPage,
  request,
  baseURL,
}) => {
  test.slow(); // Many pages, a PDF and two CSV exports.
  const dialogs = recordDialogs(page);
  // A local username may start with '@' or '-' (letters, digits and . _ @ - are allowed): a formula to a spreadsheet.
  const clinician = await newClinician(page, baseURL ?? '', '@xss');

  // The admin grants tests with markup in the note, through the credits screen.
  const admin = await newPage({ bypassCSP: true });
  const adminDialogs = recordDialogs(admin);
  await signInAsDemo(admin, DEMO.admin);
  await admin.goto('/admin/credits');
  await admin.getByRole('textbox', { name: 'Clinician' }).fill(clinician.username);
  await admin.getByRole('option', { name: `${clinician.username} — 0 available` }).click();
  await admin.getByRole('textbox', { name: 'Quantity' }).fill('6');
  await admin.getByRole('textbox', { name: 'Note' }).fill(XSS.imgFlag);
  await admin.getByRole('button', { name: 'Grant Tests' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Granted' })).toContainText(clinician.username);
  const ledgerRow = admin
    .getByRole('region', { name: 'Ledger', exact: true })
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: clinician.username, exact: true }) });
  await expect(ledgerRow.getByRole('cell').nth(5)).toHaveText(XSS.imgFlag);
  await expectInert(admin, adminDialogs, 'the admin credits screen');

  // Tests with markup and formulas in the patient id: five through the API, one through the form. The country is a
  // code from a list: markup or a formula there is refused (400); free-text countries kept from before
  // go through the same text cells (export-csv.test.ts).
  for (const country of [XSS.scriptFlag, FORMULAS.hyperlink]) {
    const refused = await page.request.post('/api/assessments', {
      data: { patientId: 'refused', country, postalCode: '12345', age: 30, gender: 'Male', race: 'Unspecified' },
    });
    expect(refused.status()).toBe(400);
  }
  const seeded = [
    { patientId: XSS.imgFlag, country: 'Canada' },
    { patientId: XSS.svgAlert, country: 'Canada' },
    { patientId: XSS.scriptAlert, country: 'Canada' },
    { patientId: XSS.jsUrl, country: 'Canada' },
    { patientId: FORMULAS.cmd, country: 'Canada' },
  ];
  const created = [];
  for (const fields of seeded) {
    created.push(await createTestViaApi(page, { patientId: fields.patientId }));
  }
  const typed = { patientId: `${XSS.imgAlert}${FORMULAS.plus}`, country: 'United States of America' };
  await createThroughForm(page, typed);
  await expect(page.getByTestId('terms-body')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Agree and Create Test' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'Test created' })).toContainText(
    `The test for ${typed.patientId} is ready.`,
  );

  // The dashboard shows every id as typed.
  for (const { patientId } of [...seeded, typed]) {
    await expect(page.getByRole('cell', { name: patientId, exact: true })).toBeVisible();
  }
  await expectInert(page, dialogs, 'the dashboard');

  // The search box takes markup as a search term (in the URL too) and finds the test with that id.
  await page.getByRole('searchbox', { name: 'Search by Patient ID' }).fill(XSS.scriptAlert);
  await expect(page).toHaveURL(/\?search=%3Cscript%3Ealert%281%29%3C%2Fscript%3E$/);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('cell', { name: XSS.scriptAlert, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by Patient ID' })).toHaveValue(XSS.scriptAlert);
  await expectInert(page, dialogs, 'the dashboard with a search');

  // Each details page shows the id and the country as text.
  for (const [index, { id }] of created.entries()) {
    const fields = seeded[index];
    await page.goto(`/details/${id}`);
    await expect(page.getByText(fields?.patientId ?? '', { exact: true })).toBeVisible();
    await expect(page.getByText(`Country: ${fields?.country}`, { exact: true })).toBeVisible();
    await expectInert(page, dialogs, `the details of ${fields?.patientId}`);
  }

  // The report name goes into the PDF as the characters typed.
  const first = created[0];
  if (!first) {
    throw new Error('no test created');
  }
  await completeAsPatient(request, first.code, answersFrom(ordinaryAnswer));
  await page.goto(`/details/${first.id}`);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const reportName = `${XSS.scriptAlert} ${XSS.imgAlert} ${XSS.jsUrl}`;
  const dialog = page.getByRole('dialog', { name: 'Enter the name you would like on the report' });
  await dialog.getByRole('textbox', { name: 'Name on the report' }).fill(reportName);
  const pdf = await downloadText(page, () => dialog.getByRole('button', { name: 'Download PDF' }).click());
  const file = test.info().outputPath('report-with-markup.pdf');
  await pdf.download.saveAs(file);
  const reportText = await pdfText(file);
  // The name line may wrap: compare the header's text between 'Name:' and 'Date:' with its spaces collapsed.
  const nameInReport = reportText.slice(reportText.indexOf('Name: '), reportText.indexOf('Date: '));
  expect(nameInReport.replace(/\s+/g, ' ').trim()).toBe(`Name: ${reportName}`);
  await expectInert(page, dialogs, 'the details page after the PDF');

  // The CSV: markup is data (unchanged), and every cell a spreadsheet would run starts with a quote.
  await page.goto('/dashboard');
  const csv = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV' }).click());
  const [header, ...rows] = csvRecords(csv.bytes);
  const column = (name: string) => header?.indexOf(name) ?? -1;
  expect(rows).toHaveLength(6);
  const byPatient = new Map(rows.map((row) => [row[column('Patient ID')], row]));
  for (const { patientId, country } of seeded.slice(0, 4)) {
    expect(byPatient.get(patientId)?.[column('Country')]).toBe(country);
  }
  expect(byPatient.get(`'${FORMULAS.cmd}`)?.[column('Country')]).toBe('Canada');
  expect(byPatient.has(FORMULAS.cmd)).toBe(false);
  expect(byPatient.get(typed.patientId)?.[column('Country')]).toBe(typed.country);
  expect(byPatient.get(typed.patientId)?.[column('Country Code')]).toBe('US');
  expect(new Set(rows.map((row) => row[column('Clinician')]))).toEqual(new Set([`'${clinician.username}`]));
  for (const row of rows) {
    for (const cell of row.filter((value) => !/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value))) {
      expect(cell, 'no text cell starts with a formula character').not.toMatch(/^[=+\-@\t\r]/);
    }
  }
});

test('a local username with markup is refused with a message; nothing runs', async ({ page }) => {
  const dialogs = recordDialogs(page);
  await page.goto('/login');
  await page.getByText('Register', { exact: true }).click();
  await page.getByLabel('Username').fill(XSS.imgAlert);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Usernames use letters, digits and . _ @ - only.');
  await expect(page).toHaveURL(/\/login$/);
  await expectInert(page, dialogs, 'the registration form');
});

// Display names come from the institute's identity provider and terms and consent are published by the operator; the
// demo provider's names are fixed and no route publishes documents. So this runs against a second instance of the
// real server, started here, signed in through its own OpenID Connect issuer whose members have markup and formulas
// in their names, with terms and consent published through the app's own publishDocument (the one storage path).
test('institute display names and published terms and consent with markup stay inert', async ({ browser }) => {
  test.slow(); // Starts its own issuer and server.
  const appPort = await getFreePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const adminName = XSS.svgFlag;
  const clinicianName = `=HYPERLINK("https://evil.example","${XSS.imgAlert}")`;
  const issuer = await startDevIdentityProvider({
    port: await getFreePort(),
    clients: [
      {
        clientId: 'xss-e2e',
        clientSecret: 'xss-e2e-client-secret',
        redirectUris: [`${appUrl}/auth/callback`],
        postLogoutRedirectUris: [`${appUrl}/login`],
      },
    ],
    members: [
      { sub: 'xss-admin', name: adminName, email: 'admin@xss.example', role: 'admin' },
      { sub: 'xss-clinician', name: clinicianName, email: 'clinician@xss.example', role: 'clinician' },
    ],
  });
  const server = await startTestServer({
    env: {
      PORT: String(appPort),
      PUBLIC_URL: appUrl,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'xss-e2e',
      OIDC_CLIENT_SECRET: 'xss-e2e-client-secret',
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ADMIN_CLAIM: 'groups',
      OIDC_ADMIN_VALUE: 'admins',
      WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)),
    },
  });
  const contexts = await Promise.all(
    [0, 1, 2].map(() => browser.newContext({ baseURL: appUrl, bypassCSP: true, acceptDownloads: true })),
  );
  try {
    const marker = unique('terms');
    const terms = await publishDocument(server.database.db, {
      kind: 'terms',
      html:
        `<h2>Terms ${marker}</h2><p>Use this <strong>responsibly</strong>.</p>${XSS.scriptFlag}${XSS.imgFlag}` +
        `<a href="javascript:window.__xss=4">details</a><p onclick="window.__xss=5">Click</p>` +
        `<iframe src="https://evil.example"></iframe><svg onload="window.__xss=6"></svg>`,
    });
    const consent = await publishDocument(server.database.db, {
      kind: 'consent',
      html: `<p>Consent ${marker}</p>${XSS.imgAlert}${XSS.scriptAlert}<a href="${XSS.jsUrl}">more</a>`,
    });
    // Stored already clean: no script, handler, frame or javascript: link left in either.
    for (const stored of [terms.bodyHtml, consent.bodyHtml]) {
      expect(stored).not.toMatch(/<script|<img|<svg|<iframe|\son\w+=|javascript:/i);
    }
    expect(terms.bodyHtml).toContain('<strong>responsibly</strong>');

    const [clinicianContext, adminContext, patientContext] = contexts as [
      (typeof contexts)[number],
      (typeof contexts)[number],
      (typeof contexts)[number],
    ];

    const clinician = await clinicianContext.newPage();
    const clinicianDialogs = recordDialogs(clinician);
    await signInAsDemo(clinician, clinicianName);
    await expectInert(clinician, clinicianDialogs, "the clinician's dashboard");

    const admin = await adminContext.newPage();
    const adminDialogs = recordDialogs(admin);
    await signInAsDemo(admin, adminName);
    await admin.goto('/admin/credits');
    await admin.getByRole('textbox', { name: 'Clinician' }).fill('HYPERLINK');
    await admin.getByRole('option', { name: `${clinicianName} (clinician@xss.example) — 0 available` }).click();
    await admin.getByRole('button', { name: 'Grant Tests' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Granted' })).toHaveText(
      `Granted 1 test to ${clinicianName}. They now have 1 available.`,
    );
    const ledger = admin.getByRole('region', { name: 'Ledger', exact: true });
    await expect(ledger.getByRole('cell', { name: clinicianName, exact: true })).toBeVisible();
    await expect(ledger.getByRole('cell', { name: adminName, exact: true })).toBeVisible();
    await expectInert(admin, adminDialogs, 'the admin credits screen');

    // The terms panel shows the sanitised terms; the test is created.
    await createThroughForm(clinician, { patientId: unique('PAT-X') });
    const termsBody = clinician.getByTestId('terms-body');
    await expect(termsBody.getByRole('heading', { name: `Terms ${marker}` })).toBeVisible();
    await expect(termsBody.getByText('responsibly')).toBeVisible();
    await expectInert(clinician, clinicianDialogs, 'the terms panel');
    await clinician.getByRole('button', { name: 'Agree and Create Test' }).click();
    await expect(clinician).toHaveURL(/\/dashboard$/);
    const listed = (await (await clinician.request.get('/api/assessments')).json()) as { items: { id: number }[] };
    const id = listed.items[0]?.id;
    const details = (await (await clinician.request.get(`/api/assessments/${id}`)).json()) as { testLink: string };

    // The patient's consent page shows the sanitised consent.
    const patient = await patientContext.newPage();
    const patientDialogs = recordDialogs(patient);
    await patient.goto(details.testLink);
    await expect(patient.getByText(`Consent ${marker}`)).toBeVisible();
    await expectInert(patient, patientDialogs, 'the consent page');
    await patient.getByRole('button', { name: 'Accept' }).click();
    await expect(patient.getByText('0 / 220 completed')).toBeVisible();
    await expectInert(patient, patientDialogs, 'the questionnaire');

    // The admin sees the clinician's name as text in the list, the details and the audit log, and as a harmless
    // cell in the CSV.
    await admin.goto('/dashboard');
    await expect(admin.getByRole('cell', { name: clinicianName, exact: true })).toBeVisible();
    await admin.goto(`/details/${id}`);
    await expect(admin.getByText(`${clinicianName} (`)).toBeVisible();
    await admin.goto('/admin/audit');
    await expect(admin.getByRole('cell', { name: clinicianName, exact: true }).first()).toBeVisible();
    await expectInert(admin, adminDialogs, 'the audit log');
    await admin.goto('/dashboard');
    const csv = await downloadText(admin, () => admin.getByRole('link', { name: 'Download CSV' }).click());
    const [header, ...rows] = csvRecords(csv.bytes);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[header?.indexOf('Clinician') ?? -1]).toBe(`'${clinicianName}`);
    await expectInert(admin, adminDialogs, 'the admin dashboard');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await server.close();
    await issuer.close();
  }
});
