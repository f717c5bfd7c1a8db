import { TextInput } from '@mantine/core';
import { apiRequest } from '../api/client';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';
import { patientEmailError } from './patient-contact-messages';
import { Section } from './section';

// Create Test's optional "send the link by e-mail": the address is checked with the form, and the invitation is sent
// once the test exists (a refused send never loses the test: the details page says why and offers it again).

export function CreateTestInvitationField(props: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useStaffText();
  return (
    <Section title={t('messages.section')}>
      <TextInput
        id="create-patientEmail"
        label={t('messages.createField.label')}
        description={t('messages.createField.description')}
        type="email"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        error={props.error}
      />
    </Section>
  );
}

/** The message for an address typed (null when empty or right). */
export function createTestEmailError(t: Translate<StaffKey>, value: string): string | null {
  return value.trim() === '' ? null : patientEmailError(t, value);
}

/** Sends the new test's invitation; the refusal's message (`fallback` when it has none), or null once it is queued. */
export async function sendCreatedTestInvitation(id: number, email: string, fallback: string): Promise<string | null> {
  try {
    await apiRequest('sendInvitation', { params: { id }, body: { email: email.trim() } });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : fallback;
  }
}
