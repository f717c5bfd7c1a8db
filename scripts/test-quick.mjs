// `npm run test:quick`: the checks CI runs, for what this branch and the working tree changed, for the loop between
// edits; `npm test` stays the whole check before pushing. Compared with `git merge-base HEAD main` (HEAD without
// main), or with the commit named by `--base <ref>` (`npm run test:quick -- --base HEAD`: only what is not committed
// yet). First, side by side: eslint and prettier on the changed files, the catalogue and link checks (whole tree: a
// change anywhere can leave a key unused or a path dangling), the typecheck of every workspace a changed file is in
// or reaches through a package it uses, and the unit tests that import the changed files. Then the web component tests
// beside the changed web files and the integration tests of the server folders touched, on PGlite.
import { Buffer } from 'node:buffer';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The workspaces (root package.json) with the names of the @pid5 packages each one uses. */
export function readWorkspaces(root = '.') {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return rootPackage.workspaces.map((folder) => {
    const pkg = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    const uses = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => n.startsWith('@pid5/'));
    return { folder, name: pkg.name, uses, typecheck: Boolean(pkg.scripts?.typecheck) };
  });
}

/**
 * The workspaces to typecheck for these changed files: those holding one, and every workspace that uses one of them,
 * however indirectly (a change in packages/i18n reaches the contract, the server, the web app, e2e and bench).
 * A change to the shared TypeScript settings reaches all.
 */
export function workspacesToTypecheck(changed, workspaces) {
  const selected = new Set(
    workspaces
      .filter((ws) => changed.some((file) => file.startsWith(`${ws.folder}/`) && /\.(ts|tsx|json)$/.test(file)))
      .map((ws) => ws.name),
  );
  if (changed.includes('tsconfig.base.json')) {
    workspaces.forEach((ws) => selected.add(ws.name));
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const ws of workspaces) {
      if (!selected.has(ws.name) && ws.uses.some((name) => selected.has(name))) {
        selected.add(ws.name);
        grew = true;
      }
    }
  }
  return workspaces.filter((ws) => selected.has(ws.name) && ws.typecheck).map((ws) => ws.folder);
}

/**
 * The server folders touched (modules/<m>, http, db...), each with the integration tests it holds; a file directly
 * in apps/server/src (server.ts, app.ts) brings the tests directly there. Not the test harness (apps/server/test):
 * every integration test uses it, so its changes are for `npm test`.
 */
export function serverFoldersTouched(changed) {
  const folders = new Set();
  for (const file of changed) {
    const folder = /^apps\/server\/src\/(modules\/[^/]+|[^/]+)\//.exec(file);
    if (folder) {
      folders.add(`apps/server/src/${folder[1]}`);
    } else if (/^apps\/server\/src\/[^/]+$/.test(file)) {
      folders.add('apps/server/src');
    }
  }
  return folders;
}

/** The same cache as `npm run lint`'s (package.json). */
const ESLINT_CACHE = ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'];

/**
 * The checks for these changed files, in two groups run one after the other; the steps of a group run side by side.
 * `exists(path)` and `listFolder(folder, recursive)` read the tree (the integration and web tests to run).
 */
export function planQuickChecks(changed, { workspaces, exists, listFolder }) {
  const code = changed.filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
  const sources = code.filter((file) => /\.(ts|tsx)$/.test(file));
  // Web files: every page is reachable from the route table that most component tests render, so `vitest related`
  // would pick nearly all of them; the tests beside a changed file (x.test.tsx for x.tsx) and changed tests instead.
  const isWeb = (file) => file.startsWith('apps/web/');
  const unitSources = sources.filter((file) => !isWeb(file) && !/\.(int|resilience)\.test\.ts$/.test(file));
  const webTests = new Set();
  for (const file of sources.filter(isWeb)) {
    for (const test of [file, file.replace(/\.tsx?$/, '.test.tsx'), file.replace(/\.tsx?$/, '.test.ts')]) {
      if (/\.test\.tsx?$/.test(test) && exists(test)) {
        webTests.add(test);
      }
    }
  }
  const typecheck = workspacesToTypecheck(changed, workspaces);
  const folders = serverFoldersTouched(changed);
  const intTests = new Set(changed.filter((file) => file.endsWith('.int.test.ts')));
  for (const folder of folders) {
    for (const entry of listFolder(folder, folder !== 'apps/server/src')) {
      if (entry.endsWith('.int.test.ts')) {
        intTests.add(join(folder, entry));
      }
    }
  }
  const first = [
    {
      name: `eslint and prettier on ${changed.length} changed files`,
      skip: changed.length === 0,
      commands: [
        ...(code.length > 0 ? [['npx', 'eslint', ...ESLINT_CACHE, '--max-warnings', '0', ...code]] : []),
        ['npx', 'prettier', '--check', '--ignore-unknown', ...changed],
      ],
    },
    {
      name: 'message catalogues and references (whole tree)',
      skip: false,
      commands: [
        ['node', 'scripts/check-catalogues.mjs'],
        ['node', 'scripts/check-doc-links.mjs'],
      ],
    },
    ...typecheck.map((folder) => ({
      name: `typecheck (incremental) of ${folder}`,
      skip: false,
      commands: [['npm', 'run', '--silent', 'typecheck', '-w', folder]],
    })),
    {
      name: `unit tests that import the ${unitSources.length} changed files outside the web app`,
      skip: unitSources.length === 0,
      commands: [['npx', 'vitest', 'related', '--run', '--passWithNoTests', '--project', 'unit*', ...unitSources]],
    },
  ];
  const second = [
    {
      name: `web tests beside the changed web files (${webTests.size})`,
      skip: webTests.size === 0,
      // Component tests (.test.tsx, api/) run in the web project, the web app's other .test.ts in the unit projects.
      commands: [['npx', 'vitest', 'run', '--project', 'web', '--project', 'unit*', ...webTests]],
    },
    {
      name: `integration tests on PGlite of ${[...folders].join(', ') || 'no server folder'}`,
      skip: intTests.size === 0,
      commands: [['npx', 'vitest', 'run', '--project', 'integration', ...intTests]],
      env: { TEST_DB: 'pglite' },
    },
  ];
  return [first, second];
}

/** Runs a step's commands one after another, its output kept to print whole when it ends. */
function runStep(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    const next = (index) => {
      if (index === step.commands.length) {
        finish('PASS');
        return;
      }
      const [command, ...args] = step.commands[index];
      const child = spawn(command, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TZ: 'UTC', FORCE_COLOR: '1', ...step.env },
      });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => (code === 0 ? next(index + 1) : finish('FAIL')));
    };
    const finish = (outcome) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n=== ${step.name}: ${outcome} in ${seconds} s ===`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name: step.name, outcome, seconds });
    };
    next(0);
  });
}

async function main() {
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

  const groups = planQuickChecks(changed, {
    workspaces: readWorkspaces(),
    exists: existsSync,
    listFolder: (folder, recursive) => readdirSync(folder, { recursive }),
  });
  const started = Date.now();
  const results = [];
  for (const group of groups) {
    for (const step of group.filter((s) => s.skip)) {
      results.push({ name: step.name, outcome: 'SKIP', seconds: 0 });
    }
    results.push(...(await Promise.all(group.filter((s) => !s.skip).map(runStep))));
  }
  console.log('\n=== summary ===');
  for (const r of results) {
    console.log(`${r.outcome}  ${r.name} (${r.seconds}s)`);
  }
  console.log(`${Math.round((Date.now() - started) / 1000)} s in all`);
  process.exit(results.some((r) => r.outcome === 'FAIL') ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
