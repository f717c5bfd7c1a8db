import {
  ANSWER_LABELS,
  answerAsPatient,
  codeOf,
  createTestViaApi,
  expect,
  newClinicianWithTests,
  ordinaryAnswer,
  patientState,
  questionnaireItem,
  test,
  unique,
} from './helpers';

// A brief form (PID-5-BF, 25 items) from the clinician's link to the results, in a real browser.

/** The answer to brief-form item n. */
const valueFor = ordinaryAnswer;

test('a patient completes a brief form of 25 items and the clinician sees its domains and total', async ({
  page,
  newPage,
  baseURL,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-brief', 1);
  const patientId = unique('PAT-BF');
  const created = await createTestViaApi(page, { patientId, form: 'BF' });

  // The dashboard shows the form and filters by it.
  await page.goto('/dashboard?form=BF');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: patientId, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('0 of 25');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Brief');
  await expect(page.getByRole('combobox', { name: 'Form' })).toHaveValue('BF');
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByText('Brief (25 items), about 5 minutes')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Test Link' }).inputValue();
  const code = codeOf(link);
  expect(code).toBe(created.code);

  const patient = await newPage({ reducedMotion: 'reduce' });
  await patient.goto(link);
  // The consent page names the form given and its length, not every form's.
  await expect(patient.getByTestId('form-summary')).toHaveText(
    'This questionnaire is the brief form: 25 statements, about 5 minutes.',
  );
  await expect(patient.getByText('220, 100 or 25')).toHaveCount(0);
  await patient.getByRole('button', { name: 'Accept' }).click();
  await expect(patient).toHaveURL(`${baseURL}/test/${code}`);
  await expect(patient.getByText('0 / 25 completed')).toBeVisible();
  await expect(patient.getByText('Below are 25 statements.', { exact: false })).toBeVisible();
  await expect(questionnaireItem(patient, 25)).toBeAttached();
  await expect(questionnaireItem(patient, 26)).toHaveCount(0);
  for (let n = 1; n <= 25; n++) {
    await questionnaireItem(patient, n)
      .getByRole('radio', { name: ANSWER_LABELS[valueFor(n)] })
      .check();
  }
  await expect(patient.getByText('25 / 25 completed')).toBeVisible();
  await expect(patient.getByRole('status')).toHaveText('Saved');
  await patient.getByRole('button', { name: 'Submit Test' }).click();
  // Submitting is confirmed in a dialog.
  await patient
    .getByRole('dialog', { name: 'Submit your answers?' })
    .getByRole('button', { name: 'Submit answers' })
    .click();
  await expect(patient.getByRole('heading', { name: 'This test has been completed' })).toBeVisible();
  const finished = await patientState(patient.request, code);
  expect(finished.answers).toBe(Array.from({ length: 25 }, (_, i) => String(valueFor(i + 1))).join(''));

  await page.reload();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByTestId('form-given')).toHaveText('Form given: Brief form (PID-5-BF, 25 items).');
  const table = results.getByRole('table', { name: 'Domain and total scores' });
  // NegAf: items 8, 9, 10, 11, 15 answered 0, 1, 2, 3, 3 → 1.80; the total: 37 / 25 → 1.48.
  await expect(table.getByRole('row', { name: /Negative Affect/ })).toContainText('1.00');
  await expect(table.getByRole('row', { name: /Total/ })).toContainText('0.88');
  await expect(table.getByRole('row', { name: /Total/ })).toContainText('25 of 25');
  await expect(results.getByRole('table', { name: 'Facet scores' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});

test('Questions Completed sorts tests of different forms by how much of each form is answered', async ({
  page,
  newPage,
  baseURL,
}) => {
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-mixed', 3);
  // A brief form answered in full (its cell reads Completed), a full form 200 of 220, a short form 30 of 100.
  const tests = [
    { patientId: unique('MIX-BF'), form: 'BF' as const, answers: '1'.repeat(25) },
    { patientId: unique('MIX-FULL'), form: undefined, answers: '1'.repeat(200) + '9'.repeat(20) },
    { patientId: unique('MIX-SF'), form: 'SF' as const, answers: '1'.repeat(30) + '9'.repeat(70) },
  ];
  for (const each of tests) {
    const created = await createTestViaApi(page, { patientId: each.patientId, form: each.form });
    await answerAsPatient(page.request, created.code, each.answers);
  }

  await page.goto('/dashboard');
  await page.getByRole('combobox', { name: 'Sort By' }).selectOption('Questions Completed Desc.');
  // The Questions Completed cell of each row, top to bottom (the second column, as in the test above).
  const completed = page.locator('tbody tr td:nth-child(2)');
  await expect(completed).toHaveText(['Completed', '200 of 220', '30 of 100']);
  await page.getByRole('combobox', { name: 'Sort By' }).selectOption('Questions Completed Asc.');
  await expect(completed).toHaveText(['30 of 100', '200 of 220', 'Completed']);
});
