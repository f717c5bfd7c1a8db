import type { TAssessmentResults } from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { FORM_NAME_KEYS, GERMAN_NORM_WORD_KEYS } from '@pid5/instrument';
import { demoItemSetFor, demoItemSets } from '../../i18n/language-files';
import { drawLogo } from '../drawing/logo';
import { CONTENT_WIDTH, MARGIN, rule } from '../drawing/page';
import { COLOR } from '../drawing/style';
import { drawText } from '../pdf-text-replay';
import type { Translate } from '../../i18n/translator';
import type { ScoreWording } from './score-report-wording';
import { normWording } from './norm-wording';
import { germanGroupText } from './trait-models';

type Doc = PDFKit.PDFDocument;

export interface ScoreReportHeader {
  instituteName: string;
  patientId: string;
  createdText: string;
  submittedText: string;
  dateText: string;
  results: TAssessmentResults;
}

/** The demonstration sets' descriptions in each language: the same words, as each set's own title gives them. */
function demoTitle(id: string, language: Language): string | undefined {
  return demoItemSets().some((set) => set.id === id) ? demoItemSetFor(language)?.title : undefined;
}

/**
 * The item set as the reports name it: its title and id, or that it was not recorded. A demonstration set is
 * described in the reader's language (its id says which set it was); an institute's set by its own title.
 */
export function itemSetText(results: TAssessmentResults, t: Translate, language: Language = 'en'): string {
  const { id, title } = results.itemSet;
  if (id === null) {
    return t('scoreReport.header.itemSetNotRecorded');
  }
  const shown = (title && demoTitle(id, language)) || title;
  return shown ? `${shown} (${id})` : id;
}

/** Title, institute, and one line each for the patient id, the dates, the form, the item set and the norms. */
export function drawScoreReportHeader(doc: Doc, header: ScoreReportHeader, { t, language }: ScoreWording): void {
  const top = MARGIN.top;
  drawLogo(doc, MARGIN.left, top, 40);
  const textX = MARGIN.left + 52;
  const textWidth = CONTENT_WIDTH - 52;
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, header.instituteName, textX, top, { width: textWidth, align: 'right' });
  doc.font('bold').fontSize(20).fillColor(COLOR.brand);
  drawText(doc, t('scoreReport.title'), textX, top + 4, { width: textWidth });
  doc.font('regular').fontSize(9).fillColor(COLOR.muted);
  drawText(doc, t('scoreReport.subtitle'), textX, doc.y + 1, { width: textWidth });
  let y = Math.max(doc.y, top + 40) + 10;

  const { results } = header;
  const { us } = normWording(results, { t, language });
  const german = results.germanNorms
    ? `${t(GERMAN_NORM_WORD_KEYS.source)}; ${germanGroupText(t, results.germanNorms.group)}`
    : null;
  const lines: [string, string][] = [
    [t('scoreReport.header.patientId'), header.patientId],
    [
      t('scoreReport.header.dates'),
      t('scoreReport.header.datesValue', {
        created: header.createdText,
        submitted: header.submittedText,
        drawn: header.dateText,
      }),
    ],
    [
      t('scoreReport.header.form'),
      t('scoreReport.header.formValue', {
        instrument: results.instrument.name,
        // The instrument's own words for the form in English; the form's name in another language.
        form: language === 'en' ? results.instrument.form : t(FORM_NAME_KEYS[results.form]),
        answered: results.answered,
        missing: results.missing,
        version: results.instrument.version,
      }),
    ],
    [t('scoreReport.header.itemSet'), itemSetText(results, t, language)],
    [
      t('scoreReport.header.norms'),
      us
        ? t('scoreReport.header.normsValue', {
            tables: us.tables.label,
            usNorms: `${us.srf.shortLabel} (${us.srf.citation})`,
            germanNorms: german ?? `${us.irf.shortLabel} (${us.irf.citation})`,
          })
        : t('scoreReport.header.germanNormsOnly', { germanNorms: german ?? '—' }),
    ],
  ];
  const labelWidth = 70;
  for (const [label, value] of lines) {
    doc.font('condensedBold').fontSize(8.5).fillColor(COLOR.text);
    drawText(doc, `${label}:`, MARGIN.left, y, { width: labelWidth });
    doc.font('condensed').fontSize(8.5).fillColor(COLOR.text);
    // The patient id is what the clinician typed: printed as plain text like every value here.
    drawText(doc, value, MARGIN.left + labelWidth, y, { width: CONTENT_WIDTH - labelWidth, lineGap: 0.5 });
    y = doc.y + 2;
  }
  y += 4;
  rule(doc, y, { lineWidth: 1 });
  doc.y = y + 12;
  doc.font('regular').fontSize(10).fillColor(COLOR.text);
}
