import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { smtpSinkEnv, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createMailTransport } from './mail-transport';

// The mail transport as the server builds it from SMTP_URL, against a real SMTP server in the test process.

let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  await smtp.stop();
});

describe('a transport from SMTP_URL', () => {
  it('keeps MAIL_CONCURRENCY connections open and sends every message over them', async () => {
    const config = parseConfig({
      ...smtpSinkEnv(smtp, 'Example Clinic <noreply@clinic.example>'),
      MAIL_CONCURRENCY: '3',
      APP_SECRET: 'integration-tests-secret-0123456789abcdef',
    });
    if (!config.mail) {
      throw new Error('mail config');
    }
    const transport = createMailTransport(config.mail);
    const before = smtp.connections;
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          transport.send({
            to: `pooled-${i}@example.org`,
            subject: 'Pooled',
            text: 'Pooled',
            html: '<p>Pooled</p>',
            messageId: `<pooled-${i}@clinic.example>`,
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.state)).toEqual(Array.from({ length: 12 }, () => 'sent'));
    } finally {
      transport.close();
    }
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.startsWith('pooled-')))).toHaveLength(12);
    expect(smtp.connections - before).toBeLessThanOrEqual(3);
  });
});
