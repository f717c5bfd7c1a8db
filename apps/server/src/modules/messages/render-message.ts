import { LANGUAGES, letterLocale, type Language } from '@pid5/i18n';
import { translator, type MessageKey } from '../../i18n/translator';

// What a message says is the catalogue's (area `messages`, ICU, every language); which blocks it has, in what order,
// is here, one list per kind: the text and HTML parts are drawn from the same blocks, every value escaped in the
// HTML. What a message may say is decided by the values passed in: never a patient identifier, diagnosis, answer or
// score (DESIGN.md "Messages to patients and clinicians").

export const MESSAGE_LANGUAGES = LANGUAGES;
export type MessageLanguage = Language;
export type TemplateKind = 'invitation' | 'reminder' | 'completion' | 'retest-no-credit';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** A value a message links to. */
type LinkValue = 'link' | 'detailsLink' | 'optOutLink';

type Block =
  /** A paragraph; `when` names a value that must be 'yes' for it to be said. */
  | { text: MessageKey; when?: string }
  /** A link on a line of its own: "Label:" and the address in text, an anchor in HTML. */
  | { link: MessageKey; to: LinkValue }
  /** Small print, optionally ending with the opt-out link. */
  | { small: MessageKey; optOut?: boolean }
  | { optOutOnly: true }
  /** "Kind regards," and the institute, or the institute alone. */
  | { signature: 'regards' | 'name' };

const MAILS: Record<TemplateKind, { subject: MessageKey; blocks: readonly Block[] }> = {
  invitation: {
    subject: 'mail.invitation.subject',
    blocks: [
      { text: 'mail.greeting' },
      { text: 'mail.invitation.intro' },
      { text: 'mail.invitation.followUp', when: 'followUp' },
      { link: 'mail.openQuestionnaire', to: 'link' },
      { text: 'mail.dueDate' },
      { text: 'mail.invitation.yoursAlone' },
      { signature: 'regards' },
      { small: 'mail.invitation.why', optOut: true },
    ],
  },
  reminder: {
    subject: 'mail.reminder.subject',
    blocks: [
      { text: 'mail.greeting' },
      { text: 'mail.reminder.intro' },
      { link: 'mail.openQuestionnaire', to: 'link' },
      { text: 'mail.dueDate' },
      { signature: 'regards' },
      { optOutOnly: true },
    ],
  },
  completion: {
    subject: 'mail.completion.subject',
    blocks: [
      { text: 'mail.greeting' },
      { text: 'mail.completion.intro' },
      { link: 'mail.completion.details', to: 'detailsLink' },
      { small: 'mail.completion.settings' },
      { signature: 'name' },
    ],
  },
  'retest-no-credit': {
    subject: 'mail.retestNoCredit.subject',
    blocks: [
      { text: 'mail.greeting' },
      { text: 'mail.retestNoCredit.intro' },
      { link: 'mail.retestNoCredit.details', to: 'detailsLink' },
      { signature: 'name' },
    ],
  },
};

const SMALL = 'font-size: small; color: #555';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function required(values: Record<string, string>, name: string): string {
  const value = values[name];
  if (value === undefined) {
    throw new Error(`Message value ${name} missing`);
  }
  return value;
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
  const locale = letterLocale(language);
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
  const t = translator(language);
  const mail = MAILS[kind];
  const texts: string[] = [];
  const htmls: string[] = [];
  for (const block of mail.blocks) {
    if ('text' in block) {
      if (block.when !== undefined && values[block.when] !== 'yes') {
        continue;
      }
      const said = t(block.text, values);
      texts.push(said);
      htmls.push(`<p>${escapeHtml(said)}</p>`);
    } else if ('link' in block) {
      const href = required(values, block.to);
      texts.push(`${t(block.link)}:\n${href}`);
      htmls.push(`<p><a href="${escapeHtml(href)}">${escapeHtml(t(block.link))}</a></p>`);
    } else if ('small' in block) {
      const said = t(block.small);
      const optOut = block.optOut ? required(values, 'optOutLink') : null;
      texts.push(optOut ? `${said} ${t('mail.optOut')}: ${optOut}` : said);
      const anchor = optOut ? ` <a href="${escapeHtml(optOut)}">${escapeHtml(t('mail.optOut'))}</a>` : '';
      htmls.push(`<p style="${SMALL}">${escapeHtml(said)}${anchor}</p>`);
    } else if ('optOutOnly' in block) {
      const optOut = required(values, 'optOutLink');
      texts.push(`${t('mail.optOut')}: ${optOut}`);
      htmls.push(`<p style="${SMALL}"><a href="${escapeHtml(optOut)}">${escapeHtml(t('mail.optOut'))}</a></p>`);
    } else {
      const institute = required(values, 'institute');
      texts.push(block.signature === 'regards' ? `${t('mail.regards')}\n${institute}` : institute);
      htmls.push(
        block.signature === 'regards'
          ? `<p>${escapeHtml(t('mail.regards'))}<br />${escapeHtml(institute)}</p>`
          : `<p>${escapeHtml(institute)}</p>`,
      );
    }
  }
  return {
    subject: t(mail.subject, values).replace(/[\r\n]+/g, ' '),
    text: `${texts.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${language}"><body>${htmls.join('\n')}</body></html>`,
  };
}

const SMS: Record<'invitation' | 'reminder', MessageKey> = { invitation: 'sms.invitation', reminder: 'sms.reminder' };

/** A text message: one line, the values as they are. */
export function renderSms(kind: 'invitation' | 'reminder', language: MessageLanguage, values: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')]),
  );
  return translator(language)(SMS[kind], clean);
}
