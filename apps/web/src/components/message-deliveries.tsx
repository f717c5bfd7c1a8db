import { Badge, Table, Text } from '@mantine/core';
import type { TMessageDelivery, TMessageState } from '@pid5/contract';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import { formatDateTime } from '../lib/dates';

// Each message about a test and where it is: queued, sent, failed (tried again), state unknown, bounced, or not sent.

const KIND_LABELS: Record<TMessageDelivery['kind'], StaffKey> = {
  invitation: 'messages.kind.invitation',
  reminder: 'messages.kind.reminder',
  completion: 'messages.kind.completion',
  'retest-no-credit': 'messages.kind.retestNoCredit',
};

const STATE_LABELS: Record<TMessageState, { label: StaffKey; color: string }> = {
  queued: { label: 'messages.state.queued', color: 'gray' },
  sending: { label: 'messages.state.sending', color: 'blue' },
  sent: { label: 'messages.state.sent', color: 'teal' },
  // Tried again with back-off; the mail server's answer says when no attempt is left.
  failed: { label: 'messages.state.failed', color: 'orange' },
  // The server stopped mid-send: it may have arrived, so the badge does not invite a second send.
  unknown: { label: 'messages.state.unknown', color: 'yellow' },
  bounced: { label: 'messages.state.bounced', color: 'red' },
  cancelled: { label: 'messages.state.cancelled', color: 'gray' },
};

export function MessageDeliveries({ messages }: { messages: TMessageDelivery[] }) {
  const { t, language } = useStaffText();
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('messages.none')}
      </Text>
    );
  }
  // Wider than a phone: the table scrolls sideways in its own named, focusable region (keyboard users scroll it with
  // the arrow keys), never the whole page (1.4.10, 2.1.1).
  return (
    <div
      role="region"
      aria-label={t('messages.table')}
      tabIndex={0}
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      <Table aria-label={t('messages.table')} striped miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messages.column.message')}</Table.Th>
            <Table.Th>{t('messages.column.to')}</Table.Th>
            <Table.Th>{t('messages.column.state')}</Table.Th>
            <Table.Th>{t('messages.column.queued')}</Table.Th>
            <Table.Th>{t('messages.column.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => {
            const state = STATE_LABELS[message.state];
            return (
              <Table.Tr key={message.id}>
                <Table.Td>
                  {message.channel === 'sms'
                    ? t('messages.kind.sms', { kind: t(KIND_LABELS[message.kind]) })
                    : t(KIND_LABELS[message.kind])}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {message.recipient === 'clinician' ? t('messages.to.clinician') : (message.to ?? '')}
                </Table.Td>
                <Table.Td>
                  <Badge color={state.color} variant="light">
                    {t(state.label)}
                  </Badge>
                  {message.attempts > 1 && (
                    <Text span size="xs" c="dimmed" ml={4}>
                      {t('messages.attempts', { count: message.attempts })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(message.createdAt, language)}</Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {message.state === 'sent' ? '' : (message.lastResponse ?? '')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
