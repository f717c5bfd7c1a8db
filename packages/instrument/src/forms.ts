import formsJson from './data/pid5-forms.json' with { type: 'json' };
import { pid5Definition } from './definition';
import { FORM_IDS, type FormId } from './keys';
import { parseForms, type FormDefinition, type FormsDefinition } from './validate-forms';

// The three forms of the PID-5 adult self-report as data (data/pid5-forms.json, validated when this module loads,
// see validate-forms.ts), with what the app needs to offer and administer them. Every short and brief item is one
// of the 220 full items, so one item set of 220 texts serves every form: a form's item n shows the text of full
// item `toFullItem(form, n)`.

export const FORMS: FormsDefinition = parseForms(formsJson as unknown, pid5Definition);

/** The form a new assessment gets unless a clinician or the institute chooses another. */
export const DEFAULT_FORM: FormId = 'FULL';

export interface FormInfo {
  readonly id: FormId;
  /** For choosers and headers: "Full (220 items)". */
  readonly label: string;
  /** The form's name in sentences: "short form (PID-5-SF, 100 items)". */
  readonly nameInText: string;
  /** The published name (from the data). */
  readonly name: string;
  readonly itemCount: number;
  /** Approximate time to complete, in minutes (the product's estimate, not a published figure). */
  readonly minutes: { readonly min: number; readonly max: number };
  /** "about 30-40 minutes". */
  readonly minutesLabel: string;
  /** What the form yields. */
  readonly scales: string;
}

const FORM_INFO: Readonly<Record<FormId, Omit<FormInfo, 'id' | 'name' | 'itemCount'>>> = {
  FULL: {
    label: 'Full (220 items)',
    nameInText: 'full form (PID-5, 220 items)',
    minutes: { min: 30, max: 40 },
    minutesLabel: 'about 30-40 minutes',
    scales: '25 facets and 5 domains',
  },
  SF: {
    label: 'Short (100 items)',
    nameInText: 'short form (PID-5-SF, 100 items)',
    minutes: { min: 15, max: 20 },
    minutesLabel: 'about 15-20 minutes',
    scales: '25 facets and 5 domains',
  },
  BF: {
    label: 'Brief (25 items)',
    nameInText: 'brief form (PID-5-BF, 25 items)',
    minutes: { min: 5, max: 5 },
    minutesLabel: 'about 5 minutes',
    scales: '5 domains and a total score',
  },
};

/** The three forms in order (full, short, brief) with label, item count and time. */
export const FORM_INFOS: readonly FormInfo[] = FORM_IDS.map((id) => getFormInfo(id));

export function getFormInfo(form: FormId): FormInfo {
  const definition = FORMS[form];
  return { id: form, name: definition.name, itemCount: definition.itemCount, ...FORM_INFO[form] };
}

export function getForm(form: FormId): FormDefinition {
  return FORMS[form];
}

/** Number of items (and length of the response string) of a form. */
export function getFormItemCount(form: FormId): number {
  return FORMS[form].itemCount;
}

/** The full-form item number of a form's item (1-based); throws for a number outside the form. */
export function toFullItem(form: FormId, formItem: number): number {
  const fullItem = FORMS[form].fullItems[formItem - 1];
  if (!Number.isInteger(formItem) || fullItem === undefined) {
    throw new RangeError(`${form} has items 1-${FORMS[form].itemCount}, got ${formItem}`);
  }
  return fullItem;
}

/** The full-form item numbers of a form, in the form's order (index formItem − 1). */
export function getFormFullItems(form: FormId): readonly number[] {
  return FORMS[form].fullItems;
}

/**
 * A form's reverse-worded statements, in its own numbering (only the full form has any). Without them, "Very False"
 * to everything is also what a person with few difficulties answers (the response-pattern screen reads it so).
 */
export function formReverseKeyedItems(form: FormId): readonly number[] {
  const definition = FORMS[form];
  const scales = definition.id === 'BF' ? definition.domains : definition.facets;
  return [...new Set(scales.flatMap((scale) => scale.reverseKeyedItems))].sort((a, b) => a - b);
}
