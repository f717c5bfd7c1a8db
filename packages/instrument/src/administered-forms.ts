import { BFM_FORM, BFM_FORM_ID, BFM_FORM_INFO } from './bfm-form';
import { FORMS, getFormInfo, type FormInfo } from './forms';
import { type AdministeredFormId, type FormId, isFormId } from './keys';

// The four forms a test can be given as, for what every form has alike: its items (as full-form numbers, so one
// item set of 220 texts serves each) and how it is named and timed. Scoring differs: the PID-5's three forms by
// scoreResponses, the PID5BF+M by scoreBfmForm.

/** A form's item numbers in the 220-item set, in the form's order. */
export function administeredFullItems(form: AdministeredFormId): readonly number[] {
  return form === BFM_FORM_ID ? BFM_FORM.fullItems : FORMS[form].fullItems;
}

export function administeredItemCount(form: AdministeredFormId): number {
  return administeredFullItems(form).length;
}

/** Label, item count and time of any of the four forms. */
export function administeredFormInfo(form: AdministeredFormId): Omit<FormInfo, 'id'> & { id: AdministeredFormId } {
  return form === BFM_FORM_ID ? BFM_FORM_INFO : getFormInfo(form);
}

/** Whether the form is one of the PID-5's own three (scored with US norms by scoreResponses). */
export function isPid5Form(form: AdministeredFormId): form is FormId {
  return isFormId(form);
}
