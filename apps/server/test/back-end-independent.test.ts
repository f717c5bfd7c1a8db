import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BACK_END_INDEPENDENT_TESTS,
  EDGE_TESTS_ON_PGLITE,
  EDGE_TESTS_ON_POSTGRES,
  LEFT_TO_THE_OTHER_RUN,
  POSTGRES_ONLY_TESTS,
  WORDING_TESTS,
} from './back-end-independent';

// The PostgreSQL run leaves these files out; one that starts using the test database must run there again.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What reaches the run's database: the harness's server, database and factories, or TEST_DB itself. */
const OPENS_THE_TEST_DATABASE = /test-server|test-database|test\/factories|assessment-factories|wix-stack|TEST_DB/;

describe('the integration files the PostgreSQL run leaves out', () => {
  it.each(BACK_END_INDEPENDENT_TESTS)('%s exists and never opens the test database', (file) => {
    const path = `${REPO_ROOT}${file}`;
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8')).not.toMatch(OPENS_THE_TEST_DATABASE);
  });
});

describe('the files npm test runs once, on one of its two runs', () => {
  it.each([...WORDING_TESTS, ...EDGE_TESTS_ON_PGLITE, ...EDGE_TESTS_ON_POSTGRES, ...POSTGRES_ONLY_TESTS])(
    '%s exists',
    (file) => {
      expect(existsSync(`${REPO_ROOT}${file}`)).toBe(true);
    },
  );

  it('leaves no file out of both runs', () => {
    const both = LEFT_TO_THE_OTHER_RUN.pglite.filter((file) =>
      (LEFT_TO_THE_OTHER_RUN.postgres as readonly string[]).includes(file),
    );
    expect(both).toEqual([]);
  });
});
