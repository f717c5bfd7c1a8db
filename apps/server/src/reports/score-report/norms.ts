import type { TAssessmentResults } from '@pid5/contract';
import { LEVEL_RULE } from '@pid5/instrument';
import { ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTextBlocks, sectionHeading, textBlocksHeight, type TextBlock } from '../drawing/text-blocks';
import { SCORE_REPORT_SECTIONS } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

/** Where every number comes from: the US tables, the US z, the German z (manuscript under review), the level rule. */
export function normBlocks(results: TAssessmentResults): TextBlock[] {
  const { srf, irf } = results.norms;
  const tables = results.normTables;
  const block = (text: string): TextBlock => ({ text, size: 8, color: COLOR.text, indent: 0, gapAfter: 5 });
  return [
    block(
      `T and percentile (US): ${tables.label}. ${tables.sample} Source: ${tables.source}. Read from the printed ` +
        'row with the nearest raw score (ties to the T nearest 50); T and percentile always from that one row, never ' +
        'interpolated or computed from z.',
    ),
    block(`z (US): ${srf.label}. ${srf.source}${srf.sampleN ? `, N = ${srf.sampleN}` : ''}. ${srf.note}`),
    block(
      `z (DE): ${irf.label}. ${irf.source}${irf.sampleN ? `, N = ${irf.sampleN}` : ''}; German-language form; ` +
        `manuscript under review. ${irf.note}`,
    ),
    block(`Levels: ${LEVEL_RULE.rule} Norm set: ${LEVEL_RULE.normSet}.`),
    { ...block(`Versions: ${results.instrument.version}; ${results.normsVersion}.`), color: COLOR.muted, gapAfter: 0 },
  ];
}

export function drawNormsSection(doc: Doc, results: TAssessmentResults): void {
  const blocks = normBlocks(results);
  doc.y += 6;
  ensureSpace(doc, 50 + textBlocksHeight(doc, blocks));
  sectionHeading(doc, SCORE_REPORT_SECTIONS.norms);
  drawTextBlocks(doc, blocks);
}
