import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { parseConfig } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { createJobQueue } from '../../db/job-queue';
import { assessments, auditEvents, messages } from '../../db/schema';
import { createLimitSubjects } from './limit-subjects';
import { createOptOutTokens } from './opt-out-tokens';
import { createMailTransport } from './mail-transport';
import { createMessaging } from './message-workers';
import type { Messaging } from './messaging';
import { startServer } from '../../server';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInClinician, type SignedInUser } from '../../../test/factories';
import { testBackend } from '../../../test/test-database';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { smtpSinkEnv, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { jobsSettled } from '../../../test/jobs-settled';
import { queueInvitationsWhileStopped } from '../../../test/message-load';

// Messages across processes and restarts (docs/decisions/0060-pg-boss-job-queue.md): a message queued while no
// server could send it goes out after a restart, once; two queue workers on their own connections to one
// PostgreSQL send each reminder once.

const DAY_MS = 24 * 3_600_000;
const APP_SECRET = 'integration-tests-secret-0123456789abcdef';

let smtp: SmtpSink;
let server: TestServer;
let clinician: SignedInUser;

const mailEnv = () => ({
  ...smtpSinkEnv(smtp, 'Example Clinic <noreply@clinic.example>'),
  MAIL_RETRY_DELAY_SECONDS: '1',
  MAIL_LIMIT_PER_CLINICIAN_PER_HOUR: '1000',
});

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ env: mailEnv() });
  clinician = await createSignedInClinician(server);
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

async function statesOf(ids: number[]) {
  return server.database.db.select().from(messages).where(inArray(messages.assessmentId, ids));
}

const WAIT = { timeout: 30_000, interval: 200 };

describe('a restart', () => {
  it('sends, after the restart, a message queued while the mail server and then the app were down, once', async () => {
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      form: 'BF',
      consented: true,
      responses: '9'.repeat(25),
    });
    await smtp.stop();
    const response = await clinician.client.post(`/api/assessments/${row.id}/invitation`, {
      email: 'restart@example.org',
    });
    expect(response.status).toBe(200);
    await expect.poll(async () => (await statesOf([row.id])).some((m) => m.state === 'failed'), WAIT).toBe(true);
    // The app stops (its workers with it); its database stays. The mail server comes back; then the app.
    server.running.stopSchedules();
    await server.running.app.close();
    await smtp.start();
    const again = await startServer(server.config, { clock: server.clock, database: server.database });
    try {
      await smtp.waitFor((mail) => mail.to.includes('restart@example.org'));
      await expect.poll(async () => (await statesOf([row.id]))[0]?.state, WAIT).toBe('sent');
      await jobsSettled(server);
      expect(smtp.received.filter((mail) => mail.to.includes('restart@example.org'))).toHaveLength(1);
    } finally {
      again.stopSchedules();
      await again.app.close();
    }
    // The harness's own close() closes the app again: give it a running one.
    server.running = await startServer(server.config, { clock: server.clock, database: server.database });
  });
});

describe('a backlog', () => {
  it('is drained without waiting the poll interval between batches', async () => {
    const count = 16; // more than three batches of one worker
    const rows = await Promise.all(
      Array.from({ length: count }, () =>
        insertAssessment(server, { clinicianId: clinician.id, form: 'BF', consented: true, responses: '9'.repeat(25) }),
      ),
    );
    server.running.stopSchedules();
    await server.running.app.close();
    const mail = { ...server.config.mail!, pollSeconds: 60, concurrency: 1 };
    await queueInvitationsWhileStopped(
      server.database,
      mail,
      rows.map(({ row }, i) => ({ assessmentId: row.id, clinicianId: clinician.id, email: `drain-${i}@example.org` })),
    );
    // One worker polling every minute: waiting the interval between batches would take three minutes or more, so
    // all of them arriving within this hang bound means the worker fetched again at once while the backlog lasted.
    server.running = await startServer({ ...server.config, mail }, { clock: server.clock, database: server.database });
    await smtp.waitFor((received) => received.to.some((to) => to.startsWith('drain-')), count, 90_000);
    await jobsSettled(server);
    for (let i = 0; i < count; i++) {
      expect(smtp.received.filter((received) => received.to.includes(`drain-${i}@example.org`))).toHaveLength(1);
    }
    server.running.stopSchedules();
    await server.running.app.close();
    server.running = await startServer(server.config, { clock: server.clock, database: server.database });
  }, 150_000);
});

describe('a batch', () => {
  it('records each message of a batch with its own outcome and audit row, each sent once', async () => {
    const rows = await Promise.all(
      Array.from({ length: 10 }, () =>
        insertAssessment(server, { clinicianId: clinician.id, form: 'BF', consented: true, responses: '9'.repeat(25) }),
      ),
    );
    const ids = rows.map(({ row }) => row.id);
    server.running.stopSchedules();
    await server.running.app.close();
    await queueInvitationsWhileStopped(
      server.database,
      server.config.mail!,
      ids.map((assessmentId, i) => ({ assessmentId, clinicianId: clinician.id, email: `batch-${i}@example.org` })),
    );
    // In one backlog: a refused address (bounced), a test completed meanwhile (cancelled), the rest sent.
    smtp.refuse.add('batch-3@example.org');
    await server.database.db
      .update(assessments)
      .set({ finishedAt: server.clock.now() })
      .where(eq(assessments.id, ids[6] ?? 0));
    server.running = await startServer(server.config, { clock: server.clock, database: server.database });
    try {
      await expect
        .poll(async () => (await statesOf(ids)).filter((m) => m.state === 'queued' || m.state === 'sending'), WAIT)
        .toHaveLength(0);
      await jobsSettled(server);
      const expected = (i: number) => (i === 3 ? 'bounced' : i === 6 ? 'cancelled' : 'sent');
      const states = await statesOf(ids);
      for (const [i, id] of ids.entries()) {
        const message = states.find((m) => m.assessmentId === id);
        expect(message?.state).toBe(expected(i));
        expect(message?.attempts).toBe(1);
        const audited = await server.database.db.select().from(auditEvents).where(eq(auditEvents.assessmentId, id));
        const settled = audited.filter((event) => event.action !== 'message.queued');
        expect(settled.map((event) => event.action)).toEqual([`message.${expected(i)}`]);
        expect((settled[0]?.details as { messageId?: number } | null)?.messageId).toBe(message?.id);
        const received = smtp.received.filter((mail) => mail.to.includes(`batch-${i}@example.org`));
        expect(received).toHaveLength(expected(i) === 'sent' ? 1 : 0);
      }
    } finally {
      smtp.refuse.delete('batch-3@example.org');
    }
  });
});

describe('the last attempt', () => {
  it('gives up after MAIL_RETRY_LIMIT retries, says so in the answer shown, and sends nothing later', async () => {
    const down = await startSmtpSink();
    await down.stop();
    const giving = await startTestServer({ env: { ...mailEnv(), SMTP_URL: down.url, MAIL_RETRY_LIMIT: '0' } });
    try {
      const owner = await createSignedInClinician(giving);
      const { row } = await insertAssessment(giving, {
        clinicianId: owner.id,
        form: 'BF',
        consented: true,
        responses: '9'.repeat(25),
      });
      expect(
        (await owner.client.post(`/api/assessments/${row.id}/invitation`, { email: 'gone@example.org' })).status,
      ).toBe(200);
      const failed = async () =>
        (await giving.database.db.select().from(messages).where(eq(messages.assessmentId, row.id)))[0];
      await expect.poll(async () => (await failed())?.state, WAIT).toBe('failed');
      expect((await failed())?.lastResponse).toMatch(/no more attempts: use "Send again"/);
      await down.start();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(down.received).toHaveLength(0);
      expect((await failed())?.attempts).toBe(1);
    } finally {
      await giving.close();
      await down.stop();
    }
  });
});

// Two processes share one queue only on PostgreSQL (a PGlite folder takes one process): registered on that run only.
if (testBackend() === 'postgres') {
  describe('two queue workers on one PostgreSQL', () => {
    let other: Database;
    let second: Messaging;

    beforeAll(async () => {
      const connection = server.database.jobQueueConnection;
      if (connection.kind !== 'postgres') {
        throw new Error('PostgreSQL only');
      }
      // A second process's parts: its own pool for the app's tables and its own for the queue.
      other = await openDatabase({ kind: 'postgres', url: connection.url, poolSize: 4 });
      const config = parseConfig({ ...mailEnv(), APP_SECRET, PUBLIC_URL: server.config.publicUrl });
      if (!config.mail) {
        throw new Error('mail config');
      }
      second = createMessaging({
        db: other.db,
        boss: createJobQueue(other),
        transport: createMailTransport(config.mail),
        config: config.mail,
        clock: server.clock,
        linkCodes: server.running.app.deps.linkCodes,
        optOutTokens: createOptOutTokens(APP_SECRET),
        limitSubjects: createLimitSubjects(APP_SECRET),
        publicUrl: server.config.publicUrl,
        instituteName: server.config.instituteName,
        log: { info: () => undefined, warn: () => undefined },
      });
      await second.start();
    });
    afterAll(async () => {
      await second.stop();
      await other.close();
    });

    it('sends each invitation and each reminder once, whichever worker takes it', async () => {
      const first = server.running.app.deps.messaging;
      if (!first) {
        throw new Error('mail not configured');
      }
      const start = server.clock.now();
      const tests = await Promise.all(
        Array.from({ length: 12 }, () =>
          insertAssessment(server, {
            clinicianId: clinician.id,
            form: 'BF',
            consented: true,
            responses: '9'.repeat(25),
          }),
        ),
      );
      const ids = tests.map((t) => t.row.id);
      for (const [index, id] of ids.entries()) {
        const response = await clinician.client.post(`/api/assessments/${id}/invitation`, {
          email: `twice-${index}@example.org`,
        });
        expect(response.status).toBe(200);
      }
      const isOurs = (mail: { to: string[] }) => mail.to.some((to) => to.startsWith('twice-'));
      await smtp.waitFor(isOurs, 12);

      server.clock.set(new Date(start.getTime() + 3 * DAY_MS + 60_000));
      // Both processes scan at once, directly and through the queue.
      await Promise.all([first.scan(), second.scan(), first.requestScan(), second.requestScan(), first.scan()]);
      await smtp.waitFor(isOurs, 24);
      await jobsSettled(server);
      expect(smtp.received.filter(isOurs)).toHaveLength(24);
      const rows = await statesOf(ids);
      expect(rows.filter((m) => m.kind === 'reminder')).toHaveLength(12);
      expect(rows.every((m) => m.state === 'sent' && m.attempts === 1)).toBe(true);
      const perTest = await server.database.db
        .select()
        .from(messages)
        .where(eq(messages.assessmentId, ids[0] ?? 0));
      expect(perTest.map((m) => m.kind)).toEqual(['invitation', 'reminder']);
      server.clock.set(start);
    });

    it('sends a backlog queued at once in batches, each message once, whichever worker takes it', async () => {
      const count = 40;
      const tests = await Promise.all(
        Array.from({ length: count }, () =>
          insertAssessment(server, {
            clinicianId: clinician.id,
            form: 'BF',
            consented: true,
            responses: '9'.repeat(25),
          }),
        ),
      );
      const ids = tests.map((t) => t.row.id);
      // Queued one transaction each while both processes' workers fetch batches from the same queue.
      await queueInvitationsWhileStopped(
        server.database,
        server.config.mail!,
        ids.map((assessmentId, i) => ({ assessmentId, clinicianId: clinician.id, email: `backlog-${i}@example.org` })),
      );
      const isOurs = (mail: { to: string[] }) => mail.to.some((to) => to.startsWith('backlog-'));
      await smtp.waitFor(isOurs, count, 60_000);
      await jobsSettled(server);
      for (let i = 0; i < count; i++) {
        expect(smtp.received.filter((mail) => mail.to.includes(`backlog-${i}@example.org`))).toHaveLength(1);
      }
      const rows = await statesOf(ids);
      expect(rows.every((m) => m.state === 'sent' && m.attempts === 1)).toBe(true);
    });
  });
}
