import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { MailConfig } from '../../config';

// Sending over SMTP with nodemailer; what the server answered decides the message's state: accepted → sent; a
// permanent refusal (5xx) → bounced, not tried again; anything else (no connection, 4xx, a time-out) → failed and
// tried again later by the job queue.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Our own Message-ID, the same on every attempt of one message. */
  messageId: string;
}

export type SendOutcome =
  { state: 'sent'; response: string } | { state: 'bounced'; response: string } | { state: 'failed'; response: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

export function createMailTransport(config: MailConfig): MailTransport {
  // Pooled: MAIL_CONCURRENCY connections kept open and reused, one per message sent at once.
  const options = {
    pool: true as const,
    maxConnections: config.concurrency,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
  // nodemailer takes a `url` option alone and drops every option beside it (the pool, its size, the time-outs), so
  // SMTP_URL goes in as the options it stands for.
  const connection = typeof config.smtp === 'string' ? parseConnectionUrl(config.smtp) : config.smtp;
  const transporter = nodemailer.createTransport({ ...connection, ...options });
  return {
    send: async (mail) => {
      try {
        const info = await transporter.sendMail({ from: config.from, ...mail });
        return { state: 'sent', response: String(info.response ?? '') };
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message?: string; code?: string };
        const response = e.response ?? `${e.code ?? 'ERROR'}: ${e.message ?? 'sending failed'}`;
        return { state: e.responseCode && e.responseCode >= 500 ? 'bounced' : 'failed', response };
      }
    },
    close: () => transporter.close(),
  };
}
