import addressparser from 'nodemailer/lib/addressparser/index.js';
import { getFormInfo } from '@pid5/instrument';
import type { AuditAction } from '../../audit/audit-log-writer';
import { linkCodeOf } from '../../lib/link-codes';
import { isExpired } from '../assessments/assessment-lifecycle';
import type { SendOutcome } from './mail-transport';
import { maskAddressesIn } from './mask-email';
import {
  claimMessages,
  finishMessages,
  type MessageClaim,
  type MessageOutcome,
  type MessageRow,
  type SendContext,
} from './messages.repo';
import { SYSTEM_ACTOR } from './message-queue';
import type { MessagingDeps } from './messaging';
import { dueDateInWords, messageLanguage, renderMessage, renderSms } from './render-message';

// Sending messages (what the send jobs run): a batch claimed at once, each message checked against the test as it is
// now, rendered in its language, handed to the mail or SMS transport, and the outcomes recorded with their audit rows.

/** One send job: the message and whether the queue tries it again if this attempt fails. */
export interface SendJob {
  messageId: number;
  isLastAttempt: boolean;
}

/**
 * Sends a batch of messages: claimed in one statement, then sent at once (the mail transport's pool sends
 * MAIL_CONCURRENCY at a time), and their outcomes recorded in one statement once the last is sent: a few turns on
 * the database a batch instead of two a message (on the embedded database every turn competes with the answer
 * saves). Resolves with each job's error when it is to be tried again, else null; a message is claimed once, however
 * many jobs name it.
 */
export async function deliverMessages(deps: MessagingDeps, jobs: SendJob[]): Promise<(Error | null)[]> {
  const ids = [...new Set(jobs.map((job) => job.messageId))];
  const claims = await claimMessages(deps.db, ids, deps.clock.now());
  const outcomes: MessageOutcome[] = [];
  const errors = await Promise.all(
    jobs.map(async (job) => {
      const taken = claims.get(job.messageId);
      claims.delete(job.messageId);
      try {
        await deliverClaimed(deps, taken, job, (outcome) => {
          outcomes.push(outcome);
        });
        return null;
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    }),
  );
  // Should this fail, every job of the batch is tried again and finds its message `sending`: settled `unknown`.
  await finishMessages(deps.db, outcomes);
  return errors;
}

/** Sends one message (what Messaging.deliver runs); throws when it should be tried again. */
export async function deliverMessage(
  deps: MessagingDeps,
  messageId: number,
  options: { isLastAttempt: boolean } = { isLastAttempt: false },
): Promise<void> {
  const [error] = await deliverMessages(deps, [{ messageId, ...options }]);
  if (error) {
    throw error;
  }
}

async function deliverClaimed(
  deps: MessagingDeps,
  taken: MessageClaim | undefined,
  options: { isLastAttempt: boolean },
  record: (outcome: MessageOutcome) => void,
): Promise<void> {
  const { clock } = deps;
  if (!taken) {
    return; // sent, bounced or cancelled already: a job run twice sends nothing twice
  }
  if ('stale' in taken) {
    // The process sending it stopped mid-way: it may have gone out, so it is not sent again (never twice), and the
    // clinician reads "state unknown", not "failed", so as not to send a duplicate unasked.
    settle(deps, record, taken.stale, {
      state: 'unknown',
      response:
        'The server stopped while sending this message: it may have been delivered. Ask the patient before sending it again.',
    });
    return;
  }
  const { claimed: message, context } = taken;
  const now = clock.now();
  const why = context ? whyNotSend(message, context, now) : 'the test no longer exists';
  if (!context || why) {
    settle(deps, record, message, { state: 'cancelled', response: `Not sent: ${why}.` });
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
  settle(deps, record, message, {
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

function settle(
  deps: MessagingDeps,
  record: (outcome: MessageOutcome) => void,
  message: MessageRow,
  outcome: { state: SettledState; response: string },
): void {
  record({
    id: message.id,
    ...outcome,
    now: deps.clock.now(),
    audit: {
      actor: SYSTEM_ACTOR,
      action: STATE_ACTIONS[outcome.state],
      assessmentId: message.assessmentId,
      details: {
        messageId: message.id,
        kind: message.kind,
        attempt: message.attempts + (message.state === 'sending' ? 0 : 1),
        response: outcome.response,
      },
    },
  });
  if (outcome.state !== 'sent') {
    deps.log.warn({ messageId: message.id, kind: message.kind, state: outcome.state }, 'message not sent');
  }
}
