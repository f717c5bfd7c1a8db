import type { Db } from '../../db/database';
import { countHit, readCounter } from '../../db/rate-limit-counters';
import type { Clock } from '../../lib/clock';

// Unknown codes: 30 per address per 10 minutes, then every patient lookup from that address waits.
export const UNKNOWN_CODE_LIMIT = { max: 30, windowMs: 10 * 60_000 };

/**
 * Counts lookups of unknown link codes per IP address and refuses every patient lookup from an address
 * that made too many (OWASP: rate-limit guessing of credentials). Refusing valid codes too is the point:
 * otherwise the different answer would still tell a guesser when a code exists.
 *
 * The count lives in the database, so it holds across every server process (DESIGN.md "Architecture"): each unknown code is
 * counted there, and the answer to it comes from that count. Whether an address is blocked is read from the
 * database at most once a second per address and process (`CHECK_EVERY_MS`), so answer saves do not pay a query
 * each; a valid link used from an address that another process blocked less than a second ago may still be
 * served (a guesser's next unknown code is refused at once, whichever process answers).
 */
export interface UnknownCodeLimiter {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  retryAfterSeconds(ip: string): Promise<number>;
  /** Counts an unknown code from the address; returns the seconds it must wait when it was already over the limit. */
  recordMiss(ip: string): Promise<number>;
}

const SCOPE = 'unknown link codes';
const CHECK_EVERY_MS = 1_000;

export function createUnknownCodeLimiter(options: {
  db: Db;
  max: number;
  windowMs: number;
  clock: Clock;
  /** Addresses whose last check this process remembers at most (oldest forgotten first). */
  maxTracked?: number;
}): UnknownCodeLimiter {
  const { db, max, windowMs, clock } = options;
  const maxTracked = options.maxTracked ?? 10_000;
  // Per address: when this process last asked the database, and until when the address is blocked (0: not).
  const checked = new Map<string, { at: number; blockedUntil: number }>();

  const remember = (ip: string, at: number, blockedUntil: number) => {
    checked.delete(ip);
    if (checked.size >= maxTracked) {
      const oldest = checked.keys().next().value;
      if (oldest !== undefined) {
        checked.delete(oldest);
      }
    }
    checked.set(ip, { at, blockedUntil });
  };
  const secondsUntil = (blockedUntil: number, now: number) =>
    blockedUntil > now ? Math.max(1, Math.ceil((blockedUntil - now) / 1000)) : 0;

  return {
    async retryAfterSeconds(ip) {
      const now = clock.now();
      const nowMs = now.getTime();
      const known = checked.get(ip);
      if (known && (nowMs - known.at < CHECK_EVERY_MS || known.blockedUntil > nowMs)) {
        return secondsUntil(known.blockedUntil, nowMs);
      }
      const state = await readCounter(db, { scope: SCOPE, subject: ip, now });
      const blockedUntil = state.hits >= max ? nowMs + state.remainingMs : 0;
      remember(ip, nowMs, blockedUntil);
      return secondsUntil(blockedUntil, nowMs);
    },
    async recordMiss(ip) {
      const now = clock.now();
      const nowMs = now.getTime();
      const state = await countHit(db, { scope: SCOPE, subject: ip, windowMs, now });
      const blockedUntil = state.hits >= max ? nowMs + state.remainingMs : 0;
      remember(ip, nowMs, blockedUntil);
      // The max-th unknown code is still answered as unknown; every request after it waits.
      return state.hits > max ? secondsUntil(blockedUntil, nowMs) : 0;
    },
  };
}
