import type { TAssessmentResults } from '@pid5/contract';
import { VALIDITY_STATUS_KEYS, verdictLabelKey } from '@pid5/instrument';
import { drawNotice } from '../drawing/notice-box';
import { CONTENT_WIDTH } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTable, type TableColumn } from '../drawing/table';
import { sectionHeading } from '../drawing/text-blocks';
import { VERDICT_STYLE } from '../profile-report/validity-first';
import { decimalIn, scoreReportSections, VALIDITY_TABLE_HEADER_KEYS, type ScoreWording } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

const CONCERN = '#b42318';

/** A validity percentile as printed: "96" or "≥ 99" for a score beyond the table, "—" where none is published. */
function percentileText(scale: TAssessmentResults['validity']['scales'][number]): string {
  const reading = scale.percentile;
  if (!reading) {
    return '—';
  }
  const value =
    reading.percentile >= 1
      ? '>99'
      : reading.percentile <= 0
        ? '<1'
        : String(Math.round(reading.percentile * 1000) / 10);
  if (reading.percentile >= 1 || reading.percentile <= 0) {
    // "> 99" and "< 1" already say the score is at the end of the table.
    return value;
  }
  return reading.capped === 'above' ? `≥ ${value}` : reading.capped === 'below' ? `≤ ${value}` : value;
}

/** The notes with `text` after the last one (a line of its own when there is none). */
function appendToLast(notes: readonly string[], text: string): readonly string[] {
  const last = notes.at(-1);
  return last === undefined ? [text] : [...notes.slice(0, -1), `${last} ${text}`];
}

/**
 * The validity table's columns but the last (the statement takes the rest): the status column holds its longest word
 * in bold ('Indeterminate' broke mid-word at 56 points).
 */
export const VALIDITY_COLUMN_WIDTHS: readonly number[] = [80, 34, 42, 84, 74];

/**
 * The verdict first (its summary and what to do), then every validity indicator of the form: score, US percentile
 * where published, cut-off, status and what it means (DESIGN.md "Validity verdict").
 */
export function drawValidityTable(doc: Doc, results: TAssessmentResults, { t, language }: ScoreWording): void {
  const verdict = results.validityVerdict;
  sectionHeading(doc, scoreReportSections(t).validity);
  // The verdict's label in the reader's language; its summary, action and notes come worded in it too
  // (buildResults: the instrument's validity words in the reader's language).
  const label = language === 'en' ? verdict.label : t(verdictLabelKey(verdict.verdict, results.form));
  // A check not made for want of data ("not recorded") is said after the last note, not as a table row: a row with
  // its source and cut-off pushes a full form's table off page 1, the note's line has room for three words.
  const notRecorded = results.validity.scales.some((scale) => scale.status === 'not-recorded');
  const notes = notRecorded ? appendToLast(verdict.notes, t('scoreReport.timeNotRecorded')) : verdict.notes;
  drawNotice(doc, {
    title: t('scoreReport.verdict', { label }),
    lines: [
      { text: verdict.summary },
      ...(verdict.verdict === 'valid'
        ? []
        : [{ text: t('scoreReport.whatToDo', { action: verdict.action }), bold: true }]),
      ...notes.map((note) => ({ text: note })),
    ],
    ...VERDICT_STYLE[verdict.verdict],
  });
  const columns: TableColumn[] = VALIDITY_TABLE_HEADER_KEYS.map((key, i) => ({
    header: t(key),
    width: VALIDITY_COLUMN_WIDTHS[i] ?? CONTENT_WIDTH - VALIDITY_COLUMN_WIDTHS.reduce((a, b) => a + b, 0),
    align: i === 1 || i === 2 ? 'right' : 'left',
  }));
  const rows = results.validity.scales
    .filter((scale) => scale.status !== 'not-recorded')
    .map((scale) => [
      [
        { text: scale.name, font: 'condensedBold' as const },
        { text: scale.source, size: 6.5, color: COLOR.muted },
      ],
      [{ text: scale.score === null ? '—' : String(scale.score) }],
      [{ text: decimalIn(language, percentileText(scale)) }],
      [{ text: scale.cutoffs ?? t('scoreReport.validityTable.noCutoff') }],
      [
        {
          text: t(VALIDITY_STATUS_KEYS[scale.status]),
          font: scale.isConcern ? ('condensedBold' as const) : ('condensed' as const),
          color: scale.isConcern ? CONCERN : COLOR.text,
        },
      ],
      // The direction (which scores are the concern) is in the cut-off column's words; the statement says the result.
      [{ text: scale.statement }],
    ]);
  drawTable(doc, columns, rows);
  doc.moveDown(0.8);
}
