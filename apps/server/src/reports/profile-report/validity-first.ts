import type { TAssessmentResults } from '@pid5/contract';
import { drawNotice } from '../drawing/notice-box';

type Doc = PDFKit.PDFDocument;

// Page 1 says first how far the profile may be read (DESIGN.md "Validity verdict"): a protocol that is not
// interpretable, or to be read with caution, says so before any score, with what it means and what to do.

export const VERDICT_STYLE = {
  valid: { color: '#2b7a7e', tint: '#eef6f6' },
  caution: { color: '#9c5700', tint: '#fdf3e3' },
  'not-interpretable': { color: '#b42318', tint: '#fdecea' },
} as const;

export function drawValidityFirst(doc: Doc, results: TAssessmentResults): void {
  const verdict = results.validityVerdict;
  const style = VERDICT_STYLE[verdict.verdict];
  const lines =
    verdict.verdict === 'valid'
      ? [{ text: verdict.summary }]
      : [
          { text: verdict.summary },
          ...verdict.reasons.map((reason) => ({ text: reason.text })),
          { text: `What to do: ${verdict.action}`, bold: true },
          ...(verdict.patientFacingLevels === 'withhold'
            ? [
                {
                  text: 'The levels ("Mild", "Moderate", "High") are not shown in this report, because they cannot be interpreted.',
                },
              ]
            : [{ text: 'Levels in this report are marked "(caution)".' }]),
        ];
  drawNotice(doc, { title: `Response validity: ${verdict.label}`, lines, ...style });
}
