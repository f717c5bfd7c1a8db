import { Select } from '@mantine/core';
import type { TAdminUser } from '@pid5/contract';
import { useStaffText } from '../i18n/staff-language';

/** A user as the admin's pickers name them: username, e-mail, and what the page adds (`detail`). */
export function clinicianLabel(user: TAdminUser, detail: string): string {
  return `${user.username}${user.email ? ` (${user.email})` : ''}${detail}`;
}

/** The admin's clinician picker (grant tests, a patient's data): searchable by name, required. */
export function ClinicianSelect(props: {
  options: { value: string; label: string }[];
  isLoading: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { t } = useStaffText();
  return (
    <Select
      label={t('clinicianSelect.label')}
      placeholder={props.isLoading ? t('clinicianSelect.loading') : t('clinicianSelect.placeholder')}
      data={props.options}
      value={props.value}
      onChange={props.onChange}
      searchable
      nothingFoundMessage={t('clinicianSelect.nothingFound')}
      required
      error={props.error}
    />
  );
}
