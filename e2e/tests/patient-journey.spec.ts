import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startTestServer } from '@pid5/server/testing';
import {
  ANSWER_LABELS,
  answersFrom,
  codeOf,
  createTestViaApi,
  DEMO,
  expect,
  expectNoAxeViolations,
  formatDateInPage,
  newClinicianWithTests,
  patientState,
  questionnaireItem,
  signInAsDemo,
  test,
  unique,
  ordinaryAnswer,
} from './helpers';

// The patient's side of a test link, from consent to submission, with a dropped connection on the way,
// and the expiry and extension of a link.

/** The answer the patient gives to item n (the same rule for clicks, queued answers and keys). */
const valueFor = ordinaryAnswer;
const EXPECTED_ANSWERS = answersFrom(valueFor);
const QUEUE_PREFIX = 'pid5-pending-answers:';

async function answerByClicking(page: Page, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) {
    await questionnaireItem(page, n)
      .getByRole('radio', { name: ANSWER_LABELS[valueFor(n)] })
      .check();
  }
}

/** The answers waiting on the device, as [item, value]; each also keeps the time it was given (checked here). */
async function queuedAnswers(page: Page, code: string): Promise<[number, number][] | null> {
  const entries = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as [number, number, number?][]);
  }, `${QUEUE_PREFIX}${code}`);
  if (entries === null) {
    return null;
  }
  for (const [, , givenAt] of entries) {
    expect(typeof givenAt).toBe('number');
  }
  return entries.map(([item, value]) => [item, value]);
}

test('a patient answers in three sittings (online, offline, then by keyboard alone) and submits', async ({
  page,
  newPage,
  request,
  baseURL,
}) => {
  test.slow(); // 220 answers in a real browser on a shared machine.
  await newClinicianWithTests(page, newPage, baseURL ?? '', 'clinician-journey', 1);
  const patientId = unique('PAT-J');
  const created = await createTestViaApi(page, { patientId });

  // The clinician copies the link from the test's details page.
  await page.goto('/dashboard');
  await expect(page.getByRole('cell', { name: patientId, exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  await expectNoAxeViolations(page, 'the dashboard');
  await page.getByRole('button', { name: `Details for ${patientId}` }).click();
  const link = await page.getByRole('textbox', { name: 'Test Link' }).inputValue();
  expect(link).toBe(created.testLink);
  expect(link).toBe(`${baseURL}/test/${created.code}`);
  await expect(page.getByText('Not Finished', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'the details page (unfinished test)');
  const code = codeOf(link);

  // First sitting: consent, then 100 answers with the mouse.
  const patient = await newPage({ reducedMotion: 'reduce' });
  await patient.goto(link);
  await expect(patient).toHaveURL(`${baseURL}/consent/${code}`);
  await expect(patient.getByRole('heading', { name: 'Consent', level: 1 })).toBeVisible();
  await expect(patient.locator('.consent-text')).not.toBeEmpty();
  await expectNoAxeViolations(patient, 'the consent page');
  await patient.getByRole('button', { name: 'Accept' }).click();
  await expect(patient).toHaveURL(`${baseURL}/test/${code}`);
  await expect(patient.getByText('0 / 220 completed')).toBeVisible();
  await expect(questionnaireItem(patient, 220)).toBeAttached();
  await expectNoAxeViolations(patient, 'the questionnaire');

  await answerByClicking(patient, 1, 100);
  await expect(patient.getByText('100 / 220 completed')).toBeVisible();
  await expect(patient.getByRole('status')).toHaveText('Saved');
  const afterFirst = await patientState(request, code);
  expect(afterFirst.answeredCount).toBe(100);
  expect(afterFirst.answers).toBe(EXPECTED_ANSWERS.slice(0, 100) + '9'.repeat(120));

  // The tab is closed; the same link in a new tab continues where they stopped.
  const patientContext = patient.context();
  await patient.close();
  const second = await patientContext.newPage();
  await second.goto(link);
  await expect(second.getByText('100 / 220 completed')).toBeVisible();
  await expect(questionnaireItem(second, 100).getByRole('radio', { name: ANSWER_LABELS[valueFor(100)] })).toBeChecked();
  await expect(questionnaireItem(second, 101).getByRole('radio', { checked: true })).toHaveCount(0);
  // Coming back, the page opens at the first statement not yet answered, not at item 1.
  await expect(questionnaireItem(second, 101).getByRole('radio').first()).toBeFocused();
  await expect(questionnaireItem(second, 101)).toBeInViewport();
  await expect(questionnaireItem(second, 1)).not.toBeInViewport();
  await second.getByRole('button', { name: 'Scroll to First Unanswered' }).click();
  await expect(questionnaireItem(second, 101).getByRole('radio').first()).toBeFocused();
  await expect(questionnaireItem(second, 101)).toBeInViewport();

  // Second sitting, offline: 20 answers are kept on the device and the bar says so.
  await patientContext.setOffline(true);
  await answerByClicking(second, 101, 120);
  await expect(second.getByText('120 / 220 completed')).toBeVisible();
  await expect(second.getByRole('status')).toHaveText('Offline — answers will be saved when you reconnect');
  const queued = Array.from({ length: 20 }, (_, i) => [101 + i, valueFor(101 + i)]);
  expect(await queuedAnswers(second, code)).toEqual(queued);
  expect((await patientState(request, code)).answeredCount).toBe(100);

  // A browser that is offline cannot reload the page at all, so the reload happens with the connection back but
  // every answer save still failing at the network level (page.route aborts them): the page is rebuilt from the
  // server's 100 answers plus the 20 in localStorage, and shows 120 while the server still has 100.
  const saves = '**/api/patient/*/answers**';
  await second.route(saves, (route) => route.abort('internetdisconnected'));
  await patientContext.setOffline(false);
  let warnedBeforeLeaving = false;
  second.once('dialog', (dialog) => {
    warnedBeforeLeaving = dialog.type() === 'beforeunload';
    void dialog.accept();
  });
  await second.reload();
  expect(warnedBeforeLeaving).toBe(true); // unsaved answers: the browser asks before leaving
  await expect(second.getByText('120 / 220 completed')).toBeVisible();
  await expect(questionnaireItem(second, 120).getByRole('radio', { name: ANSWER_LABELS[valueFor(120)] })).toBeChecked();
  await expect(second.getByRole('status')).toHaveText('Offline — answers will be saved when you reconnect');
  expect((await patientState(request, code)).answeredCount).toBe(100);
  expect(await queuedAnswers(second, code)).toEqual(queued);

  // The saves get through again: the queue is sent by itself at the next backoff retry (at most 30 s apart), no click.
  await second.unroute(saves);
  await expect.poll(async () => (await patientState(request, code)).answeredCount, { timeout: 60_000 }).toBe(120);
  await expect(second.getByRole('status')).toHaveText('Saved');
  expect(await queuedAnswers(second, code)).toBeNull();
  expect((await patientState(request, code)).answers).toBe(EXPECTED_ANSWERS.slice(0, 120) + '9'.repeat(100));

  // Third sitting, keyboard only: the reloaded page opened at the first unanswered statement (121) with its first
  // answer focused; the arrow keys within an item and the digit keys 1-4 each answer the focused item and move to the
  // next unanswered one.
  const item121 = questionnaireItem(second, 121);
  await expect(item121.getByRole('radio').first()).toBeFocused();
  await second.keyboard.press('ArrowDown');
  await expect(item121.getByRole('radio', { name: ANSWER_LABELS[1] })).toBeChecked();
  await expect(item121.getByRole('radio', { name: ANSWER_LABELS[1] })).toBeFocused();
  await expect(second.getByText('121 / 220 completed')).toBeVisible();
  for (let n = 121; n <= 220; n++) {
    await second.keyboard.press(String(valueFor(n) + 1));
    if (n % 25 === 0 && n < 220) {
      await expect(
        questionnaireItem(second, n + 1)
          .getByRole('radio')
          .first(),
      ).toBeFocused();
    }
  }
  await expect(second.getByText('220 / 220 completed')).toBeVisible();
  await expect(item121.getByRole('radio', { name: ANSWER_LABELS[valueFor(121)] })).toBeChecked();
  const submitTest = second.getByRole('button', { name: 'Submit Test' });
  await expect(submitTest).toBeVisible();
  await expect(second.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
  await expect(second.getByRole('status')).toHaveText('Saved');
  expect((await patientState(request, code)).answers).toBe(EXPECTED_ANSWERS);
  // Tab reaches the button below the last statement (a few stops at most, from wherever the last answer left focus).
  for (
    let stops = 0;
    stops < 12 && !(await submitTest.evaluate((button) => button === document.activeElement));
    stops++
  ) {
    await second.keyboard.press('Tab');
  }
  await expect(submitTest).toBeFocused();
  await second.keyboard.press('Enter');

  // Submitting asks once more; the question takes focus, Escape goes back, nothing is submitted.
  const confirm = second.getByRole('dialog', { name: 'Submit your answers?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('You will not be able to change your answers after submitting');
  await expect(confirm.getByRole('button', { name: 'Go back to my answers' })).toBeFocused();
  await expectNoAxeViolations(second, 'the submit confirmation');
  await second.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(submitTest).toBeFocused();
  expect((await patientState(request, code)).status).toBe('in-progress');
  await second.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await second.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Submit answers' })).toBeFocused();
  await second.keyboard.press('Enter');

  await expect(second.getByRole('heading', { name: 'This test has been completed' })).toBeVisible();
  await expectNoAxeViolations(second, 'the completed page');
  const finished = await patientState(request, code);
  expect(finished.status).toBe('completed');
  expect(finished.answers).toBe(EXPECTED_ANSWERS);
  await second.reload();
  await expect(second.getByRole('heading', { name: 'This test has been completed' })).toBeVisible();

  // The clinician's dashboard shows it as completed.
  await page.goto(`/dashboard?search=${encodeURIComponent(patientId)}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: patientId, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Completed');
  await row.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByText('220 of 220')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
});

// The server's clock cannot be moved from outside (and production code has no test hook for it), so expiry runs
// against a second instance of the real server started here, in the test process, with the manual clock the
// integration tests use (apps/server/test/test-server.ts): real HTTP, the built web app, demo data, the bundled
// development sign-in; only time is in the test's hands.
test('an expired link shows "This test is Expired", takes no answers, and works again once extended', async ({
  browser,
}) => {
  test.slow(); // Starts its own server.
  const server = await startTestServer({
    env: { DEMO_DATA: 'true', WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)) },
  });
  const clinicianContext = await browser.newContext({ baseURL: server.url });
  const patientContext = await browser.newContext({ baseURL: server.url, reducedMotion: 'reduce' });
  try {
    const clinician = await clinicianContext.newPage();
    await signInAsDemo(clinician, DEMO.clinicianB);
    const patientId = unique('PAT-EXP');
    const created = await createTestViaApi(clinician, { patientId });

    const patient = await patientContext.newPage();
    await patient.goto(created.testLink);
    await patient.getByRole('button', { name: 'Accept' }).click();
    await answerByClicking(patient, 1, 3);
    await expect(patient.getByRole('status')).toHaveText('Saved');

    // 31 days later the page is still open; the next answer is refused and the page says why.
    server.clock.advance(31 * 24 * 3_600_000);
    await questionnaireItem(patient, 4).getByRole('radio', { name: ANSWER_LABELS[0] }).click();
    await expect(patient.getByRole('heading', { name: 'This test is Expired' })).toBeVisible();
    await expectNoAxeViolations(patient, 'the expired page');
    await patient.reload();
    await expect(patient.getByRole('heading', { name: 'This test is Expired' })).toBeVisible();

    const api = patient.request;
    const state = await patientState(api, created.code);
    expect(state.status).toBe('expired');
    expect(state.answers).toBe(EXPECTED_ANSWERS.slice(0, 3) + '9'.repeat(217));
    const one = await api.put(`/api/patient/${created.code}/answers/5`, { data: { value: 1 } });
    expect(one.status()).toBe(410);
    expect(((await one.json()) as { error: { code: string } }).error.code).toBe('LINK_EXPIRED');
    const batch = await api.post(`/api/patient/${created.code}/answers`, {
      data: { answers: [{ item: 5, value: 1 }] },
    });
    expect(batch.status()).toBe(410);
    expect((await patientState(api, created.code)).answeredCount).toBe(3);

    // The clinician (signed out by then: sessions do not last a month) extends it from the details page.
    await clinician.goto(`/details/${created.id}`);
    await expect(clinician).toHaveURL(/\/login/);
    await signInAsDemo(clinician, DEMO.clinicianB);
    // The dashboard finds it under the Expired filter and says Expired instead of 0 days left.
    await clinician.goto(`/dashboard?status=expired&search=${encodeURIComponent(patientId)}`);
    await expect(clinician.getByRole('combobox', { name: 'Status' })).toHaveValue('expired');
    const expiredRow = clinician
      .getByRole('row')
      .filter({ has: clinician.getByRole('cell', { name: patientId, exact: true }) });
    await expect(expiredRow.getByRole('cell').nth(5)).toHaveText('Expired');
    await clinician.goto(`/dashboard?status=in-progress&search=${encodeURIComponent(patientId)}`);
    await expect(clinician.getByText('No assessments')).toBeVisible();
    await clinician.goto(`/details/${created.id}`);
    const dueDate = clinician.getByText('Due Date', { exact: true }).locator('xpath=following-sibling::*[1]');
    const before = (await (await clinician.request.get(`/api/assessments/${created.id}`)).json()) as { dueAt: string };
    const oldDue = await formatDateInPage(clinician, before.dueAt);
    await expect(dueDate).toHaveText(`${oldDue}Expired`);
    await expect(clinician.getByText('This test has expired. Extend it to let the patient continue.')).toBeVisible();
    // The extension asks first, naming the new due date (30 days from now: the test had expired).
    const expectedDue = await formatDateInPage(
      clinician,
      new Date(server.clock.now().getTime() + 30 * 24 * 3_600_000).toISOString(),
    );
    await clinician.getByRole('button', { name: 'Extend due date' }).click();
    const confirm = clinician.getByRole('dialog', { name: 'Extend this test?' });
    await expect(confirm).toContainText(`The new due date will be ${expectedDue}`);
    await confirm.getByRole('button', { name: `Extend to ${expectedDue}` }).click();
    // The page says so once the server has extended it; only then is there a new due date to read.
    await expect(clinician.getByRole('status').filter({ hasText: 'Extended' })).toBeVisible();
    const after = (await (await clinician.request.get(`/api/assessments/${created.id}`)).json()) as {
      dueAt: string;
      isExpired: boolean;
    };
    expect(after.isExpired).toBe(false);
    expect(Date.parse(after.dueAt)).toBe(server.clock.now().getTime() + 30 * 24 * 3_600_000);
    const newDue = await formatDateInPage(clinician, after.dueAt);
    expect(newDue).not.toBe(oldDue);
    await expect(clinician.getByRole('status').filter({ hasText: 'Extended' })).toHaveText(
      `Extended: now due ${newDue}.`,
    );
    await expect(dueDate).toHaveText(newDue);

    // The same link works again, with the answers given before.
    await patient.reload();
    await expect(patient.getByText('3 / 220 completed')).toBeVisible();
    await questionnaireItem(patient, 4)
      .getByRole('radio', { name: ANSWER_LABELS[valueFor(4)] })
      .check();
    await expect(patient.getByRole('status')).toHaveText('Saved');
    expect((await patientState(api, created.code)).answeredCount).toBe(4);
  } finally {
    await clinicianContext.close();
    await patientContext.close();
    await server.close();
  }
});
