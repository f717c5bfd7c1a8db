import type { Language } from '@pid5/i18n';
import type { TMySettings, TTestMessages, TUpdateMySettingsRequest } from '@pid5/contract';
import { recordAudit } from '../../audit/audit-log-writer';
import type { Db } from '../../db/database';
import { countHit } from '../../db/rate-limit-counters';
import { AppError } from '../../errors';
import type { ActiveSession } from '../../identity/sessions';
import { isExpired } from '../assessments/assessment-lifecycle';
import { getAssessment, resolveView } from '../assessments/assessments.service';
import { maskEmail, maskPhone } from './mask-email';
import {
  eraseContactEmail,
  findMessageSettings,
  findTestLanguage,
  findContact,
  listMessages,
  loadSendContext,
  recordOptOut,
  saveMessageSettings,
  saveContact,
  setRemindersEnabled,
} from './messages.repo';
import { emailAddress, phoneNumber, queueMessage, SYSTEM_ACTOR } from './message-queue';
import type { Messaging } from './messaging';
import type { OptOutTokens } from './opt-out-tokens';
import type { AuditedServiceContext, ServiceContext } from '../service-context';

// What the routes and other modules call: a test's messages, invitations, reminders on or off, the opt-out, the
// clinician's message settings; the invitation and notices a re-test queues; the submit's erasure and completion
// notice. Queueing is message-queue.ts, sending message-delivery.ts, the scan due-message-scanner.ts.

const DAY_MS = 24 * 3_600_000;

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
    actor: SYSTEM_ACTOR,
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
    actor: SYSTEM_ACTOR,
  });
}

/** A test the session may send messages about: its owner's, or any in the admin view (else 404). */
async function getOwnAssessment(db: Db, session: ActiveSession, id: number) {
  const { scope } = resolveView(session);
  return (await getAssessment({ db, id, scope })).assessment;
}

export async function getTestMessages(
  options: ServiceContext & {
    messaging: Messaging | null;
    id: number;
    now: Date;
  },
): Promise<TTestMessages> {
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
export async function sendInvitation(
  options: AuditedServiceContext & {
    messaging: Messaging | null;
    id: number;
    email: string | undefined;
    phone?: string | undefined;
  },
): Promise<TTestMessages> {
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

export async function setReminders(
  options: AuditedServiceContext & {
    messaging: Messaging | null;
    id: number;
    enabled: boolean;
  },
): Promise<TTestMessages> {
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

export async function getMySettings(
  options: ServiceContext & {
    messaging: Messaging | null;
  },
): Promise<TMySettings> {
  return {
    ...(await findMessageSettings(options.db, options.session.user.id)),
    mailConfigured: options.messaging !== null,
  };
}

export async function updateMySettings(
  options: AuditedServiceContext & {
    messaging: Messaging | null;
    settings: TUpdateMySettingsRequest;
  },
): Promise<TMySettings> {
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
