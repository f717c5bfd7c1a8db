import { describe, expect, it } from 'vitest';
import {
  countAnswered,
  fillUnanswered,
  findNextUnanswered,
  loadQueue,
  mergeQueuedAnswers,
  queueKey,
  retryDelayMs,
  saveQueue,
  valueForKey,
  type QueueStorage,
} from './answer-queue';

const EMPTY = '9'.repeat(220);
const withAnswers = (answers: Record<number, number>, base = EMPTY) => {
  const chars = base.split('');
  for (const [item, value] of Object.entries(answers)) {
    chars[Number(item) - 1] = String(value);
  }
  return chars.join('');
};

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('mergeQueuedAnswers', () => {
  it('lays queued answers over the server answers (queued wins: it is newer)', () => {
    const server = withAnswers({ 1: 0, 2: 1, 220: 3 });
    const merged = mergeQueuedAnswers(
      server,
      new Map([
        [2, 3],
        [5, 2],
      ]),
    );
    expect(merged).toBe(withAnswers({ 1: 0, 2: 3, 5: 2, 220: 3 }));
  });

  it('returns the server answers unchanged with an empty queue, and repairs a malformed server string', () => {
    expect(mergeQueuedAnswers(withAnswers({ 7: 1 }), new Map())).toBe(withAnswers({ 7: 1 }));
    // The string keeps its length (the form's: 220, 100 or 25); anything but 0-3 counts as unanswered.
    expect(mergeQueuedAnswers('12x', new Map())).toBe('129');
  });

  it("works on the form's own length: a brief form's 25 answers, ignoring a queued item beyond them", () => {
    const brief = '9'.repeat(25);
    const merged = mergeQueuedAnswers(
      brief,
      new Map([
        [25, 3],
        [26, 1],
      ]),
    );
    expect(merged).toBe(`${'9'.repeat(24)}3`);
    expect(findNextUnanswered(merged, 24)).toBe(1);
    expect(findNextUnanswered('0'.repeat(24) + '9', 25)).toBe(25);
    expect(fillUnanswered('9'.repeat(25), `1${'9'.repeat(24)}`)).toBe(`1${'9'.repeat(24)}`);
  });
});

describe('fillUnanswered', () => {
  it('takes answers another device saved, but never replaces or clears one given here', () => {
    const local = withAnswers({ 1: 2, 3: 1 });
    const server = withAnswers({ 1: 0, 2: 3 });
    expect(fillUnanswered(local, server)).toBe(withAnswers({ 1: 2, 2: 3, 3: 1 }));
  });
});

describe('findNextUnanswered', () => {
  it('finds the next unanswered item after the one just answered', () => {
    expect(findNextUnanswered(withAnswers({ 1: 0, 2: 0, 4: 0 }), 1)).toBe(3);
    expect(findNextUnanswered(withAnswers({ 1: 0, 2: 0, 4: 0 }), 3)).toBe(5);
  });

  it('starts from the top when called without an item, and wraps round at the end', () => {
    expect(findNextUnanswered(withAnswers({ 1: 0 }))).toBe(2);
    expect(findNextUnanswered(withAnswers({ 220: 1, 1: 1 }), 220)).toBe(2);
    expect(findNextUnanswered(withAnswers({ 5: 1 }, '0'.repeat(220).slice(0, 219) + '9'), 219)).toBe(220);
  });

  it('returns null when everything is answered', () => {
    expect(findNextUnanswered('3'.repeat(220), 17)).toBeNull();
  });
});

describe('retryDelayMs (backoff)', () => {
  it('doubles from 1 s up to a 30 s ceiling', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((attempt) => retryDelayMs(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads retries by ±20 %', () => {
    expect(retryDelayMs(2, () => 0)).toBe(3_200);
    expect(retryDelayMs(2, () => 1)).toBe(4_800);
  });
});

describe('queue storage', () => {
  it('round-trips a queue under a key per link, and removes the key when the queue is empty', () => {
    const storage = memoryStorage();
    saveQueue(
      storage,
      'code-a',
      new Map([
        [9, 1],
        [3, 0],
      ]),
    );
    expect(storage.data.get(queueKey('code-a'))).toBe('[[3,0],[9,1]]');
    expect([...loadQueue(storage, 'code-a')]).toEqual([
      [3, 0],
      [9, 1],
    ]);
    expect(loadQueue(storage, 'code-b').size).toBe(0);
    saveQueue(storage, 'code-a', new Map());
    expect(storage.data.has(queueKey('code-a'))).toBe(false);
  });

  it('ignores broken or tampered entries', () => {
    const storage = memoryStorage();
    storage.setItem(queueKey('c'), '[[1,2],[0,1],[221,1],[5,4],[6,"2"],"x",[7,3]]');
    expect([...loadQueue(storage, 'c')]).toEqual([
      [1, 2],
      [7, 3],
    ]);
    storage.setItem(queueKey('c'), '{not json');
    expect(loadQueue(storage, 'c').size).toBe(0);
  });

  it('survives a browser that refuses storage', () => {
    const refusing: QueueStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(loadQueue(refusing, 'c').size).toBe(0);
    expect(saveQueue(refusing, 'c', new Map([[1, 1]]))).toBe(false);
    expect(saveQueue(null, 'c', new Map([[1, 1]]))).toBe(false);
  });
});

describe('valueForKey', () => {
  it('maps 1-4 to the first to fourth answer, 0 to the first, and nothing else', () => {
    expect(['0', '1', '2', '3', '4', '5', 'a', 'Enter'].map(valueForKey)).toEqual([0, 0, 1, 2, 3, null, null, null]);
  });
});

describe('countAnswered', () => {
  it('counts characters 0-3', () => {
    expect(countAnswered(withAnswers({ 1: 0, 100: 3, 220: 2 }))).toBe(3);
    expect(countAnswered(EMPTY)).toBe(0);
  });
});
