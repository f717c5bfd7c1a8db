import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
} from '@pid5/contract';
import { CONTENT_WIDTH, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type CellLine, type TableColumn } from '../drawing/table';
import { drawText } from '../pdf-text-replay';
import type { TraitText } from '../report-wording';

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
 * The table of the domains or of (part of) the facets: abbreviation, name, description, then the numbers (mean item
 * score, both standardised scores, level); with `hasNote`, the note that explains the numbers under it.
 */
export function scaleTable(
  doc: Doc,
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  options: { nameHeader: string; hasNote: boolean; note?: string; patientFacingLevels: PatientFacingLevels },
): void {
  const columns: TableColumn[] = [
    { header: 'Abbr.', width: 34 },
    { header: options.nameHeader, width: 80 },
    { header: 'Description', width: 160 },
    { header: 'Score', width: 32, align: 'right' },
    { header: 'US T', width: 30, align: 'right' },
    { header: 'US %ile', width: 36, align: 'right' },
    { header: 'German z', width: 44, align: 'right' },
    { header: 'Level', width: CONTENT_WIDTH - 416 },
  ];
  const rows = scales.map((scale) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: scale.name, font: 'condensedBold' as const }],
    [{ text: texts[scale.key]?.description ?? '' }],
    [{ text: formatScore(scale.score) }],
    [{ text: scale.us?.tText ?? '—' }],
    [{ text: scale.us?.percentileText ?? '—' }],
    [{ text: formatScore(scale.irf) }],
    [levelLine(scale, options.patientFacingLevels)],
  ]);
  drawTable(doc, columns, rows);
  if (!options.hasNote) {
    return;
  }
  doc.font('regular').fontSize(7).fillColor(COLOR.muted);
  drawText(
    doc,
    options.note ??
      'Score: mean answer on the 0-3 scale (domains: mean of their three facets). US T and US %ile: T score (mean ' +
        '50, SD 10) and percentile from the same row of the published US table (Markon et al. 2024); "≥" marks a ' +
        'score above the table. German z: standardised score against the German general-population norms ' +
        '(manuscript under review). Level: from the US percentile (Mild from the 84th, Moderate from the 93rd, High ' +
        'from the 98th).',
    MARGIN.left,
    doc.y + 3,
    { width: CONTENT_WIDTH, lineGap: 1 },
  );
  doc.fillColor(COLOR.text).fontSize(10);
}
