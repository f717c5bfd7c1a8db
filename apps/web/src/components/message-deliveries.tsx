import { useStaffText } from '../i18n/staff-language';
import { Badge, Table, Text } from '@mantine/core';
import type { TMessageDelivery, TMessageState } from '@pid5/contract';
import { formatDateTime } from '../lib/dates';

// Each message about a test and where it is: queued, sent, failed (tried again), bounced, or not sent.

const KIND_LABELS: Record<TMessageDelivery['kind'], string> = {
  invitation: 'Invitation',
  reminder: 'Reminder',
  completion: 'Completion notice to you',
  'retest-no-credit': 'Re-test not created (no tests left), to you',
};

const STATE_LABELS: Record<TMessageState, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  // Tried again with back-off; the mail server's answer says when no attempt is left.
  failed: { label: 'Failed', color: 'orange' },
  bounced: { label: 'Bounced', color: 'red' },
  cancelled: { label: 'Not sent', color: 'gray' },
};

export function MessageDeliveries({ messages }: { messages: TMessageDelivery[] }) {
  const { language } = useStaffText();
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No messages yet.
      </Text>
    );
  }
  return (
    <Table aria-label="Messages" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Message</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Queued</Table.Th>
          <Table.Th>Mail server&apos;s answer</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {messages.map((message) => {
          const state = STATE_LABELS[message.state];
          return (
            <Table.Tr key={message.id}>
              <Table.Td>
                {KIND_LABELS[message.kind]}
                {message.channel === 'sms' && ' (SMS)'}
              </Table.Td>
              <Table.Td>
                <Badge color={state.color} variant="light">
                  {state.label}
                </Badge>
                {message.attempts > 1 && (
                  <Text span size="xs" c="dimmed" ml={4}>
                    ({message.attempts} attempts)
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
  );
}
