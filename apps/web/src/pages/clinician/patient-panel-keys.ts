import type { TPatientAdministration } from '@pid5/contract';
import type { StaffKey } from '../../i18n/staff-language';

/** A form with its number of items ('Full (220)'), as the patient panel, its trend chart and the comparison name it. */
export const FORM_LABELS: Record<TPatientAdministration['form'], StaffKey> = {
  FULL: 'form.FULL.withCount',
  SF: 'form.SF.withCount',
  BF: 'form.BF.withCount',
  BFM: 'form.BFM.withCount',
};
