import { createHmac, timingSafeEqual } from 'node:crypto';

// The opt-out link in a patient's message: `{testId}.{HMAC-SHA256(APP_SECRET, "opt-out:" + testId)}`. It names one
// test and can do one thing (stop that test's reminders), so it needs no sign-in and no stored secret.

export interface OptOutTokens {
  create(assessmentId: number): string;
  /** The test the token names, or null when it is not one of ours. */
  verify(token: string): number | null;
}

export function createOptOutTokens(appSecret: string): OptOutTokens {
  const mac = (id: number) => createHmac('sha256', appSecret).update(`opt-out:${id}`).digest('base64url').slice(0, 32);
  return {
    create: (id) => `${id}.${mac(id)}`,
    verify: (token) => {
      const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!match?.[1] || !match[2]) {
        return null;
      }
      const id = Number(match[1]);
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}
