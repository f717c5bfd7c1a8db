import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TPatientDataExport, TTestMessages } from '@pid5/contract';
import { auditEvents, messageContacts, messages, rateLimitCounters } from '../../db/schema';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { readError, type TestClient } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { smtpSinkEnv, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/smtp-sink';
import { jobsSettled } from '../../../test/jobs-settled';

// E-mail end to end (DESIGN.md "Messages to patients and clinicians"): a real SMTP server in this process receives
// what the server sends; the clock is moved, never waited for, and the reminder scan is queued as the schedule does.

const DAY_MS = 24 * 3_600_000;
const PASSWORD = 'correct horse battery';

let server: TestServer;
let smtp: SmtpSink;
let clinician: SignedInUser;
const logLines: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    logStream: { write: (line) => logLines.push(line) },
    env: {
      LOG_LEVEL: 'debug',
      ...smtpSinkEnv(smtp, 'Example Clinic <noreply@clinic.example>'),
      INSTITUTE_NAME: 'Example Clinic',
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_LIMIT_PER_ADDRESS_PER_DAY: '3',
      SESSION_IDLE_MINUTES: String(24 * 60),
      SESSION_ABSOLUTE_HOURS: String(7 * 24),
    },
  });
  clinician = await createSignedInClinician(server);
  await server.database.db.execute(
    // The clinician's own address, for the completion notice.
    `UPDATE users SET email = 'doctor@clinic.example' WHERE id = '${clinician.id}'` as never,
  );
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

/** A new brief-form test of the clinician's, consented and fully answered (ready to submit). */
async function newTest(patientId = `PT-${Math.random().toString(36).slice(2, 8)}`) {
  return insertAssessment(server, {
    clinicianId: clinician.id,
    patientId,
    form: 'BF',
    consented: true,
    responses: '1'.repeat(25),
  });
}

async function signInAgain(): Promise<TestClient> {
  const client = server.client();
  const login = await client.post('/auth/local/login', { username: clinician.username, password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

async function invite(id: number, email?: string, client = clinician.client) {
  return client.post(`/api/assessments/${id}/invitation`, email === undefined ? {} : { email });
}

async function messagesOf(id: number, client = clinician.client): Promise<TTestMessages> {
  const response = await client.get(`/api/assessments/${id}/messages`);
  expect(response.status).toBe(200);
  return (await response.json()) as TTestMessages;
}

async function storedEmail(id: number): Promise<string | null | undefined> {
  const rows = await server.database.db.select().from(messageContacts).where(eq(messageContacts.assessmentId, id));
  return rows[0]?.email;
}

/** Queues the reminder scan as the schedule does, and waits until it and the sends it queued have run. */
async function scan() {
  await server.running.app.deps.messaging?.requestScan();
  await jobsSettled(server);
}

const toPatient = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);

async function waitForState(id: number, state: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await server.database.db.select().from(messages).where(eq(messages.assessmentId, id));
    if (rows.some((row) => row.state === state)) {
      return rows;
    }
    if (Date.now() > deadline) {
      throw new Error(`no message of test ${id} reached ${state}: ${JSON.stringify(rows.map((r) => r.state))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('where a message goes', () => {
  it('to the address it was queued, counted and audited for, though another was given after it', async () => {
    const { row, code } = await newTest();
    const addresses = ['first.try@example.org', 'second.try@example.org', 'third.try@example.net'];
    for (const address of addresses) {
      expect((await invite(row.id, address)).status).toBe(200);
    }
    await jobsSettled(server);
    await expect
      .poll(() => smtp.received.filter((mail) => mail.text.includes(code)).length, { timeout: 20_000 })
      .toBe(3);
    for (const address of addresses) {
      expect(smtp.received.filter(toPatient(address)).filter((mail) => mail.text.includes(code))).toHaveLength(1);
    }
    // The messages table names each row's own recipient; the audit log the same.
    const panel = await messagesOf(row.id);
    expect(panel.messages.map((m) => m.to).sort()).toEqual([
      'f•••@example.org',
      's•••@example.org',
      't•••@example.net',
    ]);
    const queued = await server.database.db.select().from(auditEvents).where(eq(auditEvents.assessmentId, row.id));
    expect(
      queued
        .filter((event) => event.action === 'message.queued')
        .map((event) => (event.details as { to?: string }).to)
        .sort(),
    ).toEqual(['f•••@example.org', 's•••@example.org', 't•••@example.net']);

    // Submitted: the addresses kept with the messages go with the contact's.
    expect((await server.client().post(`/api/patient/${code}/submit`)).status).toBe(200);
    const stored = await server.database.db.select().from(messages).where(eq(messages.assessmentId, row.id));
    expect(stored.filter((m) => m.recipient === 'patient').map((m) => m.address)).toEqual([null, null, null]);
    expect(stored.filter((m) => m.recipient === 'patient').every((m) => m.addressMasked !== null)).toBe(true);
  });

  it('and a reminder to the address given last, not to an earlier one', async () => {
    const start = server.clock.now();
    const { row, code } = await newTest();
    expect((await invite(row.id, 'old.address@example.org')).status).toBe(200);
    expect((await invite(row.id, 'new.address@example.org')).status).toBe(200);
    await jobsSettled(server);
    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    try {
      await scan();
      await expect
        .poll(
          () => smtp.received.filter(toPatient('new.address@example.org')).filter((m) => m.text.includes(code)).length,
          {
            timeout: 20_000,
          },
        )
        .toBe(2);
      expect(smtp.received.filter(toPatient('old.address@example.org'))).toHaveLength(1);
    } finally {
      server.clock.set(start);
    }
  });
});

describe('sending', () => {
  it('gives each message a random Message-ID at the sender domain, the same on a retry, unique across messages', async () => {
    const { row, code } = await newTest();
    expect((await invite(row.id, 'ids.one@example.org')).status).toBe(200);
    expect((await invite(row.id, 'ids.two@example.org')).status).toBe(200);
    const mails = await smtp.waitFor((mail) => mail.text.includes(code), 2, 20_000);
    const ids = mails.map((mail) => mail.messageId);
    for (const id of ids) {
      expect(id).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@clinic\.example>$/);
    }
    expect(new Set(ids).size).toBe(2);
    const stored = await server.database.db.select().from(messages).where(eq(messages.assessmentId, row.id));
    expect(ids.sort()).toEqual(stored.map((m) => `<${m.mailId}@clinic.example>`).sort());
  });

  it('accepts and delivers to internationalised addresses: a non-ASCII domain and local part', async () => {
    const { row, code } = await newTest();
    for (const address of ['x@exämple.org', 'jürgen@example.de']) {
      const response = await invite(row.id, address);
      expect(response.status).toBe(200);
    }
    const mails = await smtp.waitFor((mail) => mail.text.includes(code), 2, 20_000);
    // The domain as punycode or as typed (SMTPUTF8): either reaches the same mailbox.
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^x@(exämple|xn--exmple-cua)\.org$/), 'jürgen@example.de']),
    );
    expect((await messagesOf(row.id)).messages.map((m) => m.to).sort()).toEqual([
      'j•••@example.de',
      'x•••@exämple.org',
    ]);
  });

  it('drains a backlog of twelve with several sends at once, each message sent once', async () => {
    const tests = await Promise.all(Array.from({ length: 12 }, () => newTest()));
    const before = smtp.received.length;
    const responses = await Promise.all(tests.map(({ row }, i) => invite(row.id, `backlog-${i}@example.org`)));
    expect(responses.map((r) => r.status)).toEqual(Array<number>(12).fill(200));
    await smtp.waitFor((mail) => mail.to.some((to) => to.startsWith('backlog-')), 12, 30_000);
    await jobsSettled(server);
    expect(smtp.received.length - before).toBe(12);
    for (let i = 0; i < 12; i++) {
      expect(smtp.received.filter(toPatient(`backlog-${i}@example.org`))).toHaveLength(1);
    }
  });
});

describe('the invitation', () => {
  it('arrives with the link, the due date in words and the institute, and nothing about the patient', async () => {
    const { row } = await newTest('PT-SECRET-42');
    const response = await invite(row.id, 'jane.doe@example.org');
    expect(response.status).toBe(200);
    const panel = (await response.json()) as TTestMessages;
    expect(panel.contact?.emailMasked).toBe('j•••@example.org');

    const [mail] = await smtp.waitFor(toPatient('jane.doe@example.org'));
    expect(mail?.subject).toBe('Your questionnaire from Example Clinic');
    const dueInWords = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(row.dueAt);
    expect(mail?.text).toContain(dueInWords);
    expect(mail?.html).toContain('Example Clinic');
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toContain('PT-SECRET-42');
    expect(mail?.text).not.toMatch(/F41|score|diagnos/i);
    // The one-click opt-out header pair (RFC 8058) names our opt-out address.
    expect(String(mail?.headers.get('list-unsubscribe'))).toMatch(/\/api\/messages\/opt-out\/\d+\.[\w-]+/);
    expect(mail?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Following the link from the message: the respondent API answers it.
    const link = /https?:\/\/\S+\/test\/[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    const code = link?.split('/test/')[1] ?? '';
    const patientTest = await server.client().get(`/api/patient/${code}`);
    expect(patientTest.status).toBe(200);

    const after = await waitForState(row.id, 'sent');
    expect(after.map((m) => [m.kind, m.state])).toEqual([['invitation', 'sent']]);
    const panelAfter = await messagesOf(row.id);
    expect(panelAfter.messages[0]).toMatchObject({ kind: 'invitation', state: 'sent', attempts: 1 });
    const audit = await server.database.db.select().from(auditEvents).where(eq(auditEvents.assessmentId, row.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['message.queued', 'message.sent']));
    expect(JSON.stringify(audit)).not.toContain('jane.doe@example.org');
  });

  it('refuses an address that is not one, with a message a person can act on, and sends nothing', async () => {
    const { row } = await newTest();
    const response = await invite(row.id, 'jane.doe@');
    expect(response.status).toBe(400);
    expect((await readError(response)).message).toMatch(/e-mail address/);
    expect(await messagesOf(row.id)).toMatchObject({ contact: null, messages: [] });
  });

  it('sends again to the stored address without it being typed again', async () => {
    const { row } = await newTest();
    expect((await invite(row.id, 'again@example.org')).status).toBe(200);
    expect((await invite(row.id)).status).toBe(200);
    await smtp.waitFor(toPatient('again@example.org'), 2);
  });

  it('limits the sends to one address a day', async () => {
    const { row } = await newTest();
    for (let i = 0; i < 3; i++) {
      expect((await invite(row.id, 'limited@example.org')).status).toBe(200);
    }
    const refused = await invite(row.id, 'limited@example.org');
    expect(refused.status).toBe(429);
    expect((await readError(refused)).message).toMatch(/try again tomorrow/);
  });

  it("shows a bounce with the mail server's reason, the address masked, and does not retry it", async () => {
    const { row } = await newTest();
    smtp.refuse.add('nobody@example.org');
    expect((await invite(row.id, 'nobody@example.org')).status).toBe(200);
    const [bounced] = await waitForState(row.id, 'bounced');
    expect(bounced?.lastResponse).toMatch(/550/);
    expect(bounced?.lastResponse).not.toContain('nobody@example.org');
    expect(bounced?.attempts).toBe(1);
  });
});

describe("the patient's data export", () => {
  it('lists the address while the test is open, and each message about the test', async () => {
    const { row } = await newTest('PT-EXPORT');
    expect((await invite(row.id, 'export.me@example.org')).status).toBe(200);
    await waitForState(row.id, 'sent');
    const admin = await createSignedInAdmin(server);
    const response = await admin.client.get(
      `/api/admin/patients/export?clinicianId=${clinician.id}&patientId=PT-EXPORT`,
    );
    expect(response.status).toBe(200);
    const data = (await response.json()) as TPatientDataExport;
    expect(data.messages.contacts).toEqual([
      expect.objectContaining({
        assessmentId: row.id,
        email: 'export.me@example.org',
        emailMasked: 'e•••@example.org',
      }),
    ]);
    expect(data.messages.deliveries).toEqual([
      expect.objectContaining({ assessmentId: row.id, kind: 'invitation', state: 'sent' }),
    ]);
  });
});

describe('SMTP down, then up', () => {
  it('keeps the test and the message, shows the failure, and sends it once when the server is back', async () => {
    const { row } = await newTest();
    await smtp.stop();
    try {
      const response = await invite(row.id, 'patient.down@example.org');
      expect(response.status).toBe(200);
      const [failed] = await waitForState(row.id, 'failed');
      expect(failed?.lastResponse).toMatch(/ECONNECTION|ECONNREFUSED|connect/i);
      expect((await messagesOf(row.id)).messages[0]?.state).toBe('failed');
    } finally {
      await smtp.start();
    }
    await smtp.waitFor(toPatient('patient.down@example.org'));
    const [sent] = await waitForState(row.id, 'sent', 30_000);
    expect(sent?.attempts).toBeGreaterThan(1);
    await jobsSettled(server);
    expect(smtp.received.filter(toPatient('patient.down@example.org'))).toHaveLength(1);
  });
});

describe('the send limits', () => {
  it('count an address under a keyed hash: no plain hash of it in the rate-limit table', async () => {
    const { row } = await newTest();
    const address = 'Keyed.Limit@example.org';
    expect((await invite(row.id, address)).status).toBe(200);
    const counters = await server.database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.scope, 'mail-address'));
    expect(counters.length).toBeGreaterThan(0);
    const plain = [address, address.toLowerCase()].map((a) => createHash('sha256').update(a).digest('hex'));
    for (const counter of counters) {
      expect(plain).not.toContain(counter.subject);
      expect(counter.subject).not.toContain('example.org');
    }
  });
});

describe('a message in flight when the process stopped', () => {
  it('ends as "unknown" (may have been delivered), is not sent again and is audited as such', async () => {
    const { row } = await newTest();
    await smtp.stop();
    let messageId: number | undefined;
    try {
      expect((await invite(row.id, 'patient.inflight@example.org')).status).toBe(200);
      const [failed] = await waitForState(row.id, 'failed');
      messageId = failed?.id;
      // What kill -9 mid-send leaves: the row taken (`sending`) and never settled. Only a row no worker holds
      // (`failed`, waiting for its retry) is changed, so no live attempt is overwritten.
      await expect
        .poll(
          async () =>
            (
              await server.database.db
                .update(messages)
                .set({ state: 'sending' })
                .where(and(eq(messages.id, failed!.id), eq(messages.state, 'failed')))
                .returning()
            ).length,
          { timeout: 20_000, interval: 20 },
        )
        .toBe(1);
    } finally {
      await smtp.start();
    }
    const [unknown] = await waitForState(row.id, 'unknown', 30_000);
    expect(unknown?.lastResponse).toMatch(/may have been delivered/);
    await jobsSettled(server);
    expect(smtp.received.filter(toPatient('patient.inflight@example.org'))).toHaveLength(0);
    const shown = (await messagesOf(row.id)).messages;
    expect(shown).toEqual([expect.objectContaining({ id: messageId, state: 'unknown' })]);
    expect(shown[0]?.lastResponse).not.toMatch(/send it again if needed/i);
    const audited = await server.database.db.select().from(auditEvents).where(eq(auditEvents.assessmentId, row.id));
    expect(audited.map((event) => event.action)).toContain('message.unknown');
  });
});

describe('reminders, submission and the completion notice', () => {
  it('reminds on schedule with the clock moved, once a day at most, stops at submission and erases the address', async () => {
    const start = server.clock.now();
    const { row, code } = await newTest();
    expect((await invite(row.id, 'remind.me@example.org')).status).toBe(200);
    await smtp.waitFor(toPatient('remind.me@example.org'));

    // Day 1: nothing due.
    server.clock.set(new Date(start.getTime() + DAY_MS));
    await scan();
    expect(smtp.received.filter(toPatient('remind.me@example.org'))).toHaveLength(1);

    // Day 3: the first reminder; a second scan the same day queues nothing more.
    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    await scan();
    await scan();
    const reminders = await smtp.waitFor(toPatient('remind.me@example.org'), 2);
    expect(reminders[1]?.subject).toBe('A reminder: your questionnaire from Example Clinic');
    expect(smtp.received.filter(toPatient('remind.me@example.org'))).toHaveLength(2);

    // Day 7: the second.
    server.clock.set(new Date(start.getTime() + 7 * DAY_MS + 60_000));
    await scan();
    await smtp.waitFor(toPatient('remind.me@example.org'), 3);

    // The patient submits: the address is erased at once and the clinician is told, without scores or identifier.
    const submit = await server.client().post(`/api/patient/${code}/submit`);
    expect(submit.status).toBe(200);
    expect(await storedEmail(row.id)).toBeNull();
    const [notice] = await smtp.waitFor(
      (mail) => mail.to.includes('doctor@clinic.example') && mail.text.includes(`number ${row.id}`),
    );
    expect(notice?.text).toContain(`/details/${row.id}`);
    expect(notice?.text).not.toContain(row.patientId);
    // The opt-out link of a reminder no longer offers anything to stop.
    const optOut = /<([^>]+)>/.exec(String(reminders[1]?.headers.get('list-unsubscribe')))?.[1] ?? '';
    const closed = await (await fetch(optOut)).text();
    expect(closed).toContain('No reminders will be sent');
    expect(closed).not.toContain('<button');

    // Two days before the due date: no reminder after submission.
    server.clock.set(new Date(row.dueAt.getTime() - 2 * DAY_MS + 60_000));
    await scan();
    expect(smtp.received.filter(toPatient('remind.me@example.org'))).toHaveLength(3);
    const client = await signInAgain();
    const panel = await messagesOf(row.id, client);
    expect(panel.contact).toMatchObject({ emailMasked: 'r•••@example.org', emailErased: true });
    expect(panel.canSend).toBe(false);
    expect((await invite(row.id, 'remind.me@example.org', client)).status).toBe(409);
    server.clock.set(start);
  });

  it('stops reminders after the patient opts out from the message, one click, without signing in', async () => {
    const start = server.clock.now();
    const { row } = await newTest();
    expect((await invite(row.id, 'opt.out@example.org')).status).toBe(200);
    const [mail] = await smtp.waitFor(toPatient('opt.out@example.org'));
    const optOut = /<([^>]+)>/.exec(String(mail?.headers.get('list-unsubscribe')))?.[1] ?? '';
    // A mail client's one-click post: a form body, from no page of ours.
    const page = await fetch(optOut);
    expect(page.status).toBe(200);
    const click = await fetch(optOut, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain('no more reminders');
    expect(await (await fetch(optOut)).text()).not.toContain('<button');

    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    await scan();
    expect(smtp.received.filter(toPatient('opt.out@example.org'))).toHaveLength(1);
    // Nothing else changed: the test is open and the address still stored for the clinician's "send again".
    expect(await storedEmail(row.id)).toBe('opt.out@example.org');
    const client = await signInAgain();
    expect((await messagesOf(row.id, client)).contact).toMatchObject({ optedOut: true, remindersEnabled: true });
    server.clock.set(start);
  });

  it('sends no reminder when the clinician turned them off for the test', async () => {
    const start = server.clock.now();
    const { row } = await newTest();
    expect((await invite(row.id, 'no.reminders@example.org')).status).toBe(200);
    const off = await clinician.client.put(`/api/assessments/${row.id}/reminders`, { enabled: false });
    expect(off.status).toBe(200);
    server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
    await scan();
    await smtp.waitFor(toPatient('no.reminders@example.org'));
    expect(smtp.received.filter(toPatient('no.reminders@example.org'))).toHaveLength(1);
    server.clock.set(start);
  });

  it('erases the stored address when the test expires', async () => {
    const start = server.clock.now();
    const { row } = await newTest();
    expect((await invite(row.id, 'expires@example.org')).status).toBe(200);
    expect(await storedEmail(row.id)).toBe('expires@example.org');
    server.clock.set(new Date(row.dueAt.getTime() + 60_000));
    await scan();
    expect(await storedEmail(row.id)).toBeNull();
    server.clock.set(start);
  });

  it('sends no completion notice to a clinician who turned them off', async () => {
    const { row, code } = await newTest();
    const off = await clinician.client.put('/api/me/settings', { completionNotices: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ completionNotices: false, messageLanguage: 'en', mailConfigured: true });
    try {
      expect((await server.client().post(`/api/patient/${code}/submit`)).status).toBe(200);
      await jobsSettled(server);
      expect(smtp.received.filter((mail) => mail.text.includes(`number ${row.id}`))).toHaveLength(0);
    } finally {
      await clinician.client.put('/api/me/settings', { completionNotices: true });
    }
  });
});

describe('the log', () => {
  it("never holds a patient's address, after everything above (every patient address here is @example.org)", () => {
    expect(logLines.length).toBeGreaterThan(50);
    expect(logLines.filter((line) => line.includes('@example.org'))).toEqual([]);
  });
});
