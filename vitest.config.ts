import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { compiledCatalogues } from '@pid5/i18n/vite-plugin';
import { BACK_END_INDEPENDENT_TESTS, LEFT_TO_THE_OTHER_RUN } from './apps/server/test/back-end-independent.ts';

// Projects: pure unit tests (those that replace a module apart); the web app's component tests (a DOM, and a request
// mock layer standing in for the server); integration tests that start the real server over HTTP against a real
// database (PGlite by default, PostgreSQL when TEST_DB=postgres); crash and restart tests.
const webTests = ['apps/web/src/**/*.test.tsx', 'apps/web/src/api/**/*.test.ts'];

/**
 * The unit test files that replace a module (vi.mock). The other unit files share one module graph per worker
 * (importing each file's modules again was two thirds of the unit run); a replaced module would reach them there.
 */
const unitFilesReplacingModules = ['packages', 'apps', 'scripts'].flatMap((folder) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(?<!\.int|\.resilience)\.test\.ts$/.test(file) && !file.includes('node_modules'))
    .map((file) => `${folder}/${file}`)
    .filter((path) => readFileSync(path, 'utf8').includes('vi.mock(')),
);
/**
 * Node arguments of the resilience workers (short-lived processes, each opening PGlite): its WebAssembly compiled by
 * V8's baseline compiler only (docs/decisions/0089-test-processes-compile-pglite-with-the-baseline-compiler.md).
 */
const BASELINE_WASM_ONLY = ['--liftoff-only'];
const unitTests = {
  include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'scripts/**/*.test.ts'],
  exclude: ['**/*.int.test.ts', '**/*.resilience.test.ts', '**/node_modules/**', ...webTests],
  env: { TZ: 'UTC' },
  // Bounds for a hang, not speed requirements: the report tests draw and rasterise whole PDFs, seconds each on a
  // 2-core machine, and 46 s for one German report with the machine loaded five times over.
  testTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...unitTests,
          name: 'unit',
          exclude: [...unitTests.exclude, ...unitFilesReplacingModules],
          isolate: false,
        },
      },
      { test: { ...unitTests, name: 'unit-isolated', include: unitFilesReplacingModules } },
      {
        // Staff pages through the real route table in happy-dom; msw answers the API (apps/web/test/). Catalogues are
        // compiled as the web build compiles them.
        plugins: [compiledCatalogues()],
        test: {
          name: 'web',
          include: webTests,
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          // One DOM and one copy of React and Mantine per worker; the setup loads the app's modules afresh per file.
          isolate: false,
          env: { TZ: 'UTC' },
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          // Files that never open the run's database run on PGlite only. With both back ends (`npm test` with
          // TEST_DATABASE_URL), wording files and those about the server's edges run once, split between the two
          // runs (back-end-independent.ts).
          exclude: [
            '**/node_modules/**',
            ...(process.env.TEST_DB === 'postgres' ? BACK_END_INDEPENDENT_TESTS : []),
            ...(process.env.TEST_DATABASE_URL && process.env.TEST_DB === 'pglite' ? LEFT_TO_THE_OTHER_RUN.pglite : []),
            ...(process.env.TEST_DATABASE_URL && process.env.TEST_DB === 'postgres'
              ? LEFT_TO_THE_OTHER_RUN.postgres
              : []),
          ],
          // One module graph for all files: each isolated file loaded the whole server again (import time 150-180 s
          // of a run, against 9 s). The files share no state but module-level caches; each starts its own server.
          isolate: false,
          env: { TZ: 'UTC' },
          // Bounds for a hang, not speed requirements: on a 2-core machine shared with other test runs, the
          // authorization matrix alone took 30 s, and a server's start or close several seconds.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Crash and restart tests (npm run test:resilience): own processes, sequential.
        test: {
          name: 'resilience',
          include: ['apps/**/*.resilience.test.ts'],
          execArgv: BASELINE_WASM_ONLY,
          env: { TZ: 'UTC' },
          // Bounds for a hang: a test starts up to three servers, and one server's first start on a new data folder
          // took over 60 s beside the end-to-end tests on a machine loaded two busy loops more (about 4 s quiet).
          testTimeout: 360_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
