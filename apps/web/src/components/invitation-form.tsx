import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZPatientPhone } from '@pid5/contract';
import { useSendInvitation } from '../api/messages';
import { useStaffText } from '../i18n/staff-language';
import { fieldMessage, patientEmailError } from './patient-contact-messages';

/**
 * Sending the test's link: to the address (and mobile number) typed, each checked first, or again to the one on
 * file; the typed contact emptied once sent, the server's refusal kept as `failure`.
 */
export function useInvitationForm(assessmentId: number) {
  const { t } = useStaffText();
  const send = useSendInvitation(assessmentId);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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

  return { email, setEmail, phone, setPhone, phoneError, fieldError, failure, isSending: send.isPending, submit };
}

/** The address (and, where SMS is set up, the mobile number) to send to; Send, and Send again to the one on file. */
export function InvitationForm({
  form,
  hasContact,
  canSendAgain,
  smsConfigured,
}: {
  form: ReturnType<typeof useInvitationForm>;
  hasContact: boolean;
  canSendAgain: boolean;
  smsConfigured: boolean;
}) {
  const { t } = useStaffText();
  return (
    <form onSubmit={(event) => void form.submit(event, false)} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={hasContact ? t('messages.anotherAddress') : t('messages.emailLabel')}
          description={t('messages.emailDescription')}
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(event) => form.setEmail(event.currentTarget.value)}
          error={form.fieldError}
          style={{ flex: 1 }}
        />
        {smsConfigured && (
          <TextInput
            label={t('messages.phoneLabel')}
            type="tel"
            autoComplete="off"
            value={form.phone}
            onChange={(event) => form.setPhone(event.currentTarget.value)}
            error={form.phoneError}
          />
        )}
        <Button type="submit" loading={form.isSending}>
          {t('messages.send')}
        </Button>
        {canSendAgain && (
          <Button variant="light" loading={form.isSending} onClick={(event) => void form.submit(event, true)}>
            {t('messages.sendAgain')}
          </Button>
        )}
      </Group>
    </form>
  );
}
