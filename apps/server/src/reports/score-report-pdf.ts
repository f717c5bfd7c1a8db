import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { drawPageFooters } from './drawing/footer';
import { reportDocumentOptions } from './drawing/page';
import { COLOR } from './drawing/style';
import { allReportFixedTexts } from './fixed-wording';
import { createReportDocument, endReportDocument } from './report-document';
import { drawScoreReportHeader, itemSetText } from './score-report/header';
import { drawNormsSection } from './score-report/norms';
import { normWording } from './score-report/norm-wording';
import { drawMissingItems, drawResponseGrid } from './score-report/responses';
import { drawScoresTable, drawTCharts } from './score-report/scores';
import { scoreWording } from './score-report/score-report-wording';
import { drawValidityTable } from './score-report/validity';
import { drawAmpdProfiles, drawIcd11TraitDomains, germanGroupText } from './score-report/trait-models';
import { GERMAN_NORM_WORD_KEYS } from '@pid5/instrument';

// The clinician's score report: the numbers a clinician signs, drawn in code like the patient's
// report (report-pdf.ts), in the same PDF pool, from the same results object. In order: the header (patient id,
// dates, form, item set, norms), the validity verdict and table first, every scale's raw score, T, percentile, level
// and German T with its interval, the profile in T, the ICD-11 trait domains and the AMPD trait profiles, the missing items, the answers by item number (no item texts) and where each
// number comes from. It prints the patient id, not a name; the patient-facing report stays report-pdf.ts.

export interface ScoreReportInput {
  readonly kind: 'score-report';
  /** The reader's language: the report's words (absent: English). */
  readonly language?: Language;
  /** As the clinician entered it; printed as plain text. */
  readonly patientId: string;
  /** Dates already formatted in the reader's language (report-date.ts). */
  readonly createdText: string;
  readonly submittedText: string;
  readonly dateText: string;
  readonly results: TAssessmentResults;
  /** The answers, one character per item ('9' unanswered). */
  readonly responses: string;
  readonly instituteName: string;
  readonly copyrightYear: number;
}

export function renderScoreReportPdf(input: ScoreReportInput): Promise<Uint8Array> {
  const words = scoreWording(input.language ?? 'en');
  const { t } = words;
  const doc = createReportDocument(
    reportDocumentOptions({
      title: `${t('scoreReport.title')} — ${input.patientId}`,
      subject: t('scoreReport.subject'),
      language: words.language,
      instituteName: input.instituteName,
    }),
    allReportFixedTexts,
  );
  doc.font('regular').fillColor(COLOR.text);
  const { results } = input;
  drawScoreReportHeader(doc, input, words);
  drawValidityTable(doc, results, words);
  drawScoresTable(doc, results, words);
  drawTCharts(doc, results, words);
  drawIcd11TraitDomains(doc, { bfm: results.bfm, unavailable: results.bfmUnavailable, form: results.form }, words);
  drawAmpdProfiles(doc, { ampd: results.ampd, form: results.form }, words);
  drawMissingItems(doc, input.responses, words);
  drawResponseGrid(doc, input.responses, words, results.itemSet.answerLabels);
  drawNormsSection(doc, results, words);
  const { us } = normWording(results, words);
  drawPageFooters(doc, {
    title: `\u00a9 ${input.copyrightYear} ${input.instituteName}`,
    lines: [
      `${t('scoreReport.footerNotice')} ${t('scoreReport.footerPatient', { patientId: input.patientId })}`,
      t('scoreReport.footerSources', {
        itemSet: itemSetText(results, t, words.language),
        tables: us?.tables.label ?? t(GERMAN_NORM_WORD_KEYS.source),
        germanNorms: results.germanNorms ? germanGroupText(t, results.germanNorms.group) : (us?.irf.shortLabel ?? '—'),
        citation: t(GERMAN_NORM_WORD_KEYS.source),
      }),
    ],
    pageText: (page, pages) => t('scoreReport.page', { page, pages }),
  });
  return endReportDocument(doc);
}
