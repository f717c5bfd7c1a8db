import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marginAtMost, type Results } from '../lib/results';
import { readRssMiB, REPO_ROOT, startServerProcess } from '../lib/server-process';
import { median } from '../lib/stats';

// Part: the production build against the server run through tsx (what `npm start` ran before the build existed), in
// the same run: time from spawn to a ready /readyz, and once idle the V8 heap in use (from /metrics) and the resident
// memory. Each started three times in turn on a fresh embedded database; the medians are compared.

const METRICS_TOKEN = 'bench-startup-metrics-token-0123456789abcdef';
const ROUNDS = 3;

interface Startup {
  readyMs: number;
  heapMiB: number;
  rssMiB: number;
}

async function measure(entry: string | undefined, idleMs: number): Promise<Startup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pid5-bench-startup-'));
  const started = performance.now();
  const server = await startServerProcess({ DATA_DIR: dataDir, METRICS_TOKEN }, entry ? { entry, cwd: REPO_ROOT } : {});
  const readyMs = performance.now() - started;
  try {
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const heapBytes = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics)?.[1] ?? Number.NaN);
    return { readyMs, heapMiB: heapBytes / 2 ** 20, rssMiB: readRssMiB(server.pid) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStartupBench(results: Results, options: { quick?: boolean } = {}): Promise<void> {
  const part = 'startup';
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  const built = join(REPO_ROOT, 'apps/server/dist/main.js');
  const idleMs = options.quick ? 1_000 : 5_000;
  const tsx: Startup[] = [];
  const production: Startup[] = [];
  for (let round = 0; round < (options.quick ? 1 : ROUNDS); round++) {
    tsx.push(await measure(undefined, idleMs));
    production.push(await measure(built, idleMs));
  }
  const pick = (runs: Startup[], key: keyof Startup) => median(runs.map((run) => run[key]));
  for (const [key, metric, unit] of [
    ['readyMs', 'start to ready (embedded database, migrations)', 'ms'],
    ['heapMiB', 'idle V8 heap used', 'MiB'],
    ['rssMiB', 'idle resident memory', 'MiB'],
  ] as const) {
    const ours = pick(production, key);
    const baseline = pick(tsx, key);
    results.add({
      part,
      metric: `built server: ${metric}`,
      unit,
      ours,
      baseline,
      baselineName: 'the same server through tsx',
      ratio: baseline / ours,
      ...(key === 'heapMiB'
        ? { goal: '≤ the tsx server', met: ours <= baseline, margin: marginAtMost(ours, baseline) }
        : {}),
    });
  }
}
