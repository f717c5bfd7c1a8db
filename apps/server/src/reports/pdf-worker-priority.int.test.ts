import { readdirSync, readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { describe, expect, it } from 'vitest';
import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { presentResults } from '../modules/results/results.presenter';
import { createDemoResponses } from './demo-responses';
import { createPdfPool } from './pdf-pool';

// Reports are drawn at a lower priority than the event loop (pdf-worker.ts), so answer saves go first on a busy
// machine. Linux only: the nice value of each thread of this process is in /proc/self/task/<id>/stat.

function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((id) => {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe.runIf(platform() === 'linux')('report thread priority', () => {
  it('draws reports in a thread with a higher nice value, leaving the event loop at its own', async () => {
    const mainNice = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);
    const pool = createPdfPool({ size: 1 });
    try {
      const pdf = await pool.render({
        name: 'Jane Doe',
        dateText: '15 January 2026',
        results: presentResults(scoreResponses(createDemoResponses()), {
          assessmentId: 1,
          isFinished: true,
          finishedAt: new Date('2026-01-15T12:00:00Z'),
          scoresSource: 'frozen',
          itemSet: { id: demoItemSet.id, title: demoItemSet.title, isDemo: true },
          responses: null,
        }),
        instituteName: 'Demonstration Institute',
        copyrightYear: 2026,
      });
      expect(pdf.byteLength).toBeGreaterThan(10_000);
      const niceValues = threadNiceValues();
      // pdf-worker.ts: the process's nice value + 10.
      expect(niceValues).toContain(Math.min(19, mainNice + 10));
      expect(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16])).toBe(mainNice);
    } finally {
      await pool.close();
    }
  });
});
