import type { TAssessmentResults, TDomainResult, TFacetResult } from '@pid5/contract';
import { levelKey, scaleNameKey } from '@pid5/instrument';
import { CONTENT_WIDTH, ensureSpace, MARGIN } from '../drawing/page';
import { COLOR } from '../drawing/style';
import {
  drawTable,
  TABLE_HEADER_HEIGHT,
  tableRowHeight,
  type CellLine,
  type TableColumn,
  type TableRow,
} from '../drawing/table';
import { drawText, measureText } from '../pdf-text-replay';
import type { ReportWording, TraitText } from '../report-wording';
import { germanTCellLines, showsGermanNorms } from './german-norms';

type Doc = PDFKit.PDFDocument;

/**
 * A scale's level as the patient-facing report prints it under the validity verdict (`patientFacingLevels`):
 * emphasised when it has one; marked "(caution)" when the profile is to be read with caution; withheld ("Not
 * interpretable") when it may not be read; muted when the scale is not scored.
 */
export function levelLine(
  scale: { level: TFacetResult['level']; isScored: boolean },
  patientFacingLevels: PatientFacingLevels,
  words: ReportWording,
): CellLine {
  if (scale.isScored && patientFacingLevels === 'withhold') {
    return { text: words.t('report.levelWithheld'), color: COLOR.muted };
  }
  const text = words.t(levelKey(scale));
  if (!scale.level) {
    return { text, color: scale.isScored ? COLOR.text : COLOR.muted };
  }
  return {
    text: patientFacingLevels === 'show-marked' ? words.t('report.levelCaution', { level: text }) : text,
    font: 'condensedBold',
    color: COLOR.elevated,
  };
}

type PatientFacingLevels = TAssessmentResults['validityVerdict']['patientFacingLevels'];

/** The scale name's column: wide enough for the longest word of a scale's name in every language (a test checks). */
export const NAME_COLUMN_WIDTH = 112;

/** The German T column's width, taken from the description when the report shows the German norms beside. */
const GERMAN_T_WIDTH = 40;

interface ScaleTableOptions {
  nameHeader: string;
  hasNote: boolean;
  note?: string;
  patientFacingLevels: PatientFacingLevels;
}

/** A scale table laid out once: measured (scaleTableHeight) and drawn (drawScaleTable) from the same cells. */
export interface ScaleTableLayout {
  readonly columns: TableColumn[];
  readonly rows: TableRow[];
  /** The note under the table, or null without one. */
  readonly note: string | null;
}

/**
 * The table of the domains or of (part of) the facets: abbreviation, name, what it describes, the T score and the
 * level (no raw means, percentiles or z: the score report has them); for a test given in German, the T score
 * against German adults of the patient's group as published, with its interval, beside the US one
 * (docs/decisions/0067-norms-of-a-german-test.md, 0073-german-norms-as-published.md); with
 * `hasNote`, the note under it.
 */
export function scaleTableLayout(
  results: Pick<TAssessmentResults, 'form' | 'germanNorms'>,
  scales: readonly (TFacetResult | TDomainResult)[],
  texts: Readonly<Record<string, TraitText>>,
  words: ReportWording,
  options: ScaleTableOptions,
): ScaleTableLayout {
  const german = showsGermanNorms(results, words.language);
  const describesWidth = 322 - NAME_COLUMN_WIDTH - (german ? GERMAN_T_WIDTH : 0);
  const columns: TableColumn[] = [
    { header: words.t('report.table.abbreviation'), width: 34 },
    { header: options.nameHeader, width: NAME_COLUMN_WIDTH },
    { header: words.t('report.table.describes'), width: describesWidth },
    { header: words.t('report.table.tScore'), width: 40, align: 'right' },
    ...(german
      ? [{ header: words.t('report.table.tScoreGerman'), width: GERMAN_T_WIDTH, align: 'right' as const }]
      : []),
    { header: words.t('report.table.level'), width: CONTENT_WIDTH - 396 },
  ];
  const rows = scales.map((scale) => [
    [{ text: scale.key, font: 'condensedBold' as const }],
    [{ text: words.t(scaleNameKey(scale.key)), font: 'condensedBold' as const }],
    [{ text: texts[scale.key]?.description ?? '' }],
    [{ text: scale.us?.tText ?? '—' }],
    ...(german ? [germanTCellLines(scale.de, words.language)] : []),
    [levelLine(scale, options.patientFacingLevels, words)],
  ]);
  const note = options.hasNote
    ? [options.note ?? words.tableNote, ...(german ? [words.t('report.germanNorms.note')] : [])].join(' ')
    : null;
  return { columns, rows, note };
}

/** The height the table and its note take when drawn on one page (a caller keeps it with what comes before). */
export function scaleTableHeight(doc: Doc, table: ScaleTableLayout): number {
  const rowsHeight = table.rows.reduce(
    (sum, row) => sum + tableRowHeight(doc, table.columns, row),
    TABLE_HEADER_HEIGHT,
  );
  return rowsHeight + (table.note === null ? 0 : noteHeight(doc, table.note));
}

/** The table at doc.y (split over pages where it must), its note whole under it. */
export function drawScaleTable(doc: Doc, table: ScaleTableLayout): void {
  drawTable(doc, table.columns, table.rows);
  if (table.note === null) {
    return;
  }
  // The note stays whole: on the next page when it does not fit under the table.
  ensureSpace(doc, noteHeight(doc, table.note));
  doc.fillColor(COLOR.muted);
  drawText(doc, table.note, MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH, lineGap: 1 });
  doc.fillColor(COLOR.text).fontSize(10);
}

function noteHeight(doc: Doc, note: string): number {
  doc.font('regular').fontSize(7);
  return 3 + measureText(doc, note, { width: CONTENT_WIDTH, lineGap: 1 });
}
