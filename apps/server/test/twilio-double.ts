import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { closePlainServer, listenPlainServer, readBody } from '../src/lib/plain-http';

// A stand-in for Twilio's Messages API, built from its documented contract: POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic (AccountSid:AuthToken) and a form body (To, From,
// Body); 201 with the Message resource (sid "SM…", status "queued"); errors as JSON { code, message, more_info,
// status }: 401 code 20003 for wrong credentials, 400 code 21211 for a To that is not a valid number, 400 code 21610
// for a number that replied STOP.

export interface TwilioDouble {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted, in order. */
  sent: { to: string; from: string; body: string; sid: string }[];
  /** Numbers answered 21610 (the recipient unsubscribed). */
  unsubscribed: Set<string>;
  close(): Promise<void>;
}

export async function startTwilioDouble(): Promise<TwilioDouble> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const sent: TwilioDouble['sent'] = [];
  const unsubscribed = new Set<string>();
  const { server, port } = await listenPlainServer(0, '127.0.0.1');
  const json = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  server.on('request', (req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        error(res, 404, 20404, 'The requested resource was not found');
        return;
      }
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        error(res, 401, 20003, 'Authenticate');
        return;
      }
      const form = new URLSearchParams(await readBody(req, 10_000));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9][0-9]{6,14}$/.test(to)) {
        error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        return;
      }
      if (!body) {
        error(res, 400, 21602, 'Message body is required.');
        return;
      }
      if (unsubscribed.has(to)) {
        error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
        return;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      sent.push({ to, from, body, sid });
      json(res, 201, {
        sid,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    })();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    sent,
    unsubscribed,
    close: () => closePlainServer(server),
  };
}
