// The browser side of "never lose an answer" (DESIGN.md "Assessment lifecycle" and "Screens"): answers not yet acknowledged by the server
// wait in a queue in localStorage, keyed by the link code, so they survive a reload or a dropped connection.
// Pure functions only (no DOM): storage is passed in, so the unit tests run in node.

/**
 * The most items a form has (the full form's 220). A test's own count is the length of its answer string from the
 * server: 220, 100 (short form) or 25 (brief form); every function here works on that length.
 */
export const ITEM_COUNT = 220;
export const UNANSWERED = '9';

/** Answers waiting for the server: item number (1 to the form's count) → value (0-3). */
export type AnswerQueue = ReadonlyMap<number, number>;

/** When each queued answer was given (epoch ms by the browser's clock), by item: sent as its age with the save. */
export type GivenTimes = ReadonlyMap<number, number>;

/** The part of Web Storage we use (window.localStorage in the browser, a Map in tests). */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function queueKey(code: string): string {
  return `pid5-pending-answers:${code}`;
}

function isItem(item: unknown): item is number {
  return typeof item === 'number' && Number.isInteger(item) && item >= 1 && item <= ITEM_COUNT;
}

function isValue(value: unknown): value is number {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

/** The queue saved for this link; anything unreadable is ignored rather than trusted. */
export function loadQueue(storage: QueueStorage | null, code: string): Map<number, number> {
  return loadQueueWithTimes(storage, code).queue;
}

/** The queue saved for this link with the time each answer was given (absent for queues saved without one). */
export function loadQueueWithTimes(
  storage: QueueStorage | null,
  code: string,
): { queue: Map<number, number>; givenAt: Map<number, number> } {
  const queue = new Map<number, number>();
  const givenAt = new Map<number, number>();
  try {
    const raw = storage?.getItem(queueKey(code));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed)) {
      for (const entry of parsed) {
        if (Array.isArray(entry) && isItem(entry[0]) && isValue(entry[1])) {
          queue.set(entry[0], entry[1]);
          if (typeof entry[2] === 'number' && Number.isFinite(entry[2])) {
            givenAt.set(entry[0], entry[2]);
          }
        }
      }
    }
  } catch {
    // Broken JSON or storage refused (private browsing): start with an empty queue.
  }
  return { queue, givenAt };
}

/** Saves the queue (removing the key when it is empty). Returns false when the browser refused to store it. */
export function saveQueue(
  storage: QueueStorage | null,
  code: string,
  queue: AnswerQueue,
  givenAt: GivenTimes = new Map(),
): boolean {
  if (!storage) {
    return false;
  }
  try {
    if (queue.size === 0) {
      storage.removeItem(queueKey(code));
    } else {
      const entries = [...queue]
        .sort((a, b) => a[0] - b[0])
        .map(([item, value]) => {
          const at = givenAt.get(item);
          return at === undefined ? [item, value] : [item, value, at];
        });
      storage.setItem(queueKey(code), JSON.stringify(entries));
    }
    return true;
  } catch {
    return false;
  }
}

/** The server's answers with the queued ones laid over them: what the page shows after a reload. */
export function mergeQueuedAnswers(serverAnswers: string, queue: AnswerQueue): string {
  const chars = normaliseAnswers(serverAnswers).split('');
  for (const [item, value] of queue) {
    // An item beyond this test's form (a queue from another test can never have one; storage edited by hand can).
    if (isItem(item) && item <= chars.length && isValue(value)) {
      chars[item - 1] = String(value);
    }
  }
  return chars.join('');
}

/**
 * Takes answers another tab or device saved (items still unanswered here) from a server response, and keeps
 * everything answered here. Answers are never cleared, so this is safe whatever order responses arrive in.
 */
export function fillUnanswered(localAnswers: string, serverAnswers: string): string {
  const server = normaliseAnswers(serverAnswers);
  let merged = '';
  for (let i = 0; i < server.length; i++) {
    const here = localAnswers.charAt(i);
    merged += here >= '0' && here <= '3' ? here : server.charAt(i);
  }
  return merged;
}

/**
 * One character per item of the form ('0'-'3' or '9'; anything else counts as unanswered), `itemCount` long: the
 * given string's own length (the server sends the form's), at most 220.
 */
export function normaliseAnswers(answers: string, itemCount = Math.min(answers.length, ITEM_COUNT)): string {
  let normalised = '';
  for (let i = 0; i < itemCount; i++) {
    const c = answers.charAt(i);
    normalised += c >= '0' && c <= '3' ? c : UNANSWERED;
  }
  return normalised;
}

export function countAnswered(answers: string): number {
  let count = 0;
  for (const c of answers) {
    if (c >= '0' && c <= '3') {
      count++;
    }
  }
  return count;
}

/** The answer to item `item` (1 to the form's count), or null. */
export function answerOf(answers: string, item: number): number | null {
  const c = answers.charAt(item - 1);
  return c >= '0' && c <= '3' ? Number(c) : null;
}

/** The first unanswered item after `afterItem`, wrapping round to the start; null when all are answered. */
export function findNextUnanswered(answers: string, afterItem = 0): number | null {
  const itemCount = answers.length;
  for (let step = 1; step <= itemCount; step++) {
    const item = ((afterItem + step - 1) % itemCount) + 1;
    if (answerOf(answers, item) === null) {
      return item;
    }
  }
  return null;
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/**
 * Wait before retry number `attempt` (0 = first retry): 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter so
 * that many phones coming back online at once do not all retry together.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Digit keys answer the focused item: 1-4 choose the first to fourth answer (values 0-3, as the page shows
 * them), and 0 also chooses the first, for people who think of the scale as 0-3.
 */
export function valueForKey(key: string): number | null {
  switch (key) {
    case '0':
    case '1':
      return 0;
    case '2':
      return 1;
    case '3':
      return 2;
    case '4':
      return 3;
    default:
      return null;
  }
}
