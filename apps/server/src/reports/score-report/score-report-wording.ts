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

const SCORE_TABLE_NOTE_REST =
  'T and %ile (US): T score and percentile printed in the same row of the form’s US table for the raw score ' +
  '(nearest printed raw score; "≥"/"≤" mark a score beyond the table). Level (US): from the printed percentile (Mild ' +
  'from the 84th, Moderate from the 93rd, High from the 98th; below the 84th: Not elevated). z (DE): standardised ' +
  'score against the German general-population norms (full form only).';

/** The note under the scores table, per form: what a raw score is the mean of. */
export const SCORE_TABLE_NOTES = {
  FULL: `Raw: mean answer on the 0-3 scale (facets: of their items; domains: mean of their three primary facets). ${SCORE_TABLE_NOTE_REST}`,
  SF: `Raw: mean answer on the 0-3 scale (facets: of their 4 items; domains: mean of their three primary facets). ${SCORE_TABLE_NOTE_REST}`,
  BF: `Raw: mean answer on the 0-3 scale (domains: of their 5 items; total: of all 25 items). ${SCORE_TABLE_NOTE_REST}`,
} as const;

export const T_CHART_CAPTION =
  'Bars: the printed US T score of each scale (axis T 30-100, the range of the printed tables; 50 is the US ' +
  'average). Levels follow the printed percentile, and the printed T scores are linear, so each level begins at a ' +
  'different T on each scale: the lines across each bar are where that scale’s table reaches the 84th (Mild, ' +
  'dotted), 93rd (Moderate, dashed) and 98th (High, solid) percentile, and a bar reaches a line exactly when its ' +
  'level is reached. A notch in a bar’s top marks a score beyond the table ("≥"). n/s: not scored.';

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
    ...Object.values(SCORE_TABLE_NOTES),
    T_CHART_CAPTION,
    RESPONSES_LEGEND,
    SCORE_REPORT_FOOTER_NOTICE,
    ...VALIDITY_TABLE_HEADERS,
    ...SCORE_TABLE_HEADERS,
    ...Object.values(VALIDITY_STATUS_LABELS),
  ];
}
