// `npm run test:quick`: the checks of what this branch and the working tree changed, for the loop between edits;
// `npm test` stays the whole check before pushing. Compared with `git merge-base HEAD main` (HEAD without main), or
// with the commit named by `--base <ref>` (`npm run test:quick -- --base HEAD`: only what is not committed yet).
// Lint of the changed files, the typecheck of the workspaces they are in (incremental), the unit tests that import
// them (vitest related), the web component tests beside them, and the integration tests of the server folders
// touched, on PGlite.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const lines = (text) => text.split('\n').filter(Boolean);

const baseArg = process.argv.indexOf('--base');
let base = 'HEAD';
if (baseArg !== -1 && process.argv[baseArg + 1]) {
  base = git('rev-parse', process.argv[baseArg + 1]);
} else {
  try {
    base = git('merge-base', 'HEAD', 'main');
  } catch {
    // No main branch here: the working tree's changes only.
  }
}
const changed = [
  ...new Set([
    ...lines(git('diff', '--name-only', '--diff-filter=ACMR', base)),
    ...lines(git('ls-files', '--others', '--exclude-standard')),
  ]),
].filter((file) => existsSync(file));
console.log(`${changed.length} files changed since ${base === 'HEAD' ? 'HEAD' : base.slice(0, 10)}`);

const code = changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
const sources = code.filter((file) => /\.(ts|tsx)$/.test(file));
// Web files: every page is reachable from the route table that most component tests render, so `vitest related`
// would pick nearly all of them; the tests beside a changed file (x.test.tsx for x.tsx) and changed tests instead.
const isWeb = (file) => file.startsWith('apps/web/');
const unitSources = sources.filter((file) => !isWeb(file) && !/\.(int|resilience)\.test\.ts$/.test(file));
const webTests = new Set();
for (const file of sources.filter(isWeb)) {
  for (const test of [file, file.replace(/\.tsx?$/, '.test.tsx'), file.replace(/\.tsx?$/, '.test.ts')]) {
    if (/\.test\.tsx?$/.test(test) && existsSync(test)) {
      webTests.add(test);
    }
  }
}

/** The workspaces to typecheck: those holding a changed file; a shared package's change reaches those using it. */
const workspaces = ['packages/instrument', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const touched = new Set(workspaces.filter((ws) => sources.some((file) => file.startsWith(`${ws}/`))));
if ([...touched].some((ws) => ws.startsWith('packages/')) || changed.includes('tsconfig.base.json')) {
  workspaces.forEach((ws) => touched.add(ws));
}

/**
 * The server folders touched (modules/<m>, http, db...), each with the integration tests it holds; a file directly
 * in apps/server/src (server.ts, app.ts) brings the tests directly there. Not the test harness (apps/server/test):
 * every integration test uses it, so its changes are for `npm test`.
 */
const serverFolders = new Set();
for (const file of changed) {
  const folder = /^apps\/server\/src\/(modules\/[^/]+|[^/]+)\//.exec(file);
  if (folder) {
    serverFolders.add(`apps/server/src/${folder[1]}`);
  } else if (/^apps\/server\/src\/[^/]+$/.test(file)) {
    serverFolders.add('apps/server/src');
  }
}
const intTests = new Set(changed.filter((file) => file.endsWith('.int.test.ts')));
for (const folder of serverFolders) {
  const entries = folder === 'apps/server/src' ? readdirSync(folder) : readdirSync(folder, { recursive: true });
  for (const entry of entries) {
    if (entry.endsWith('.int.test.ts')) {
      intTests.add(join(folder, entry));
    }
  }
}

// The same cache as `npm run lint`'s (package.json).
const ESLINT_CACHE = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];

const steps = [
  {
    name: `eslint and prettier on ${changed.length} changed files`,
    skip: changed.length === 0,
    run: () =>
      (code.length === 0 || sh('npx', ['eslint', ...ESLINT_CACHE, '--max-warnings', '0', ...code])) &&
      sh('npx', ['prettier', '--check', '--ignore-unknown', ...changed]),
  },
  {
    name: `typecheck (incremental) of ${[...touched].join(', ') || 'nothing'}`,
    skip: touched.size === 0,
    run: () => [...touched].every((ws) => sh('npm', ['run', '--silent', 'typecheck', '-w', ws])),
  },
  {
    name: `unit tests that import the ${unitSources.length} changed files outside the web app`,
    skip: unitSources.length === 0,
    run: () => sh('npx', ['vitest', 'related', '--run', '--passWithNoTests', '--project', 'unit*', ...unitSources]),
  },
  {
    name: `web component tests of the changed web files (${webTests.size})`,
    skip: webTests.size === 0,
    run: () => sh('npx', ['vitest', 'run', '--project', 'web', ...webTests]),
  },
  {
    name: `integration tests on PGlite of ${[...serverFolders].join(', ') || 'no server folder'}`,
    skip: intTests.size === 0,
    run: () => sh('npx', ['vitest', 'run', '--project', 'integration', ...intTests], { TEST_DB: 'pglite' }),
  },
];

function sh(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', ...env } });
  return result.status === 0;
}

const results = [];
for (const step of steps) {
  if (step.skip) {
    results.push({ name: step.name, outcome: 'SKIP', seconds: 0 });
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const ok = step.run();
  results.push({ name: step.name, outcome: ok ? 'PASS' : 'FAIL', seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.outcome}  ${r.name} (${r.seconds}s)`);
}
process.exit(results.some((r) => r.outcome === 'FAIL') ? 1 : 0);
