import { VALIDITY_STATUS_LABELS } from '@pid5/contract';
import { ANSWER_LABELS, ANSWER_VALUES } from '@pid5/instrument';

// The fixed texts of the clinician's score report (score-report-pdf.ts). Listed for the PDF threads' base glyph sets
// and text replay (report-document.ts, base-glyph-texts.ts), like the patient report's texts.

export const SCORE_REPORT_TITLE = 'PID-5 Score Report';
export const SCORE_REPORT_SUBTITLE = 'For the clinician: not a report for the patient';

export const SCORE_REPORT_SECTIONS = {
  validity: 'Response validity',
  scores: 'Scores',
  chart: 'Profile in T scores (US norms)',
  missing: 'Missing items',
  responses: 'Item responses',
  norms: 'Norms and how each number was derived',
} as const;

export const SCORE_TABLE_NOTE =
  'Raw: mean answer on the 0-3 scale (domains: mean of their three primary facets). T and %ile (US): T score and ' +
  'percentile printed in the same row of the US table for the raw score (nearest printed raw score; "≥"/"≤" mark a ' +
  'score beyond the table). Level (US): from the printed percentile (Mild from the 84th, Moderate from the 93rd, ' +
  'High from the 98th). z (DE): standardised score against the German general-population norms (full form only).';

export const T_CHART_CAPTION =
  'Bars: the printed US T score of each scale (axis T 30-100, the range of the printed tables). Dashed lines at ' +
  'T 60, 65 and 70: the T of the level percentiles (84th, 93rd, 98th) on a normal curve, the conventional anchors ' +
  'of mildly, moderately and severely elevated scores. Levels follow the printed percentile, so on a skewed scale a ' +
  'bar can reach a line without reaching its level. A notch in a bar\u2019s top marks a score beyond the table ' +
  '("≥"). n/s: not scored.';

export const RESPONSES_LEGEND = `Answers as given, before reverse keying: ${ANSWER_VALUES.map(
  (value) => `${value} = ${ANSWER_LABELS[value]}`,
).join('; ')}; – = not answered.`;

export const SCORE_REPORT_FOOTER_NOTICE =
  'Clinician\u2019s score report of the PID-5 (APA 2013). Interpret with the validity table and clinical judgement.';

export const VALIDITY_TABLE_HEADERS = ['Indicator', 'Score', 'US %ile', 'Cut-off', 'Status', 'Statement'] as const;
export const SCORE_TABLE_HEADERS = ['Abbr.', 'Scale', 'Domain', 'Raw', 'T (US)', '%ile (US)', 'Level (US)', 'z (DE)'];

export function scoreReportFixedTexts(): string[] {
  return [
    SCORE_REPORT_TITLE,
    SCORE_REPORT_SUBTITLE,
    ...Object.values(SCORE_REPORT_SECTIONS),
    SCORE_TABLE_NOTE,
    T_CHART_CAPTION,
    RESPONSES_LEGEND,
    SCORE_REPORT_FOOTER_NOTICE,
    ...VALIDITY_TABLE_HEADERS,
    ...SCORE_TABLE_HEADERS,
    ...Object.values(VALIDITY_STATUS_LABELS),
  ];
}
