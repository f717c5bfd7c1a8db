import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config';
import { maskAddressesIn, maskEmail, maskPhone } from './mask-email';
import { reminderSlots } from './due-message-scanner';
import { optOutPageHtml } from './opt-out-page';
import { createOptOutTokens } from './opt-out-tokens';
import { dueDateInWords, messageLanguage, renderMessage, renderSms } from './render-message';

const DAY_MS = 24 * 3_600_000;

describe('the templates', () => {
  const values = {
    institute: 'Klinik <Nord> & Co',
    link: 'https://clinic.example/test/abc',
    dueDate: 'Friday, 26 December 2026',
    minutes: '5',
    optOutLink: 'https://clinic.example/api/messages/opt-out/1.x',
    testId: '42',
    detailsLink: 'https://clinic.example/details/42',
  };

  it('begins each English sentence with a capital after the greeting, and says a follow-up is one', () => {
    for (const kind of ['invitation', 'reminder', 'completion', 'retest-no-credit'] as const) {
      const paragraphs = renderMessage(kind, 'en', { ...values, followUp: 'no' }).text.split('\n\n');
      expect(paragraphs[0]).toBe('Hello,');
      expect(paragraphs[1]).toMatch(/^[A-Z]/);
    }
    expect(renderMessage('invitation', 'en', { ...values, followUp: 'no' }).text).not.toContain('follow-up');
    const followUp = renderMessage('invitation', 'de', { ...values, followUp: 'yes' });
    expect(followUp.text).toContain('Es ist eine Folgebefragung');
    expect(followUp.html).toContain('<p>Es ist eine Folgebefragung');
  });

  it.each(['invitation', 'reminder', 'completion', 'retest-no-credit'] as const)(
    'renders %s in English and German, all filled in',
    (kind) => {
      for (const language of ['en', 'de'] as const) {
        const message = renderMessage(kind, language, values);
        expect(message.subject).not.toContain('{{');
        expect(message.text).not.toContain('{{');
        expect(message.html).not.toContain('{{');
        expect(message.html).toContain(`lang="${language}"`);
        // Values are escaped in the HTML part, as typed in the text part.
        expect(message.html).toContain('Klinik &#60;Nord&#62; &#38; Co');
        expect(message.text).toContain('Klinik <Nord> & Co');
      }
    },
  );

  it('writes the German invitation in German, with the due date in German words', () => {
    const dueDate = dueDateInWords(new Date('2026-12-26T12:00:00Z'), 'de');
    expect(dueDate).toBe('Samstag, 26. Dezember 2026, 12:00 Uhr (UTC)');
    const message = renderMessage('invitation', 'de', { ...values, dueDate });
    expect(message.subject).toBe('Ihr Fragebogen von Klinik <Nord> & Co');
    expect(message.text).toContain('Bitte füllen Sie ihn bis Samstag, 26. Dezember 2026, 12:00 Uhr (UTC) aus.');
  });

  it("tells the due date in the institute's time zone when one is configured, else in UTC, named", () => {
    const late = new Date('2026-11-26T23:30:00Z');
    expect(dueDateInWords(late, 'en')).toBe('Thursday, 26 November 2026, 23:30 (UTC)');
    // The next day in Berlin: the date follows the zone.
    expect(dueDateInWords(late, 'de', 'Europe/Berlin')).toBe('Freitag, 27. November 2026, 00:30 Uhr (MEZ)');
    expect(dueDateInWords(late, 'en', 'Europe/Berlin')).toBe('Friday, 27 November 2026, 00:30 (CET)');
  });

  it("takes the test's language when we have templates for it, else English", () => {
    expect(messageLanguage('de')).toBe('de');
    expect(messageLanguage('fr')).toBe('en');
    expect(messageLanguage(null)).toBe('en');
  });
});

describe('the opt-out page', () => {
  it('is written in the language asked for, with the form posting to the same address', () => {
    const german = optOutPageHtml('form', 'de', { action: '/api/messages/opt-out/1.x', institute: 'Klinik <Nord>' });
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('<button type="submit">Erinnerungen abbestellen</button>');
    expect(german).toContain('action="/api/messages/opt-out/1.x"');
    // In the institute's name and look; the name as text.
    expect(german).toContain(
      '<header><img src="/logo.svg" alt="" width="28" height="28">Klinik &#60;Nord&#62;</header>',
    );
    expect(german).not.toMatch(/reminders|Stop/);
    expect(optOutPageHtml('done', 'en', { institute: 'Clinic' })).toContain('You will get no more reminders');
  });

  it('offers the button only while reminders can still come', () => {
    for (const kind of ['done', 'closed', 'unknown'] as const) {
      expect(optOutPageHtml(kind, 'en', { institute: 'Clinic' })).not.toContain('<button');
    }
    expect(optOutPageHtml('closed', 'en', { institute: 'Clinic' })).toContain('No reminders will be sent');
  });
});

describe('text messages', () => {
  it.each(['invitation', 'reminder'] as const)('render %s in one line in English and German', (kind) => {
    for (const language of ['en', 'de'] as const) {
      const text = renderSms(kind, language, {
        institute: 'Klinik Nord',
        link: 'https://clinic.example/test/abc',
        dueDate: '26.12.2026',
        optOutLink: 'https://clinic.example/api/messages/opt-out/1.x',
      });
      expect(text).not.toMatch(/\{\{|\n/);
      expect(text).toContain('https://clinic.example/test/abc');
    }
  });

  it("masks a number, also inside a provider's answer", () => {
    expect(maskPhone('+4915112345678')).toBe('+49•••••78');
    expect(maskAddressesIn("400 21211 The 'To' number +4915112345678 is not a valid phone number.")).toBe(
      "400 21211 The 'To' number +49•••••78 is not a valid phone number.",
    );
  });
});

describe('addresses', () => {
  it('masks an address and every address in a mail server answer', () => {
    expect(maskAddressesIn("550 <o'neil@example.ie>: unknown; 'jane@example.org' too")).toBe(
      "550 <o•••@example.ie>: unknown; 'j•••@example.org' too",
    );
    expect(maskAddressesIn('550 jürgen@exämple.de unknown')).toBe('550 j•••@exämple.de unknown');
    expect(maskEmail('jane.doe@example.org')).toBe('j•••@example.org');
    expect(maskAddressesIn('550 5.1.1 <jane.doe@example.org>: Recipient address rejected')).toBe(
      '550 5.1.1 <j•••@example.org>: Recipient address rejected',
    );
  });
});

describe('opt-out tokens', () => {
  it('name one test, and refuse a token changed or made with another secret', () => {
    const tokens = createOptOutTokens('a'.repeat(32));
    const token = tokens.create(42);
    expect(tokens.verify(token)).toBe(42);
    expect(tokens.verify(token.replace(/^42/, '43'))).toBeNull();
    expect(createOptOutTokens('b'.repeat(32)).verify(token)).toBeNull();
    expect(tokens.verify('42.short')).toBeNull();
  });
});

describe('the reminder schedule', () => {
  it('puts reminders after the invitation and before the due date, within the test', () => {
    const invitedAt = new Date('2026-03-01T10:00:00Z');
    const dueAt = new Date(invitedAt.getTime() + 30 * DAY_MS);
    const slots = reminderSlots({ daysAfterInvitation: [3, 7, 40], daysBeforeDue: [2] }, invitedAt, dueAt);
    expect(slots.map((s) => s.key)).toEqual(['after-3', 'after-7', 'before-2']);
    expect(slots[2]?.at).toEqual(new Date(dueAt.getTime() - 2 * DAY_MS));
  });
});

describe('the mail configuration', () => {
  const base = { APP_SECRET: 'x'.repeat(32) };

  it("reads the institute's time zone for due dates, refusing one the runtime does not know", () => {
    const mail = { ...base, SMTP_URL: 'smtp://127.0.0.1:1025', MAIL_FROM: 'Clinic <noreply@clinic.example>' };
    expect(parseConfig(mail).mail?.timeZone).toBeNull();
    expect(parseConfig({ ...mail, INSTITUTE_TIME_ZONE: 'Europe/Berlin' }).mail?.timeZone).toBe('Europe/Berlin');
    expect(() => parseConfig({ ...mail, INSTITUTE_TIME_ZONE: 'Mars/Olympus' })).toThrow(/INSTITUTE_TIME_ZONE/);
  });

  it('is off without a mail server, and reads the URL, the sender and the schedule', () => {
    expect(parseConfig(base).mail).toBeNull();
    const config = parseConfig({
      ...base,
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Clinic <noreply@clinic.example>',
      REMINDER_DAYS_AFTER_INVITATION: '2, 5',
      REMINDER_DAYS_BEFORE_DUE: 'none',
    });
    expect(config.mail).toMatchObject({
      smtp: 'smtp://127.0.0.1:1025',
      from: 'Clinic <noreply@clinic.example>',
      reminders: { daysAfterInvitation: [2, 5], daysBeforeDue: [] },
    });
  });

  it('names every problem: no sender, both URL and host, a user without a password, a bad schedule', () => {
    const parse = () =>
      parseConfig({
        ...base,
        SMTP_URL: 'smtp://a',
        SMTP_HOST: 'b',
        SMTP_USER: 'u',
      });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/SMTP_URL and SMTP_HOST/);
      expect(problems).toMatch(/MAIL_FROM: required/);
      expect(problems).toMatch(/SMTP_USER and SMTP_PASSWORD/);
    }
    expect(() => parseConfig({ ...base, REMINDER_DAYS_BEFORE_DUE: 'two' })).toThrow(/whole numbers of days/);
  });
});
