import {
  assessments,
  createMailTransport,
  insertOpenTests,
  queueInvitationsWhileStopped,
  startSmtpSink,
  type ReceivedMail,
  type SmtpSink,
} from '@pid5/server/testing';
import { createBenchDatabase } from '../lib/databases';
import { runFixedRate } from '../lib/load';
import { marginAtLeast, marginAtMost, type Results } from '../lib/results';
import { nextFloorRequest, nextSaveAnswer } from '../lib/saves';
import { seedBenchDatabase } from '../lib/seed';
import { startServerProcess } from '../lib/server-process';
import { round } from '../lib/stats';

// Mail: N invitations queued as the product queues them, drained by a server started on the backlog into a local SMTP
// server, against the limit of the same run: nodemailer (the server's own pooled transport, same connections) sending N
// messages straight to the same server. While the backlog drains, answer saves run at a fixed rate; their p99 is judged
// against the floor route's p99 at that rate with the queue idle (the save's request handling without the database).

const CONCURRENCY = 4;
const SAVE_RATE = 50;
const WARM_UP_S = 0.5;
/** The goals the issue set: at least half the limit's rate; a save's p99 in the burst at most 5× the floor's. */
const RATE_GOAL = 0.5;
const P99_GOAL = 5;

const FROM = 'Bench Clinic <noreply@bench.example>';

function mailConfig(sink: SmtpSink) {
  return {
    smtp: sink.url,
    from: FROM,
    concurrency: CONCURRENCY,
    reminders: { daysAfterInvitation: [], daysBeforeDue: [] },
    limits: { perClinicianPerHour: 10_000, perAddressPerDay: 5 },
    pollSeconds: 2,
    retry: { delaySeconds: 30, limit: 3 },
    sms: null,
  };
}

async function sendDirect(sink: SmtpSink, count: number, text: string): Promise<number> {
  const transport = createMailTransport(mailConfig(sink));
  const started = performance.now();
  try {
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        transport.send({
          to: `direct-${i}@example.org`,
          subject: 'Your questionnaire',
          text,
          html: `<p>${text}</p>`,
          messageId: `<direct-${i}-${Date.now()}@bench.example>`,
        }),
      ),
    );
    const failed = outcomes.filter((outcome) => outcome.state !== 'sent').length;
    if (failed > 0) {
      throw new Error(`${failed} of the direct sends failed`);
    }
    return (performance.now() - started) / 1000;
  } finally {
    transport.close();
  }
}

export async function runMailBench(results: Results, options: { quick?: boolean } = {}) {
  const count = options.quick ? 40 : 300;
  const part = 'mail (PGlite)';
  const sink = await startSmtpSink();
  const database = await createBenchDatabase('pglite');
  try {
    console.log(`${part}: seeding 2 × ${count} open tests to invite, and 2,000 to answer`);
    const { invitations, saveCodes } = await seedBenchDatabase(
      database,
      'mail-clinician',
      async ({ db, docs, clinicianId }) => {
        // Two backlogs: one invitation per test (a test's invitation is queued once).
        await insertOpenTests(db, { clinicianId, count: 2 * count, label: 'MAIL', ...docs });
        const rows = await db.select({ id: assessments.id }).from(assessments).orderBy(assessments.id);
        return {
          invitations: rows.map((row, i) => ({ assessmentId: row.id, clinicianId, email: `patient-${i}@example.org` })),
          saveCodes: await insertOpenTests(db, { clinicianId, count: 2000, label: 'SAVE', ...docs }),
        };
      },
    );
    const queueWhileStopped = async (batch: typeof invitations) => {
      const opened = await database.open();
      try {
        await queueInvitationsWhileStopped(opened, mailConfig(sink), batch);
      } finally {
        await opened.close();
      }
    };
    const serverEnv = { ...database.env, SMTP_URL: sink.url, MAIL_FROM: FROM, MAIL_CONCURRENCY: String(CONCURRENCY) };
    const patients = (mail: ReceivedMail) => mail.to.some((to) => to.startsWith('patient-'));

    console.log(`${part}: the limit, nodemailer sending ${count} straight to the same SMTP server`);
    const directS = await sendDirect(sink, count, 'x'.repeat(1200));
    const limitRate = count / directS;

    // The drain alone: the server starts with the backlog queued; from the first message received to the last (the
    // workers start a moment after the server is ready, which is not the drain's pace).
    await queueWhileStopped(invitations.slice(0, count));
    let server = await startServerProcess(serverEnv, { floorRoutes: true });
    let drainS: number;
    try {
      console.log(`${part}: ${count} queued invitations draining`);
      await sink.waitFor(patients, 1, 600_000);
      const started = performance.now();
      await sink.waitFor(patients, count, 600_000);
      drainS = (performance.now() - started) / 1000;
    } finally {
      await server.stop();
    }
    const oursRate = (count - 1) / drainS;

    // Saves while a second backlog drains, then the floor route at the same rate with the queue idle.
    await queueWhileStopped(
      invitations.slice(count).map((invitation) => ({ ...invitation, email: `second-${invitation.email}` })),
    );
    server = await startServerProcess(serverEnv, { floorRoutes: true });
    try {
      const url = server.url;
      const seconds = (mail: ReceivedMail) => mail.to.some((to) => to.startsWith('second-'));
      await sink.waitFor(seconds, 1, 600_000);
      console.log(`${part}: a second backlog draining, saves at ${SAVE_RATE}/s meanwhile`);
      const nextSave = nextSaveAnswer(saveCodes);
      // Half a second of saves not counted: a fresh server's first saves are slow with or without a drain (the floor
      // route, measured later, is warm), and the verdict is about the drain.
      await runFixedRate({ url, rate: SAVE_RATE, durationS: WARM_UP_S, next: nextSave });
      const during = await runFixedRate({
        url,
        rate: SAVE_RATE,
        durationS: Math.max(3, Math.round(drainS * 0.8)),
        next: nextSave,
      });
      const second = sink.received.filter(seconds).length;
      await sink.waitFor(seconds, count, 600_000);
      console.log(`${part}: the floor route at ${SAVE_RATE}/s with the queue idle`);
      const floor = await runFixedRate({ url, rate: SAVE_RATE, durationS: 5, next: nextFloorRequest(saveCodes) });
      results.note(`mail: ${second} of the second ${count} messages went out while the saves ran`);
      const rateRatio = oursRate / limitRate;
      results.add({
        part,
        metric: `${count} queued invitations delivered, first to last (queue, workers, SMTP)`,
        ours: round(oursRate),
        unit: 'messages/s',
        baseline: round(limitRate),
        baselineName: `nodemailer straight to the SMTP server, ${CONCURRENCY} connections`,
        ratio: round(rateRatio, 2),
        goal: `≥ ${RATE_GOAL}× the limit`,
        met: rateRatio >= RATE_GOAL,
        margin: marginAtLeast(rateRatio, RATE_GOAL),
      });
      const p99Ratio = during.p99 / floor.p99;
      results.add({
        part,
        metric: `answer save p99 at ${SAVE_RATE}/s during the burst`,
        ours: round(during.p99, 1),
        unit: 'ms',
        baseline: round(floor.p99, 1),
        baselineName: 'floor route at the same rate, queue idle',
        ratio: round(p99Ratio, 2),
        goal: `≤ ${P99_GOAL}× the floor`,
        met: p99Ratio <= P99_GOAL && during.errors === 0,
        margin: marginAtMost(p99Ratio, P99_GOAL),
      });
    } finally {
      await server.stop();
    }
  } finally {
    await sink.stop();
    await database.drop();
  }
}
