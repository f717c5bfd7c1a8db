import type { Clock } from '../../lib/clock';

// Unknown codes: 30 per address per 10 minutes, then every patient lookup from that address waits.
export const UNKNOWN_CODE_LIMIT = { max: 30, windowMs: 10 * 60_000 };

/**
 * Counts lookups of unknown link codes per IP address and refuses every patient lookup from an address
 * that made too many (OWASP: rate-limit guessing of credentials). Refusing valid codes too is the point:
 * otherwise the different answer would still tell a guesser when a code exists. In memory, per process,
 * like the other rate limits; a fixed window per address.
 */
export interface UnknownCodeLimiter {
  /** Seconds until the address may try again, or 0 when it is not blocked. */
  retryAfterSeconds(ip: string): number;
  recordMiss(ip: string): void;
}

export function createUnknownCodeLimiter(options: {
  max: number;
  windowMs: number;
  clock: Clock;
  /** Addresses remembered at most (oldest forgotten first), so a flood of addresses cannot grow memory. */
  maxTracked?: number;
}): UnknownCodeLimiter {
  const { max, windowMs, clock } = options;
  const maxTracked = options.maxTracked ?? 10_000;
  const misses = new Map<string, { count: number; windowStart: number }>();

  const current = (ip: string, now: number) => {
    const entry = misses.get(ip);
    if (entry && now - entry.windowStart >= windowMs) {
      misses.delete(ip);
      return undefined;
    }
    return entry;
  };

  return {
    retryAfterSeconds(ip) {
      const now = clock.now().getTime();
      const entry = current(ip, now);
      return entry && entry.count >= max ? Math.max(1, Math.ceil((entry.windowStart + windowMs - now) / 1000)) : 0;
    },
    recordMiss(ip) {
      const now = clock.now().getTime();
      const entry = current(ip, now);
      if (entry) {
        entry.count++;
        return;
      }
      if (misses.size >= maxTracked) {
        const oldest = misses.keys().next().value;
        if (oldest !== undefined) {
          misses.delete(oldest);
        }
      }
      misses.set(ip, { count: 1, windowStart: now });
    },
  };
}
