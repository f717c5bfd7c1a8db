// The PDF pool's waiting line: each requester (a signed-in user) has a few reports in flight at most, and the next
// report drawn is that of the waiting requester served longest ago, so one clinician asking for 40 reports at once
// delays another's by one report, not forty.

/** One requester's reports: waiting ones in order, how many are in flight, and when they were last served. */
interface Requester<T> {
  waiting: T[];
  inFlight: number;
  lastServed: number;
}

export interface FairQueue<T> {
  /** Reports waiting for a worker, of every requester. */
  readonly waiting: number;
  /** Reports of `requester` waiting or being drawn. */
  inFlight(requester: string): number;
  add(requester: string, item: T): void;
  /** The next report to draw: the first waiting one of the requester served longest ago (never served: first). */
  takeNext(): T | undefined;
  /** A report of `requester` has ended (drawn or failed): one more of theirs may come. */
  release(requester: string): void;
  /** Empties the waiting line (the pool closes), handing back every report that was in it. */
  takeAllWaiting(): T[];
}

export function createFairQueue<T>(): FairQueue<T> {
  /** Requesters with reports in flight (kept only while they have some). */
  const requesters = new Map<string, Requester<T>>();
  let waiting = 0;
  let servedCount = 0;
  return {
    get waiting() {
      return waiting;
    },
    inFlight: (requester) => requesters.get(requester)?.inFlight ?? 0,
    add(requesterId, item) {
      const requester = requesters.get(requesterId) ?? { waiting: [], inFlight: 0, lastServed: 0 };
      requester.waiting.push(item);
      requester.inFlight += 1;
      requesters.set(requesterId, requester);
      waiting += 1;
    },
    takeNext() {
      let next: Requester<T> | undefined;
      for (const requester of requesters.values()) {
        if (requester.waiting.length > 0 && (!next || requester.lastServed < next.lastServed)) {
          next = requester;
        }
      }
      if (!next) {
        return undefined;
      }
      servedCount += 1;
      next.lastServed = servedCount;
      waiting -= 1;
      return next.waiting.shift();
    },
    release(requesterId) {
      const requester = requesters.get(requesterId);
      if (requester) {
        requester.inFlight -= 1;
        if (requester.inFlight <= 0) {
          requesters.delete(requesterId);
        }
      }
    },
    takeAllWaiting() {
      const taken = [...requesters.values()].flatMap((requester) => requester.waiting.splice(0));
      waiting = 0;
      return taken;
    },
  };
}
