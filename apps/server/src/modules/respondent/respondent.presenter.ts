import { FORM_ITEM_COUNTS, type AssessmentForm, type TPatientItemSet, type TPatientTest } from '@pid5/contract';
import { getFormFullItems } from '@pid5/instrument';
import { patientTestStatus } from '../assessments/assessment-lifecycle';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import type { PatientTestRow } from './respondent.repo';

/**
 * The items of the test's form in the form's order and numbering: the form's item n shows the item set's
 * text of full item `fullItems[n - 1]` (the item maps of `@pid5/instrument`, data/pid5-forms.json). A full-form test
 * shows all 220 items as they are numbered in the set.
 */
export function presentItemSet(itemSet: ActiveItemSet, form: AssessmentForm = 'FULL'): TPatientItemSet {
  const textOf = new Map(itemSet.items.map((item) => [item.number, item.text]));
  const fullItems = getFormFullItems(form);
  return {
    id: itemSet.id,
    title: itemSet.title,
    language: itemSet.language,
    answerLabels: [...itemSet.answerLabels],
    items: fullItems.map((fullItem, index) => {
      const text = textOf.get(fullItem);
      if (text === undefined) {
        // The item set is validated at start (all 220 items), so every form finds its texts; never show a blank.
        throw new Error(`item set ${itemSet.id} has no text for full item ${fullItem}`);
      }
      return { number: index + 1, text };
    }),
  };
}

/** Row → what the patient page needs (its status decided on every load); no clinician, demographics, scores or row id. */
export function presentPatientTest(row: PatientTestRow, options: { now: Date; itemSet: ActiveItemSet }): TPatientTest {
  const status = patientTestStatus(row, options.now);
  return {
    status,
    itemCount: FORM_ITEM_COUNTS[row.form],
    form: row.form,
    language: 'en',
    languageChoices: [],
    answers: row.responses,
    answeredCount: row.answeredCount,
    dueAt: row.dueAt.toISOString(),
    itemSet: status === 'in-progress' ? presentItemSet(options.itemSet, row.form) : null,
  };
}
