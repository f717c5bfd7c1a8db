import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { PATIENT_CONTACT_MESSAGES, PATIENT_EMAIL_MAX, ZPatientEmail, ZPatientPhone } from '@pid5/contract';
import { useSendInvitation, useSetReminders, useTestMessages } from '../api/messages';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';
import { LoadErrorAlert } from './load-states';
import { MessageDeliveries } from './message-deliveries';
import { Section } from './section';

const FIELD_MESSAGES = new Map<string, (t: Translate<StaffKey>) => string>([
  [PATIENT_CONTACT_MESSAGES.emailRequired, (t) => t('messages.fieldError.emailRequired')],
  [PATIENT_CONTACT_MESSAGES.emailMax, (t) => t('messages.fieldError.emailMax', { max: PATIENT_EMAIL_MAX })],
  [PATIENT_CONTACT_MESSAGES.email, (t) => t('messages.fieldError.email')],
  [PATIENT_CONTACT_MESSAGES.phone, (t) => t('messages.fieldError.phone')],
]);

/** The contract's messages for an address or a mobile number (English) in the staff catalogue; others as they are. */
function fieldMessage(t: Translate<StaffKey>, message: string | undefined): string {
  if (message === undefined) {
    return t('messages.invalidEmail');
  }
  return FIELD_MESSAGES.get(message)?.(t) ?? message;
}

/** The message of an address that is not one, from the contract's schema in the page's language, or null. */
export function patientEmailError(t: Translate<StaffKey>, value: string): string | null {
  const parsed = ZPatientEmail.safeParse(value);
  return parsed.success ? null : fieldMessage(t, parsed.error.issues[0]?.message);
}

/**
 * The details page's "E-mail to the patient": send the test's link (or send it again), the patient's address masked,
 * the test's reminders on or off, and each message's delivery state.
 */
export function InvitationPanel({ assessmentId }: { assessmentId: number }) {
  const { t } = useStaffText();
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
      <Section title={t('messages.section')}>
        <LoadErrorAlert error={messages.error} title={t('messages.loadError')} />
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
    const phoneMessage =
      phoneParsed && !phoneParsed.success ? fieldMessage(t, phoneParsed.error.issues[0]?.message) : null;
    setPhoneError(again ? null : phoneMessage);
    if (!again) {
      const error = patientEmailError(t, email);
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
      setFailure(error instanceof Error ? error.message : t('messages.sendFailed'));
    }
  };

  const where = (): string => {
    if (!contact) {
      return '';
    }
    if (contact.emailErased) {
      return t('messages.addressErased', { address: contact.emailMasked });
    }
    return contact.phoneMasked
      ? t('messages.goesToWithPhone', { address: contact.emailMasked, phone: contact.phoneMasked })
      : t('messages.goesTo', { address: contact.emailMasked });
  };

  return (
    <Section title={t('messages.section')}>
      <Stack gap="sm">
        {!data.mailConfigured && (
          <Text size="sm" c="dimmed">
            {t('messages.mailNotConfigured')}
          </Text>
        )}
        {fromCreate && !failure && (
          <Alert color="orange" title={t('messages.createdNotSent')}>
            {fromCreate}
          </Alert>
        )}
        {contact && (
          <Text size="sm">
            {where()}
            {contact.optedOut && ` ${t('messages.optedOut')}`}
          </Text>
        )}
        {data.canSend && (
          <form onSubmit={(event) => void submit(event, false)} noValidate>
            <Group align="flex-end" gap="xs">
              <TextInput
                label={contact ? t('messages.anotherAddress') : t('messages.emailLabel')}
                description={t('messages.emailDescription')}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldError}
                style={{ flex: 1 }}
              />
              {data.smsConfigured && (
                <TextInput
                  label={t('messages.phoneLabel')}
                  type="tel"
                  autoComplete="off"
                  value={phone}
                  onChange={(event) => setPhone(event.currentTarget.value)}
                  error={phoneError}
                />
              )}
              <Button type="submit" loading={send.isPending}>
                {t('messages.send')}
              </Button>
              {canSendAgain && (
                <Button variant="light" loading={send.isPending} onClick={(event) => void submit(event, true)}>
                  {t('messages.sendAgain')}
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
          // After the patient's opt-out no reminder goes, whatever the clinician chose: the switch shows that.
          <Switch
            label={t('messages.reminders')}
            description={contact.optedOut ? t('messages.remindersOptedOut') : undefined}
            checked={contact.remindersEnabled && !contact.optedOut}
            disabled={reminders.isPending || contact.optedOut}
            onChange={(event) => reminders.mutate(event.currentTarget.checked)}
          />
        )}
        <MessageDeliveries messages={data.messages} />
      </Stack>
    </Section>
  );
}
