import type { TPatientAdministration } from '@pid5/contract';

/** A form with its number of items, as the patient panel, its trend chart and the comparison name it. */
export const FORM_LABELS: Record<TPatientAdministration['form'], string> = {
  FULL: 'Full (220)',
  SF: 'Short (100)',
  BF: 'Brief (25)',
};
