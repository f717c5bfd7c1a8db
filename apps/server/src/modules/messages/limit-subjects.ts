import { createHmac } from 'node:crypto';

// The per-address and per-number send limits count under a keyed hash (HMAC with APP_SECRET), not a plain one: a
// copy of the rate-limit table (a dump, a backup) cannot be matched against a list of addresses without the secret.
// The counters last a day at most and are pruned after; a changed APP_SECRET starts them afresh.

export interface LimitSubjects {
  email(address: string): string;
  phone(number: string): string;
}

export function createLimitSubjects(appSecret: string): LimitSubjects {
  const mac = (kind: string, value: string) =>
    createHmac('sha256', appSecret).update(`send-limit:${kind}:${value}`).digest('hex');
  return {
    email: (address) => mac('email', address.toLowerCase()),
    phone: (number) => mac('phone', number.replace(/[^\d+]/g, '')),
  };
}
