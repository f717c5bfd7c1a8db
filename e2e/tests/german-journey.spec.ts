import { fileURLToPath } from 'node:url';
import { smtpSinkEnv, startSmtpSink, startTestServer } from '@pid5/server/testing';
import staffDe from '@pid5/i18n/catalogues/de/staff.json' with { type: 'json' };
import respondentDe from '@pid5/i18n/catalogues/de/respondent.json' with { type: 'json' };
import {
  createTestViaApi,
  DEMO,
  expect,
  expectOk,
  pdfText,
  questionnaireItem,
  signInAsDemo,
  test,
  unique,
  ordinaryAnswer,
} from './helpers';

// One journey in German, from the clinician's German pages to the patient's German e-mail, questionnaire and report.
// The words expected are the German catalogues' own, so a key that falls back to English fails here.

const ANSWERS_DE = ['Trifft überhaupt nicht zu', 'Trifft eher nicht zu', 'Trifft eher zu', 'Trifft genau zu'];

test('a test in German: German staff pages, German e-mail, German questionnaire and a German report', async ({
  browser,
}, testInfo) => {
  test.slow(); // A server of its own with e-mail, two people, 25 answers and a PDF, on a shared machine.
  const smtp = await startSmtpSink();
  const server = await startTestServer({
    env: {
      DEMO_DATA: 'true',
      WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)),
      ...smtpSinkEnv(smtp, 'Demonstration Institute <noreply@institute.example>'),
    },
  });
  // The patient's browser speaks English: the test's language decides what the patient reads.
  const clinicianContext = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  const patientContext = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  try {
    const clinician = await clinicianContext.newPage();
    await signInAsDemo(clinician, DEMO.clinicianB);

    // The clinician chooses German in the header; the staff pages follow, and stay German after a reload.
    await clinician.getByRole('button', { name: 'Language: English' }).click();
    await clinician.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(clinician.getByRole('heading', { level: 1 })).toHaveText(staffDe['dashboard.title']);
    await clinician.reload();
    await expect(clinician.getByRole('heading', { level: 1 })).toHaveText(staffDe['dashboard.title']);

    const patientId = unique('PAT-DE');
    const created = await createTestViaApi(clinician, { patientId, form: 'BF', language: 'de' });
    await clinician.goto(`/details/${created.id}`);
    await expect(clinician.getByRole('heading', { level: 1 })).toHaveText(staffDe['details.title']);
    await expect(clinician.getByRole('main').getByText('Deutsch', { exact: true })).toBeVisible();

    // The invitation, in German: subject, words and date; no patient identifier.
    await expectOk(
      await clinician.request.post(`/api/assessments/${created.id}/invitation`, {
        data: { email: 'erika.muster@example.org' },
      }),
    );
    const [mail] = await smtp.waitFor((received) => received.to.includes('erika.muster@example.org'));
    const body = `${mail?.subject}\n${mail?.text}`;
    expect(mail?.subject).toMatch(/Fragebogen/);
    expect(body).toMatch(/\d{1,2}\.\s?(\d{1,2}\.|\p{L}+ )\s?\d{4}/u); // 26.11.2026 or 26. November 2026
    expect(body).not.toMatch(/\b(Your questionnaire|Please|due)\b/);
    expect(body).not.toContain(patientId);
    const link = /https?:\/\/\S+\/test\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).toBe(created.testLink);

    // The patient follows the link from the message: consent, 25 statements and the finished page, all German.
    const patient = await patientContext.newPage();
    await patient.goto(link);
    await expect(patient.getByRole('heading', { level: 1 })).toHaveText(respondentDe['consent.title']);
    await expect(patient.locator('html')).toHaveAttribute('lang', 'de');
    await patient.getByRole('button', { name: respondentDe['consent.accept'] }).click();
    await expect(patient.getByRole('heading', { level: 1 })).toHaveText(respondentDe['questionnaire.heading']);
    for (let n = 1; n <= 25; n++) {
      await questionnaireItem(patient, n)
        .getByRole('radio', { name: ANSWERS_DE[ordinaryAnswer(n)] })
        .check();
    }
    await expect(patient.getByRole('status')).toHaveText(respondentDe['progress.saved']);
    await patient.getByRole('button', { name: respondentDe['questionnaire.submitTest'] }).click();
    await patient
      .getByRole('dialog', { name: respondentDe['confirmSubmit.title'] })
      .getByRole('button', { name: respondentDe['confirmSubmit.submit'] })
      .click();
    await expect(patient.getByRole('heading', { level: 1 })).toHaveText(respondentDe['completed.title']);

    // The clinician's German page downloads the patient's report, in the test's language.
    await clinician.reload();
    await clinician.getByRole('button', { name: staffDe['details.download.patientReport'] }).click();
    const dialog = clinician.getByRole('dialog', { name: staffDe['details.download.dialogTitle'] });
    await dialog.getByRole('textbox', { name: staffDe['details.download.name'] }).fill('Erika Muster');
    const downloading = clinician.waitForEvent('download');
    await dialog.getByRole('button', { name: staffDe['details.download.patientReport'] }).click();
    const file = testInfo.outputPath('bericht.pdf');
    await (await downloading).saveAs(file);
    const report = await pdfText(file);
    expect(report).toContain('Persönlichkeitsprofil');
    expect(report).toContain('Erika Muster');
    expect(report).toMatch(/Datum: \d{1,2}\. \p{L}+ \d{4}/u);
    expect(report).not.toContain('Personality profile');
  } finally {
    await clinicianContext.close();
    await patientContext.close();
    await server.close();
    await smtp.stop();
  }
});
