import type { MailConfig } from '../../config';
import type { SendOutcome } from './mail-transport';

// Text messages through Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic
// with the account SID and auth token, a form body with To, From and Body; 201 with the message's sid and status,
// else a JSON error with Twilio's `code` and `message`). What Twilio answered decides the state as for e-mail: a 4xx
// about the number (400, e.g. 21211 not a valid number, 21610 the number opted out) → bounced; no answer, 429 or
// 5xx → failed and tried again; our own credentials refused (401, 403) → failed, visible with Twilio's words.

export interface SmsTransport {
  send(sms: { to: string; body: string }): Promise<SendOutcome>;
}

export function createSmsTransport(
  config: NonNullable<MailConfig['sms']>,
  options: { timeoutMs?: number } = {},
): SmsTransport {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    send: async ({ to, body }) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: to, From: config.from, Body: body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        return { state: 'failed', response: `Twilio not reachable: ${(error as Error).message}` };
      }
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      };
      if (response.ok) {
        return { state: 'sent', response: `${response.status} ${answer.status ?? ''} ${answer.sid ?? ''}`.trim() };
      }
      const words = `${response.status} ${answer.code ?? ''} ${answer.message ?? ''}`.replace(/\s+/g, ' ').trim();
      return { state: response.status === 400 ? 'bounced' : 'failed', response: words };
    },
  };
}
