import { Select } from '@mantine/core';
import type { TAdminUser } from '@pid5/contract';

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
  return (
    <Select
      label="Clinician"
      placeholder={props.isLoading ? 'Loading…' : 'Choose a clinician'}
      data={props.options}
      value={props.value}
      onChange={props.onChange}
      searchable
      nothingFoundMessage="No one by that name"
      required
      error={props.error}
    />
  );
}
