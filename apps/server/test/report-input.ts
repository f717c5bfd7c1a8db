import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { presentResults } from '../src/modules/results/results.presenter';
import { createDemoResponses } from '../src/reports/demo-responses';
import type { ReportInput } from '../src/reports/report-pdf';

/**
 * A finished demo-item-set assessment, as the report is drawn from it: the made-up demo answers (or `responses`,
 * 220 characters) for a patient named `name`.
 */
export function demoReportInput(options: { name?: string; responses?: string } = {}): ReportInput {
  return {
    name: options.name ?? 'Jane Doe',
    dateText: '15 January 2026',
    results: presentResults(scoreResponses(options.responses ?? createDemoResponses()), {
      assessmentId: 1,
      isFinished: true,
      finishedAt: new Date('2026-01-15T12:00:00Z'),
      scoresSource: 'frozen',
      itemSet: { id: demoItemSet.id, title: demoItemSet.title, isDemo: true },
      responses: null,
    }),
    instituteName: 'Demonstration Institute',
    copyrightYear: 2026,
  };
}
