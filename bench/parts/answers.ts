import http from 'node:http';
import type { Socket } from 'node:net';
import type autocannon from 'autocannon';
import { backendLabel, createBenchDatabase, isPostgresAvailable, type BackendKind } from '../lib/databases';
import { runFixedRate, runLoad, type LoadResult } from '../lib/load';
import type { Results } from '../lib/results';
import { nextSaveAnswer, saveAnswerRequests } from '../lib/saves';
import { seedBenchDatabase } from '../lib/seed';
import { insertOpenTests } from '@pid5/server/testing';
import { readCpuMs, startServerProcess } from '../lib/server-process';

// Part 2: saving answers. Ours: one PUT per click that changes one item atomically. Baseline: the seed product's
// pattern for the same answers against the same server: per click, post the whole answer array so far (our batch
// call) and then re-read the test, two requests per click.

const GOAL_MAX: Record<BackendKind, number> = { postgres: 1500, pglite: 500 };

/** Per connection: one test answered click by click, the seed product's way (post everything, then re-read). */
function baselineClickRequests(codes: readonly string[]): autocannon.Request[] {
  let nextCode = 0;
  const answered = new Map<string, number>();
  return [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => {
        const code = codes[nextCode++ % codes.length] ?? '';
        const count = ((answered.get(code) ?? 0) % 220) + 1;
        answered.set(code, count);
        context.code = code;
        const answers = Array.from({ length: count }, (_, i) => ({ item: i + 1, value: (i * 7) % 4 }));
        return { ...request, path: `/api/patient/${code}/answers`, body: JSON.stringify({ answers }) };
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({ ...request, path: `/api/patient/${String(context.code)}` }),
    },
  ];
}

interface WireCount {
  requests: number;
  bytes: number;
}

/** One questionnaire answered click by click over one keep-alive connection, counting the bytes on the wire. */
async function answerQuestionnaire(baseUrl: string, code: string, pattern: 'ours' | 'baseline'): Promise<WireCount> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<Socket>();
  let requests = 0;
  const send = (method: string, path: string, body?: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        `${baseUrl}${path}`,
        { method, agent, headers: body ? { 'content-type': 'application/json' } : {} },
        (response) => {
          response.resume();
          response.on('end', () =>
            (response.statusCode ?? 0) < 300 ? resolve() : reject(new Error(`${method} ${response.statusCode}`)),
          );
        },
      );
      request.on('socket', (socket) => sockets.add(socket));
      request.on('error', reject);
      requests++;
      request.end(body);
    });
  const answers: { item: number; value: number }[] = [];
  for (let item = 1; item <= 220; item++) {
    const value = (item * 7) % 4;
    if (pattern === 'ours') {
      await send('PUT', `/api/patient/${code}/answers/${item}`, JSON.stringify({ value }));
    } else {
      answers.push({ item, value });
      await send('POST', `/api/patient/${code}/answers`, JSON.stringify({ answers }));
      await send('GET', `/api/patient/${code}`);
    }
  }
  let bytes = 0;
  for (const socket of sockets) {
    bytes += socket.bytesWritten + socket.bytesRead;
  }
  agent.destroy();
  return { requests, bytes };
}

function addLoadRows(
  results: Results,
  part: string,
  label: string,
  load: LoadResult,
  extra: { goal?: string; met?: boolean | null } = {},
) {
  results.add({ part, metric: `${label}: saves/s`, unit: '/s', ours: load.throughput });
  results.add({ part, metric: `${label}: p50`, unit: 'ms', ours: load.p50 });
  results.add({
    part,
    metric: `${label}: p99`,
    unit: 'ms',
    ours: load.p99,
    goal: extra.goal ?? '',
    met: extra.met ?? null,
  });
  results.add({
    part,
    metric: `${label}: errors (non-2xx)`,
    unit: '',
    ours: load.errors,
    goal: '0',
    met: load.errors === 0,
  });
  if (load.errors > 0) {
    results.note(`${part} ${label}: status codes ${JSON.stringify(load.statusCodes)}`);
  }
}

export async function runAnswersBench(results: Results, options: { quick?: boolean; backends?: BackendKind[] } = {}) {
  const backends = options.backends ?? ['pglite', 'postgres'];
  const durationS = options.quick ? 4 : 10;
  for (const kind of backends) {
    if (kind === 'postgres' && !(await isPostgresAvailable())) {
      results.note('answers: PostgreSQL not reachable on 127.0.0.1:5432; skipped');
      continue;
    }
    const part = `answers (${backendLabel(kind)})`;
    console.log(`${part}: seeding`);
    const database = await createBenchDatabase(kind);
    const { codes, baselineCodes, walkCodes } = await seedBenchDatabase(
      database,
      'answers-clinician',
      async ({ db, docs, clinicianId }) => ({
        codes: await insertOpenTests(db, { clinicianId, count: 2000, ...docs }),
        baselineCodes: await insertOpenTests(db, { clinicianId, count: 1000, ...docs }),
        walkCodes: await insertOpenTests(db, { clinicianId, count: 2, ...docs }),
      }),
    );
    const server = await startServerProcess(database.env);
    try {
      const url = server.url;
      // Warm-up (JIT, connection pool), not measured.
      await runLoad({ url, connections: 20, durationS: 2, requests: saveAnswerRequests(codes) });
      for (const rate of [100, 500]) {
        console.log(`${part}: ${rate}/s for ${durationS} s`);
        const load = await runFixedRate({ url, rate, durationS, next: nextSaveAnswer(codes) });
        addLoadRows(results, part, `${rate}/s`, load, rate === 500 ? { goal: '≤ 25 ms', met: load.p99 <= 25 } : {});
      }
      console.log(`${part}: maximum, 50 connections, ${durationS} s`);
      const cpuBefore = readCpuMs(server.pid);
      const max = await runLoad({ url, connections: 50, durationS, requests: saveAnswerRequests(codes) });
      const cpuPerSave = (readCpuMs(server.pid) - cpuBefore) / Math.max(1, max.requests);
      console.log(`${part}: baseline (post all answers + re-read per click), 50 connections, ${durationS} s`);
      const base = await runLoad({ url, connections: 50, durationS, requests: baselineClickRequests(baselineCodes) });
      const baseClicks = base.throughput / 2;
      results.add({ part, metric: 'server CPU per save (max phase)', unit: 'ms', ours: cpuPerSave });
      results.add({
        part,
        metric: 'maximum: saves/s (50 conn.)',
        unit: '/s',
        ours: max.throughput,
        baseline: baseClicks,
        baselineName: 'post all + re-read',
        ratio: max.throughput / baseClicks,
        goal: `≥ ${GOAL_MAX[kind].toLocaleString('en-US')}/s`,
        met: max.throughput >= GOAL_MAX[kind],
      });
      results.add({
        part,
        metric: 'maximum: p99',
        unit: 'ms',
        ours: max.p99,
        baseline: base.p99,
        baselineName: 'per request',
        ratio: base.p99 / max.p99,
      });
      results.add({
        part,
        metric: 'maximum: errors (non-2xx)',
        unit: '',
        ours: max.errors,
        baseline: base.errors,
        goal: '0',
        met: max.errors === 0,
      });
      if (max.errors + base.errors > 0) {
        results.note(
          `${part} maximum: status codes ours ${JSON.stringify(max.statusCodes)}, baseline ${JSON.stringify(base.statusCodes)}`,
        );
      }

      const [walkOurs, walkBase] = [walkCodes[0] ?? '', walkCodes[1] ?? ''];
      const ours = await answerQuestionnaire(url, walkOurs, 'ours');
      const baseline = await answerQuestionnaire(url, walkBase, 'baseline');
      results.add({
        part,
        metric: 'requests per questionnaire',
        unit: '',
        ours: ours.requests,
        baseline: baseline.requests,
        baselineName: 'post all + re-read',
        ratio: baseline.requests / ours.requests,
      });
      results.add({
        part,
        metric: 'kB on the wire per questionnaire',
        unit: 'kB',
        ours: ours.bytes / 1024,
        baseline: baseline.bytes / 1024,
        baselineName: 'post all + re-read',
        ratio: baseline.bytes / ours.bytes,
      });
    } finally {
      await server.stop();
      await database.drop();
    }
  }
}
