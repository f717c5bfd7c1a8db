import { describe, expect, it } from 'vitest';
import { unfinishedTestFiles } from './unfinished-test-files.mjs';

// Shaped as vitest's JSON reporter writes it after a worker died in the middle of a file (the whole report of such a
// run, cut to one file of each kind).
const report = {
  numFailedTestSuites: 0,
  testResults: [
    {
      name: '/repo/apps/server/src/db/schema.int.test.ts',
      status: 'passed',
      assertionResults: [{ title: 'keeps the schema', status: 'passed' }],
    },
    {
      name: '/repo/apps/server/src/db/database-timeouts.int.test.ts',
      status: 'passed',
      assertionResults: [{ title: 'needs PostgreSQL', status: 'skipped' }],
    },
    {
      name: '/repo/apps/server/src/db/languages-migration.int.test.ts',
      status: 'passed',
      assertionResults: [
        { title: 'keeps every existing test English', status: 'pending' },
        { title: 'refuses a language the product does not speak', status: 'pending' },
      ],
    },
    { name: '/repo/apps/server/src/server.int.test.ts', status: 'failed', assertionResults: [] },
  ],
};

describe('the files a step runs again after a test worker died', () => {
  it('are those with tests still pending or a status other than passed, relative to the root', () => {
    expect(unfinishedTestFiles(report, '/repo')).toEqual([
      'apps/server/src/db/languages-migration.int.test.ts',
      'apps/server/src/server.int.test.ts',
    ]);
  });

  it('are none when every file finished, skipped tests included', () => {
    expect(unfinishedTestFiles({ testResults: report.testResults.slice(0, 2) }, '/repo')).toEqual([]);
  });

  it('are unknown (null: run the whole step) when the report is not one vitest wrote', () => {
    expect(unfinishedTestFiles({}, '/repo')).toBeNull();
    expect(unfinishedTestFiles(null, '/repo')).toBeNull();
  });
});
