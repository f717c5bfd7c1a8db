import { inTenAdults, type TMiddleShare } from '@pid5/instrument';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { paragraph, sectionHeading, subHeading } from '../drawing/text-blocks';
import { drawText } from '../pdf-text-replay';
import type { ReportWording } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/** A level's row: one line of 10-point text and the gap under it. */
const LEVEL_ROW_HEIGHT = 16;

const LEVEL_SWATCH: Record<string, string> = {
  none: '#e4e7eb',
  Mild: '#a8d5d7',
  Moderate: '#48A9AD',
  High: '#1d5f62',
};

/**
 * 'Understanding Your Personality Profile': profile, domains, facets, how to read the scores and the cut-offs. A
 * report without facets (the brief form) explains its domains its own way and does not explain facets at all. The
 * share of adults between T 40 and 60 is the form's own (results.tMiddleShare), not the normal curve's.
 */
export function drawUnderstanding(
  doc: Doc,
  options: { hasFacets: boolean; tMiddleShare: TMiddleShare | null },
  words: ReportWording,
): void {
  const texts = words.understanding;
  if (!options.tMiddleShare) {
    throw new Error('A PID-5 profile without its US tables’ share between T 40 and 60');
  }
  const inTen = inTenAdults(options.tMiddleShare);
  sectionHeading(doc, words.sectionTitles.understanding);
  subHeading(doc, texts.profileHeading);
  paragraph(doc, texts.profile);
  subHeading(doc, texts.domainsHeading);
  paragraph(doc, options.hasFacets ? texts.domains : texts.briefDomains);
  if (options.hasFacets) {
    subHeading(doc, texts.facetsHeading);
    paragraph(doc, texts.facets);
  }
  subHeading(doc, texts.scoresHeading);
  paragraph(doc, texts.scores(inTen));

  // The levels stay together on one page (page 1 is shorter when the validity notice comes first).
  const rows = words.levelExplanations;
  ensureSpace(doc, LEVEL_ROW_HEIGHT * rows.length * 2);
  for (const { level, label, text } of rows) {
    const y = doc.y;
    doc.rect(MARGIN.left + 8, y + 1, 10, 10).fill(LEVEL_SWATCH[level] ?? COLOR.muted);
    doc.font('bold').fontSize(10).fillColor(COLOR.text);
    drawText(doc, label, MARGIN.left + 26, y, { width: 80 });
    doc.font('regular');
    drawText(doc, text, MARGIN.left + 106, y, { width: CONTENT_WIDTH - 106 });
    doc.y = Math.max(doc.y, y + 12) + 4;
  }
  doc.moveDown(0.6);
  paragraph(doc, texts.closing);
}
