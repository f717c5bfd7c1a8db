import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { ZPatientEmail, ZPatientPhone } from '@pid5/contract';
import { useSendInvitation, useSetReminders, useTestMessages } from '../api/messages';
import { LoadErrorAlert } from './load-states';
import { MessageDeliveries } from './message-deliveries';
import { Section } from './section';

/** The message of an address that is not one, from the contract's schema (the server's own words), or null. */
export function patientEmailError(value: string): string | null {
  const parsed = ZPatientEmail.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This is not an e-mail address.');
}

/**
 * The details page's "E-mail to the patient": send the test's link (or send it again), the patient's address masked,
 * the test's reminders on or off, and each message's delivery state.
 */
export function InvitationPanel({ assessmentId }: { assessmentId: number }) {
  const messages = useTestMessages(assessmentId);
  const send = useSendInvitation(assessmentId);
  const reminders = useSetReminders(assessmentId);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Create Test sends the invitation after creating the test; a refusal there is told here.
  const fromCreate = (useLocation().state as { invitationError?: string } | null)?.invitationError ?? null;

  if (messages.isPending) {
    return null;
  }
  if (messages.isError) {
    return (
      <Section title="E-mail to the patient">
        <LoadErrorAlert error={messages.error} title="The messages could not be loaded" />
      </Section>
    );
  }
  const data = messages.data;
  const contact = data.contact;
  const canSendAgain = contact !== null && !contact.emailErased;

  const submit = async (event: FormEvent, again: boolean) => {
    event.preventDefault();
    setFailure(null);
    const phoneParsed = phone.trim() === '' ? null : ZPatientPhone.safeParse(phone);
    const phoneMessage = phoneParsed && !phoneParsed.success ? (phoneParsed.error.issues[0]?.message ?? null) : null;
    setPhoneError(again ? null : phoneMessage);
    if (!again) {
      const error = patientEmailError(email);
      setFieldError(error);
      if (error || phoneMessage) {
        return;
      }
    }
    try {
      await send.mutateAsync(
        again ? {} : { email: email.trim(), ...(phoneParsed?.success ? { phone: phoneParsed.data } : {}) },
      );
      setEmail('');
      setPhone('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The message could not be queued. Please try again.');
    }
  };

  return (
    <Section title="E-mail to the patient">
      <Stack gap="sm">
        {!data.mailConfigured && (
          <Text size="sm" c="dimmed">
            E-mail is not set up on this server: copy the test link and give it to the patient yourself.
          </Text>
        )}
        {fromCreate && !failure && (
          <Alert color="orange" title="The test was created, but the e-mail was not sent">
            {fromCreate}
          </Alert>
        )}
        {contact && (
          <Text size="sm">
            {contact.emailErased
              ? `The address (${contact.emailMasked}) was erased when the test was completed or expired.`
              : `Messages go to ${contact.emailMasked}${contact.phoneMasked ? ` and ${contact.phoneMasked}` : ''}.`}
            {contact.optedOut && ' The patient turned reminders off from the link in a message.'}
          </Text>
        )}
        {data.canSend && (
          <form onSubmit={(event) => void submit(event, false)} noValidate>
            <Group align="flex-end" gap="xs">
              <TextInput
                label={contact ? 'Send to another address' : "Patient's e-mail address"}
                description="Used only for messages about this test, and erased when it is completed or expires."
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldError}
                style={{ flex: 1 }}
              />
              {data.smsConfigured && (
                <TextInput
                  label="Mobile number for text messages (optional)"
                  type="tel"
                  autoComplete="off"
                  value={phone}
                  onChange={(event) => setPhone(event.currentTarget.value)}
                  error={phoneError}
                />
              )}
              <Button type="submit" loading={send.isPending}>
                Send link by e-mail
              </Button>
              {canSendAgain && (
                <Button variant="light" loading={send.isPending} onClick={(event) => void submit(event, true)}>
                  Send again
                </Button>
              )}
            </Group>
          </form>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {contact && data.canSend && (
          <Switch
            label="Send reminders (none after submission, expiry or the patient's opt-out; at most one a day)"
            checked={contact.remindersEnabled}
            disabled={reminders.isPending}
            onChange={(event) => reminders.mutate(event.currentTarget.checked)}
          />
        )}
        <MessageDeliveries messages={data.messages} />
      </Stack>
    </Section>
  );
}
