import { formatLevel, formatScore, type TDomainResult, type TFacetResult } from '@pid5/contract';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn } from '../drawing/table';
import { drawText } from '../report-text';
import type { TraitText } from '../report-texts';

type Doc = PDFKit.PDFDocument;

/** A scale's level, emphasised when it has one; muted when the scale is not scored. */
export function levelLine(scale: { level: TFacetResult['level']; isScored: boolean }): CellLine {
  const text = formatLevel(scale);
  return scale.level
    ? { text, font: 'condensedBold', color: COLOR.elevated }
    : { text, color: scale.isScored ? COLOR.text : COLOR.muted };
}

/**
 * The table of the domains or of (part of) the facets: abbreviation, name, description, then the numbers (mean item
 * score, both standardised scores, level); with `hasNote`, the note that explains the numbers under it.
 */
export function scaleTable(
  doc: Doc,
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  options: { nameHeader: string; hasNote: boolean; note?: string },
): void {
  const columns: TableColumn[] = [
    { header: 'Abbr.', width: 38 },
    { header: options.nameHeader, width: 86 },
    { header: 'Description', width: 187 },
    { header: 'Score', width: 36, align: 'right' },
    { header: 'US z', width: 38, align: 'right' },
    { header: 'German z', width: 50, align: 'right' },
    { header: 'Level', width: CONTENT_WIDTH - 435 },
  ];
  const rows = scales.map((scale) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: scale.name, font: 'condensedBold' as const }],
    [{ text: texts[scale.key]?.description ?? '' }],
    [{ text: formatScore(scale.score) }],
    [{ text: formatScore(scale.srf) }],
    [{ text: formatScore(scale.irf) }],
    [levelLine(scale)],
  ]);
  drawTable(doc, columns, rows);
  if (!options.hasNote) {
    return;
  }
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  drawText(
    doc,
    options.note ??
      'Score: mean answer on the 0-3 scale (domains: mean of their three facets). US z and German z: standardised ' +
        'scores against the US and German general-population norms. Level: from the percentile in the published US ' +
        'table (Mild from the 84th, Moderate from the 93rd, High from the 98th).',
    MARGIN.left,
    doc.y + 3,
    { width: CONTENT_WIDTH, lineGap: 1 },
  );
  doc.fillColor(COLOR.text).fontSize(10);
}
