import type { MailConfig } from './app-config';
import type { ParsedEnv } from './env-schema';

// E-mail to patients and clinicians (SMTP), and text messages through Twilio beside it: the sender, the reminders,
// the limits, the workers' pace and retries.

export function mailProblems(e: ParsedEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (e.SMTP_URL && e.SMTP_HOST) {
    problems.push('SMTP_URL and SMTP_HOST: set one, not both');
  }
  if ((e.SMTP_URL || e.SMTP_HOST) && !e.MAIL_FROM) {
    problems.push(
      'MAIL_FROM: required when e-mail is configured (SMTP_URL or SMTP_HOST), e.g. "Institute <noreply@example.org>"',
    );
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three (text messages) or none');
  }
  if (twilio.some(Boolean) && !(e.SMTP_URL || e.SMTP_HOST)) {
    problems.push('TWILIO_ACCOUNT_SID: text messages run beside e-mail; set SMTP_URL or SMTP_HOST too');
  }
  if (isProduction && twilio.some(Boolean) && !e.TWILIO_API_BASE.startsWith('https://')) {
    problems.push('TWILIO_API_BASE: must be https:// in production (it carries the auth token)');
  }
  if (Boolean(e.SMTP_USER) !== Boolean(e.SMTP_PASSWORD)) {
    problems.push('SMTP_USER and SMTP_PASSWORD: set both or neither');
  }
  return problems;
}

/** E-mail when an SMTP server and MAIL_FROM are set; null otherwise. */
export function mailConfig(e: ParsedEnv): MailConfig | null {
  const smtp = smtpConfig(e);
  if (!smtp || !e.MAIL_FROM) {
    return null;
  }
  return {
    smtp,
    from: e.MAIL_FROM,
    reminders: { daysAfterInvitation: e.REMINDER_DAYS_AFTER_INVITATION, daysBeforeDue: e.REMINDER_DAYS_BEFORE_DUE },
    limits: {
      perClinicianPerHour: e.MAIL_LIMIT_PER_CLINICIAN_PER_HOUR,
      perAddressPerDay: e.MAIL_LIMIT_PER_ADDRESS_PER_DAY,
    },
    pollSeconds: e.MAIL_POLL_SECONDS,
    concurrency: e.MAIL_CONCURRENCY,
    retry: { delaySeconds: e.MAIL_RETRY_DELAY_SECONDS, limit: e.MAIL_RETRY_LIMIT },
    timeZone: e.INSTITUTE_TIME_ZONE ?? null,
    sms: smsConfig(e),
  };
}

/** SMTP_URL as given, or the server from SMTP_HOST and its parts; null when neither is set. */
function smtpConfig(e: ParsedEnv): MailConfig['smtp'] | null {
  if (e.SMTP_URL) {
    return e.SMTP_URL;
  }
  if (!e.SMTP_HOST) {
    return null;
  }
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
    secure: e.SMTP_SECURE ?? false,
    ...(e.SMTP_USER && e.SMTP_PASSWORD ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASSWORD } } : {}),
  };
}

/** Twilio's Messages API when all three of its variables are set; null otherwise. */
function smsConfig(e: ParsedEnv): MailConfig['sms'] {
  return e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
    ? {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        apiBase: e.TWILIO_API_BASE.replace(/\/$/, ''),
      }
    : null;
}
