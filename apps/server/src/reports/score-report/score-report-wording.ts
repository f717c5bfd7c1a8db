import { formatScore } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { ANSWER_VALUES } from '@pid5/instrument';
import { translator, type MessageKey, type Translate } from '../../i18n/translator';

// The fixed texts of the clinician's score report (score-report-pdf.ts) and of the comparison, in the reader's
// language: the catalogue area `score-report` (packages/i18n/catalogues/<language>/score-report.json). The fonts'
// base glyph sets take every language's messages (fixed-wording.ts).

export const SCORE_TABLE_NOTE_KEYS = {
  FULL: 'scoreReport.scoresNote.FULL',
  SF: 'scoreReport.scoresNote.SF',
  BF: 'scoreReport.scoresNote.BF',
} as const satisfies Record<'FULL' | 'SF' | 'BF', MessageKey>;

/** The note under the scores table, per form: what a raw score is the mean of, then what each column means. */
export function scoreTableNote(t: Translate, form: keyof typeof SCORE_TABLE_NOTE_KEYS, germanGroup: string): string {
  return `${t(SCORE_TABLE_NOTE_KEYS[form])} ${t('scoreReport.scoresNote.rest', { group: germanGroup })}`;
}

const ANSWER_KEYS = {
  0: 'scoreReport.answer.0',
  1: 'scoreReport.answer.1',
  2: 'scoreReport.answer.2',
  3: 'scoreReport.answer.3',
} as const;

/** Each answer value's words (the score report's, in the reader's language). */
export function answerWording(t: Translate): Record<(typeof ANSWER_VALUES)[number], string> {
  return { 0: t(ANSWER_KEYS[0]), 1: t(ANSWER_KEYS[1]), 2: t(ANSWER_KEYS[2]), 3: t(ANSWER_KEYS[3]) };
}

/**
 * The legend under the answer grid: "0 = Very False or Often False; …; – = not answered." With `answerLabels` (the
 * test's item set's), the answers as the patient saw them.
 */
export function responsesLegend(t: Translate, answerLabels?: readonly string[] | null): string {
  return t('scoreReport.responsesLegend', {
    answers: ANSWER_VALUES.map((value) => `${value} = ${answerLabels?.[value] ?? t(ANSWER_KEYS[value])}`).join('; '),
  });
}

export const VALIDITY_TABLE_HEADER_KEYS = [
  'scoreReport.validityTable.indicator',
  'scoreReport.validityTable.score',
  'scoreReport.validityTable.percentile',
  'scoreReport.validityTable.cutoff',
  'scoreReport.validityTable.status',
  'scoreReport.validityTable.statement',
] as const;

export const SCORE_TABLE_HEADER_KEYS = [
  'scoreReport.scoresTable.abbreviation',
  'scoreReport.scoresTable.scale',
  'scoreReport.scoresTable.domain',
  'scoreReport.scoresTable.raw',
  'scoreReport.scoresTable.t',
  'scoreReport.scoresTable.percentile',
  'scoreReport.scoresTable.level',
  'scoreReport.scoresTable.deT',
  'scoreReport.scoresTable.dePercentile',
] as const;

/** A score as the reports print it in `language`: two decimals, a real minus, '—' when not scored; 1,23 in German. */
export function formatScoreIn(language: Language, value: number | null | undefined): string {
  const text = formatScore(value);
  return language === 'en' ? text : text.replace('.', ',');
}

/** A printed number (a percentile, a T or a cut-off) with a decimal comma in German: "96,5". */
export function decimalIn(language: Language, text: string): string {
  return language === 'en' ? text : text.replace(/(\d)\.(\d)/g, '$1,$2');
}

/** Texts the score report always prints that are not in a catalogue (numbers), for the fonts' base glyph sets. */
export function scoreReportFixedTexts(): string[] {
  return [formatScore(1.23), formatScoreIn('de', -1.23)];
}

/** The score report's section headings. */
export function scoreReportSections(t: Translate) {
  return {
    validity: t('scoreReport.section.validity'),
    scores: t('scoreReport.section.scores'),
    chart: t('scoreReport.section.chart'),
    missing: t('scoreReport.section.missing'),
    responses: t('scoreReport.section.responses'),
    norms: t('scoreReport.section.norms'),
  } as const;
}

/** The English headings, for the tests that read the English report. */
export const SCORE_REPORT_SECTIONS = scoreReportSections(translator('en'));

/** What a score report's section draws with: the reader's language and its messages. */
export interface ScoreWording {
  readonly language: Language;
  readonly t: Translate;
}

export function scoreWording(language: Language): ScoreWording {
  return { language, t: translator(language) };
}
