import { readdirSync, readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { describe, expect, it } from 'vitest';
import { demoReportInput } from '../../test/report-input';
import { TEST_REPORT_TIME_LIMIT_SECONDS } from '../../test/report-time-limit';
import { createPdfPool } from './pdf-pool';

// Reports are drawn at a lower priority than the event loop (pdf-worker.ts), so answer saves go first on a busy
// machine. Linux only: the nice value of each thread of this process is in /proc/self/task/<id>/stat.

/** The nice value in a /proc stat file (field 19; the command name before it is in parentheses, maybe with spaces). */
function niceValue(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((id) => niceValue(`/proc/self/task/${id}/stat`));
}

describe.runIf(platform() === 'linux')('report thread priority', () => {
  it('draws reports in a thread with a higher nice value, leaving the event loop at its own', async () => {
    const mainNice = niceValue('/proc/self/stat');
    const pool = createPdfPool({ size: 1, timeoutMs: TEST_REPORT_TIME_LIMIT_SECONDS * 1000 });
    try {
      const pdf = await pool.render(demoReportInput());
      expect(pdf.byteLength).toBeGreaterThan(10_000);
      // pdf-worker.ts: the process's nice value + 10.
      expect(threadNiceValues()).toContain(Math.min(19, mainNice + 10));
      expect(niceValue('/proc/self/stat')).toBe(mainNice);
    } finally {
      await pool.close();
    }
  });
});
