import { formatLevel, formatScore } from '@pid5/contract';
import { formFixedTexts } from './profile-report/form';
import { reportFixedTexts } from './report-wording';
import { scoreReportFixedTexts } from './score-report/score-report-wording';

// Every text the reports always print, for createReportDocument (report-document.ts): the first document a PDF
// thread draws fixes the base glyph sets from them, and one thread draws both the patient's report and the
// clinician's score report, so both pass this one list.

export function allReportFixedTexts(): string[] {
  return [
    ...reportFixedTexts(),
    ...scoreReportFixedTexts(),
    ...formFixedTexts(),
    '\u00a9',
    // Characters of the validity, norms and T texts (e.g. "≥ 100", "Krueger (2024) – …"), so they replay too.
    '≥ ≤ − – — ‘ ’ “ ” ± é ü ö ä × ·',
    formatScore(-1.23),
    formatScore(null),
    formatLevel({ level: null, isScored: true }),
    formatLevel({ level: null, isScored: false }),
  ];
}
