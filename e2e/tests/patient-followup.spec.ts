import {
  answersFrom,
  completeAsPatient,
  codeOf,
  createTestViaApi,
  expect,
  grantTests,
  newClinician,
  openAdmin,
  test,
  unique,
} from './helpers';

// Following a patient over time in a real browser. A clinician re-tests a patient from a completed test
// (two clicks to a filled-in form), sees both tests on the timeline, compares them (validity first), shares the
// patient with a colleague, who finds it under "Shared with me" and reads it without the link.

test('re-test a patient, see the timeline, compare, and share with a colleague', async ({
  page,
  newPage,
  baseURL,
  request,
}) => {
  test.slow(); // Three people and two questionnaires on a shared machine.
  const admin = await openAdmin(newPage);
  const owner = await newClinician(page, baseURL!, 'clinician-followup');
  await grantTests(admin, owner.id, 2);
  const patientId = unique('PAT-F');
  const first = await createTestViaApi(page, { patientId, age: 41, country: 'Norway', postalCode: '0150' });
  await completeAsPatient(
    request,
    first.code,
    answersFrom((n) => n % 4),
  );

  // Two clicks: "New test for this patient" opens Create Test filled in; "Create Test" then the terms.
  await page.goto(`/details/${first.id}`);
  await page.getByRole('link', { name: 'New test for this patient' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Test' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Patient Identifier' })).toHaveValue(patientId);
  await expect(page.getByRole('textbox', { name: 'Age', exact: true })).toHaveValue('41');
  await expect(page.getByRole('textbox', { name: 'Country' })).toHaveValue('Norway');
  await page.getByRole('button', { name: 'Create Test', exact: true }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByTestId('terms-body')).not.toBeEmpty();
  await terms.getByRole('button', { name: 'Agree and Create Test' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The second test, answered differently, from its own link.
  const timeline = (await (await page.request.get(`/api/assessments/${first.id}/patient`)).json()) as {
    administrations: { id: number }[];
  };
  expect(timeline.administrations).toHaveLength(2);
  const secondId = timeline.administrations[0]!.id;
  const details = (await (await page.request.get(`/api/assessments/${secondId}`)).json()) as { testLink: string };
  await completeAsPatient(
    request,
    codeOf(details.testLink),
    answersFrom((n) => (n % 4 === 0 ? 3 : 1)),
  );

  // The timeline on the details page, newest first, and the comparison from it.
  await page.goto(`/details/${secondId}`);
  const table = page.getByRole('table', { name: "This patient's tests, newest first" });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-current', 'page');
  await table.getByRole('link', { name: 'Compare with this test' }).click();
  await expect(page).toHaveURL(new RegExp(`/compare/${secondId}/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Compare two tests' })).toBeVisible();
  const validity = page.getByRole('status').filter({ hasText: 'Validity' });
  await expect(validity).toBeVisible();
  const scores = page.getByRole('table', { name: 'Scores of both tests, their differences and reliable change' });
  await expect(scores.locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('list', { name: 'Why there is no reliable-change mark' })).toBeVisible();
  const pdf = await page.request.get(
    (await page.getByRole('link', { name: 'Download the comparison (PDF)' }).getAttribute('href'))!,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Share with a colleague, who finds the patient under "Shared with me" and reads it without the link.
  const colleaguePage = await newPage();
  const colleague = await newClinician(colleaguePage, baseURL!, 'clinician-colleague');
  await page.goto(`/details/${secondId}`);
  const sharing = page.getByRole('region', { name: 'Sharing' });
  // The list shows a few names; the colleague is found by typing, as among an institute's hundreds.
  await sharing.getByRole('textbox', { name: 'Share with a colleague' }).fill(colleague.username);
  await page.getByRole('option', { name: colleague.username }).click();
  await sharing.getByRole('button', { name: 'Share' }).click();
  await expect(sharing.getByText(`Shared with ${colleague.username} since`)).toBeVisible();

  await colleaguePage.goto('/dashboard');
  await colleaguePage.getByRole('link', { name: 'Shared with me' }).click();
  await colleaguePage.getByRole('link', { name: patientId }).click();
  await expect(colleaguePage).toHaveURL(new RegExp(`/details/${secondId}$`));
  await expect(colleaguePage.getByText('Shared with you')).toBeVisible();
  await expect(colleaguePage.getByRole('textbox', { name: 'Test Link' })).toHaveCount(0);
  await expect(colleaguePage.getByRole('link', { name: 'New test for this patient' })).toHaveCount(0);

  // Ending the share: the colleague's next read is refused.
  await sharing.getByRole('button', { name: `Stop sharing with ${colleague.username}` }).click();
  await expect(sharing.getByText('Not shared with anyone.')).toBeVisible();
  expect((await colleaguePage.request.get(`/api/assessments/${secondId}`)).status()).toBe(404);
});
