import type { MailConfig } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../db/job-queue';
import type { Clock } from '../../lib/clock';
import type { LinkCodes } from '../../lib/link-codes';
import type { LimitSubjects } from './limit-subjects';
import type { MailTransport } from './mail-transport';
import type { OptOutTokens } from './opt-out-tokens';
import type { SmsTransport } from './sms-transport';

// What the messages module hands out (Messaging: the server, the routes and other modules hold it) and what it is
// made from (MessagingDeps). Types only, so every file of the module can name them without an import cycle.

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
