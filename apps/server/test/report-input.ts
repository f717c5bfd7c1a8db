import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { presentResults } from '../src/modules/results/results.presenter';
import { createDemoResponses } from '../src/reports/demo-responses';
import type { ReportInput } from '../src/reports/report-pdf';

/** A finished demo-item-set assessment with the made-up demo answers, as the report is drawn from it. */
export function demoReportInput(): ReportInput {
  return {
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
  };
}
