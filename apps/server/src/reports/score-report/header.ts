import type { TAssessmentResults } from '@pid5/contract';
import { drawLogo } from '../drawing/logo';
import { CONTENT_WIDTH, MARGIN, rule } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawText } from '../pdf-text-replay';
import { SCORE_REPORT_SUBTITLE, SCORE_REPORT_TITLE } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

export interface ScoreReportHeader {
  instituteName: string;
  patientId: string;
  createdText: string;
  submittedText: string;
  dateText: string;
  results: TAssessmentResults;
}

/** The item set as the reports name it: its title and id, or that it was not recorded. */
export function itemSetText(results: TAssessmentResults): string {
  const { id, title } = results.itemSet;
  if (id === null) {
    return 'not recorded';
  }
  return title ? `${title} (${id})` : id;
}

/** Title, institute, and one line each for the patient id, the dates, the form, the item set and the norms. */
export function drawScoreReportHeader(doc: Doc, header: ScoreReportHeader): void {
  const top = MARGIN.top;
  drawLogo(doc, MARGIN.left, top, 40);
  const textX = MARGIN.left + 52;
  const textWidth = CONTENT_WIDTH - 52;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, header.instituteName, textX, top, { width: textWidth, align: 'right' });
  doc.font('bold').fontSize(20).fillColor(COLOR.brand);
  drawText(doc, SCORE_REPORT_TITLE, textX, top + 4, { width: textWidth });
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, SCORE_REPORT_SUBTITLE, textX, doc.y + 1, { width: textWidth });
  let y = Math.max(doc.y, top + 40) + 10;

  const { results } = header;
  const { srf, irf } = results.norms;
  const lines: [string, string][] = [
    ['Patient ID', header.patientId],
    ['Dates', `created ${header.createdText} · submitted ${header.submittedText} · report drawn ${header.dateText}`],
    [
      'Form',
      `${results.instrument.name}, ${results.instrument.form}; ${results.answered} answered, ${results.missing} missing; ` +
        `scoring ${results.instrument.version}`,
    ],
    ['Item set', itemSetText(results)],
    [
      'Norms',
      `T and percentile: ${results.normTables.label}. US z: ${srf.shortLabel} (${srf.citation}). ` +
        `German z: ${irf.shortLabel} (${irf.citation}, manuscript under review). Details on the last page.`,
    ],
  ];
  for (const [label, value] of lines) {
    doc.font('condensedBold').fontSize(8.5).fillColor(COLOR.text);
    drawText(doc, `${label}:`, MARGIN.left, y, { width: 62 });
    doc.font('condensed').fontSize(8.5).fillColor(COLOR.text);
    // The patient id is what the clinician typed: printed as plain text like every value here.
    drawText(doc, value, MARGIN.left + 62, y, { width: CONTENT_WIDTH - 62, lineGap: 0.5 });
    y = doc.y + 2;
  }
  y += 4;
  rule(doc, y, { lineWidth: 1 });
  doc.y = y + 12;
  doc.font('regular').fontSize(10).fillColor(COLOR.text);
}
