/**
 * The report time limit of servers and pools in tests. Report threads run at a lower priority (pdf-worker.ts), so on
 * a machine busy with other tests a cold thread's first report can take well over the default 30 s without anything
 * being wrong. The limit itself is tested in pdf-pool.int.test.ts.
 */
export const TEST_REPORT_TIME_LIMIT_SECONDS = 600;
