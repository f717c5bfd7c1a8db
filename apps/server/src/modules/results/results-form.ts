import type { AssessmentForm, TAssessmentResults } from '@pid5/contract';
import { administeredFormInfo } from '@pid5/instrument';

// Which form a result is of, in the words every result, report and export uses.

/** "Brief form (PID-5-BF, 25 items)": the form's name for headings and the report. */
export function formNameOf(form: AssessmentForm): string {
  const text = administeredFormInfo(form).nameInText;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The results API's fields that say which form was given. */
export function describeForm(form: AssessmentForm): Pick<TAssessmentResults, 'form' | 'formName' | 'itemCount'> {
  return { form, formName: formNameOf(form), itemCount: administeredFormInfo(form).itemCount };
}
