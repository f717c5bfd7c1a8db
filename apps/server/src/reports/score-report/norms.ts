import type { TAssessmentResults } from '@pid5/contract';
import { ensureSpace } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawTextBlocks, sectionHeading, textBlocksHeight, type TextBlock } from '../drawing/text-blocks';
import { GERMAN_NORM_WORD_KEYS } from '@pid5/instrument';
import { normWording } from './norm-wording';
import { germanGroupText } from './trait-models';
import { scoreReportSections, type ScoreWording } from './score-report-wording';

type Doc = PDFKit.PDFDocument;

/**
 * Where every number comes from: the US tables, the US z, the German tables as published (a preprint), the level rule.
 * In the reader's language: the product's own norm sets' labels, samples and notes in our words (norm-wording.ts);
 * their sources as published.
 */
export function normBlocks(results: TAssessmentResults, words: ScoreWording): TextBlock[] {
  const { t } = words;
  const { us, levelRule } = normWording(results, words);
  const block = (text: string): TextBlock => ({ text, size: 8, color: COLOR.text, indent: 0, gapAfter: 5 });
  return [
    ...(us
      ? [
          block(
            t('scoreReport.norms.tables', {
              label: us.tables.label,
              sample: us.tables.sample,
              source: us.tables.source,
            }),
          ),
          block(
            t('scoreReport.norms.us', {
              label: us.srf.label,
              source: us.srf.source,
              sampleN: us.srf.sampleN ? `, N = ${us.srf.sampleN}` : '',
              note: us.srf.note,
            }),
          ),
        ]
      : [block(t('scoreReport.norms.noUs'))]),
    ...(results.germanNorms
      ? [
          block(
            t('scoreReport.norms.german', {
              label: t(GERMAN_NORM_WORD_KEYS.source),
              citation: results.germanNorms.citation,
              version: results.germanNorms.version,
              group: germanGroupText(t, results.germanNorms.group),
              attribution: results.germanNorms.attribution,
            }),
          ),
        ]
      : []),
    ...(us ? [block(t('scoreReport.norms.levels', { rule: levelRule.rule, normSet: levelRule.normSet }))] : []),
    {
      ...block(
        t('scoreReport.norms.versions', { instrument: results.instrument.version, norms: results.normsVersion }),
      ),
      color: COLOR.muted,
      gapAfter: 0,
    },
  ];
}

export function drawNormsSection(doc: Doc, results: TAssessmentResults, words: ScoreWording): void {
  const blocks = normBlocks(results, words);
  doc.y += 6;
  ensureSpace(doc, 50 + textBlocksHeight(doc, blocks));
  sectionHeading(doc, scoreReportSections(words.t).norms);
  drawTextBlocks(doc, blocks);
}
