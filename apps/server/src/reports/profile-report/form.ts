import type { TAssessmentResults } from '@pid5/contract';
import { caption } from '../drawing/text-blocks';
import type { TraitText } from '../report-wording';
import { scaleTable } from './scale-table';

// What the report says of the form given: the form's name under the domains' heading and in the validity
// note; the brief form's total beside its domains; the brief form's table note (its domains are means of items).

type Doc = PDFKit.PDFDocument;

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

export const BRIEF_FORM_TABLE_NOTE =
  'Score: mean answer on the 0-3 scale of the domain’s 5 statements (the total: of all 25). US z: standardised ' +
  'score against the brief form’s own US table; German z: not available for the brief form. Level: from the ' +
  'percentile in the published US table of the brief form (Mild from the 84th, Moderate from the 93rd, High from ' +
  'the 98th).';

export const SHORT_FORM_TABLE_NOTE =
  'Score: mean answer on the 0-3 scale (domains: mean of their three facets), on the short form’s 4 statements per ' +
  'facet. US z: standardised score against the short form’s own US table; German z: not available for the short ' +
  'form. Level: from the percentile in the published US table of the short form (Mild from the 84th, Moderate from ' +
  'the 93rd, High from the 98th).';

const TOTAL_TEXT: Readonly<Record<string, TraitText>> = {
  Total: {
    description: 'Mean of all 25 statements: overall level of maladaptive personality traits (Markon et al. 2024).',
    difficulties: '',
    strengths: '',
  },
};

/** The brief form's total under its domains (nothing for the other forms, which have no total). */
export function drawTotal(doc: Doc, results: TAssessmentResults): void {
  if (!results.total) {
    return;
  }
  doc.moveDown(0.8);
  scaleTable(doc, [{ ...results.total, facets: [], unscoredFacets: [] }], TOTAL_TEXT, {
    nameHeader: 'Total',
    hasNote: false,
    patientFacingLevels: results.validityVerdict.patientFacingLevels,
  });
  if (!results.total.isScored) {
    caption(doc, 'The total is not scored: 7 or more of the 25 statements were not answered.');
  }
}

/** The note under the domain table for the form given (null: the full form's own note). */
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
    formGivenText({ formName: 'Full form (PID-5, 220 items)' }),
    formGivenText({ formName: 'Short form (PID-5-SF, 100 items)' }),
    formGivenText({ formName: 'Brief form (PID-5-BF, 25 items)', form: 'BF' }),
  ];
}
