import type { AssessmentForm } from '@pid5/contract';
import {
  administeredFormInfo,
  administeredFullItems,
  ANSWER_VALUES,
  BFM_INSTRUMENT_VERSION,
  INSTRUMENT_VERSIONS,
} from '@pid5/instrument';
import type { ActiveItemSet } from '../item-sets/load-item-set';
import { codeSystemUrl, conceptDisplay, type FhirSettings } from './fhir-code-systems';
import type { Coding, Questionnaire } from './fhir-types';

// One Questionnaire per form. The item texts are the loaded item set's (the demonstration set or the institute's
// licensed ITEM_SET_FILE), never wording from anywhere else (DESIGN.md "Item texts"); the answers are our codes 0-3
// with the set's own labels.

export const QUESTIONNAIRE_IDS: Readonly<Record<AssessmentForm, string>> = {
  FULL: 'pid5-full',
  SF: 'pid5-sf',
  BF: 'pid5-bf',
  BFM: 'pid5-bfm',
};

export function questionnaireUrl(settings: FhirSettings, form: AssessmentForm): string {
  return `${settings.canonicalBase}/Questionnaire/${QUESTIONNAIRE_IDS[form]}`;
}

export function formOfQuestionnaireId(id: string): AssessmentForm | null {
  const found = Object.entries(QUESTIONNAIRE_IDS).find(([, qid]) => qid === id);
  return found ? (found[0] as AssessmentForm) : null;
}

/** Answer `value` (0-3) as a Coding in our answers code system, displayed with the item set's label. */
export function answerCoding(settings: FhirSettings, itemSet: ActiveItemSet, value: number): Coding {
  return {
    system: codeSystemUrl(settings, 'pid5-answers'),
    code: String(value),
    ...(itemSet.answerLabels[value] ? { display: itemSet.answerLabels[value] } : {}),
  };
}

/**
 * The form's Questionnaire: linkId = the item's number in the form (as the patient saw it, and as the answer string
 * counts), `prefix` the same number. `withTexts` false leaves the texts out: a test answered with another item set
 * than the one loaded now must not be shown with texts its patient never read.
 */
export function buildQuestionnaire(options: {
  settings: FhirSettings;
  form: AssessmentForm;
  itemSet: ActiveItemSet;
  version?: string;
  withTexts?: boolean;
}): Questionnaire {
  const { settings, form, itemSet } = options;
  const withTexts = options.withTexts ?? true;
  const textOf = new Map(itemSet.items.map((item) => [item.number, item.text]));
  const info = administeredFormInfo(form);
  // Without texts the Questionnaire is the same whatever the item set, so its answers read as our CodeSystem does.
  const answerOption = ANSWER_VALUES.map((value) => ({
    valueCoding: withTexts
      ? answerCoding(settings, itemSet, value)
      : {
          system: codeSystemUrl(settings, 'pid5-answers'),
          code: String(value),
          display: conceptDisplay('pid5-answers', String(value)),
        },
  }));
  const instrumentVersion = options.version ?? (form === 'BFM' ? BFM_INSTRUMENT_VERSION : INSTRUMENT_VERSIONS[form]);
  return {
    resourceType: 'Questionnaire',
    id: QUESTIONNAIRE_IDS[form],
    ...(withTexts ? { language: itemSet.language } : {}),
    url: questionnaireUrl(settings, form),
    // One url|version, one content: the texts, labels and language are the item set's, so its id is in the version.
    version: withTexts ? `${instrumentVersion}+${itemSet.id}` : instrumentVersion,
    name: `PID5${form}`,
    title: info.name,
    status: 'active',
    subjectType: ['Patient'],
    publisher: 'PID-5 Personality Assessment (this server)',
    description: withTexts
      ? `${info.name}. Item texts: ${itemSet.title} (item set ${itemSet.id}). linkId is the item's number in this ` +
        `form${form === 'FULL' ? '' : ' (each is one of the 220 full-form items)'}; answers are coded 0-3.`
      : `${info.name}. The item texts are left out (a licensed item set's wording is not published here, and a test ` +
        'answered with another item set than the loaded one is not shown with texts its patient never read).',
    ...(withTexts ? { copyright: itemSet.licenceNote } : {}),
    item: administeredFullItems(form).map((fullItem, index) => {
      const text = textOf.get(fullItem);
      return {
        linkId: String(index + 1),
        prefix: String(index + 1),
        ...(withTexts && text !== undefined ? { text } : {}),
        type: 'choice' as const,
        answerOption,
      };
    }),
  };
}
