import type { TAssessmentResults } from '@pid5/contract';
import { ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTextBlocks, sectionHeading, textBlocksHeight, type TextBlock } from '../drawing/text-blocks';
import { SECTION_TITLES } from '../report-wording';
import { formGivenText } from './form';

type Doc = PDFKit.PDFDocument;

/**
 * Every validity indicator with its status, direction and source (the verdict itself is on page 1), the notes, then
 * where the norms come from and the versions.
 */
function validityBlocks(results: TAssessmentResults): TextBlock[] {
  const { srf, irf } = results.norms;
  const tables = results.normTables;
  const muted = (text: string, gapAfter = 3): TextBlock => ({ text, size: 8, color: COLOR.muted, indent: 0, gapAfter });
  return [
    { text: results.validityVerdict.summary, size: 10, color: COLOR.text, indent: 0, gapAfter: 8 },
    ...results.validity.scales.map((scale): TextBlock => ({
      text: `${scale.name}: ${scale.statement} ${scale.directionText} (${scale.source})`,
      size: 9,
      color: COLOR.text,
      indent: 14,
      gapAfter: 4,
      bullet: scale.isConcern ? '#b42318' : COLOR.muted,
    })),
    ...results.validityVerdict.notes.map((note) => ({
      text: note,
      size: 9,
      color: COLOR.text,
      indent: 0,
      gapAfter: 4,
    })),
    muted(`US T and percentile: ${tables.label}. ${tables.sample} Source: ${tables.source}.`),
    muted(`US z: ${srf.note}`),
    muted(`German z: ${irf.label}. ${irf.citation}, N = ${irf.sampleN ?? 'n/a'}. ${irf.note}`),
    muted(
      `${formGivenText({ formName: results.formName })} Versions: ${results.instrument.version}; ${results.normsVersion}.`,
      0,
    ),
  ];
}

/** Room for the section's heading above its blocks. */
const HEADING_HEIGHT = 50;

/** The validity note, kept on one page: it starts a new page rather than leave its last lines alone on the next. */
export function drawValidityNote(doc: Doc, results: TAssessmentResults): void {
  const blocks = validityBlocks(results);
  const total = HEADING_HEIGHT + textBlocksHeight(doc, blocks);
  doc.y += 16;
  ensureSpace(doc, total);
  sectionHeading(doc, SECTION_TITLES.validity);
  drawTextBlocks(doc, blocks);
}
