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

// The results page of a 40-year-old woman's full-form test, as a clinician reads it in English and in German: the
// German T as published with its interval beside the US T, the ICD-11 trait domains (German T only) and the AMPD
// trait profiles (Criterion B only). Screenshots of both languages are attached to the test's report.

const ANSWERS = answersFrom((n) => (n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : (n * 3) % 4 === 0 ? 1 : n % 2));

test('the results page shows the German T, the ICD-11 trait domains and the AMPD profiles in both languages', async ({
  page,
  newPage,
  request,
  baseURL,
}, testInfo) => {
  const admin = await openAdmin(newPage);
  const clinician = await newClinician(page, baseURL ?? '', 'clinician-traits');
  await grantTests(admin, clinician.id, 1);
  const created = await createTestViaApi(page, { patientId: unique('PAT-T'), age: 40, gender: 'Female' });
  await completeAsPatient(request, created.code, ANSWERS);

  await page.goto(`/details/${created.id}`);
  const facets = page.getByRole('table', { name: 'Facet scores', exact: true });
  await expect(facets.getByRole('columnheader', { name: 'T (DE)' })).toBeVisible();
  await expect(facets.locator('tr[data-scale="Anx"] [data-de-t]')).toHaveText(/^\d+\.\d \(\d+\.\d–\d+\.\d\)/);
  await expect(page.getByTestId('german-norms-note')).toContainText('German women aged 35-49');
  const icd = page.getByRole('region', { name: 'ICD-11 trait domains (PID5BF+M)', exact: true });
  await expect(icd.locator('tr[data-bfm-scale]')).toHaveCount(7);
  await expect(icd).toContainText('Anankastia');
  await expect(icd).toContainText('No US norms exist');
  const ampd = page.getByRole('region', { name: 'DSM-5 Section III trait profiles (AMPD Criterion B)', exact: true });
  await expect(ampd.locator('tr[data-ampd]')).toHaveCount(6);
  await expect(ampd).toContainText('never a diagnosis');
  for (const [name, part] of [
    ['facets-en', facets],
    ['icd11-en', icd],
    ['ampd-en', ampd],
  ] as const) {
    await testInfo.attach(name, { body: await part.screenshot(), contentType: 'image/png' });
  }

  // The same page in German.
  await page.evaluate(() => window.localStorage.setItem('pid5_lang', 'de'));
  await page.reload();
  const germanIcd = page.getByRole('region', { name: 'ICD-11-Merkmalsdomänen (PID5BF+M)', exact: true });
  await expect(germanIcd).toContainText('Anankasmus');
  await expect(page.getByTestId('german-norms-note')).toContainText('Deutsche Frauen, 35–49 Jahre');
  await expect(page.locator('tr[data-scale="Anx"] [data-de-t]').first()).toHaveText(/^\d+,\d \(\d+,\d–\d+,\d\)/);
  await expect(
    page.getByRole('region', { name: 'Merkmalsprofile nach DSM-5 Sektion III (AMPD, Kriterium B)', exact: true }),
  ).toContainText('Ein Merkmalsprofil ist nie eine Diagnose');
  await testInfo.attach('icd11-de', { body: await germanIcd.screenshot(), contentType: 'image/png' });
  await testInfo.attach('domains-de', {
    body: await page.getByRole('table', { name: 'Domänenwerte', exact: true }).screenshot(),
    contentType: 'image/png',
  });
});
