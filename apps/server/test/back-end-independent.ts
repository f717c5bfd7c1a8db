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
 * Integration files that check printed wording and documents: they store finished tests just to read their results,
 * reports, comparisons and exports back as text, which no back end changes, and draw hundreds of PDFs. `npm test`
 * runs them once, on the PostgreSQL run; with no PostgreSQL, or run alone, they run on PGlite.
 */
export const WORDING_TESTS = [
  'apps/server/src/modules/results/statements.int.test.ts',
  'apps/server/src/modules/results/every-form-view.int.test.ts',
  'apps/server/src/modules/results/trait-models.int.test.ts',
  'apps/server/src/modules/results/report.int.test.ts',
  'apps/server/src/modules/results/score-report.int.test.ts',
  'apps/server/src/i18n/third-language.int.test.ts',
] as const;

/**
 * Integration files about the server's edges, not its storage: who may call what, transport security, what the log,
 * the metrics and the audit log hold, how a failing identity provider is reported. The rules they hold are decided in
 * the application (sessions, ownership in the same SQL on both back ends), so `npm test` runs each once: these on the
 * PGlite run (the default back end)...
 */
export const EDGE_TESTS_ON_PGLITE = [
  'apps/server/src/http/authorization-matrix.int.test.ts',
  'apps/server/src/http/transport-security.int.test.ts',
  'apps/server/src/http/log-privacy.int.test.ts',
  'apps/server/src/identity/oidc-failures.int.test.ts',
] as const;

/** ...and these on the PostgreSQL run, so that the two runs stay about as long. */
export const EDGE_TESTS_ON_POSTGRES = [
  'apps/server/src/http/audit-coverage.int.test.ts',
  'apps/server/src/http/metrics.int.test.ts',
] as const;

/** Files about PostgreSQL alone (its server-side time-outs): with no PostgreSQL to test they say so as skipped. */
export const POSTGRES_ONLY_TESTS = ['apps/server/src/db/database-timeouts.int.test.ts'] as const;

/** The files each run of `npm test` leaves to the other when both back ends are tested (vitest.config.ts). */
export const LEFT_TO_THE_OTHER_RUN = {
  pglite: [...WORDING_TESTS, ...EDGE_TESTS_ON_POSTGRES, ...POSTGRES_ONLY_TESTS],
  postgres: [...BACK_END_INDEPENDENT_TESTS, ...EDGE_TESTS_ON_PGLITE],
} as const;
