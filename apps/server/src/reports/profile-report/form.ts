import type { TAssessmentResults, TDomainResult } from '@pid5/contract';
import { FORM_NAME_KEYS, LEVEL_KEYS, T_AXIS_LABEL_KEY, type TChartGeometry } from '@pid5/instrument';
import type { Translate } from '../../i18n/translator';
import type { ReportWording, TraitText } from '../report-wording';

// What the report says of the form given: the form's name under the domains' heading; the brief form's total as
// the last row of its domains; each form's table note (the brief form's domains are averages of their statements).

/** "Form given: Brief form (PID-5-BF, 25 items)." (the brief form also says what it does not give). */
export function formGivenText(results: Pick<TAssessmentResults, 'form'>, words: ReportWording): string {
  const given = words.t('report.form.given', { formName: words.t(FORM_NAME_KEYS[results.form]) });
  return results.form === 'BF' ? `${given} ${words.t('report.form.briefScope')}` : given;
}

/** The brief form's total as the last row of its domains' table (nothing for the other forms, which have none). */
export function totalRow(results: TAssessmentResults): TDomainResult[] {
  return results.total ? [{ ...results.total, facets: [], unscoredFacets: [] }] : [];
}

/** The descriptions of the domain table's rows: the domains' and the brief form's total. */
export function domainTableTexts(words: ReportWording): Readonly<Record<string, TraitText>> {
  return {
    ...words.domainTexts,
    Total: { description: words.t('report.form.totalDescription'), difficulties: '', strengths: '' },
  };
}

/** The note under the domain and facet tables for the form given. */
export function formTableNote(results: Pick<TAssessmentResults, 'form'>, words: ReportWording): string {
  switch (results.form) {
    case 'FULL':
      return words.tableNote;
    case 'SF':
      return `${words.t('report.form.shortTableNote')} ${words.tableNote}`;
    case 'BF':
      return `${words.t('report.form.briefTableNote')} ${words.tableNote}`;
    case 'BFM':
      // No PID-5 table: the PID5BF+M's domains are drawn by the ICD-11 section, with its own note.
      return words.tableNote;
  }
}

/** A T chart with its axis title and level names in the report's language (the geometry's are English). */
export function translatedTChart(chart: TChartGeometry, t: Translate): TChartGeometry {
  return {
    ...chart,
    axisLabel: t(T_AXIS_LABEL_KEY),
    guideLines: chart.guideLines.map((line) =>
      line.label === '' || !line.level ? line : { ...line, label: t(LEVEL_KEYS[line.level]) },
    ),
  };
}
