// `npm test`: every check the project has, in order, with a summary of what ran.
// Integration tests run on embedded PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const steps = [
  { name: 'lint (eslint + prettier + dependency-cruiser boundaries)', command: 'npm run --silent lint' },
  { name: 'typecheck (tsc --noEmit per workspace)', command: 'npm run --silent typecheck' },
  { name: 'unit tests', command: 'npx vitest run --project unit' },
  { name: 'web component tests (jsdom, msw)', command: 'npx vitest run --project web' },
  { name: 'integration tests on PGlite', command: 'npx vitest run --project integration', env: { TEST_DB: 'pglite' } },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: 'integration tests on PostgreSQL',
    command: 'npx vitest run --project integration',
    env: { TEST_DB: 'postgres' },
  });
}
steps.push({ name: 'end-to-end tests in Chromium', command: 'npm run --silent test:e2e' });
// Crash and restart tests last: they start and kill server processes (and may restart PostgreSQL).
steps.push({ name: 'resilience tests (SIGKILL, database restart)', command: 'npm run --silent test:resilience' });

const results = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const run = spawnSync(step.command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC', ...step.env },
  });
  results.push({ name: step.name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
}
console.log(
  `Database back ends: PGlite${process.env.TEST_DATABASE_URL ? ' and PostgreSQL' : ' only (set TEST_DATABASE_URL to add PostgreSQL)'}`,
);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
