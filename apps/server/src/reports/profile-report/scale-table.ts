import { formatLevel, type TAssessmentResults, type TDomainResult, type TFacetResult } from '@pid5/contract';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn } from '../drawing/table';
import { drawText } from '../pdf-text-replay';
import { TABLE_NOTE, type TraitText } from '../report-wording';

type Doc = PDFKit.PDFDocument;

/**
 * A scale's level as the patient-facing report prints it under the validity verdict (`patientFacingLevels`):
 * emphasised when it has one; marked "(caution)" when the profile is to be read with caution; withheld ("Not
 * interpretable") when it may not be read; muted when the scale is not scored.
 */
export function levelLine(
  scale: { level: TFacetResult['level']; isScored: boolean },
  patientFacingLevels: PatientFacingLevels,
): CellLine {
  if (scale.isScored && patientFacingLevels === 'withhold') {
    return { text: 'Not interpretable', color: COLOR.muted };
  }
  const text = formatLevel(scale);
  if (!scale.level) {
    return { text, color: scale.isScored ? COLOR.text : COLOR.muted };
  }
  return {
    text: patientFacingLevels === 'show-marked' ? `${text} (caution)` : text,
    font: 'condensedBold',
    color: COLOR.elevated,
  };
}

type PatientFacingLevels = TAssessmentResults['validityVerdict']['patientFacingLevels'];

/**
 * The table of the domains or of (part of) the facets: abbreviation, name, what it describes, the T score and the
 * level (no raw means, percentiles or z: the score report has them); with `hasNote`, the note under it.
 */
export function scaleTable(
  doc: Doc,
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  options: { nameHeader: string; hasNote: boolean; note?: string; patientFacingLevels: PatientFacingLevels },
): void {
  const columns: TableColumn[] = [
    { header: 'Abbr.', width: 34 },
    { header: options.nameHeader, width: 86 },
    { header: 'What it describes', width: 236 },
    { header: 'T score', width: 40, align: 'right' },
    { header: 'Level', width: CONTENT_WIDTH - 396 },
  ];
  const rows = scales.map((scale) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: scale.name, font: 'condensedBold' as const }],
    [{ text: texts[scale.key]?.description ?? '' }],
    [{ text: scale.us?.tText ?? '—' }],
    [levelLine(scale, options.patientFacingLevels)],
  ]);
  drawTable(doc, columns, rows);
  if (!options.hasNote) {
    return;
  }
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  drawText(doc, options.note ?? TABLE_NOTE, MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.fillColor(COLOR.text).fontSize(10);
}
