import { fileURLToPath } from 'node:url';
import { smtpSinkEnv, startSmtpSink, startTestServer } from '@pid5/server/testing';
import { createTestViaApi, DEMO, expect, signInAsDemo, test, unique } from './helpers';

// The link by e-mail: the clinician sends it from the details page, a real SMTP server in this process receives it,
// and the patient follows the link from the received message to the questionnaire's consent page.

test('a clinician e-mails the link; the patient follows it from the received message', async ({ browser }) => {
  const smtp = await startSmtpSink();
  const server = await startTestServer({
    env: {
      DEMO_DATA: 'true',
      WEB_DIST_DIR: fileURLToPath(new URL('../../apps/web/dist/', import.meta.url)),
      ...smtpSinkEnv(smtp, 'Demonstration Institute <noreply@institute.example>'),
    },
  });
  const clinicianContext = await browser.newContext({ baseURL: server.url });
  const patientContext = await browser.newContext({ baseURL: server.url });
  try {
    const clinician = await clinicianContext.newPage();
    await signInAsDemo(clinician, DEMO.clinicianB);
    const patientId = unique('PAT-MAIL');
    const created = await createTestViaApi(clinician, { patientId });

    await clinician.goto(`/details/${created.id}`);
    const panel = clinician.getByRole('region', { name: 'E-mail to the patient' });
    await panel.getByRole('textbox', { name: "Patient's e-mail address" }).fill('jane.doe@');
    await panel.getByRole('button', { name: 'Send link by e-mail' }).click();
    await expect(panel.getByText('This is not an e-mail address: write it as name@example.org.')).toBeVisible();
    await panel.getByRole('textbox', { name: "Patient's e-mail address" }).fill('jane.doe@example.org');
    await panel.getByRole('button', { name: 'Send link by e-mail' }).click();
    await expect(panel.getByText('Messages go to j•••@example.org.')).toBeVisible();

    const [mail] = await smtp.waitFor((received) => received.to.includes('jane.doe@example.org'));
    expect(mail?.subject).toBe('Your questionnaire from Demonstration Institute');
    expect(`${mail?.text}${mail?.html}`).not.toContain(patientId);
    // The page polls while a message is on its way: it shows Sent by itself.
    await expect(panel.getByRole('table', { name: 'Messages' })).toContainText('Sent', { timeout: 15_000 });

    const link = /https?:\/\/\S+\/test\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).toBe(created.testLink);
    const patient = await patientContext.newPage();
    await patient.goto(link);
    await expect(patient.getByRole('button', { name: 'Accept' })).toBeVisible();
  } finally {
    await clinicianContext.close();
    await patientContext.close();
    await server.close();
    await smtp.stop();
  }
});
