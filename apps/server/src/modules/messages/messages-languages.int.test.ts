import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assessments, auditEvents } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { smtpSinkEnv, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { jobsSettled } from '../../../test/jobs-settled';

// The messages' languages (DESIGN.md "Messages to patients and clinicians"), with a real SMTP server in this process:
// the patient's messages and opt-out page in the test's language, the clinician's notices in the language chosen
// under Settings, and the due date in the institute's time zone.

const DAY_MS = 24 * 3_600_000;
const DOCTOR = 'doktor@klinik.example';

let server: TestServer;
let smtp: SmtpSink;
let clinician: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    env: {
      ...smtpSinkEnv(smtp, 'Klinik Nord <noreply@klinik.example>'),
      INSTITUTE_NAME: 'Klinik Nord',
      INSTITUTE_TIME_ZONE: 'Europe/Berlin',
      MAIL_RETRY_DELAY_SECONDS: '1',
      SESSION_IDLE_MINUTES: String(24 * 60),
      SESSION_ABSOLUTE_HOURS: String(7 * 24),
    },
  });
  clinician = await createSignedInClinician(server);
  await server.database.db.execute(`UPDATE users SET email = '${DOCTOR}' WHERE id = '${clinician.id}'` as never);
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

/** A brief-form test in `language`, consented and fully answered (ready to submit). */
async function newTest(language: 'en' | 'de') {
  const test = await insertAssessment(server, {
    clinicianId: clinician.id,
    patientId: `PT-${Math.random().toString(36).slice(2, 8)}`,
    form: 'BF',
    consented: true,
    responses: '1'.repeat(25),
  });
  await server.database.db.update(assessments).set({ language }).where(eq(assessments.id, test.row.id));
  return test;
}

const to = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);
/** The clinician's notice about test `id` (its details link, not a number that happens to be in a port). */
const noticeOf = (id: number) => (mail: ReceivedMail) =>
  to(DOCTOR)(mail) && new RegExp(`/details/${id}(\\D|$)`).test(mail.text);
const everything = (mail: ReceivedMail | undefined) => `${mail?.subject}\n${mail?.text}\n${mail?.html}`;
/** Lines only the English templates have. */
const ENGLISH =
  /Hello|questionnaire|Please finish|Kind regards|reminder|No more reminders|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/;

/** Queues the reminder scan as the schedule does, and waits until it and the sends it queued have run. */
async function scan() {
  await server.running.app.deps.messaging?.requestScan();
  await jobsSettled(server);
}

describe("the patient's messages", () => {
  it("are in the test's language: a German invitation and reminder, the due date German and in Berlin time", async () => {
    const start = server.clock.now();
    const { row } = await newTest('de');
    expect(
      (await clinician.client.post(`/api/assessments/${row.id}/invitation`, { email: 'anna@example.org' })).status,
    ).toBe(200);

    const [invitation] = await smtp.waitFor(to('anna@example.org'));
    expect(invitation?.subject).toBe('Ihr Fragebogen von Klinik Nord');
    const day = new Intl.DateTimeFormat('de-DE', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Berlin',
    }).format(row.dueAt);
    const time = new Intl.DateTimeFormat('de-DE', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Berlin',
    }).format(row.dueAt);
    // MEZ in winter, MESZ in summer: as the runtime names the zone on that day.
    const zone = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', timeZoneName: 'short' })
      .formatToParts(row.dueAt)
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toMatch(/^MES?Z$/);
    expect(day).toMatch(/^[A-Z][a-z]+, \d{1,2}\. [A-ZÄ][a-zä]+ \d{4}$/);
    expect(invitation?.text).toContain(`Bitte füllen Sie ihn bis ${day}, ${time} Uhr (${zone}) aus.`);
    expect(invitation?.text).toContain('Mit freundlichen Grüßen');
    expect(invitation?.html).toContain('<html lang="de">');
    expect(everything(invitation)).not.toMatch(ENGLISH);

    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    await scan();
    const [, reminder] = await smtp.waitFor(to('anna@example.org'), 2);
    expect(reminder?.subject).toBe('Erinnerung: Ihr Fragebogen von Klinik Nord');
    expect(reminder?.text).toContain(`${day}, ${time} Uhr (${zone})`);
    expect(everything(reminder)).not.toMatch(ENGLISH);
    server.clock.set(start);
  });

  it('stay English for an English test, the due date in English words', async () => {
    const { row } = await newTest('en');
    expect(
      (await clinician.client.post(`/api/assessments/${row.id}/invitation`, { email: 'ben@example.org' })).status,
    ).toBe(200);
    const [mail] = await smtp.waitFor(to('ben@example.org'));
    expect(mail?.subject).toBe('Your questionnaire from Klinik Nord');
    expect(mail?.text).toMatch(
      /Please finish it by [A-Z][a-z]+, \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d \((CET|CEST)\)\./,
    );
  });
});

describe('refusals', () => {
  it("say what to type in the reader's language", async () => {
    const { row } = await newTest('en');
    const german = await clinician.client.post(
      `/api/assessments/${row.id}/invitation`,
      { email: 'anna@' },
      { headers: { 'accept-language': 'de-DE,de;q=0.9' } },
    );
    expect(german.status).toBe(400);
    expect((await readError(german)).message).toContain(
      'Das ist keine E-Mail-Adresse: Schreiben Sie sie in der Form name@example.org.',
    );
    const english = await clinician.client.post(`/api/assessments/${row.id}/invitation`, { email: 'anna@' });
    expect((await readError(english)).message).toContain(
      'This is not an e-mail address: write it as name@example.org.',
    );
  });
});

describe("the patient's opt-out page", () => {
  it("is in the test's language, the form and the answer; a link not ours in the reader's language", async () => {
    const { row } = await newTest('de');
    expect(
      (await clinician.client.post(`/api/assessments/${row.id}/invitation`, { email: 'carla@example.org' })).status,
    ).toBe(200);
    const [mail] = await smtp.waitFor(to('carla@example.org'));
    const optOut = /<([^>]+)>/.exec(String(mail?.headers.get('list-unsubscribe')))?.[1] ?? '';
    expect(optOut).toMatch(/\/api\/messages\/opt-out\//);

    // The browser asks for English: the page still follows the test.
    const page = await fetch(optOut, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    const form = await page.text();
    expect(form).toContain('<html lang="de">');
    expect(form).toContain('Erinnerungen zu diesem Fragebogen abbestellen?');
    expect(form).toContain('<button type="submit">Erinnerungen abbestellen</button>');
    expect(form).not.toMatch(/reminders|Stop/);

    const done = await fetch(optOut, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    const answer = await done.text();
    expect(answer).toContain('Erinnerungen abbestellt');
    expect(answer).not.toMatch(/reminders|Done/);
    // Opened again: it says so, with no button to press.
    const again = await (await fetch(optOut)).text();
    expect(again).toContain('Sie erhalten keine Erinnerungen mehr');
    expect(again).not.toContain('<button');

    const unknown = await fetch(optOut.replace(/\.[\w-]+$/, '.' + 'x'.repeat(32)), {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link nicht erkannt');
  });
});

describe("the clinician's messages", () => {
  it('are English by default, and in the language chosen under Settings (not the test language)', async () => {
    const settings = await clinician.client.get('/api/me/settings');
    expect(await settings.json()).toEqual({ completionNotices: true, messageLanguage: 'en', mailConfigured: true });

    const first = await newTest('de');
    expect((await server.client().post(`/api/patient/${first.code}/submit`)).status).toBe(200);
    const [english] = await smtp.waitFor(noticeOf(first.row.id));
    expect(english?.subject).toBe('A test was completed (Klinik Nord)');

    const chosen = await clinician.client.put('/api/me/settings', { messageLanguage: 'de' });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ completionNotices: true, messageLanguage: 'de', mailConfigured: true });
    const audit = await server.database.db.select().from(auditEvents).where(eq(auditEvents.actor, clinician.id));
    expect(audit.filter((a) => a.action === 'settings.update').map((a) => a.details)).toContainEqual({
      messageLanguage: 'de',
    });

    const second = await newTest('en');
    expect((await server.client().post(`/api/patient/${second.code}/submit`)).status).toBe(200);
    const [german] = await smtp.waitFor(noticeOf(second.row.id));
    expect(german?.subject).toBe('Ein Test wurde abgeschlossen (Klinik Nord)');
    expect(german?.text).toContain(`Test Nummer ${second.row.id}`);
    expect(everything(german)).not.toMatch(/Hello|completed|switch/);
  });

  it('refuses a language we do not write in, and an empty change, with 400', async () => {
    for (const body of [{ messageLanguage: 'fr' }, {}, { messageLanguage: 42 }]) {
      const response = await clinician.client.put('/api/me/settings', body);
      expect(response.status).toBe(400);
    }
  });
});
