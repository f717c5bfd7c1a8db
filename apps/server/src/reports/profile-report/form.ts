import type { TAssessmentResults, TDomainResult } from '@pid5/contract';
import { DOMAIN_TEXTS, TABLE_NOTE, type TraitText } from '../report-wording';

// What the report says of the form given: the form's name under the domains' heading; the brief form's total as
// the last row of its domains; each form's table note (the brief form's domains are averages of their statements).

/** "Form given: Brief form (PID-5-BF, 25 items)." (the brief form also says what it does not give). */
export function formGivenText(results: Pick<TAssessmentResults, 'formName'> & { form?: string }): string {
  return results.form === 'BF'
    ? `Form given: ${results.formName}. ${BRIEF_FORM_SCOPE}`
    : `Form given: ${results.formName}.`;
}

/** The brief form's domains are made of its items, not of facets, and it has no facet scores. */
export const BRIEF_FORM_SCOPE =
  'The brief form gives the five domains (each the mean of its 5 statements) and a total score; it has no facet ' +
  'scores.';

export const BRIEF_FORM_TABLE_NOTE = `Each domain is the average of your answers to its 5 statements; the total, of all 25. ${TABLE_NOTE}`;

export const SHORT_FORM_TABLE_NOTE = `The short form asks 4 statements for each facet. ${TABLE_NOTE}`;

const TOTAL_TEXT: Readonly<Record<string, TraitText>> = {
  Total: {
    description: 'All 25 statements together: an overall picture of how much the traits above describe you.',
    difficulties: '',
    strengths: '',
  },
};

/** The brief form's total as the last row of its domains' table (nothing for the other forms, which have none). */
export function totalRow(results: TAssessmentResults): TDomainResult[] {
  return results.total ? [{ ...results.total, facets: [], unscoredFacets: [] }] : [];
}

/** The descriptions of the domain table's rows: the domains' and the brief form's total. */
export const DOMAIN_TABLE_TEXTS: Readonly<Record<string, TraitText>> = { ...DOMAIN_TEXTS, ...TOTAL_TEXT };

/** Under the table when the brief form's total could not be scored. */
export const TOTAL_NOT_SCORED = 'The total is not scored: 7 or more of the 25 statements were not answered.';

/** The note under the domain table for the form given (undefined: the full form's, TABLE_NOTE). */
export function formTableNote(results: Pick<TAssessmentResults, 'form'>): string | undefined {
  switch (results.form) {
    case 'FULL':
      return undefined;
    case 'SF':
      return SHORT_FORM_TABLE_NOTE;
    case 'BF':
      return BRIEF_FORM_TABLE_NOTE;
  }
}

/** The report's fixed texts for the forms (report-pdf.ts adds them to the thread's base glyph set). */
export function formFixedTexts(): string[] {
  return [
    BRIEF_FORM_TABLE_NOTE,
    SHORT_FORM_TABLE_NOTE,
    ...Object.values(TOTAL_TEXT).map((text) => text.description),
    TOTAL_NOT_SCORED,
    formGivenText({ formName: 'Full form (PID-5, 220 items)' }),
    formGivenText({ formName: 'Short form (PID-5-SF, 100 items)' }),
    formGivenText({ formName: 'Brief form (PID-5-BF, 25 items)', form: 'BF' }),
  ];
}
