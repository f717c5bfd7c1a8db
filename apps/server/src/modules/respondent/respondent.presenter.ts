import type { Language } from '@pid5/i18n';
import { FORM_ITEM_COUNTS, type AssessmentForm, type TPatientItemSet, type TPatientTest } from '@pid5/contract';
import { administeredFullItems } from '@pid5/instrument';
import { patientTestStatus } from '../assessments/assessment-lifecycle';
import type { ActiveItemSet, ItemSets } from '../item-sets/load-item-set';
import type { PatientTestRow } from './respondent.repo';

/**
 * The items of the test's form in the form's order and numbering: the form's item n shows the item set's
 * text of full item `fullItems[n - 1]` (the item maps of `@pid5/instrument`, data/pid5-forms.json). A full-form test
 * shows all 220 items as they are numbered in the set.
 */
export function presentItemSet(itemSet: ActiveItemSet, form: AssessmentForm = 'FULL'): TPatientItemSet {
  const textOf = new Map(itemSet.items.map((item) => [item.number, item.text]));
  const fullItems = administeredFullItems(form);
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

/** How the patient side offers languages: the item sets loaded, and whether the institute lets patients switch. */
export interface PatientLanguages {
  itemSets: ItemSets;
  /** PATIENT_LANGUAGE_SWITCH. */
  languageSwitch: boolean;
}

/** The languages a patient may switch an open test to: every loaded one, where the institute allows switching. */
export function patientLanguageChoices(options: PatientLanguages, isOpen: boolean): Language[] {
  const { itemSets } = options;
  return options.languageSwitch && isOpen && itemSets.languages.length > 1 ? [...itemSets.languages] : [];
}

/**
 * Row → what the patient page needs (its status decided on every load); no clinician, demographics, scores or row id.
 * The language is the test's, with that language's item set (DESIGN.md "Languages"); a test whose language has no
 * item set loaded any more is shown in the default language. The choices are the loaded languages while the test is
 * open, where the institute allows switching and more than one is loaded.
 */
export function presentPatientTest(row: PatientTestRow, options: { now: Date } & PatientLanguages): TPatientTest {
  const status = patientTestStatus(row, options.now);
  const { itemSets } = options;
  const language = itemSets.get(row.language) ? row.language : itemSets.defaultLanguage;
  const open = status === 'consent-required' || status === 'in-progress';
  return {
    status,
    itemCount: FORM_ITEM_COUNTS[row.form],
    form: row.form,
    language,
    languageChoices: patientLanguageChoices(options, open),
    answers: row.responses,
    answeredCount: row.answeredCount,
    dueAt: row.dueAt.toISOString(),
    itemSet: status === 'in-progress' ? presentItemSet(itemSets.forTest(language), row.form) : null,
  };
}
