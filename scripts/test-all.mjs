// `npm test`: every check the project has, in order, with a summary of what ran.
// Integration tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { unfinishedTestFiles } from './unfinished-test-files.mjs';

// Steps in one group run at the same time, and their output is printed whole as each ends, so that it does not
// interleave; the groups are chosen to keep both cores of a 2-core machine busy from start to end (the whole run is
// CPU-bound there). eslint and tsc are single-threaded. The vitest runs take two workers each (vitest's default is one
// fewer than the cores), so a run whose partners finished first uses both cores for the rest.
/** The integration tests on one database back end. */
const integration = (name, db) => ({
  name: `integration tests on ${name}`,
  vitest: 'run --project integration --maxWorkers=2',
  env: { TEST_DB: db },
});

const groups = [
  // eslint and tsc take one core each and end at different times; the unit and web tests fill what they leave.
  [
    { name: 'lint (eslint + prettier + dependency-cruiser boundaries)', command: 'npm run --silent lint' },
    { name: 'typecheck (tsc --noEmit per workspace)', command: 'npm run --silent typecheck' },
    {
      name: 'unit and web component tests (happy-dom, msw)',
      vitest: "run --project 'unit*' --project web --maxWorkers=2",
    },
  ],
  // Both back ends at once when PostgreSQL is there: each test file makes its own database.
  [integration('PGlite', 'pglite'), ...(process.env.TEST_DATABASE_URL ? [integration('PostgreSQL', 'postgres')] : [])],
  // The crash and restart tests start and kill server processes and may restart PostgreSQL, so they run after the
  // integration tests, beside the end-to-end tests (embedded databases only); both spend much of their time waiting
  // (on the browser, on processes starting and dying). Beside the integration runs instead, every step took longer.
  [
    { name: 'end-to-end tests in Chromium', command: 'npm run --silent test:e2e' },
    // As `npm run test:resilience`.
    { name: 'resilience tests (SIGKILL, database restart)', vitest: 'run --project resilience' },
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

/**
 * CPU seconds (user + system) the whole machine spent busy, from /proc/stat (Linux; null elsewhere). Unlike the reaped
 * children's count it includes the PostgreSQL server and Chromium's processes, which that count misses (the end-to-end
 * step alone: 210 CPU s counted, 564 busy), and also anything else running on the machine at the time.
 */
function machineBusyCpuSeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

// vitest's JSON reports, read when a worker died to run again only the files that did not finish.
const REPORTS_DIR = 'node_modules/.cache/test-all/';

/** The shell command of a step: a vitest step also writes its JSON report, and may be limited to some files. */
function commandOf(step, files = []) {
  if (!step.vitest) {
    return step.command;
  }
  return [
    `npx vitest ${step.vitest}`,
    `--reporter=default --reporter=json --outputFile=${reportOf(step)}`,
    ...files,
  ].join(' ');
}

function reportOf(step) {
  return `${REPORTS_DIR}${step.name.replace(/[^a-z0-9]+/gi, '-')}.json`;
}

/** Runs one step: alone, its output goes straight through; beside others, it is printed whole at the step's end. */
function run(step, alone, files = []) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (alone) {
      console.log(`\n=== ${step.name} ===`);
    }
    if (step.vitest) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      rmSync(reportOf(step), { force: true });
    }
    const child = spawn(commandOf(step, files), {
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

/**
 * The files of a vitest step that did not finish, from its JSON report; an empty list (run the whole step again) when
 * there is no report or it names none.
 */
function unfinishedFilesOf(step) {
  if (!step.vitest) {
    return [];
  }
  try {
    return unfinishedTestFiles(JSON.parse(readFileSync(reportOf(step), 'utf8')), process.cwd()) ?? [];
  } catch {
    return [];
  }
}

/**
 * A step, run again once if it failed only because a test worker died (see WORKER_DIED): a vitest step only for the
 * files that did not finish (every other file's tests passed), any other step whole.
 */
async function runStep(step, alone) {
  const first = await run(step, alone);
  if (first.ok || !first.workerDied) {
    return first;
  }
  const files = unfinishedFilesOf(step);
  const what = files.length > 0 ? `once more for the files that did not finish (${files.length})` : 'once more';
  console.log(
    `\n=== ${step.name}: a test worker died (V8, nodejs/node#64500, or a native crash), no test failed; ${what} ===`,
  );
  const again = await run(step, alone, files);
  return {
    ...again,
    name: `${step.name}, run twice: a test worker died the first time${files.length > 0 ? ` (${files.join(', ')} again)` : ''}`,
    seconds: first.seconds + again.seconds,
    cpuSeconds: first.cpuSeconds === null ? null : first.cpuSeconds + again.cpuSeconds,
  };
}

const runStarted = Date.now();
const machineAtStart = machineBusyCpuSeconds();
const results = [];
const groupTimes = [];
for (const group of groups) {
  const groupStarted = Date.now();
  const machineBefore = machineBusyCpuSeconds();
  results.push(...(await Promise.all(group.map((step) => runStep(step, group.length === 1)))));
  const machineAfter = machineBusyCpuSeconds();
  groupTimes.push({
    steps: group.length,
    seconds: Math.round((Date.now() - groupStarted) / 1000),
    machineCpuSeconds: machineBefore === null ? null : Math.round(machineAfter - machineBefore),
  });
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
// Per group of steps run side by side: its wall time and the machine's busy CPU meanwhile (see machineBusyCpuSeconds).
groupTimes.forEach((g, index) => {
  const machine =
    g.machineCpuSeconds === null
      ? ''
      : `, machine busy ${g.machineCpuSeconds} CPU s (${(g.machineCpuSeconds / Math.max(g.seconds, 1)).toFixed(2)} cores)`;
  console.log(`group ${index + 1} (${g.steps} steps side by side): ${g.seconds} s${machine}`);
});
const failed = results.filter((r) => !r.ok).length;
const wallSeconds = Math.round((Date.now() - runStarted) / 1000);
const cpuTotal = results.every((r) => r.cpuSeconds !== null) ? results.reduce((sum, r) => sum + r.cpuSeconds, 0) : null;
const machineTotal = machineAtStart === null ? null : Math.round(machineBusyCpuSeconds() - machineAtStart);
const cpuFigures = [
  ...(cpuTotal === null ? [] : [`${cpuTotal} s of CPU in the steps' own processes`]),
  ...(machineTotal === null
    ? []
    : [`the machine busy ${machineTotal} CPU s, ${(machineTotal / wallSeconds).toFixed(2)} cores`]),
];
console.log(
  `${results.length - failed} passed, ${failed} failed, in ${wallSeconds} s` +
    (cpuFigures.length > 0 ? ` (${cpuFigures.join('; ')})` : ''),
);
process.exit(failed === 0 ? 0 : 1);
