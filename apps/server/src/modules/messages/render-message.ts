import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAIL_TEMPLATES_FOLDER } from '../../lib/server-files';
import { LETTER_LOCALES } from '@pid5/i18n';
import { translator } from '../../i18n/translator';

// The messages' texts are files (templates/{kind}.{language}.txt and .html): the first line of the text part is the
// subject. Placeholders {{name}}; every value is escaped in the HTML part. What a message may say is decided by the
// values passed in: never a patient identifier, diagnosis, answer or score (DESIGN.md "Messages to patients and
// clinicians").

export const MESSAGE_LANGUAGES = ['en', 'de'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export type TemplateKind = 'invitation' | 'reminder' | 'completion' | 'retest-no-credit';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: string;
  text: string;
  html: string;
}

const cache = new Map<string, Template>();

function loadTemplate(kind: TemplateKind, language: MessageLanguage): Template {
  const key = `${kind}.${language}`;
  const cached = cache.get(key);
  if (cached) {
    return cached;
  }
  const read = (ext: string) => readFileSync(fileURLToPath(new URL(`${key}.${ext}`, MAIL_TEMPLATES_FOLDER)), 'utf8');
  const [first = '', ...rest] = read('txt').split('\n');
  const match = /^Subject: (.+)$/.exec(first);
  if (!match?.[1]) {
    throw new Error(`Mail template ${key}.txt must start with "Subject: …"`);
  }
  const template = { subject: match[1], text: rest.join('\n').replace(/^\n+/, ''), html: read('html') };
  cache.set(key, template);
  return template;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fill(template: string, values: Record<string, string>, escape: (v: string) => string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(`Mail template value {{${name}}} missing`);
    }
    return escape(value);
  });
}

/** A language we have templates for, else English. */
export function messageLanguage(language: string | null | undefined): MessageLanguage {
  return (MESSAGE_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as MessageLanguage) : 'en';
}

/**
 * A due date in plain words in the message's language, with the time it ends and the zone it is told in: the
 * institute's (INSTITUTE_TIME_ZONE) when configured, else UTC, named. "Saturday, 26 December 2026, 14:00 (UTC)",
 * "Samstag, 26. Dezember 2026, 14:00 Uhr (MEZ)".
 */
export function dueDateInWords(date: Date, language: MessageLanguage, timeZone: string | null = null): string {
  const locale = LETTER_LOCALES[language];
  const zone = timeZone ?? 'UTC';
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(date);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(date);
  const zoneName = timeZone
    ? (new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')?.value ?? zone)
    : 'UTC';
  return translator(language)('message.dueDate', { day, time, zone: zoneName });
}

export function renderMessage(
  kind: TemplateKind,
  language: MessageLanguage,
  values: Record<string, string>,
): RenderedMessage {
  const template = loadTemplate(kind, language);
  return {
    subject: fill(template.subject, values, (v) => v.replace(/[\r\n]+/g, ' ')),
    text: fill(template.text, values, (v) => v),
    html: `<!doctype html><html lang="${language}"><body>${fill(template.html, values, escapeHtml)}</body></html>`,
  };
}

const smsCache = new Map<string, string>();

/** A text message (templates/{kind}.{language}.sms.txt): one line, the values as they are. */
export function renderSms(kind: 'invitation' | 'reminder', language: MessageLanguage, values: Record<string, string>) {
  const key = `${kind}.${language}`;
  let template = smsCache.get(key);
  if (template === undefined) {
    template = readFileSync(fileURLToPath(new URL(`${key}.sms.txt`, MAIL_TEMPLATES_FOLDER)), 'utf8').trim();
    smsCache.set(key, template);
  }
  return fill(template, values, (v) => v.replace(/[\r\n]+/g, ' '));
}
