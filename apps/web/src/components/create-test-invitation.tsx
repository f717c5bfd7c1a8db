import { TextInput } from '@mantine/core';
import { apiRequest } from '../api/client';
import { patientEmailError } from './invitation-panel';
import { Section } from './section';

// Create Test's optional "send the link by e-mail": the address is checked with the form, and the invitation is sent
// once the test exists (a refused send never loses the test: the details page says why and offers it again).

export function CreateTestInvitationField(props: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Section title="E-mail to the patient">
      <TextInput
        id="create-patientEmail"
        label="Patient's e-mail address (optional)"
        description="We send the test's link to it. Used only for messages about this test, and erased when it is completed or expires."
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
export function createTestEmailError(value: string): string | null {
  return value.trim() === '' ? null : patientEmailError(value);
}

/** Sends the new test's invitation; the refusal's message, or null once it is queued. */
export async function sendCreatedTestInvitation(id: number, email: string): Promise<string | null> {
  try {
    await apiRequest('sendInvitation', { params: { id }, body: { email: email.trim() } });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'The e-mail could not be queued.';
  }
}
