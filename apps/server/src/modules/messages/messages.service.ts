import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { Job, JobResult } from 'pg-boss';
import { getFormInfo } from '@pid5/instrument';
import type { Language } from '@pid5/i18n';
import type { TMySettings, TTestMessages, TUpdateMySettingsRequest } from '@pid5/contract';
import { recordAudit, type AuditAction } from '../../audit/audit';
import type { MailConfig } from '../../config';
import type { LimitSubjects } from './limit-subjects';
import type { Db } from '../../db/database';
import { inTransaction, type JobQueue } from '../../db/job-queue';
import { countHit } from '../../db/rate-limit-counters';
import { AppError } from '../../errors';
import type { ActiveSession } from '../../identity/sessions';
import type { Clock } from '../../lib/clock';
import { linkCodeOf, type LinkCodes } from '../../lib/link-codes';
import { isExpired } from '../assessments/assessment-lifecycle';
import { getAssessment, resolveView } from '../assessments/assessments.service';
import type { MailTransport, SendOutcome } from './mail-transport';
import type { SmsTransport } from './sms-transport';
import { maskAddressesIn, maskEmail, maskPhone } from './mask-email';
import {
  claimMessage,
  eraseContactEmail,
  eraseEndedContactEmails,
  findMessageSettings,
  findTestLanguage,
  findContact,
  finishMessage,
  insertMessage,
  listContactsOf,
  listMessages,
  listMessagesOf,
  listReminderCandidates,
  loadSendContext,
  recordOptOut,
  saveMessageSettings,
  saveContact,
  setRemindersEnabled,
  type MessageRow,
  type NewMessage,
  type SendContext,
} from './messages.repo';
import type { OptOutTokens } from './opt-out-tokens';
import { dueDateInWords, messageLanguage, renderMessage, renderSms } from './render-message';

// Messages about a test (DESIGN.md "Messages to patients and clinicians"). Every message is a row (its state is what
// the details page and the audit log show) and a job on the queue (db/job-queue.ts) created in the same transaction,
// so a message is queued exactly when its row commits, and survives a restart until a worker sends it.

const DAY_MS = 24 * 3_600_000;
export const SEND_QUEUE = 'message-send';
export const SCAN_QUEUE = 'message-scan';
/** Jobs one worker takes at a time; a full batch means a backlog, fetched again without waiting. */
const SEND_BATCH_SIZE = 5;
const AUDIT_ACTOR = 'system';

export interface Messaging {
  readonly config: MailConfig;
  readonly boss: JobQueue;
  /** Creates the queues, starts the workers and the scan's schedule (every minute). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Queues one scan now (reminders due, addresses to erase); the schedule does it every minute. */
  requestScan(): Promise<void>;
  /** One scan, in the calling process (what the scan job runs). */
  scan(): Promise<{ reminders: number; erased: number }>;
  /** Sends one message (what the send job runs); throws when it should be tried again. */
  deliver(messageId: number, options?: { isLastAttempt: boolean }): Promise<void>;
  readonly optOutTokens: OptOutTokens;
  /** The keyed hashes the send limits count addresses and numbers under. */
  readonly limitSubjects: LimitSubjects;
  /** Whether text messages can be sent too. */
  readonly smsConfigured: boolean;
}

export interface MessagingDeps {
  db: Db;
  boss: JobQueue;
  transport: MailTransport;
  /** Text messages (Twilio); null when not configured. */
  sms?: SmsTransport | null;
  config: MailConfig;
  clock: Clock;
  linkCodes: LinkCodes;
  optOutTokens: OptOutTokens;
  limitSubjects: LimitSubjects;
  publicUrl: string;
  instituteName: string;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** Retries with back-off (by default 30 s, 1, 2, 4… minutes, at most an hour apart, for about a day). */
function sendRetry(config: MailConfig) {
  return {
    retryLimit: config.retry.limit,
    retryDelay: config.retry.delaySeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
  };
}

export function createMessaging(deps: MessagingDeps): Messaging {
  const { boss } = deps;
  // pg-boss reports trouble it recovers from (a lost connection, a slow query) as events; unheard, 'error' would end
  // the process.
  boss.on('error', (error: Error) => deps.log.warn({ err: error }, 'job queue error'));
  const messaging: Messaging = {
    config: deps.config,
    boss,
    optOutTokens: deps.optOutTokens,
    limitSubjects: deps.limitSubjects,
    smsConfigured: Boolean(deps.sms),
    start: async () => {
      await boss.start();
      await boss.createQueue(SEND_QUEUE, sendRetry(deps.config));
      // One scan at a time across processes, and a scan that fails is simply run by the next minute's.
      await boss.createQueue(SCAN_QUEUE, { policy: 'singleton', retryLimit: 0 });
      // MAIL_CONCURRENCY workers, each taking a batch; while batches come back full the worker fetches again at
      // once, so a backlog drains at the mail server's pace and only an idle queue waits MAIL_POLL_SECONDS.
      await boss.work<{ messageId: number }>(
        SEND_QUEUE,
        {
          pollingIntervalSeconds: deps.config.pollSeconds,
          batchSize: SEND_BATCH_SIZE,
          burstWhenBatchFull: true,
          localConcurrency: deps.config.concurrency,
          perJobResults: true,
        },
        async (jobs: Job<{ messageId: number }>[]) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await deliverMessage(deps, job.data.messageId, {
                isLastAttempt: job.retryCount >= deps.config.retry.limit,
              });
              results.push({ id: job.id, status: 'completed' });
            } catch (error) {
              // Failed (tried again by the queue) alone: the batch's other messages keep their outcome.
              results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
            }
          }
          return results;
        },
      );
      await boss.work(SCAN_QUEUE, { pollingIntervalSeconds: deps.config.pollSeconds }, async () => {
        const done = await messaging.scan();
        if (done.reminders > 0 || done.erased > 0) {
          deps.log.info(done, 'message scan');
        }
      });
      await boss.schedule(SCAN_QUEUE, '* * * * *');
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      deps.transport.close();
    },
    requestScan: async () => {
      await boss.send(SCAN_QUEUE, {});
    },
    scan: () => scanMessages(deps),
    deliver: (messageId, options) => deliverMessage(deps, messageId, options),
  };
  return messaging;
}

/** Queues one message: its row and its send job in the caller's transaction. Null when the dedupe key was taken. */
async function queueMessage(
  tx: Db,
  messaging: Pick<Messaging, 'boss' | 'config'>,
  message: NewMessage & { actor: string; ip?: string | null },
): Promise<number | null> {
  const id = await insertMessage(tx, message);
  if (id === null) {
    return null;
  }
  await messaging.boss.send(SEND_QUEUE, { messageId: id }, { ...sendRetry(messaging.config), db: inTransaction(tx) });
  await recordAudit(tx, {
    actor: message.actor,
    action: 'message.queued',
    assessmentId: message.assessmentId,
    ip: message.ip ?? null,
    at: message.now,
    details: {
      messageId: id,
      kind: message.kind,
      recipient: message.recipient,
      channel: message.channel ?? 'email',
      ...(message.address ? { to: message.address.masked } : {}),
    },
  });
  return id;
}

// ---- sending ----

async function deliverMessage(
  deps: MessagingDeps,
  messageId: number,
  options: { isLastAttempt: boolean } = { isLastAttempt: false },
): Promise<void> {
  const { db, clock } = deps;
  const taken = await claimMessage(db, messageId, clock.now());
  if (!taken) {
    return; // sent, bounced or cancelled already: a job run twice sends nothing twice
  }
  if ('stale' in taken) {
    // The process sending it stopped mid-way: it may have gone out, so it is not sent again (never twice), and the
    // clinician reads "state unknown", not "failed", so as not to send a duplicate unasked.
    await settle(deps, taken.stale, {
      state: 'unknown',
      response:
        'The server stopped while sending this message: it may have been delivered. Ask the patient before sending it again.',
    });
    return;
  }
  const message = taken.claimed;
  const now = clock.now();
  const context = message.assessmentId === null ? null : await loadSendContext(db, message.assessmentId);
  const why = context ? whyNotSend(message, context, now) : 'the test no longer exists';
  if (!context || why) {
    await settle(deps, message, { state: 'cancelled', response: `Not sent: ${why}.` });
    return;
  }
  // The patient's messages in the test's language; the clinician's in the language chosen under Settings.
  const language = messageLanguage(message.recipient === 'patient' ? context.language : context.clinicianLanguage);
  const values: Record<string, string> = { institute: deps.instituteName };
  const headers: Record<string, string> = {};
  let to: string;
  if (message.recipient === 'patient') {
    to = patientAddressOf(message, context) ?? '';
    const optOutLink = `${deps.publicUrl}/api/messages/opt-out/${deps.optOutTokens.create(context.assessmentId)}`;
    const code = linkCodeOf({ linkNonce: context.linkNonce, testCode: context.testCode }, deps.linkCodes);
    values.link = `${deps.publicUrl}/test/${encodeURIComponent(code)}`;
    values.dueDate = dueDateInWords(context.dueAt, language, deps.config.timeZone ?? null);
    values.minutes = minutesOf(context.form);
    values.optOutLink = optOutLink;
    values.followUp = context.isFollowUp ? 'yes' : 'no';
    headers['List-Unsubscribe'] = `<${optOutLink}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  } else {
    to = context.clinicianEmail ?? '';
    values.testId = String(context.assessmentId);
    values.detailsLink = `${deps.publicUrl}/details/${context.assessmentId}`;
  }
  let outcome: SendOutcome;
  if (message.channel === 'sms') {
    const kind = message.kind === 'reminder' ? 'reminder' : 'invitation';
    outcome = deps.sms
      ? await deps.sms.send({ to: patientAddressOf(message, context) ?? '', body: renderSms(kind, language, values) })
      : { state: 'failed', response: 'Text messages are no longer set up on this server.' };
  } else {
    const rendered = renderMessage(message.kind, language, values);
    outcome = await deps.transport.send({
      to,
      ...rendered,
      headers,
      messageId: `<${message.mailId}@${senderDomain(deps.config.from, deps.publicUrl)}>`,
    });
  }
  const response = maskAddressesIn(outcome.response).slice(0, 500);
  const gaveUp = outcome.state === 'failed' && options.isLastAttempt;
  await settle(deps, message, {
    state: outcome.state,
    response: gaveUp ? `${response} (no more attempts: use "Send again")` : response,
  });
  if (outcome.state === 'failed' && !gaveUp) {
    // Thrown for the queue: it tries again with back-off (sendRetry); the row already says why it failed.
    throw new Error('message not sent; tried again later');
  }
}

/** The domain of MAIL_FROM's address (the sender's own, as RFC 5322 asks of a Message-ID), else the server's host. */
function senderDomain(from: string, publicUrl: string): string {
  const [sender] = addressparser(from, { flatten: true });
  const domain = sender?.address.split('@').at(-1);
  return domain && sender?.address.includes('@') ? domain : new URL(publicUrl).hostname;
}

function minutesOf(form: 'FULL' | 'SF' | 'BF'): string {
  const { min, max } = getFormInfo(form).minutes;
  return min === max ? String(min) : `${min}–${max}`;
}

/**
 * Where a patient message goes: the address or number it was queued for. Rows queued before addresses travelled
 * with their message (and only those) read the test's contact.
 */
function patientAddressOf(message: MessageRow, context: SendContext): string | null {
  if (message.addressMasked !== null) {
    return message.address;
  }
  return message.channel === 'sms' ? context.patientPhone : context.patientEmail;
}

/** Why a message is not sent now, or null to send it. Checked when sending, from the test as it is then. */
function whyNotSend(message: MessageRow, context: SendContext, now: Date): string | null {
  if (message.recipient === 'clinician') {
    if (message.kind === 'completion' && !context.completionNotices) {
      return 'the clinician turned completion notices off';
    }
    return context.clinicianEmail ? null : 'the clinician has no e-mail address';
  }
  if (context.finishedAt) {
    return 'the test is completed';
  }
  if (isExpired(context, now)) {
    return 'the test has expired';
  }
  if (!patientAddressOf(message, context)) {
    return message.channel === 'sms' ? "the patient's number is erased" : "the patient's address is erased";
  }
  if (message.kind === 'reminder' && (context.optedOut || !context.remindersEnabled)) {
    return context.optedOut ? 'the patient turned reminders off' : 'reminders are off for this test';
  }
  return null;
}

type SettledState = 'sent' | 'failed' | 'unknown' | 'bounced' | 'cancelled';

const STATE_ACTIONS: Record<SettledState, AuditAction> = {
  sent: 'message.sent',
  failed: 'message.failed',
  unknown: 'message.unknown',
  bounced: 'message.bounced',
  cancelled: 'message.cancelled',
};

async function settle(
  deps: MessagingDeps,
  message: MessageRow,
  outcome: { state: SettledState; response: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await finishMessage(tx, message.id, { ...outcome, now });
    await recordAudit(tx, {
      actor: AUDIT_ACTOR,
      action: STATE_ACTIONS[outcome.state],
      assessmentId: message.assessmentId,
      at: now,
      details: {
        messageId: message.id,
        kind: message.kind,
        attempt: message.attempts + (message.state === 'sending' ? 0 : 1),
        response: outcome.response,
      },
    });
  });
  if (outcome.state !== 'sent') {
    deps.log.warn({ messageId: message.id, kind: message.kind, state: outcome.state }, 'message not sent');
  }
}

const emailAddress = (address: string) => ({ address, masked: maskEmail(address) });
const phoneNumber = (number: string) => ({ address: number, masked: maskPhone(number) });

// ---- the scan: reminders due, addresses to erase ----

/** The reminder slots of a test: days after the invitation, days before the due date. */
export function reminderSlots(
  schedule: MailConfig['reminders'],
  invitedAt: Date,
  dueAt: Date,
): { key: string; at: Date }[] {
  return [
    ...schedule.daysAfterInvitation.map((d) => ({ key: `after-${d}`, at: new Date(invitedAt.getTime() + d * DAY_MS) })),
    ...schedule.daysBeforeDue.map((d) => ({ key: `before-${d}`, at: new Date(dueAt.getTime() - d * DAY_MS) })),
  ].filter((slot) => slot.at > invitedAt && slot.at < dueAt);
}

async function scanMessages(deps: MessagingDeps): Promise<{ reminders: number; erased: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  const erased = await eraseEndedContactEmails(db, now);
  let reminders = 0;
  for (const candidate of await listReminderCandidates(db, now)) {
    // The latest slot that is due: one reminder, not one per slot missed (a server down for days sends one).
    const due = reminderSlots(deps.config.reminders, candidate.invitedAt, candidate.dueAt)
      .filter((slot) => slot.at <= now)
      .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    if (!due) {
      continue;
    }
    // At most one message a day to a patient about one test.
    if (candidate.lastPatientMessageAt && now.getTime() - candidate.lastPatientMessageAt.getTime() < DAY_MS) {
      continue;
    }
    const queued = await db.transaction(async (tx) => {
      const reminder = {
        assessmentId: candidate.assessmentId,
        clinicianId: candidate.clinicianId,
        kind: 'reminder' as const,
        recipient: 'patient' as const,
        // The slot's key: a second scan, in this process or another, finds it taken and queues nothing.
        dedupeKey: `reminder:${candidate.assessmentId}:${due.key}`,
        now,
        actor: AUDIT_ACTOR,
      };
      const id = await queueMessage(tx, deps, { ...reminder, address: emailAddress(candidate.email) });
      if (id !== null && candidate.phone && deps.sms) {
        await queueMessage(tx, deps, {
          ...reminder,
          channel: 'sms',
          dedupeKey: `${reminder.dedupeKey}:sms`,
          address: phoneNumber(candidate.phone),
        });
      }
      return id;
    });
    reminders += queued === null ? 0 : 1;
  }
  return { reminders, erased };
}

// ---- what the routes and other modules call ----

/** Invites the patient to a test made for them (a re-test's run): the address stored for it, the invitation queued. */
export async function queueInvitationFor(
  tx: Db,
  messaging: Pick<Messaging, 'boss' | 'config'>,
  invitation: { assessmentId: number; clinicianId: string; email: string; now: Date },
): Promise<void> {
  const { assessmentId, clinicianId, email, now } = invitation;
  await saveContact(tx, { assessmentId, email, emailMasked: maskEmail(email), now });
  await queueMessage(tx, messaging, {
    assessmentId,
    clinicianId,
    kind: 'invitation',
    recipient: 'patient',
    dedupeKey: `invitation:${assessmentId}`,
    now,
    actor: AUDIT_ACTOR,
    address: emailAddress(email),
  });
}

/** Tells the clinician that a re-test's run found no purchased test left, once per run (`dedupeKey`). */
export async function queueNoCreditNotice(
  tx: Db,
  messaging: Messaging,
  notice: { assessmentId: number; clinicianId: string; dedupeKey: string; now: Date },
): Promise<void> {
  await queueMessage(tx, messaging, {
    ...notice,
    kind: 'retest-no-credit',
    recipient: 'clinician',
    actor: AUDIT_ACTOR,
  });
}

/** A test the session may send messages about: its owner's, or any in the admin view (else 404). */
async function getOwnAssessment(db: Db, session: ActiveSession, id: number) {
  const { scope } = resolveView(session);
  return (await getAssessment({ db, id, scope })).assessment;
}

export async function getTestMessages(options: {
  db: Db;
  messaging: Messaging | null;
  session: ActiveSession;
  id: number;
  now: Date;
}): Promise<TTestMessages> {
  const assessment = await getOwnAssessment(options.db, options.session, options.id);
  return presentTestMessages(options.db, options.messaging, assessment, options.now);
}

async function presentTestMessages(
  db: Db,
  messaging: Messaging | null,
  assessment: { id: number; finishedAt: Date | null; dueAt: Date },
  now: Date,
): Promise<TTestMessages> {
  const [contact, rows] = await Promise.all([findContact(db, assessment.id), listMessages(db, assessment.id)]);
  return {
    mailConfigured: messaging !== null,
    smsConfigured: messaging?.smsConfigured ?? false,
    canSend: messaging !== null && !assessment.finishedAt && !isExpired(assessment, now),
    contact: contact
      ? {
          emailMasked: contact.emailMasked,
          phoneMasked: contact.phoneMasked,
          emailErased: contact.email === null,
          remindersEnabled: contact.remindersEnabled,
          optedOut: contact.optedOutAt !== null,
        }
      : null,
    messages: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      recipient: m.recipient,
      channel: m.channel,
      // Older rows kept no address of their own: the contact's masked address or number stands in.
      to:
        m.recipient === 'clinician'
          ? null
          : (m.addressMasked ??
            (m.channel === 'sms' ? (contact?.phoneMasked ?? null) : (contact?.emailMasked ?? null))),
      state: m.state,
      attempts: m.attempts,
      lastResponse: m.lastResponse,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Sends the test's link to the patient (or again to the address already given); refused on a closed test. */
export async function sendInvitation(options: {
  db: Db;
  messaging: Messaging | null;
  session: ActiveSession;
  id: number;
  email: string | undefined;
  phone?: string | undefined;
  now: Date;
  ip: string;
}): Promise<TTestMessages> {
  const { db, messaging, session, now } = options;
  const assessment = await getOwnAssessment(db, session, options.id);
  if (!messaging) {
    throw new AppError('MAIL_NOT_CONFIGURED', 'errors.messages.mailNotConfigured');
  }
  if (assessment.finishedAt) {
    throw new AppError('MESSAGE_NOT_ALLOWED', 'errors.messages.testCompleted');
  }
  if (isExpired(assessment, now)) {
    throw new AppError('MESSAGE_NOT_ALLOWED', 'errors.messages.testExpired');
  }
  if (options.phone && !messaging.smsConfigured) {
    throw new AppError('MAIL_NOT_CONFIGURED', 'errors.messages.smsNotConfigured');
  }
  const stored = await findContact(db, assessment.id);
  const email = options.email ?? stored?.email ?? null;
  // A number typed now, or (sending again) the one stored.
  const phone = options.phone ?? (options.email === undefined ? (stored?.phone ?? null) : null);
  if (!email) {
    throw new AppError('VALIDATION_FAILED', 'errors.messages.emailRequired', {
      fields: { email: 'errors.messages.emailRequired' },
    });
  }
  await checkSendLimits(db, messaging, {
    clinicianId: session.user.id,
    email,
    phone: phone && messaging.smsConfigured ? phone : null,
    now,
  });
  await db.transaction(async (tx) => {
    await saveContact(tx, {
      assessmentId: assessment.id,
      email,
      emailMasked: maskEmail(email),
      ...(options.phone ? { phone: { phone: options.phone, masked: maskPhone(options.phone) } } : {}),
      now,
    });
    const invitation = {
      assessmentId: assessment.id,
      clinicianId: assessment.clinicianId,
      kind: 'invitation' as const,
      recipient: 'patient' as const,
      dedupeKey: null,
      now,
      actor: session.user.id,
      ip: options.ip,
    };
    await queueMessage(tx, messaging, { ...invitation, address: emailAddress(email) });
    if (phone && messaging.smsConfigured) {
      await queueMessage(tx, messaging, { ...invitation, channel: 'sms', address: phoneNumber(phone) });
    }
  });
  return presentTestMessages(db, messaging, assessment, now);
}

/**
 * Sends per clinician (an hour), per address and per mobile number (a day), counted across processes; addresses and
 * numbers only as a keyed hash (createLimitSubjects). Each counts the address the message is queued for, which is the one it is sent to.
 */
async function checkSendLimits(
  db: Db,
  messaging: Messaging,
  hit: { clinicianId: string; email: string; phone: string | null; now: Date },
) {
  const { config, limitSubjects } = messaging;
  const perClinician = await countHit(db, {
    scope: 'mail-clinician',
    subject: hit.clinicianId,
    windowMs: 3_600_000,
    now: hit.now,
  });
  if (perClinician.hits > config.limits.perClinicianPerHour) {
    throw new AppError('RATE_LIMITED', 'errors.messages.clinicianLimit', {
      values: { count: config.limits.perClinicianPerHour, minutes: Math.ceil(perClinician.remainingMs / 60_000) },
    });
  }
  const addressHash = limitSubjects.email(hit.email);
  const perAddress = await countHit(db, {
    scope: 'mail-address',
    subject: addressHash,
    windowMs: DAY_MS,
    now: hit.now,
  });
  if (perAddress.hits > config.limits.perAddressPerDay) {
    throw new AppError('RATE_LIMITED', 'errors.messages.addressLimit', {
      values: { count: config.limits.perAddressPerDay },
    });
  }
  if (hit.phone === null) {
    return;
  }
  const perNumber = await countHit(db, {
    scope: 'sms-number',
    subject: limitSubjects.phone(hit.phone),
    windowMs: DAY_MS,
    now: hit.now,
  });
  if (perNumber.hits > config.limits.perAddressPerDay) {
    throw new AppError('RATE_LIMITED', 'errors.messages.numberLimit', {
      values: { count: config.limits.perAddressPerDay },
    });
  }
}

export async function setReminders(options: {
  db: Db;
  messaging: Messaging | null;
  session: ActiveSession;
  id: number;
  enabled: boolean;
  now: Date;
  ip: string;
}): Promise<TTestMessages> {
  const { db, session, now } = options;
  const assessment = await getOwnAssessment(db, session, options.id);
  await db.transaction(async (tx) => {
    if (!(await setRemindersEnabled(tx, assessment.id, options.enabled))) {
      throw new AppError('MESSAGE_NOT_ALLOWED', 'errors.messages.inviteFirst');
    }
    await recordAudit(tx, {
      actor: session.user.id,
      action: 'message.reminders',
      assessmentId: assessment.id,
      ip: options.ip,
      at: now,
      details: { enabled: options.enabled },
    });
  });
  return presentTestMessages(db, options.messaging, assessment, now);
}

/** The patient's opt-out from the link in a message: stops that test's reminders and changes nothing else. */
export async function optOut(options: {
  db: Db;
  optOutTokens: OptOutTokens;
  token: string;
  now: Date;
  ip: string;
}): Promise<{ language: Language } | 'unknown'> {
  const id = options.optOutTokens.verify(options.token);
  if (id === null) {
    return 'unknown';
  }
  const contact = await findContact(options.db, id);
  const language = await findTestLanguage(options.db, id);
  if (!contact || !language) {
    return 'unknown';
  }
  await options.db.transaction(async (tx) => {
    if (await recordOptOut(tx, id, options.now)) {
      await recordAudit(tx, {
        actor: 'patient',
        action: 'message.opt-out',
        assessmentId: id,
        ip: options.ip,
        at: options.now,
      });
    }
  });
  return { language };
}

/**
 * What the opt-out page of a link shows, in its test's language: the button while reminders may still come; done once
 * opted out; closed when the test is submitted or no longer open (nothing left to stop). Null: not a link of ours.
 */
export async function optOutPageState(options: {
  db: Db;
  optOutTokens: OptOutTokens;
  token: string;
  now: Date;
}): Promise<{ language: Language; kind: 'form' | 'done' | 'closed' } | null> {
  const id = options.optOutTokens.verify(options.token);
  if (id === null || !(await findContact(options.db, id))) {
    return null;
  }
  const context = await loadSendContext(options.db, id);
  if (!context) {
    return null;
  }
  const kind = context.finishedAt || isExpired(context, options.now) ? 'closed' : context.optedOut ? 'done' : 'form';
  return { language: context.language, kind };
}

/**
 * Called by the submit's own transaction: the patient's address is erased at once, and the clinician's completion
 * notice is queued (when e-mail is set up and the clinician has not turned notices off).
 */
export async function onTestSubmitted(
  tx: Db,
  options: { messaging: Messaging | null; assessmentId: number; now: Date },
): Promise<void> {
  await eraseContactEmail(tx, options.assessmentId, options.now);
  const context = options.messaging ? await loadSendContext(tx, options.assessmentId) : null;
  if (!options.messaging || !context?.completionNotices) {
    return;
  }
  await queueMessage(tx, options.messaging, {
    assessmentId: options.assessmentId,
    clinicianId: context.clinicianId,
    kind: 'completion',
    recipient: 'clinician',
    dedupeKey: `completion:${options.assessmentId}`,
    now: options.now,
    actor: 'patient',
  });
}

export async function getMySettings(options: {
  db: Db;
  messaging: Messaging | null;
  session: ActiveSession;
}): Promise<TMySettings> {
  return {
    ...(await findMessageSettings(options.db, options.session.user.id)),
    mailConfigured: options.messaging !== null,
  };
}

export async function updateMySettings(options: {
  db: Db;
  messaging: Messaging | null;
  session: ActiveSession;
  settings: TUpdateMySettingsRequest;
  now: Date;
  ip: string;
}): Promise<TMySettings> {
  const { completionNotices, messageLanguage } = options.settings;
  await options.db.transaction(async (tx) => {
    await saveMessageSettings(tx, options.session.user.id, { completionNotices, messageLanguage });
    await recordAudit(tx, {
      actor: options.session.user.id,
      action: 'settings.update',
      ip: options.ip,
      at: options.now,
      details: {
        ...(completionNotices === undefined ? {} : { completionNotices }),
        ...(messageLanguage === undefined ? {} : { messageLanguage }),
      },
    });
  });
  return getMySettings(options);
}

/** Everything stored about the messages of these tests, for the patient's data export (DESIGN.md "Erasure, access and retention"). */
export async function exportMessagesOf(db: Db, assessmentIds: number[]) {
  const [contacts, deliveries] = await Promise.all([
    listContactsOf(db, assessmentIds),
    listMessagesOf(db, assessmentIds),
  ]);
  return {
    contacts: contacts.map((c) => ({
      assessmentId: c.assessmentId,
      email: c.email,
      emailMasked: c.emailMasked,
      phone: c.phone,
      remindersEnabled: c.remindersEnabled,
      optedOutAt: c.optedOutAt?.toISOString() ?? null,
      invitedAt: c.invitedAt.toISOString(),
    })),
    deliveries: deliveries.map((m) => ({
      assessmentId: m.assessmentId ?? 0,
      kind: m.kind,
      recipient: m.recipient,
      channel: m.channel,
      state: m.state,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}
