import { demoItemSet, scoreResponses } from '@pid5/instrument';
import { presentResults } from '../src/modules/results/results.presenter';
import { withTraitModels } from '../src/modules/results/trait-models';
import { createDemoResponses } from '@pid5/instrument';
import type { ReportInput } from '../src/reports/report-pdf';
import type { ScoreReportInput } from '../src/reports/score-report-pdf';

/**
 * A finished demo-item-set assessment, as the report is drawn from it: the made-up demo answers (or `responses`,
 * 220 characters) for a patient named `name`, a woman aged 40.
 */
export function demoReportInput(options: { name?: string; responses?: string } = {}): ReportInput {
  const responses = options.responses ?? createDemoResponses();
  return {
    name: options.name ?? 'Jane Doe',
    dateText: '15 January 2026',
    // As the server reads it for a woman aged 40: German T, ICD-11 trait domains, AMPD profiles.
    results: withTraitModels(
      presentResults(scoreResponses(responses), {
        assessmentId: 1,
        isFinished: true,
        finishedAt: new Date('2026-01-15T12:00:00Z'),
        scoresSource: 'frozen',
        itemSet: { id: demoItemSet.id, title: demoItemSet.title, isDemo: true },
        responses: null,
      }),
      { responses, gender: 'Female', age: 40 },
    ),
    instituteName: 'Demonstration Institute',
    copyrightYear: 2026,
  };
}

/**
 * The clinician's score report of the same demo assessment (`responses`, 220 characters) for patient id `patientId`,
 * a woman aged 40.
 */
export function demoScoreReportInput(options: { patientId?: string; responses?: string } = {}): ScoreReportInput {
  const responses = options.responses ?? createDemoResponses();
  const { results, instituteName, copyrightYear, dateText } = demoReportInput({ responses });
  return {
    kind: 'score-report',
    patientId: options.patientId ?? 'P-0001',
    createdText: '1 January 2026',
    submittedText: dateText,
    dateText,
    results,
    responses,
    instituteName,
    copyrightYear,
  };
}
