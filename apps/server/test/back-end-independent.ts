/**
 * Integration test files that never open the run's database (TEST_DB, test-database.ts): they start `npm start` on a
 * PGlite folder of its own, test PGlite's own thread or vacuum schedule, or draw PDFs with no database at all. The
 * PostgreSQL run would repeat them unchanged, so it leaves them out (vitest.config.ts); the PGlite run keeps them.
 * back-end-independent.test.ts checks that none of them imports the test database.
 */
export const BACK_END_INDEPENDENT_TESTS = [
  'apps/server/src/console-output.int.test.ts',
  'apps/server/src/db/pglite-thread.int.test.ts',
  'apps/server/src/db/vacuum-schedule.int.test.ts',
  'apps/server/src/reports/pdf-pool.int.test.ts',
  'apps/server/src/reports/pdf-worker-priority.int.test.ts',
] as const;

/**
 * Integration files that check printed wording only: they store finished tests just to read their results and
 * reports back as text, which no back end changes, and draw hundreds of PDFs. `npm test` runs them once, on the
 * PostgreSQL run (the shorter of its two); with no PostgreSQL, or run alone, they run on PGlite.
 */
export const WORDING_TESTS = ['apps/server/src/modules/results/statements.int.test.ts'] as const;
