import { describe, expect, it } from 'vitest';
import { queueKey, type QueueStorage } from './answer-queue';
import { AnswerSync, type AnswerTransport, type SavedAnswers, type SaveFailure, type SentAnswer } from './answer-sync';

const EMPTY = '9'.repeat(220);

interface Call {
  kind: 'one' | 'many';
  answers: SentAnswer[];
  resolve(saved?: Partial<SavedAnswers>): void;
  reject(failure: SaveFailure): void;
}

/**
 * A server stand-in: keeps the answers it acknowledged; each call waits until the test settles it. The answers' ages
 * are kept only when asked for (`withAges`), so the other tests compare items and values.
 */
function fakeServer(initial = EMPTY, withAges = false) {
  let stored = initial;
  const calls: Call[] = [];
  const call = (kind: Call['kind'], sent: Call['answers']) =>
    new Promise<SavedAnswers>((resolve, reject) => {
      const answers = withAges ? sent : sent.map(({ item, value }) => ({ item, value }));
      calls.push({
        kind,
        answers,
        resolve: (saved) => {
          for (const { item, value } of answers) {
            stored = stored.slice(0, item - 1) + String(value) + stored.slice(item);
          }
          resolve({ answers: stored, answeredCount: stored.replaceAll('9', '').length, ...saved });
        },
        reject,
      });
    });
  const transport: AnswerTransport = {
    saveOne: (item, value, answeredMsAgo) =>
      call('one', [answeredMsAgo === undefined ? { item, value } : { item, value, answeredMsAgo }]),
    saveMany: (answers) => call('many', answers),
  };
  return {
    transport,
    calls,
    get stored() {
      return stored;
    },
    set stored(value: string) {
      stored = value;
    },
  };
}

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function setup(
  options: {
    storage?: ReturnType<typeof memoryStorage>;
    serverAnswers?: string;
    online?: boolean;
    now?: () => number;
  } = {},
) {
  const server = fakeServer(options.serverAnswers, options.now !== undefined);
  const storage = options.storage ?? memoryStorage();
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const network = { online: options.online ?? true };
  const closed: string[] = [];
  const sync = new AnswerSync({
    code: 'code-1',
    serverAnswers: options.serverAnswers ?? EMPTY,
    transport: server.transport,
    storage,
    isOnline: () => network.online,
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    onClosed: (code) => closed.push(code),
    random: () => 0.5,
    ...(options.now ? { now: options.now } : {}),
  });
  const pendingTimers = () => timers.filter((t) => !t.cancelled);
  const runTimers = () => {
    for (const timer of pendingTimers()) {
      timer.cancelled = true;
      timer.run();
    }
  };
  return { sync, server, storage, network, closed, timers, pendingTimers, runTimers };
}

/** The stored queue's items and values (each entry also carries the time its answer was given). */
function storedQueue(storage: QueueStorage): [number, number][] {
  const entries = JSON.parse(storage.getItem(queueKey('code-1')) ?? '[]') as [number, number, number?][];
  return entries.map(([item, value]) => [item, value]);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const offlineFailure: SaveFailure = { status: 0, code: 'NETWORK' };

describe('AnswerSync', () => {
  it('sends each answer with how long ago it was given, also after waiting offline and a reload', async () => {
    const clock = { ms: 1_000_000 };
    const storage = memoryStorage();
    const first = setup({ storage, online: false, now: () => clock.ms });
    first.sync.answer(1, 2);
    clock.ms += 5_000;
    first.sync.answer(2, 3);
    first.sync.stop();
    clock.ms += 60_000;
    const second = setup({ storage, now: () => clock.ms });
    second.sync.start();
    expect(second.server.calls[0]?.answers).toEqual([
      { item: 1, value: 2, answeredMsAgo: 65_000 },
      { item: 2, value: 3, answeredMsAgo: 60_000 },
    ]);
    second.server.calls[0]?.resolve();
    await settle();
    expect(storage.data.has(queueKey('code-1'))).toBe(false);
    second.sync.answer(3, 1);
    expect(second.server.calls[1]?.answers).toEqual([{ item: 3, value: 1, answeredMsAgo: 0 }]);
  });

  it('sends a queue stored before answers had times without an age', () => {
    const storage = memoryStorage();
    storage.setItem(queueKey('code-1'), JSON.stringify([[4, 1]]));
    const { sync, server } = setup({ storage });
    sync.start();
    expect(server.calls[0]?.answers).toEqual([{ item: 4, value: 1 }]);
  });

  it('sends one request per answer and shows Saved only when the server acknowledged it', async () => {
    const { sync, server, storage } = setup();
    expect(sync.answer(3, 2)).toBe(true);
    expect(sync.getSnapshot()).toMatchObject({ status: 'saving', answeredCount: 1, pendingCount: 1 });
    expect(storedQueue(storage)).toEqual([[3, 2]]);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ kind: 'one', answers: [{ item: 3, value: 2 }] });

    server.calls[0]?.resolve();
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    expect(storage.getItem(queueKey('code-1'))).toBeNull();
  });

  it('does nothing when the answer already given is chosen again', () => {
    const { sync, server } = setup({ serverAnswers: `2${EMPTY.slice(1)}` });
    expect(sync.answer(1, 2)).toBe(false);
    expect(server.calls).toHaveLength(0);
    expect(sync.getSnapshot().status).toBe('idle');
  });

  it('never lets an older value overtake a newer one for the same item', async () => {
    const { sync, server } = setup();
    sync.answer(10, 1);
    sync.answer(10, 3);
    expect(server.calls).toHaveLength(1);
    server.calls[0]?.resolve();
    await settle();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toMatchObject({ answers: [{ item: 10, value: 3 }] });
    expect(sync.getSnapshot().status).toBe('saving');
    server.calls[1]?.resolve();
    await settle();
    expect(server.stored.charAt(9)).toBe('3');
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
  });

  it('keeps failed answers queued, shows Offline, and re-sends them in one batch with backoff', async () => {
    const { sync, server, storage, pendingTimers, runTimers } = setup();
    sync.answer(1, 0);
    sync.answer(2, 1);
    server.calls[0]?.reject(offlineFailure);
    server.calls[1]?.reject(offlineFailure);
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: 'offline', pendingCount: 2, answeredCount: 2 });
    expect(storedQueue(storage)).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(pendingTimers().map((t) => t.ms)).toEqual([1_000]);

    runTimers();
    expect(server.calls[2]).toMatchObject({
      kind: 'many',
      answers: [
        { item: 1, value: 0 },
        { item: 2, value: 1 },
      ],
    });
    server.calls[2]?.reject(offlineFailure);
    await settle();
    expect(pendingTimers().map((t) => t.ms)).toEqual([2_000]);

    runTimers();
    server.calls[3]?.resolve();
    await settle();
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', pendingCount: 0 });
    expect(storage.getItem(queueKey('code-1'))).toBeNull();
    expect(server.stored.slice(0, 3)).toBe('019');
  });

  it('queues without sending while the browser is offline, and sends at once when it comes back', async () => {
    const { sync, server, network } = setup({ online: false });
    sync.answer(5, 3);
    sync.answer(6, 2);
    expect(server.calls).toHaveLength(0);
    expect(sync.getSnapshot().status).toBe('offline');

    network.online = true;
    sync.online();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.kind).toBe('many');
    server.calls[0]?.resolve();
    await settle();
    expect(sync.getSnapshot().status).toBe('saved');
  });

  it('shows the retrying state for server errors (not Offline)', async () => {
    const { sync, server } = setup();
    sync.answer(5, 3);
    server.calls[0]?.reject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await settle();
    expect(sync.getSnapshot().status).toBe('retrying');
  });

  it('restores queued answers after a reload, shows them, and sends them', async () => {
    const storage = memoryStorage();
    storage.setItem(queueKey('code-1'), '[[4,1],[200,3]]');
    const { sync, server } = setup({ storage, serverAnswers: `3${EMPTY.slice(1)}` });
    expect(sync.getSnapshot()).toMatchObject({ answeredCount: 3, pendingCount: 2 });
    expect(sync.getSnapshot().answers.charAt(3)).toBe('1');
    sync.start();
    expect(server.calls[0]).toMatchObject({
      kind: 'many',
      answers: [
        { item: 4, value: 1 },
        { item: 200, value: 3 },
      ],
    });
    server.calls[0]?.resolve();
    await settle();
    expect(storage.data.size).toBe(0);
  });

  it('a successful save sends whatever was left waiting at once, without waiting for the timer', async () => {
    const { sync, server, pendingTimers } = setup();
    sync.answer(1, 1);
    server.calls[0]?.reject(offlineFailure);
    await settle();
    expect(pendingTimers()).toHaveLength(1);
    sync.answer(2, 2);
    server.calls[1]?.resolve();
    await settle();
    expect(pendingTimers()).toHaveLength(0);
    expect(server.calls[2]).toMatchObject({ answers: [{ item: 1, value: 1 }] });
  });

  it('takes answers saved from another device from the server response', async () => {
    const { sync, server } = setup();
    server.stored = `${EMPTY.slice(0, 99)}2${EMPTY.slice(100)}`;
    sync.answer(1, 0);
    server.calls[0]?.resolve();
    await settle();
    expect(sync.getSnapshot().answers.charAt(99)).toBe('2');
    expect(sync.getSnapshot().answeredCount).toBe(2);
  });

  it('stops and reports when the test was completed or expired elsewhere, dropping the queue', async () => {
    const { sync, server, storage, closed } = setup();
    sync.answer(1, 0);
    server.calls[0]?.reject({ status: 410, code: 'LINK_EXPIRED' });
    await settle();
    expect(closed).toEqual(['LINK_EXPIRED']);
    expect(sync.getSnapshot().status).toBe('closed');
    expect(storage.data.size).toBe(0);
    expect(sync.answer(2, 1)).toBe(false);
  });
});
