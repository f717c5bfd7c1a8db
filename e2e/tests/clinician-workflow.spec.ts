import type { Page } from '@playwright/test';
import {
  answerAsPatient,
  answersFrom,
  createTestViaApi,
  csvRecords,
  currentTermsId,
  DEMO,
  downloadText,
  expect,
  expectOk,
  formatDateInPage,
  grantTests,
  newClinician,
  openAdmin,
  PASSWORD,
  test,
  unique,
  ordinaryAnswer,
} from './helpers';

// The clinician and admin workflow on the dashboard, Create Test and the admin credits screen.

function dashboardRow(page: Page, patientId: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: patientId, exact: true }) });
}

/** The Patient ID column of the rows on screen, top to bottom. */
function patientIdColumn(page: Page) {
  return page.locator('tbody tr td:first-child');
}

/** Chooses the two diagnoses through the picker and makes the second the primary. */
async function chooseDiagnoses(page: Page): Promise<void> {
  await expect(page.getByTestId('primary-diagnosis')).toHaveText('Primary Diagnosis: None');
  await page.getByRole('button', { name: 'Choose Diagnoses' }).click();
  const picker = page.getByRole('dialog', { name: 'DSM-5 Diagnoses' });
  const search = picker.getByLabel('Search diagnoses');

  await search.fill('no such diagnosis at all');
  await expect(picker.getByText('No traits match your search')).toBeVisible();

  await search.fill('borderline personality');
  await picker.getByRole('option', { name: /F60\.3.*Borderline personality disorder/ }).click();
  await expect(picker.getByRole('option', { name: /F60\.3/ })).toHaveAttribute('aria-selected', 'true');
  // Case-insensitive on the description.
  await search.fill('GENERALIZED ANXIETY');
  await picker.getByRole('option', { name: /F41\.1.*Generalized anxiety disorder/ }).click();
  await expect(picker.getByText(/^2 selected/)).toBeVisible();

  await search.fill('');
  await picker.getByRole('button', { name: 'Show Selected' }).click();
  await expect(picker.getByRole('option')).toHaveCount(2);
  await picker.getByRole('button', { name: 'Show all' }).click();
  await expect(picker.getByRole('option').first()).toBeVisible();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();

  const chips = page.getByRole('radiogroup', { name: 'Primary diagnosis' });
  await expect(chips.getByRole('radio')).toHaveText(['F60.3', 'F41.1']);
  await expect(page.getByTestId('primary-diagnosis')).toHaveText('Primary Diagnosis: None');
  await chips.getByRole('radio', { name: 'F41.1' }).click();
  await expect(chips.getByRole('radio', { name: 'F41.1' })).toHaveAttribute('aria-checked', 'true');
  await expect(chips.getByRole('radio', { name: 'F60.3' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('primary-diagnosis')).toHaveText(
    'Primary Diagnosis: F41.1 — Generalized anxiety disorder',
  );
}

async function fillDemographics(page: Page, patientId: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('34');
  await page.getByRole('textbox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  await page.getByRole('textbox', { name: 'Race' }).click();
  await page.getByRole('option', { name: 'Asian', exact: true }).click();
  // The country from the searchable ISO list, the postal code by that country's rule.
  await page.getByRole('textbox', { name: 'Country' }).fill('canad');
  await page.getByRole('option', { name: 'Canada', exact: true }).click();
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('K1A 0B1');
  await page.getByRole('textbox', { name: 'Patient Identifier' }).fill(patientId);
}

async function agreeToTermsAndCreate(page: Page, click: 'click' | 'dblclick' = 'click'): Promise<void> {
  await page.getByRole('button', { name: 'Create Test', exact: true }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByTestId('terms-body')).not.toBeEmpty();
  await terms.getByRole('button', { name: 'Agree and Create Test' })[click]();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a new clinician gets two tests from the admin, creates both through the form, and is then out of tests', async ({
  page,
  newPage,
}) => {
  test.slow(); // Two people, two forms, on a shared machine.
  const username = unique('clinician-a');
  await page.goto('/login');
  await page.getByText('Register', { exact: true }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('header-username')).toHaveText(username);
  await expect(page.getByText('No assessments')).toBeVisible();
  await expect(page.getByTestId('tests-available')).toHaveText('Tests Available: 0');
  await expect(page.getByRole('button', { name: 'Create Test' })).toBeDisabled();
  // It says why, and what to do.
  await expect(page.getByRole('button', { name: 'Create Test' })).toHaveAccessibleDescription(
    'You have no tests left. Ask your admin for more tests.',
  );

  // The admin grants two tests on the credits screen (the admin, with none left, is told where too).
  const admin = await openAdmin(newPage);
  await expect(admin.getByTestId('no-tests-help').getByRole('link', { name: 'grant tests' })).toHaveAttribute(
    'href',
    '/admin/credits',
  );
  await admin.getByRole('link', { name: 'Grant tests', exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/credits$/);
  await admin.getByRole('textbox', { name: 'Clinician' }).fill(username);
  await admin.getByRole('option', { name: `${username} — 0 available` }).click();
  await admin.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await admin.getByRole('textbox', { name: 'Note' }).fill('Invoice E2E-4');
  await admin.getByRole('button', { name: 'Grant Tests' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Granted' })).toHaveText(
    `Granted 2 tests to ${username}. They now have 2 available.`,
  );
  const balance = admin
    .getByRole('region', { name: 'Tests per clinician', exact: true })
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: username, exact: true }) });
  await expect(balance.getByRole('cell')).toHaveText([username, '', 'Clinician', '2', '0', '2']);
  const ledgerRow = admin
    .getByRole('region', { name: 'Ledger', exact: true })
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: username, exact: true }) });
  await expect(ledgerRow.getByRole('cell').nth(2)).toHaveText('2');
  await expect(ledgerRow.getByRole('cell').nth(4)).toHaveText(DEMO.admin);
  await expect(ledgerRow.getByRole('cell').nth(5)).toHaveText('Invoice E2E-4');

  await page.reload();
  await expect(page.getByTestId('tests-available')).toHaveText('Tests Available: 2');
  await page.getByRole('button', { name: 'Create Test' }).click();
  await expect(page).toHaveURL(/\/createtest$/);

  // Create Test can be pressed at once and says what is missing, the diagnoses included.
  const createButton = page.getByRole('button', { name: 'Create Test', exact: true });
  await expect(page.getByText('Required: choose at least one diagnosis')).toBeVisible();
  await expect(createButton).toBeEnabled();
  await createButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose at least one diagnosis' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Age', exact: true })).toHaveAccessibleDescription(
    'Please enter an age',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await chooseDiagnoses(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a primary diagnosis' })).toHaveCount(0);

  // Validation (docs/product-spec.md §5) with the spec's messages, under each field.
  await createButton.click();
  await expect(page.getByRole('textbox', { name: 'Age', exact: true })).toHaveAccessibleDescription(
    'Please enter an age',
  );
  await expect(page.getByRole('textbox', { name: 'Country' })).toHaveValue('United States of America');
  await expect(page.getByRole('textbox', { name: 'Postal Code' })).toHaveAccessibleDescription(
    'Please enter exactly 5 digits',
  );
  await expect(page.getByRole('textbox', { name: 'Patient Identifier' })).toHaveAccessibleDescription(
    /Please enter a patient identifier/,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0); // no terms while the form is wrong
  await page.getByRole('textbox', { name: 'Age', exact: true }).fill('0');
  await page.getByRole('textbox', { name: 'Postal Code' }).fill('1234');
  await createButton.click();
  await expect(page.getByRole('textbox', { name: 'Age', exact: true })).toHaveAccessibleDescription(
    'The PID-5 is an adult self-report: the patient must be 18 or older',
  );
  await expect(page.getByRole('textbox', { name: 'Postal Code' })).toHaveAccessibleDescription(
    'Please enter exactly 5 digits',
  );
  await expect(page.getByRole('textbox', { name: 'Postal Code' })).toHaveAttribute('aria-invalid', 'true');

  const firstPatient = unique('PAT-A1');
  await fillDemographics(page, firstPatient);

  // Back asks first; No keeps everything entered.
  await page.getByRole('button', { name: 'Back' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to go back to the dashboard?' });
  await expect(confirm).toContainText(
    'Test creation will be cancelled and information entered on this page cannot be recovered.',
  );
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/createtest$/);
  await expect(page.getByRole('textbox', { name: 'Patient Identifier' })).toHaveValue(firstPatient);

  // The terms panel: Exit leaves the form as it was; Agree creates.
  await createButton.click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByTestId('terms-body')).not.toBeEmpty();
  await terms.getByRole('button', { name: 'Exit' }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Postal Code' })).toHaveValue('K1A 0B1');
  // A double click on Agree creates one test and uses one of the two.
  await agreeToTermsAndCreate(page, 'dblclick');

  await expect(page.getByRole('status').filter({ hasText: 'Test created' })).toContainText(
    `The test for ${firstPatient} is ready.`,
  );
  // The banner's link is in its sentence's font size.
  const detailsLink = page.getByRole('link', { name: 'Open its details' });
  const sizes = await detailsLink.evaluate((link) => [
    getComputedStyle(link).fontSize,
    getComputedStyle(link.parentElement!).fontSize,
  ]);
  expect(sizes[0]).toBe(sizes[1]);
  await expect(page.getByTestId('tests-available')).toHaveText('Tests Available: 1');
  const row = dashboardRow(page, firstPatient);
  const listed = (await (await expectOk(await page.request.get('/api/assessments'))).json()) as {
    items: { id: number; patientId: string; createdAt: string; dueAt: string }[];
  };
  expect(listed.items.filter((item) => item.patientId === firstPatient)).toHaveLength(1);
  const stored = listed.items.find((item) => item.patientId === firstPatient);
  expect(stored).toBeDefined();
  expect(Date.parse(stored?.dueAt ?? '') - Date.parse(stored?.createdAt ?? '')).toBe(30 * 24 * 3_600_000);
  await expect(row.getByRole('cell')).toHaveText([
    firstPatient,
    '0 of 220',
    'Full',
    await formatDateInPage(page, stored?.createdAt ?? ''),
    await formatDateInPage(page, stored?.dueAt ?? ''),
    '30',
    'Details',
  ]);

  // What was stored is what was entered.
  await row.getByRole('button', { name: `Details for ${firstPatient}` }).click();
  await expect(page).toHaveURL(new RegExp(`/details/${stored?.id}$`));
  await expect(page.getByText(firstPatient, { exact: true })).toBeVisible();
  for (const chip of ['Race: Asian', 'Age: 34', 'Gender: Female', 'Postal Code: K1A 0B1', 'Country: Canada']) {
    await expect(page.getByText(chip, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Not Finished', { exact: true })).toBeVisible();
  // Each diagnosis badge says its description in its text (visually hidden), the tooltip's words for a screen reader.
  await expect(page.getByText('F41.1 · Primary: Generalized anxiety disorder', { exact: true })).toBeVisible();
  await expect(page.getByText('F60.3: Borderline personality disorder', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);

  // The second test: Back → Yes leaves without creating; then create it.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Create Test' }).click();
  await page.getByRole('textbox', { name: 'Patient Identifier' }).fill('abandoned');
  await page.getByRole('button', { name: 'Back' }).click();
  await page
    .getByRole('dialog', { name: 'Are you sure you want to go back to the dashboard?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('tests-available')).toHaveText('Tests Available: 1');
  await expect(page.getByRole('cell', { name: 'abandoned' })).toHaveCount(0);

  const secondPatient = unique('PAT-A2');
  await page.getByRole('button', { name: 'Create Test' }).click();
  await chooseDiagnoses(page);
  await fillDemographics(page, secondPatient);
  await agreeToTermsAndCreate(page);
  await expect(dashboardRow(page, secondPatient).getByRole('cell').nth(1)).toHaveText('0 of 220');
  await expect(page.getByTestId('tests-available')).toHaveText('Tests Available: 0');
  await expect(page.getByRole('button', { name: 'Create Test' })).toBeDisabled();
  // Newest first by default.
  await expect(patientIdColumn(page)).toHaveText([secondPatient, firstPatient]);

  // The server agrees: no third test.
  const third = await page.request.post('/api/assessments', {
    data: {
      age: 30,
      gender: 'Male',
      race: 'Unspecified',
      country: 'CA',
      postalCode: 'K1A 0B1',
      patientId: 'third',
      dsmCodes: ['F60.3'],
      primaryDsm: 'F60.3',
      termsId: await currentTermsId(page),
    },
  });
  expect(third.status()).toBe(409);
  expect(((await third.json()) as { error: { code: string } }).error.code).toBe('NO_TESTS_AVAILABLE');
});

test("another clinician sees none of A's tests; the admin sees them with the Clinician column", async ({
  page,
  newPage,
  baseURL,
}) => {
  const clinicianA = await newClinician(page, baseURL ?? '', 'clinician-a');
  const admin = await openAdmin(newPage);
  await grantTests(admin, clinicianA.id, 2);
  const patientIds = [unique('PAT-OWN1'), unique('PAT-OWN2')];
  const created = [];
  for (const patientId of patientIds) {
    created.push(await createTestViaApi(page, { patientId }));
  }

  const other = await newPage();
  const clinicianB = await newClinician(other, baseURL ?? '', 'clinician-b');
  await other.goto('/dashboard');
  await expect(other.getByTestId('header-username')).toHaveText(clinicianB.username);
  await expect(other.getByText('No assessments')).toBeVisible();
  await expect(other.getByTestId('page-indicator')).toHaveText('Page 1 of 1');
  await other.getByRole('searchbox', { name: 'Search by Patient ID' }).fill(patientIds[0] ?? '');
  await expect(other).toHaveURL(/search=/);
  await expect(other.getByText('No assessments')).toBeVisible();
  for (const { id } of created) {
    const response = await other.request.get(`/api/assessments/${id}`);
    expect(response.status()).toBe(404);
    await other.goto(`/details/${id}`);
    await expect(other.getByRole('alert')).toContainText('This test does not exist, or it is not one of yours.');
  }
  const csv = await other.request.get('/api/assessments/export.csv');
  expect(await csv.text()).not.toContain(patientIds[0]);

  // The admin, in admin view, sees both with their clinician.
  await expect(admin.getByText('Admin View', { exact: true })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'All Assessments' })).toBeVisible();
  await expect(admin.getByRole('columnheader', { name: 'Clinician' })).toBeVisible();
  for (const patientId of patientIds) {
    await admin.getByRole('searchbox', { name: 'Search by Patient ID' }).fill(patientId);
    const row = dashboardRow(admin, patientId);
    // Patient ID, Questions Completed, Form, Date Created, Due Date, Days Left, Clinician.
    await expect(row.getByRole('cell').nth(6)).toHaveText(clinicianA.username);
  }
  await dashboardRow(admin, patientIds[1] ?? '')
    .getByRole('button', { name: 'Details' })
    .click();
  await expect(admin.getByText(`${clinicianA.username} (${clinicianA.id})`)).toBeVisible();

  // In clinician view the admin sees only their own tests, and no Clinician column.
  await admin.getByRole('button', { name: 'Switch to Clinician Mode' }).click();
  await admin.goto(`/dashboard?search=${encodeURIComponent(patientIds[1] ?? '')}`);
  await expect(admin.getByText('No assessments')).toBeVisible();
  await expect(admin.getByRole('columnheader', { name: 'Clinician' })).toHaveCount(0);
});

test('25 tests: search, the four sorts and paging are in the URL, and the CSV is safe to open', async ({
  page,
  newPage,
  request,
  baseURL,
}) => {
  test.slow(); // 25 tests and their answers are seeded through the API.
  const clinician = await newClinician(page, baseURL ?? '', 'clinician-paging');
  const admin = await openAdmin(newPage);
  await grantTests(admin, clinician.id, 25);

  // Patient ids tag-01 … tag-25 in creation order, answered 88, 176, 64, … (all different, not in creation order).
  const tag = unique('pg');
  const formula = `=1+2 ${tag}`;
  const seeded: { patientId: string; answered: number; code: string }[] = [];
  const termsId = await currentTermsId(page);
  for (let i = 1; i <= 25; i++) {
    const patientId = i === 7 ? formula : `${tag}-${String(i).padStart(2, '0')}`;
    const { code } = await createTestViaApi(page, { patientId }, termsId);
    seeded.push({ patientId, answered: ((i * 11) % 25) * 8, code });
  }
  await Promise.all(
    seeded.map(({ code, answered }) =>
      answerAsPatient(
        request,
        code,
        answersFrom((item) => (item <= answered ? ordinaryAnswer(item) : 9)),
      ),
    ),
  );
  const byCreated = [...seeded].reverse(); // newest first
  const byAnswered = [...seeded].sort((a, b) => a.answered - b.answered);
  const ids = (list: typeof seeded) => list.map((s) => s.patientId);

  await page.goto('/dashboard');
  await expect(page.getByText('25 assessments')).toBeVisible();
  const indicator = page.getByTestId('page-indicator');
  const prev = page.getByRole('button', { name: 'Prev' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(indicator).toHaveText('Page 1 of 3');
  await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('created-desc');
  await expect(patientIdColumn(page)).toHaveText(ids(byCreated.slice(0, 10)));
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(page).toHaveURL(/\/dashboard\?page=2$/);
  await expect(indicator).toHaveText('Page 2 of 3');
  await expect(patientIdColumn(page)).toHaveText(ids(byCreated.slice(10, 20)));
  await next.click();
  await expect(page).toHaveURL(/\/dashboard\?page=3$/);
  await expect(indicator).toHaveText('Page 3 of 3');
  await expect(patientIdColumn(page)).toHaveText(ids(byCreated.slice(20)));
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();
  await prev.click();
  await expect(indicator).toHaveText('Page 2 of 3');
  await page.goBack(); // paging is history, so Back returns to page 3
  await expect(indicator).toHaveText('Page 3 of 3');

  // The four sorts, each starting again at page 1.
  const sorts = [
    { label: 'Questions Completed Asc.', value: 'answered-asc', order: byAnswered },
    { label: 'Questions Completed Desc.', value: 'answered-desc', order: [...byAnswered].reverse() },
    { label: 'Date Created Asc.', value: 'created-asc', order: [...seeded] },
    { label: 'Date Created Desc.', value: 'created-desc', order: byCreated },
  ];
  for (const sort of sorts) {
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: sort.label });
    await expect(page).toHaveURL(
      sort.value === 'created-desc' ? /\/dashboard$/ : new RegExp(`/dashboard\\?sort=${sort.value}$`),
    );
    await expect(indicator).toHaveText('Page 1 of 3');
    await expect(patientIdColumn(page)).toHaveText(ids(sort.order.slice(0, 10)));
  }
  await expect(page.locator('tbody tr td:nth-child(2)').first()).toHaveText(`${byCreated[0]?.answered} of 220`);

  // A URL opens exactly that view; a page past the end shows the last page.
  await page.goto('/dashboard?sort=answered-desc&page=3');
  await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('answered-desc');
  await expect(indicator).toHaveText('Page 3 of 3');
  await expect(patientIdColumn(page)).toHaveText(ids([...byAnswered].reverse().slice(20)));
  await expect(page.locator('tbody tr td:nth-child(2)')).toHaveText(
    [...byAnswered]
      .reverse()
      .slice(20)
      .map((s) => `${s.answered} of 220`),
  );
  await page.goto('/dashboard?page=99');
  await expect(indicator).toHaveText('Page 3 of 3');
  await expect(page).toHaveURL(/\/dashboard\?page=3$/);

  // Search: case-insensitive substring on the patient id, back to page 1, kept with the sort.
  await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Date Created Asc.' });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(indicator).toHaveText('Page 2 of 3');
  await page.getByRole('searchbox', { name: 'Search by Patient ID' }).fill(`${tag.toUpperCase()}-2`);
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?search=${tag.toUpperCase()}-2&sort=created-asc$`));
  await expect(indicator).toHaveText('Page 1 of 1');
  await expect(patientIdColumn(page)).toHaveText(['20', '21', '22', '23', '24', '25'].map((n) => `${tag}-${n}`));
  await expect(page.getByText('6 assessments')).toBeVisible();
  await expect(prev).toBeDisabled();
  await expect(next).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by Patient ID' })).toHaveValue(`${tag.toUpperCase()}-2`);
  await expect(patientIdColumn(page)).toHaveText(['20', '21', '22', '23', '24', '25'].map((n) => `${tag}-${n}`));
  await page.getByRole('searchbox', { name: 'Search by Patient ID' }).fill('no such patient');
  await expect(page.getByText('No assessments')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by Patient ID' }).fill('');
  await expect(page.getByText('25 assessments')).toBeVisible();

  // The CSV: UTF-8 with a byte-order mark, every test, and a formula in a patient id made harmless.
  const { download, bytes } = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV' }).click());
  expect(download.suggestedFilename()).toMatch(/^assessments-\d{4}-\d{2}-\d{2}\.csv$/);
  const records = csvRecords(bytes);
  const [header, ...rows] = records;
  expect(header?.slice(0, 3)).toEqual(['Assessment ID', 'Patient ID', 'Clinician']);
  // Readable, honest score headers: never the spec's SRF/IRF.
  expect(header).toEqual(
    expect.arrayContaining(['Validity Verdict', 'Anhedonia raw', 'Anhedonia T (US 2024)', 'Anhedonia T (DE 2026)']),
  );
  expect(header?.filter((name) => /\b(SRF|IRF)\b/.test(name))).toEqual([]);
  // The data dictionary beside it names every column.
  const dictionary = csvRecords(
    (await downloadText(page, () => page.getByRole('link', { name: 'CSV data dictionary' }).click())).bytes,
  );
  expect(dictionary.slice(1).map((entry) => entry[0])).toEqual(header);
  expect(rows).toHaveLength(25);
  const patientIds = rows.map((r) => r[1]);
  expect(patientIds).toContain(`'${formula}`);
  expect(patientIds).not.toContain(formula);
  expect(new Set(rows.map((r) => r[2]))).toEqual(new Set([clinician.username]));
  const seventh = rows.find((r) => r[1] === `'${formula}`);
  expect(seventh?.[header?.indexOf('Questions Completed') ?? -1]).toBe(String(seeded[6]?.answered));
});
