import { drawLogo } from '../drawing/logo';
import { drawNameLine } from '../drawing/name-line';
import { CONTENT_WIDTH, MARGIN, rule } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { NAME_FONT } from '../report-fonts';
import { drawText } from '../pdf-text-replay';
import type { ReportWording } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/** The header: logo, institute, 'Personality Profile', the patient's name and the date. */
export function drawHeader(
  doc: Doc,
  header: { instituteName: string; name: string; dateText: string },
  words: ReportWording,
): void {
  const top = MARGIN.top;
  drawLogo(doc, MARGIN.left, top, 46);
  const textX = MARGIN.left + 60;
  const textWidth = CONTENT_WIDTH - 60;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, header.instituteName, textX, top, { width: textWidth, align: 'right' });
  doc.font('bold').fontSize(24).fillColor(COLOR.brand);
  drawText(doc, words.title, textX, top + 6, { width: textWidth });
  let y = Math.max(doc.y, top + 46) + 14;

  doc.font(NAME_FONT).fontSize(12).fillColor(COLOR.text);
  drawNameLine(doc, words.t('report.nameLabel'), header.name, y);
  doc.font('regular').fontSize(10).fillColor(COLOR.muted);
  drawText(doc, words.t('report.date', { date: header.dateText }), MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH });
  y = doc.y + 10;
  rule(doc, y, { lineWidth: 1 });
  doc.y = y + 18;
  doc.fillColor(COLOR.text);
}
