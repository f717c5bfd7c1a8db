import { formatLevel, formatScore } from '@pid5/contract';
import { allMessageTexts } from '../i18n/translator';
import { scoreReportFixedTexts } from './score-report/score-report-wording';

// Every text the reports always print, for createReportDocument (report-document.ts): the first document a PDF
// thread draws fixes the base glyph sets from them, and one thread draws every kind of report in every language, so
// all pass this one list: the report catalogues' messages in every language (German's ä ö ü ß „ “ among them).

export function allReportFixedTexts(): string[] {
  return [
    ...allMessageTexts(['report.', 'results.']),
    ...scoreReportFixedTexts(),
    '\u00a9',
    // Characters of the validity, norms and T texts (e.g. "≥ 100", "Krueger (2024) – …"), so they replay too.
    '≥ ≤ − – — ‘ ’ “ ” „ ± é ü ö ä ß Ä Ö Ü × ·',
    formatScore(-1.23),
    formatScore(null),
    formatLevel({ level: null, isScored: true }),
    formatLevel({ level: null, isScored: false }),
  ];
}
