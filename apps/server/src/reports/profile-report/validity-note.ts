import type { TAssessmentResults } from '@pid5/contract';
import { ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTextBlocks, sectionHeading, textBlocksHeight, type TextBlock } from '../drawing/text-blocks';
import { SECTION_TITLES } from '../report-texts';
import { formGivenText } from './form';

type Doc = PDFKit.PDFDocument;

/** What the answers allow to say (missing items, unscored facets, INC, ORS, PRD, SD-TD), then the norms and versions. */
function validityBlocks(results: TAssessmentResults): TextBlock[] {
  const { srf, irf } = results.norms;
  return [
    { text: results.validity.summary, size: 10, color: COLOR.text, indent: 0, gapAfter: 8 },
    ...results.validity.scales.map((scale): TextBlock => ({
      text: `${scale.name}: ${scale.statement}`,
      size: 9,
      color: COLOR.text,
      indent: 14,
      gapAfter: 4,
      bullet: scale.isConcern ? '#b7791f' : COLOR.brand,
    })),
    {
      text:
        `Norms: US general population (${srf.citation}; N = ${srf.sampleN ?? 'n/a'}) for the charts, US z and the ` +
        `levels; German general population (${irf.citation}; N = ${irf.sampleN ?? 'n/a'}) for German z. ` +
        `${formGivenText(results)} Versions: ${results.instrument.version}; ${results.normsVersion}.`,
      size: 8,
      color: COLOR.muted,
      indent: 0,
      gapAfter: 0,
    },
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
