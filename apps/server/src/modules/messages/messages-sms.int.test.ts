import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TTestMessages } from '@pid5/contract';
import { messageContacts, messages } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { smtpSinkEnv, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { startTwilioDouble, type TwilioDouble } from '../../../test/twilio-double';

// Text messages beside e-mail, through a stand-in for Twilio's Messages API built from its documented contract.

const DAY_MS = 24 * 3_600_000;

let server: TestServer;
let smtp: SmtpSink;
let twilio: TwilioDouble;
let clinician: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startTwilioDouble();
  server = await startTestServer({
    env: {
      ...smtpSinkEnv(smtp, 'Example Clinic <noreply@clinic.example>'),
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE: twilio.url,
      SESSION_IDLE_MINUTES: String(24 * 60),
    },
  });
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
  await twilio.close();
});

/** Messages of test `id`, as stored. */
const messagesOf = (id: number) => server.database.db.select().from(messages).where(eq(messages.assessmentId, id));
const WAIT = { timeout: 20_000, interval: 200 };

const newTest = () =>
  insertAssessment(server, { clinicianId: clinician.id, form: 'BF', consented: true, responses: '1'.repeat(25) });

describe('text messages', () => {
  it('send the link by SMS beside the e-mail, with a reminder, the number masked and erased at submission', async () => {
    const start = server.clock.now();
    const { row, code } = await newTest();
    const refused = await clinician.client.post(`/api/assessments/${row.id}/invitation`, {
      email: 'sms.patient@example.org',
      phone: '0151 1234',
    });
    expect(refused.status).toBe(400);
    expect((await readError(refused)).message).toMatch(/international form/);

    const response = await clinician.client.post(`/api/assessments/${row.id}/invitation`, {
      email: 'sms.patient@example.org',
      phone: '+49 151 12345678',
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TTestMessages).contact?.phoneMasked).toBe('+49•••••78');
    await expect.poll(() => twilio.sent.length, WAIT).toBe(1);
    expect(twilio.sent[0]).toMatchObject({ to: '+4915112345678', from: '+15005550006' });
    expect(twilio.sent[0]?.body).toContain(`/test/${code}`);
    expect(twilio.sent[0]?.body).not.toContain(row.patientId);
    await expect.poll(async () => (await messagesOf(row.id)).every((m) => m.state === 'sent'), WAIT).toBe(true);

    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    await server.running.app.deps.messaging?.requestScan();
    await expect.poll(() => twilio.sent.filter((s) => s.to === '+4915112345678').length, WAIT).toBe(2);

    expect((await server.client().post(`/api/patient/${code}/submit`)).status).toBe(200);
    const [contact] = await server.database.db
      .select()
      .from(messageContacts)
      .where(eq(messageContacts.assessmentId, row.id));
    expect(contact).toMatchObject({ email: null, phone: null, phoneMasked: '+49•••••78' });
    server.clock.set(start);
  });

  it("shows Twilio's refusal of a number as bounced, with its words, and does not retry it", async () => {
    const { row } = await newTest();
    twilio.unsubscribed.add('+4915199999999');
    const client = server.client();
    expect(
      (await client.post('/auth/local/login', { username: clinician.username, password: 'correct horse battery' }))
        .status,
    ).toBe(200);
    const response = await client.post(`/api/assessments/${row.id}/invitation`, {
      email: 'stopped@example.org',
      phone: '+4915199999999',
    });
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await messagesOf(row.id)).some((m) => m.channel === 'sms' && m.state === 'bounced'), WAIT)
      .toBe(true);
    const [sms] = (await server.database.db.select().from(messages).where(eq(messages.assessmentId, row.id))).filter(
      (m) => m.channel === 'sms',
    );
    expect(sms?.lastResponse).toMatch(/400 21610 Attempt to send to unsubscribed recipient/);
    expect(sms?.attempts).toBe(1);
  });

  it('sends to one mobile number at most the daily limit, whatever the test or address, and says so', async () => {
    const limit = 5; // MAIL_LIMIT_PER_ADDRESS_PER_DAY's default, which numbers share
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 0; i <= limit; i++) {
      const { row } = await newTest();
      const response = await clinician.client.post(`/api/assessments/${row.id}/invitation`, {
        email: `number-limit-${i}@example.org`,
        phone: '+49 151 5555 0000',
      });
      statuses.push(response.status);
      if (response.status !== 200) {
        refusal = (await readError(response)).message;
      }
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(200), 429]);
    expect(refusal).toBe(
      `This mobile number has been sent ${limit} text messages today, the most allowed: try again tomorrow.`,
    );
  });
});
