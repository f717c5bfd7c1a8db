// Which test files of a vitest run did not run to their end, read from its JSON report (`--reporter=json`).
import { relative } from 'node:path';

/**
 * The files of `report` (vitest's JSON report) that did not finish: those whose worker died are reported with their
 * tests still pending (queued or running), or with a file status other than passed. Paths relative to `root`. An
 * empty list when every file finished; null when the report is not one vitest wrote, so the caller runs everything.
 */
export function unfinishedTestFiles(report, root) {
  if (!Array.isArray(report?.testResults)) {
    return null;
  }
  return report.testResults
    .filter(
      (file) => file.status !== 'passed' || (file.assertionResults ?? []).some((test) => test.status === 'pending'),
    )
    .map((file) => relative(root, file.name));
}
