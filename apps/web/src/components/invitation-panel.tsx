import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import type { TTestMessages } from '@pid5/contract';
import { useSetReminders, useTestMessages } from '../api/messages';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';
import { InvitationForm, useInvitationForm } from './invitation-form';
import { LoadErrorAlert } from './load-states';
import { MessageDeliveries } from './message-deliveries';
import { Section } from './section';

type Contact = NonNullable<TTestMessages['contact']>;

/** Where the messages go: the masked address (and mobile number), or that the address was erased. */
function contactLine(contact: Contact, t: Translate<StaffKey>): string {
  if (contact.emailErased) {
    return t('messages.addressErased', { address: contact.emailMasked });
  }
  return contact.phoneMasked
    ? t('messages.goesToWithPhone', { address: contact.emailMasked, phone: contact.phoneMasked })
    : t('messages.goesTo', { address: contact.emailMasked });
}

/**
 * The details page's "E-mail to the patient": send the test's link (or send it again), the patient's address masked,
 * the test's reminders on or off, and each message's delivery state.
 */
export function InvitationPanel({ assessmentId }: { assessmentId: number }) {
  const { t } = useStaffText();
  const messages = useTestMessages(assessmentId);
  const form = useInvitationForm(assessmentId);
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

  return (
    <Section title={t('messages.section')}>
      <Stack gap="sm">
        {!data.mailConfigured && (
          <Text size="sm" c="dimmed">
            {t('messages.mailNotConfigured')}
          </Text>
        )}
        {fromCreate && !form.failure && (
          <Alert color="orange" title={t('messages.createdNotSent')}>
            {fromCreate}
          </Alert>
        )}
        {contact && (
          <Text size="sm">
            {contactLine(contact, t)}
            {contact.optedOut && ` ${t('messages.optedOut')}`}
          </Text>
        )}
        {data.canSend && (
          <InvitationForm
            form={form}
            hasContact={contact !== null}
            canSendAgain={contact !== null && !contact.emailErased}
            smsConfigured={data.smsConfigured}
          />
        )}
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure}
          </Alert>
        )}
        {contact && data.canSend && <RemindersSwitch assessmentId={assessmentId} contact={contact} />}
        <MessageDeliveries messages={data.messages} />
      </Stack>
    </Section>
  );
}

/** The test's reminders on or off. After the patient's opt-out no reminder goes, whatever was chosen: it shows that. */
function RemindersSwitch({ assessmentId, contact }: { assessmentId: number; contact: Contact }) {
  const { t } = useStaffText();
  const reminders = useSetReminders(assessmentId);
  return (
    <Switch
      label={t('messages.reminders')}
      description={contact.optedOut ? t('messages.remindersOptedOut') : undefined}
      checked={contact.remindersEnabled && !contact.optedOut}
      disabled={reminders.isPending || contact.optedOut}
      onChange={(event) => reminders.mutate(event.currentTarget.checked)}
    />
  );
}
