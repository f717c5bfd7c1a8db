import { readFile } from 'node:fs/promises';
import type { Download, Page, TestInfo } from '@playwright/test';
import {
  answersFrom,
  completeAsPatient,
  type CreatedTest,
  createTestViaApi,
  expect,
  expectNoAxeViolations,
  expectOk,
  formatScoreText,
  grantTests,
  newClinician,
  openAdmin,
  pdfPageCount,
  pdfText,
  test,
  unique,
} from './helpers';

// Results of a completed test on the details page, the PDF report (clinician and admin) and the admin
// data view, each checked against the others and against the results API.

const SECTIONS = [
  'Understanding Your Personality Profile',
  'Trait Domains',
  'Personality Trait Facets',
  'Navigating Challenges and Harnessing Potential',
];
const NOTICE =
  'For the respondent and their clinician. Use for designated purposes only. Unauthorized reproduction, modification or distribution is prohibited.';

/** Answers with some high and some low facets, so the profile has elevated and unremarkable scales. */
const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

/** A clinician with one completed test, seeded through the API (patient side through the link's API). */
async function completedTest(
  page: Page,
  admin: Page,
  baseURL: string,
  request: Parameters<typeof completeAsPatient>[0],
): Promise<CreatedTest & { patientId: string }> {
  const clinician = await newClinician(page, baseURL, 'clinician-report');
  await grantTests(admin, clinician.id, 1);
  const patientId = unique('PAT-R');
  const created = await createTestViaApi(page, { patientId });
  await completeAsPatient(request, created.code, ANSWERS);
  return { ...created, patientId };
}

/** Key → [US T, level] as the results tables on the page show them (5 domains, 25 facets). */
async function scoresOnPage(page: Page): Promise<Map<string, string[]>> {
  const rows: string[][] = [];
  for (const name of ['Domain scores', 'Facet scores']) {
    const table = page.getByRole('table', { name, exact: true });
    await expect(table.locator('tbody tr')).toHaveCount(name === 'Domain scores' ? 5 : 25);
    rows.push(
      ...(await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => Array.from((tr as HTMLTableRowElement).cells, (cell) => cell.textContent?.trim() ?? '')),
        )),
    );
  }
  // Abbr., Scale, Score, US T, US %ile, Level, then T (DE) and Percentile (DE).
  return new Map(rows.map(([key = '', , , t = '', , level = '']) => [key, [t, level]]));
}

async function saveDownload(download: Download, info: TestInfo, name: string): Promise<string> {
  const file = info.outputPath(name);
  await download.saveAs(file);
  return file;
}

/** Today's date as the report prints it: long form in the browser's first language and its time zone. */
async function todayInBrowser(page: Page): Promise<string> {
  return page.evaluate(() => new Intl.DateTimeFormat(navigator.languages[0], { dateStyle: 'long' }).format(new Date()));
}

/** Checks a downloaded report against what the page showed. */
async function checkReport(file: string, expected: { name: string; dates: string[]; scores: Map<string, string[]> }) {
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(file);
  const lines = text.split('\n');
  expect(lines.some((line) => line.trim() === 'Personality Profile')).toBe(true);
  expect(lines.map((line) => line.trim())).toContain(`Name: ${expected.name}`);
  const dateLine = lines.map((line) => line.trim()).find((line) => line.startsWith('Date: '));
  expect(expected.dates.map((date) => `Date: ${date}`)).toContain(dateLine);

  // The four sections, in the spec's order, each a heading line of its own.
  const positions = SECTIONS.map((title) => lines.findIndex((line) => line.trim() === title));
  expect(
    positions.every((p) => p >= 0),
    `section headings found at ${positions.join(', ')}`,
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  // Every scale's US T and level in the patient's report equal the page's (the report prints no raw score,
  // percentile or z: they are the score report's).
  const t = String.raw`((?:≥ |≤ )?\d+|—)`;
  const level = String.raw`(Not elevated|Mild|Moderate|High|Not scored)`;
  for (const [key, expectedRow] of expected.scores) {
    const row = new RegExp(String.raw`^\s*${key}\s{2,}.*?\s${t}\s+${level}(?:\s|$)`, 'm').exec(text);
    expect(row?.slice(1, 3), `the report's row for ${key}`).toEqual(expectedRow);
  }
  expect(text).not.toContain('German');

  // The footer on every page.
  const pages = await pdfPageCount(file);
  expect(pages).toBeGreaterThanOrEqual(4);
  const year = new Date().getFullYear();
  for (let page = 1; page <= pages; page++) {
    const pageText = (await pdfText(file, page)).replace(/\s+/g, ' ');
    expect(pageText, `footer of page ${page}`).toContain(`Page ${page} of ${pages}`);
    expect(pageText, `footer of page ${page}`).toMatch(new RegExp(`© (${year - 1}|${year}|${year + 1}) \\S`));
    expect(pageText, `footer of page ${page}`).toContain(NOTICE);
  }
}

test("the clinician's report for 'Jane Doe' and the admin's anonymous one carry the page's scores", async ({
  page,
  newPage,
  request,
  baseURL,
}, testInfo) => {
  test.slow(); // Two reports drawn on a shared machine.
  const admin = await openAdmin(newPage);
  const created = await completedTest(page, admin, baseURL ?? '', request);

  await page.goto(`/details/${created.id}`);
  await expect(page.getByText('220 of 220')).toBeVisible();
  const scores = await scoresOnPage(page);
  expect(scores.size).toBe(30);
  await expectNoAxeViolations(page, 'the details page with results');

  // Clinician: the dialog asks for the name on the report.
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the name you would like on the report' });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  // A name the report's font cannot print is refused in the dialog with what to do, not printed as boxes.
  await dialog.getByRole('textbox', { name: 'Name on the report' }).fill('王小明');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The report cannot print 王 小 明: its font covers Latin, Greek, Cyrillic, Hebrew and Arabic letters, but not ' +
      "these. Write the name in one of those scripts, or leave it empty to print 'Anonymous'.",
  );
  // The message belongs to that attempt: closing the dialog and opening it again starts afresh.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Name on the report' }).fill('Jane Doe');
  const before = await todayInBrowser(page);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  await expect(dialog).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/^pid5-report-test-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const clinicianReport = await saveDownload(download, testInfo, 'clinician-report.pdf');
  await checkReport(clinicianReport, { name: 'Jane Doe', dates: [before, await todayInBrowser(page)], scores });

  // The clinician's score report, beside it: no dialog, the validity table on page 1, the answers by number.
  const scoreDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Score report (clinician)' }).click();
  const scoreDownload = await scoreDownloading;
  expect(scoreDownload.suggestedFilename()).toMatch(/^pid5-score-report-test-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  const scoreReportText = await pdfText(await saveDownload(scoreDownload, testInfo, 'score-report.pdf'));
  const scorePage1 = scoreReportText.split('\f')[0] ?? '';
  expect(scorePage1).toContain('PID-5 Score Report');
  expect(scorePage1).toMatch(/Verdict: (Valid|Interpret with caution|Not interpretable)/);
  expect(scoreReportText).toContain('Item responses');
  expect(scoreReportText).not.toContain('Jane Doe');

  // Admin (admin view): no dialog, 'Anonymous', and the button says 'Getting PDF' until the report is there. The
  // report request is held until that has been seen, then let through to the server unchanged.
  await admin.goto(`/details/${created.id}`);
  await expect(admin.getByText('Clinician ID')).toBeVisible();
  expect(await scoresOnPage(admin)).toEqual(scores);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await admin.route('**/api/assessments/*/report.pdf?*', async (route) => {
    await held;
    await route.continue();
  });
  const adminBefore = await todayInBrowser(admin);
  const adminDownloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download PDF' }).click();
  await expect(admin.getByRole('button', { name: 'Getting PDF' })).toBeDisabled();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  release();
  const adminDownload = await adminDownloading;
  await expect(admin.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  const adminReport = await saveDownload(adminDownload, testInfo, 'admin-report.pdf');
  await checkReport(adminReport, { name: 'Anonymous', dates: [adminBefore, await todayInBrowser(admin)], scores });
  expect(await pdfText(adminReport)).not.toContain('Jane Doe');
});

test('the data view shows both charts with the bars of the results API', async ({
  page,
  newPage,
  request,
  baseURL,
}) => {
  const admin = await openAdmin(newPage);
  const created = await completedTest(page, admin, baseURL ?? '', request);
  const results = (await (
    await expectOk(await admin.request.get(`/api/assessments/${created.id}/results`))
  ).json()) as {
    responses: string | null;
    facets: { key: string; name: string; srf: number | null; level: string | null }[];
    domains: { key: string; name: string; srf: number | null; level: string | null }[];
  };
  expect(results.responses).toBe(ANSWERS);
  expect(results.facets).toHaveLength(25);
  expect(results.domains).toHaveLength(5);

  await admin.goto(`/details/${created.id}`);
  await admin.getByRole('link', { name: 'View Data' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dataview/${created.id}$`));
  await expect(admin.getByRole('heading', { name: new RegExp(`^Test Data ${created.patientId}$`) })).toBeVisible();

  for (const [title, scales] of [
    ['Subscales (trait facets)', results.facets],
    ['Domains', results.domains],
  ] as const) {
    // Named by its title; the long description is its description, not part of the name.
    const chart = admin.getByRole('img', { name: title, exact: true });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(/^Bar chart of/);
    // Each bar's own label (its SVG title) says the scale and its standardised score, in the API's order.
    const expectedBars = scales
      .filter((scale) => scale.srf !== null)
      .map((scale) => `${scale.name}: ${formatScoreText(scale.srf)}${scale.level ? ` (${scale.level})` : ''}`);
    await expect(chart.locator('rect > title')).toHaveText(expectedBars);
    for (const fill of await chart.locator('rect').evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')))) {
      expect(fill?.toUpperCase()).toBe('#3B979B');
    }
    // The table that screen readers get instead of the bars.
    const table = admin.getByRole('table', { name: `${title}: values` });
    await expect(table.locator('tbody tr')).toHaveText(
      scales.map((scale) =>
        [
          `${scale.name} (${scale.key})`,
          formatScoreText(scale.srf),
          scale.srf === null ? 'Not scored' : (scale.level ?? 'Not elevated'),
        ].join(''),
      ),
    );
  }
  await expect(admin.getByTestId('raw-responses')).toHaveText(ANSWERS);
  // The answer history: the patient's one batch, 220 first answers from one browser of the link.
  const history = admin.getByRole('table', { name: 'Answer history' });
  await expect(history.locator('tbody tr')).toHaveCount(220);
  await expect(history.locator('tbody tr').filter({ hasText: 'Patient link, browser 1' })).toHaveCount(220);
  await expect(
    history
      .locator('tbody tr')
      .filter({ hasText: `— → ${ANSWERS[0]}` })
      .first(),
  ).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Demographics' })).toBeVisible();
  await expect(admin.getByText('F60.3', { exact: true })).toBeVisible();
  await expect(admin.getByText('(Primary)')).toBeVisible();
  await expectNoAxeViolations(admin, 'the data view');

  await admin.getByRole('link', { name: 'Back' }).click();
  await expect(admin).toHaveURL(new RegExp(`/details/${created.id}$`));
});
