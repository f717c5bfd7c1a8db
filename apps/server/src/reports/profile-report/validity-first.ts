import type { TAssessmentResults } from '@pid5/contract';
import { drawNotice } from '../drawing/notice-box';
import type { ReportWording } from '../report-wording';

type Doc = PDFKit.PDFDocument;

// Page 1 says first how far the profile may be read (DESIGN.md "Validity verdict"), in the patient's words: the
// verdict's reasons as what they mean for them, never the checks' scores or cut-offs (those are the score report's).
// A protocol that is not interpretable gets no profile at all: the box says why and that the clinician will talk it
// through, and the report ends there.

export const VERDICT_STYLE = {
  valid: { color: '#2b7a7e', tint: '#eef6f6' },
  caution: { color: '#9c5700', tint: '#fdf3e3' },
  'not-interpretable': { color: '#b42318', tint: '#fdecea' },
} as const;

/** Whether the report may show a profile: not for a protocol that is not interpretable. */
export function showsProfile(results: TAssessmentResults): boolean {
  return results.validityVerdict.verdict !== 'not-interpretable';
}

/** The verdict's reasons for the patient, each once (two codes may say the same). */
function reasonTexts(results: TAssessmentResults, words: ReportWording): { text: string }[] {
  const { patientValidity } = words;
  const texts = results.validityVerdict.reasons.map(
    (reason) => patientValidity.reasons[reason.code] ?? patientValidity.otherReason,
  );
  return [...new Set(texts)].map((text) => ({ text }));
}

/** Whether the inconsistency scale is just below its cut-off: the answers are then never called "consistent". */
function isBorderline(results: TAssessmentResults): boolean {
  return results.validity.scales.some((s) => (s.key === 'INC' || s.key === 'INCS') && s.status === 'indeterminate');
}

export function drawValidityFirst(doc: Doc, results: TAssessmentResults, words: ReportWording): void {
  const texts = words.patientValidity;
  const { verdict } = results.validityVerdict;
  const style = VERDICT_STYLE[verdict];
  switch (verdict) {
    case 'valid':
      drawNotice(doc, {
        title: texts.validTitle,
        lines: [
          {
            text:
              results.form === 'BF'
                ? texts.validBrief
                : results.form === 'BFM'
                  ? texts.validBfm
                  : isBorderline(results)
                    ? texts.validBorderline
                    : texts.valid,
          },
        ],
        ...style,
      });
      return;
    case 'caution':
      drawNotice(doc, {
        title: texts.cautionTitle,
        lines: [...reasonTexts(results, words), { text: texts.caution }],
        ...style,
      });
      return;
    case 'not-interpretable':
      drawNotice(doc, {
        title: texts.noProfileTitle,
        lines: [{ text: texts.noProfile }, ...reasonTexts(results, words), { text: texts.noProfileNext, bold: true }],
        ...style,
      });
      return;
  }
}
