import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and integration tests that start the real server over HTTP
// against a real database (PGlite by default, PostgreSQL when TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx'],
          exclude: ['**/*.int.test.ts', '**/*.resilience.test.ts', '**/node_modules/**'],
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/**/*.int.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Crash and restart tests (npm run test:resilience): own processes, sequential.
        test: {
          name: 'resilience',
          include: ['apps/**/*.resilience.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
