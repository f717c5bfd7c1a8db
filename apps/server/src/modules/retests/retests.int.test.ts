import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TPatientTimeline, TRetestSeriesAnswer } from '@pid5/contract';
import { assessments, retestSeries } from '../../db/schema';
import { availableOver, grantOverApi } from '../../../test/assessment-api';
import { insertAssessment } from '../../../test/assessment-factories';
import { createSignedInAdmin, createSignedInClinician, type SignedInUser } from '../../../test/factories';
import type { TestClient } from '../../../test/test-client';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { smtpSinkEnv, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { jobsSettled } from '../../../test/jobs-settled';
import { RETEST_QUEUE } from './retests.service';

// Scheduled re-tests end to end: each run creates the test when due (one purchased test, exactly once), invites the
// patient and appears on the timeline; with no test left the clinician is told; the series can be paused and ended.

const WEEK_MS = 7 * 24 * 3_600_000;
const PASSWORD = 'correct horse battery';

let server: TestServer;
let smtp: SmtpSink;
let clinician: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    env: {
      ...smtpSinkEnv(smtp, 'Example Clinic <noreply@clinic.example>'),
      SESSION_IDLE_MINUTES: String(24 * 60),
      SESSION_ABSOLUTE_HOURS: String(7 * 24),
    },
  });
  clinician = await createSignedInClinician(server);
  admin = await createSignedInAdmin(server);
  await server.database.db.execute(sql`UPDATE users SET email = 'doctor@clinic.example' WHERE id = ${clinician.id}`);
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

async function signIn(user: SignedInUser): Promise<TestClient> {
  const client = server.client();
  expect((await client.post('/auth/local/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  return client;
}

/** Queues the re-test scan as the schedule does, and waits until it and the sends it queued have run. */
async function scan() {
  await server.running.app.deps.messaging?.boss.send(RETEST_QUEUE, {});
  await jobsSettled(server);
}

async function testsOfPatient(patientId: string) {
  return server.database.db.select().from(assessments).where(eq(assessments.patientId, patientId));
}

describe('a series of re-tests', () => {
  it('creates each test when due, once, invites the patient, tells the clinician when no test is left, and ends', async () => {
    const start = server.clock.now();
    const { row: source } = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: 'PT-RETEST',
      form: 'BF',
      consented: true,
      responses: '1'.repeat(25),
      finishedAt: start,
    });
    // Two bought: one for the source test, one for the first re-test.
    await grantOverApi(admin, clinician.id, 2);
    expect(await availableOver(clinician.client)).toBe(1);

    const refused = await clinician.client.post(`/api/assessments/${source.id}/retest-series`, {
      everyWeeks: 0,
      times: 2,
    });
    expect(refused.status).toBe(400);

    const started = await clinician.client.post(`/api/assessments/${source.id}/retest-series`, {
      everyWeeks: 2,
      times: 2,
      email: 'retest.patient@example.org',
    });
    expect(started.status).toBe(200);
    const answer = (await started.json()) as TRetestSeriesAnswer;
    expect(answer.series).toMatchObject({ state: 'active', runsDone: 0, emailMasked: 'r•••@example.org' });
    expect(answer.canStart).toBe(false);

    // Not due yet.
    await scan();
    expect(await testsOfPatient('PT-RETEST')).toHaveLength(1);

    // Two weeks on: the first re-test, its invitation, one purchased test used; a second scan changes nothing.
    server.clock.set(new Date(start.getTime() + 2 * WEEK_MS + 60_000));
    await scan();
    await scan();
    const afterFirst = await testsOfPatient('PT-RETEST');
    expect(afterFirst).toHaveLength(2);
    const [invitation] = await smtp.waitFor((mail) => mail.to.includes('retest.patient@example.org'));
    expect(invitation?.subject).toBe('Your questionnaire from Demonstration Institute');
    // A run's invitation says it is a follow-up.
    expect(invitation?.text).toContain('It is a follow-up: the same questionnaire as before');
    let client = await signIn(clinician);
    expect(await availableOver(client)).toBe(0);
    const timeline = (await (await client.get(`/api/assessments/${source.id}/patient`)).json()) as TPatientTimeline;
    expect(timeline.administrations).toHaveLength(2);

    // Two weeks more, no test left: no test, the clinician told once, the problem shown.
    server.clock.set(new Date(start.getTime() + 4 * WEEK_MS + 60_000));
    await scan();
    await scan();
    expect(await testsOfPatient('PT-RETEST')).toHaveLength(2);
    await smtp.waitFor(
      (mail) => mail.to.includes('doctor@clinic.example') && /re-test could not be created/.test(mail.subject),
    );
    expect(smtp.received.filter((mail) => /re-test could not be created/.test(mail.subject))).toHaveLength(1);
    client = await signIn(clinician);
    const waiting = (await (
      await client.get(`/api/assessments/${source.id}/retest-series`)
    ).json()) as TRetestSeriesAnswer;
    expect(waiting.series?.problem).toMatch(/No purchased test left/);
    // In the reader's language.
    const inGerman = (await (
      await client.get(`/api/assessments/${source.id}/retest-series`, { headers: { 'accept-language': 'de' } })
    ).json()) as TRetestSeriesAnswer;
    expect(inGerman.series?.problem).toBe(
      'Kein gekaufter Test mehr: Der nächste Test wird angelegt, sobald Sie wieder einen haben.',
    );

    // A test bought: the run goes ahead, and it was the last: the series ends and forgets the address.
    const adminNow = await signIn(admin);
    await grantOverApi({ ...admin, client: adminNow }, clinician.id, 1);
    await scan();
    expect(await testsOfPatient('PT-RETEST')).toHaveLength(3);
    await smtp.waitFor((mail) => mail.to.includes('retest.patient@example.org'), 2);
    const [series] = await server.database.db
      .select()
      .from(retestSeries)
      .where(eq(retestSeries.sourceAssessmentId, source.id));
    expect(series).toMatchObject({ state: 'ended', runsDone: 2, email: null, problem: null });
    expect(await availableOver(client)).toBe(0);
    server.clock.set(start);
  });

  it('is paused, resumed and ended by the clinician, and creates nothing while paused or ended', async () => {
    const start = server.clock.now();
    const { row: source } = await insertAssessment(server, {
      clinicianId: clinician.id,
      patientId: 'PT-PAUSE',
      form: 'BF',
      consented: true,
      responses: '1'.repeat(25),
      finishedAt: start,
    });
    let client = await signIn(clinician);
    expect((await client.post(`/api/assessments/${source.id}/retest-series`, { everyWeeks: 1, times: 3 })).status).toBe(
      200,
    );
    expect((await client.post(`/api/assessments/${source.id}/retest-series`, { everyWeeks: 1, times: 3 })).status).toBe(
      409,
    );
    const paused = await client.put(`/api/assessments/${source.id}/retest-series`, { action: 'pause' });
    expect(((await paused.json()) as TRetestSeriesAnswer).series?.state).toBe('paused');
    server.clock.set(new Date(start.getTime() + WEEK_MS + 60_000));
    await scan();
    expect(await testsOfPatient('PT-PAUSE')).toHaveLength(1);
    client = await signIn(clinician);
    const ended = await client.put(`/api/assessments/${source.id}/retest-series`, { action: 'end' });
    expect(((await ended.json()) as TRetestSeriesAnswer).series?.state).toBe('ended');
    await scan();
    expect(await testsOfPatient('PT-PAUSE')).toHaveLength(1);
    expect((await client.put(`/api/assessments/${source.id}/retest-series`, { action: 'resume' })).status).toBe(409);
    server.clock.set(start);
  });

  it('starts only from a completed test', async () => {
    const { row } = await insertAssessment(server, {
      clinicianId: clinician.id,
      form: 'BF',
      responses: '9'.repeat(25),
    });
    const response = await (
      await signIn(clinician)
    ).post(`/api/assessments/${row.id}/retest-series`, {
      everyWeeks: 4,
      times: 2,
    });
    expect(response.status).toBe(409);
  });
});
