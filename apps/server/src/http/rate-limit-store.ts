import type { FastifyRateLimitOptions, FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { countHit } from '../db/rate-limit-counters';
import type { Clock } from '../lib/clock';

/**
 * The store behind @fastify/rate-limit. A route's limit is counted in the database (db/rate-limit-counters.ts), so
 * that it holds for the whole service however many server processes run (DESIGN.md "Architecture"), unless the route marks its
 * limit `processLocal`: then it is counted in this process's memory, for flood guards on hot paths where a database
 * write per request would cost more than the guard is worth (the patient link's 600 requests a minute; with N
 * processes a link may make up to N × 600).
 */

const PROCESS_LOCAL = Symbol('rate limit counted per process');

type StoreParams = FastifyRateLimitOptions & {
  timeWindow?: number;
  routeInfo?: { method?: string | string[]; url?: string };
  [PROCESS_LOCAL]?: boolean;
};

/** Marks a route's limit as counted per process (see above). */
export function processLocal(options: RateLimitOptions): RateLimitOptions {
  return Object.assign({}, options, { [PROCESS_LOCAL]: true });
}

/** Addresses (keys) one process-local limit remembers at most; the oldest is forgotten first. */
const MAX_LOCAL_KEYS = 10_000;

export function createRateLimitStore(db: Db, clock: Clock) {
  return class RateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;
    private readonly isProcessLocal: boolean;
    private readonly local = new Map<string, { hits: number; endsAt: number }>();

    constructor(params: FastifyRateLimitOptions) {
      const { routeInfo } = params as StoreParams;
      const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : (routeInfo?.method ?? '');
      this.scope = `route ${method} ${routeInfo?.url ?? '*'}`;
      this.isProcessLocal = (params as StoreParams)[PROCESS_LOCAL] === true;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      const windowMs = timeWindow ?? 60_000;
      const now = clock.now();
      if (this.isProcessLocal) {
        callback(null, this.countLocally(key, windowMs, now.getTime()));
        return;
      }
      countHit(db, { scope: this.scope, subject: key, windowMs, now }).then(
        (state) => callback(null, { current: state.hits, ttl: state.remainingMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new RateLimitStore(routeOptions as FastifyRateLimitOptions);
    }

    private countLocally(key: string, windowMs: number, now: number) {
      let entry = this.local.get(key);
      if (!entry || entry.endsAt <= now) {
        this.local.delete(key);
        if (this.local.size >= MAX_LOCAL_KEYS) {
          const oldest = this.local.keys().next().value;
          if (oldest !== undefined) {
            this.local.delete(oldest);
          }
        }
        entry = { hits: 0, endsAt: now + windowMs };
        this.local.set(key, entry);
      }
      entry.hits += 1;
      return { current: entry.hits, ttl: entry.endsAt - now };
    }
  };
}
