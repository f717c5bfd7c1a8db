import {
  ANSWER_LABELS,
  codeOf,
  createTestViaApi,
  expect,
  newClinicianWithTests,
  patientState,
  questionnaireItem,
  test,
  unique,
} from './helpers';

// The PID5BF+M (36 items, the ICD-11 trait domains) from Create Test's choice to the results, in a real browser.

/** The answer to PID5BF+M item n: varied, no stretch of one answer. */
const valueFor = (n: number) => (n * 7 + ((n - 1) >> 2)) % 4;

test('a patient completes the PID5BF+M and the clinician reads its six trait domains with German T only', async ({
  page,
  newPage,
  baseURL,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-bfm', 1);
  // Create Test offers it as a fourth form, saying what it gives.
  await page.goto('/createtest');
  const choice = page.getByRole('radio', { name: /PID5BF\+M \(36 items\)/ });
  await expect(choice).toBeVisible();
  await expect(page.getByText(/the six ICD-11 and DSM-5 trait domains, Anankastia included/)).toBeVisible();

  const patientId = unique('PAT-BFM');
  const created = await createTestViaApi(page, { patientId, form: 'BFM', age: 40, gender: 'Female' });
  await page.goto('/dashboard?form=BFM');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: patientId, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('0 of 36');
  await expect(row.getByRole('cell').nth(2)).toHaveText('BF+M');
  await row.getByRole('button', { name: 'Details' }).click();
  const link = await page.getByRole('textbox', { name: 'Test Link' }).inputValue();
  const code = codeOf(link);
  expect(code).toBe(created.code);

  const patient = await newPage({ reducedMotion: 'reduce' });
  await patient.goto(link);
  await expect(patient.getByTestId('form-summary')).toHaveText(
    'This questionnaire is the short trait form: 36 statements, about 5-10 minutes.',
  );
  await patient.getByRole('button', { name: 'Accept' }).click();
  await expect(patient.getByText('0 / 36 completed')).toBeVisible();
  await expect(questionnaireItem(patient, 36)).toBeAttached();
  await expect(questionnaireItem(patient, 37)).toHaveCount(0);
  for (let n = 1; n <= 36; n++) {
    await questionnaireItem(patient, n)
      .getByRole('radio', { name: ANSWER_LABELS[valueFor(n)] })
      .check();
  }
  await expect(patient.getByRole('status')).toHaveText('Saved');
  await patient.getByRole('button', { name: 'Submit Test' }).click();
  await patient
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit answers' })
    .click();
  await expect(patient.getByRole('heading', { name: 'This test has been completed' })).toBeVisible();
  const finished = await patientState(patient.request, code);
  expect(finished.answers).toBe(Array.from({ length: 36 }, (_, i) => String(valueFor(i + 1))).join(''));

  await page.reload();
  const results = page.getByRole('region', { name: 'Results', exact: true });
  await expect(results.getByTestId('form-given')).toHaveText('Form given: PID5BF+M (36 items).');
  // Its verdict rests on missing answers, the pattern and the times (a robot's 0.1 s per statement is a caution).
  await expect(results.getByRole('alert', { name: 'Response validity: Interpret with caution' })).toContainText(
    'answered very fast',
  );
  const domains = results.getByRole('table', { name: 'ICD-11 trait domains (PID5BF+M)' });
  await expect(domains.getByRole('row')).toHaveCount(8);
  await expect(domains.getByRole('row', { name: /Anankastia/ })).toContainText('none exist');
  // No PID-5 domains, facets or US T for this form.
  await expect(results.getByRole('table', { name: 'Domain scores' })).toHaveCount(0);
  await expect(results.getByRole('table', { name: 'Facet scores' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});
