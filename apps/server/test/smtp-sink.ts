import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { getFreePort } from './free-port';

// A real SMTP server in the test process (smtp-server), keeping every message it accepts parsed (mailparser), so a
// test reads what a patient or clinician would receive. It can be stopped and started again on the same port (a mail
// server that is down for a while), and told to refuse an address with 550 (a bounce).

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header's value as sent (mailparser's own `headers` restructures some, e.g. List-*), by lower-case name. */
  headers: Map<string, string>;
  messageId: string | undefined;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Addresses answered `550 No such user here`. */
  refuse: Set<string>;
  /** Connections opened to it so far (a pooled sender reuses a few). */
  readonly connections: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Waits until `count` messages match `filter` (or fails after `timeoutMs`). */
  waitFor(filter: (mail: ReceivedMail) => boolean, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

function rawHeaders(mail: ParsedMail): Map<string, string> {
  return new Map(
    mail.headerLines.map((h) => [
      h.key,
      h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim(),
    ]),
  );
}

/**
 * A test server's mail settings for `sink`: it is the SMTP server, mail comes from `from`, and the job queue is polled
 * twice a second (the least it allows) so that a test sees a message soon after it is queued.
 */
export function smtpSinkEnv(sink: Pick<SmtpSink, 'url'>, from: string): Record<string, string> {
  return { SMTP_URL: sink.url, MAIL_FROM: from, MAIL_POLL_SECONDS: '0.5' };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const port = await getFreePort();
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  let connections = 0;
  let server: SMTPServer | null = null;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address.toLowerCase())) {
          const error = new Error(`No such user here: ${address.address}`) as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              headers: rawHeaders(mail),
              messageId: mail.messageId,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(port, '127.0.0.1', () => resolve());
    });
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) {
        resolve();
        return;
      }
      server.close(() => resolve());
      server = null;
    });
  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    get connections() {
      return connections;
    },
    start,
    stop,
    waitFor: async (filter, count = 1, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) {
          return matching;
        }
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} message(s), received ${matching.length} (all: ${received.length})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
