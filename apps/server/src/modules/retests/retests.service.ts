import type { TCreateAssessmentRequest, TCreateRetestSeriesRequest, TRetestSeriesAnswer } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import type { ItemSets } from '../item-sets/load-item-set';
import { AppError } from '../../errors';
import { translator } from '../../i18n/translator';
import type { ActiveSession } from '../../identity/sessions';
import type { LinkCodes } from '../../lib/link-codes';
import { createAssessment, getAssessment, resolveView } from '../assessments/assessments.service';
import type { DiagnosisCatalogue } from '../diagnoses/diagnosis-catalogue';
import { getCurrentDocument } from '../documents/documents.service';
import { maskEmail } from '../messages/mask-email';
import { queueInvitationFor, queueNoCreditNotice } from '../messages/messages.service';
import type { Messaging } from '../messages/messaging';
import {
  findSeriesOf,
  insertRun,
  insertSeries,
  listDueSeries,
  listRetestSeriesOf,
  listRuns,
  lockDueSeries,
  updateSeries,
  type RetestSeriesRow,
} from './retests.repo';
import type { AuditedServiceContext, ServiceContext } from '../service-context';

// Scheduled re-tests (DESIGN.md "Messages to patients and clinicians"): from a completed test, a new test of the
// same patient every N weeks, K times. A run is one transaction: the series row locked, the test created (one
// purchased test, createAssessment's own rule), the run recorded and the invitation queued, so a run happens once
// however many processes scan.

const WEEK_MS = 7 * 24 * 3_600_000;
export const RETEST_QUEUE = 'retest-scan';

/** The series' own test, in the session's view: its owner's, or an admin's in the admin view (else 404). */
async function getOwnAssessment(db: Db, session: ActiveSession, id: number) {
  return (await getAssessment({ db, id, scope: resolveView(session).scope })).assessment;
}

/** The problem a run found no purchased test, as stored (English) and as told in the reader's language. */
const NO_CREDIT_PROBLEM = 'errors.retests.problemNoCredit';

/** A stored problem in the reader's language (the run writes it without a reader: in English). */
function problemIn(problem: string | null, language: Language): string | null {
  return problem !== null && problem === translator('en')(NO_CREDIT_PROBLEM)
    ? translator(language)(NO_CREDIT_PROBLEM)
    : problem;
}

async function present(
  db: Db,
  messaging: Messaging | null,
  source: { id: number; finishedAt: Date | null },
  language: Language,
): Promise<TRetestSeriesAnswer> {
  const series = await findSeriesOf(db, source.id);
  const isRunning = series !== null && series.state !== 'ended';
  return {
    canStart: messaging !== null && source.finishedAt !== null && !isRunning,
    series: series
      ? {
          id: series.id,
          everyWeeks: series.everyWeeks,
          times: series.times,
          runsDone: series.runsDone,
          nextRunAt: series.nextRunAt.toISOString(),
          state: series.state,
          problem: problemIn(series.problem, language),
          emailMasked: series.emailMasked,
          tests: (await listRuns(db, series.id)).map((r) => ({ id: r.assessmentId, run: r.run })),
        }
      : null,
  };
}

export async function getRetestSeries(
  options: ServiceContext & {
    /** The reader's language, for the series' problem. */
    language?: Language;
    messaging: Messaging | null;
    id: number;
  },
): Promise<TRetestSeriesAnswer> {
  const source = await getOwnAssessment(options.db, options.session, options.id);
  return present(options.db, options.messaging, source, options.language ?? 'en');
}

export async function startRetestSeries(
  options: AuditedServiceContext & {
    /** The reader's language, for the series' problem. */
    language?: Language;
    messaging: Messaging | null;
    id: number;
    request: TCreateRetestSeriesRequest;
  },
): Promise<TRetestSeriesAnswer> {
  const { db, session, now, request } = options;
  const source = await getOwnAssessment(db, session, options.id);
  if (!options.messaging) {
    throw new AppError('MAIL_NOT_CONFIGURED', 'errors.retests.mailNotConfigured');
  }
  if (!source.finishedAt) {
    throw new AppError('RETEST_NOT_ALLOWED', 'errors.retests.notCompleted');
  }
  await db.transaction(async (tx) => {
    const existing = await findSeriesOf(tx, source.id);
    if (existing && existing.state !== 'ended') {
      throw new AppError('RETEST_NOT_ALLOWED', 'errors.retests.alreadyRunning');
    }
    const series = await insertSeries(tx, {
      sourceAssessmentId: source.id,
      clinicianId: source.clinicianId,
      everyWeeks: request.everyWeeks,
      times: request.times,
      nextRunAt: new Date(now.getTime() + request.everyWeeks * WEEK_MS),
      email: request.email ?? null,
      emailMasked: request.email ? maskEmail(request.email) : null,
      createdAt: now,
    });
    await recordAudit(tx, {
      actor: session.user.id,
      action: 'retest.start',
      assessmentId: source.id,
      ip: options.ip,
      at: now,
      details: { seriesId: series.id, everyWeeks: request.everyWeeks, times: request.times, invited: !!request.email },
    });
  });
  return present(db, options.messaging, source, options.language ?? 'en');
}

export async function updateRetestSeries(
  options: AuditedServiceContext & {
    /** The reader's language, for the series' problem. */
    language?: Language;
    messaging: Messaging | null;
    id: number;
    action: 'pause' | 'resume' | 'end';
  },
): Promise<TRetestSeriesAnswer> {
  const { db, session, now, action } = options;
  const source = await getOwnAssessment(db, session, options.id);
  await db.transaction(async (tx) => {
    const series = await findSeriesOf(tx, source.id);
    if (!series || series.state === 'ended') {
      throw new AppError('RETEST_NOT_ALLOWED', 'errors.retests.noneRunning');
    }
    const changes: Partial<RetestSeriesRow> =
      action === 'pause'
        ? { state: 'paused' }
        : action === 'resume'
          ? // A run missed while paused comes at the next scan, not all of them at once.
            { state: 'active', nextRunAt: series.nextRunAt < now ? now : series.nextRunAt }
          : { state: 'ended', email: null };
    await updateSeries(tx, series.id, changes);
    await recordAudit(tx, {
      actor: session.user.id,
      action: 'retest.update',
      assessmentId: source.id,
      ip: options.ip,
      at: now,
      details: { seriesId: series.id, action },
    });
  });
  return present(db, options.messaging, source, options.language ?? 'en');
}

export interface RetestRunDeps {
  db: Db;
  messaging: Messaging;
  linkCodes: LinkCodes;
  catalogue: DiagnosisCatalogue;
  defaultForm: 'FULL' | 'SF' | 'BF';
  /** A run's test is given in the series' first test's language, where an item set for it is still loaded. */
  itemSets: Pick<ItemSets, 'languages' | 'defaultLanguage'>;
  now: () => Date;
}

/** Runs every due series once; returns how many tests were created and how many runs found no purchased test. */
export async function runDueRetests(deps: RetestRunDeps): Promise<{ created: number; noCredit: number }> {
  const now = deps.now();
  let created = 0;
  let noCredit = 0;
  for (const id of await listDueSeries(deps.db, now)) {
    const outcome = await deps.db.transaction((tx) => runOne(tx, deps, id, now));
    created += outcome === 'created' ? 1 : 0;
    noCredit += outcome === 'no-credit' ? 1 : 0;
  }
  return { created, noCredit };
}

async function runOne(tx: Db, deps: RetestRunDeps, id: number, now: Date): Promise<'created' | 'no-credit' | null> {
  const series = await lockDueSeries(tx, id, now);
  if (!series) {
    return null;
  }
  const source = (await getAssessment({ db: tx, id: series.sourceAssessmentId, scope: { kind: 'all' } })).assessment;
  const terms = await getCurrentDocument(tx, 'terms');
  const run = series.runsDone + 1;
  let made: Awaited<ReturnType<typeof createAssessment>>;
  try {
    // A savepoint inside this transaction: refused (no purchased test left), it leaves the series' lock in place.
    made = await createAssessment({
      db: tx,
      catalogue: deps.catalogue,
      clinicianId: series.clinicianId,
      linkCodes: deps.linkCodes,
      request: {
        age: source.age,
        gender: source.gender as TCreateAssessmentRequest['gender'],
        race: source.race as TCreateAssessmentRequest['race'],
        country: source.country,
        postalCode: source.postalCode,
        patientId: source.patientId,
        dsmCodes: source.dsmCodes,
        primaryDsm: source.primaryDsm,
        termsId: terms?.id ?? 0,
        form: source.form,
        language: deps.itemSets.languages.includes(source.language) ? source.language : undefined,
      },
      defaultForm: deps.defaultForm,
      itemSets: deps.itemSets,
      now,
      ip: 'retest',
    });
  } catch (error) {
    if (!(error instanceof AppError)) {
      throw error;
    }
    const problem =
      error.code === 'NO_TESTS_AVAILABLE'
        ? translator('en')(NO_CREDIT_PROBLEM)
        : `The next test could not be created: ${error.message}`;
    if (series.problem !== problem) {
      await updateSeries(tx, series.id, { problem });
      await queueNoCreditNotice(tx, deps.messaging, {
        assessmentId: source.id,
        clinicianId: series.clinicianId,
        dedupeKey: `retest-no-credit:${series.id}:${run}`,
        now,
      });
      await recordAudit(tx, {
        actor: 'system',
        action: 'retest.run',
        assessmentId: source.id,
        at: now,
        details: { seriesId: series.id, run, created: false, reason: error.code },
      });
    }
    return 'no-credit';
  }
  await insertRun(tx, { seriesId: series.id, run, assessmentId: made.assessment.id });
  const isLast = run >= series.times;
  await updateSeries(tx, series.id, {
    runsDone: run,
    nextRunAt: new Date(series.nextRunAt.getTime() + series.everyWeeks * WEEK_MS),
    problem: null,
    ...(isLast ? { state: 'ended' as const, email: null } : {}),
  });
  if (series.email) {
    await queueInvitationFor(tx, deps.messaging, {
      assessmentId: made.assessment.id,
      clinicianId: series.clinicianId,
      email: series.email,
      now,
    });
  }
  await recordAudit(tx, {
    actor: 'system',
    action: 'retest.run',
    assessmentId: made.assessment.id,
    at: now,
    details: { seriesId: series.id, run, created: true, sourceAssessmentId: source.id },
  });
  return 'created';
}

/** The scan of due re-tests on the job queue: every minute, one run at a time across processes. */
export async function startRetestSchedule(
  deps: RetestRunDeps & { log: { info(details: object, message: string): void } },
): Promise<void> {
  const boss = deps.messaging.boss;
  await boss.createQueue(RETEST_QUEUE, { policy: 'singleton', retryLimit: 0 });
  await boss.work(RETEST_QUEUE, { pollingIntervalSeconds: deps.messaging.config.pollSeconds }, async () => {
    const done = await runDueRetests(deps);
    if (done.created > 0 || done.noCredit > 0) {
      deps.log.info(done, 're-test scan');
    }
  });
  await boss.schedule(RETEST_QUEUE, '* * * * *');
}

/** Every re-test series started from these tests, with its runs (for the patient-data export). */
export function exportRetestSeriesOf(db: Db, sourceAssessmentIds: number[]) {
  return listRetestSeriesOf(db, sourceAssessmentIds);
}
