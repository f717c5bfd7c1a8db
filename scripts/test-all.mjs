// `npm test`: every check the project has, in order, with a summary of what ran.
// Integration tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

// Steps in one group run at the same time, and their output is printed whole as each ends, so that it does not
// interleave; the groups are chosen to keep both cores of a 2-core machine busy from start to end (the whole run is
// CPU-bound there). eslint and tsc are single-threaded. The vitest runs take two workers each (vitest's default is one
// fewer than the cores), so a run whose partners finished first uses both cores for the rest.
/** The integration tests on one database back end. */
const integration = (name, db) => ({
  name: `integration tests on ${name}`,
  command: 'npx vitest run --project integration --maxWorkers=2',
  env: { TEST_DB: db },
});

const groups = [
  // eslint and tsc take one core each and end at different times; the unit and web tests fill what they leave.
  [
    { name: 'lint (eslint + prettier + dependency-cruiser boundaries)', command: 'npm run --silent lint' },
    { name: 'typecheck (tsc --noEmit per workspace)', command: 'npm run --silent typecheck' },
    {
      name: 'unit and web component tests (jsdom, msw)',
      command: "npx vitest run --project 'unit*' --project web --maxWorkers=2",
    },
  ],
  // Both back ends at once when PostgreSQL is there: each test file makes its own database.
  [integration('PGlite', 'pglite'), ...(process.env.TEST_DATABASE_URL ? [integration('PostgreSQL', 'postgres')] : [])],
  // The crash and restart tests start and kill server processes and may restart PostgreSQL, so they run after the
  // integration tests, beside the end-to-end tests (embedded databases only); both spend much of their time waiting
  // (on the browser, on processes starting and dying). Beside the integration runs instead, every step took longer.
  [
    { name: 'end-to-end tests in Chromium', command: 'npm run --silent test:e2e' },
    { name: 'resilience tests (SIGKILL, database restart)', command: 'npm run --silent test:resilience' },
  ],
];

/**
 * A test worker killed by V8 itself, not by a test: "Check failed: jit_page.has_value()" under PGlite's WebAssembly
 * in worker threads (nodejs/node#64500, open), or a worker gone without a word ("Worker exited unexpectedly", as a
 * native crash is), with no test failed. Such a step is run once more, and says so; a step with a failed test is never
 * run again, and a worker that our code ends for real (process.exit) ends it again the second time.
 */
const WORKER_DIED = /Check failed: jit_page\.has_value\(\)|Worker exited unexpectedly/;
/** Vitest's summary when a test failed (colours removed first). */
const FAILED_TESTS = /Tests?(?: Files)?\s+\d+ failed/;

/**
 * CPU seconds (user + system) of the children this process has waited for, whole trees included (Linux; null
 * elsewhere). Read as each step ends, the growth since the last read is that step's CPU: it shows how much of the two
 * cores a step used, which its wall time on a loaded machine does not.
 */
function reapedChildrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of proc(5), counted from the state field (3) here; in clock ticks (100/s).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let cpuAtLastRead = reapedChildrenCpuSeconds();

/** Runs one step: alone, its output goes straight through; beside others, it is printed whole at the step's end. */
function run(step, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) {
      console.log(`\n=== ${step.name} ===`);
    }
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TZ: 'UTC', ...step.env },
    });
    const output = [];
    let workerDied = false;
    let failedTests = false;
    const take = (stream) => {
      let tail = ''; // this stream's last chunk's end, in case the message is split between two chunks
      return (chunk) => {
        const text = tail + chunk.toString();
        workerDied ||= WORKER_DIED.test(text);
        failedTests ||= FAILED_TESTS.test(stripVTControlCharacters(text));
        tail = text.slice(-64);
        if (alone) {
          stream.write(chunk);
        } else {
          output.push(chunk);
        }
      };
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const cpuNow = reapedChildrenCpuSeconds();
      const cpuSeconds = cpuNow === null ? null : Math.round(cpuNow - cpuAtLastRead);
      cpuAtLastRead = cpuNow;
      if (!alone) {
        console.log(`\n=== ${step.name} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      // Each step's time as it ends, so a slow step shows before the whole run is over.
      const cpu = cpuSeconds === null ? '' : `, ${cpuSeconds} s of CPU`;
      console.log(`=== ${step.name}: ${code === 0 ? 'PASS' : 'FAIL'} in ${seconds} s${cpu} ===`);
      resolve({ name: step.name, ok: code === 0, workerDied: workerDied && !failedTests, seconds, cpuSeconds });
    });
  });
}

/** A step, run again once if it failed only because a test worker died (see WORKER_DIED). */
async function runStep(step, alone) {
  const first = await run(step, alone);
  if (first.ok || !first.workerDied) {
    return first;
  }
  console.log(
    `\n=== ${step.name}: a test worker died (V8, nodejs/node#64500, or a native crash), no test failed; once more ===`,
  );
  const again = await run(step, alone);
  return {
    ...again,
    name: `${step.name}, run twice: a test worker died the first time`,
    seconds: first.seconds + again.seconds,
    cpuSeconds: first.cpuSeconds === null ? null : first.cpuSeconds + again.cpuSeconds,
  };
}

const runStarted = Date.now();
const results = [];
for (const group of groups) {
  results.push(...(await Promise.all(group.map((step) => runStep(step, group.length === 1)))));
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s${r.cpuSeconds === null ? '' : `, CPU ${r.cpuSeconds}s`})`,
  );
}
console.log(
  `Database back ends: PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
);
const failed = results.filter((r) => !r.ok).length;
const wallSeconds = Math.round((Date.now() - runStarted) / 1000);
const cpuTotal = results.every((r) => r.cpuSeconds !== null) ? results.reduce((sum, r) => sum + r.cpuSeconds, 0) : null;
console.log(
  `${results.length - failed} passed, ${failed} failed, in ${wallSeconds} s` +
    (cpuTotal === null ? '' : ` (${cpuTotal} s of CPU: ${(cpuTotal / wallSeconds).toFixed(2)} cores on average)`),
);
process.exit(failed === 0 ? 0 : 1);
