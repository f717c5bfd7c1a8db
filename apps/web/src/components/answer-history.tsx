import { Table, Text } from '@mantine/core';
import type { TAnswerChange, TAnswerHistory } from '@pid5/contract';
import { formatDateTime } from '../lib/dates';
import { EmptyTableRow } from './empty-table-row';

/** Who made a change: the signed-in user, or the patient link and which of its browsers. */
function changedBy(change: TAnswerChange): string {
  if (change.user) {
    return `${change.user.username} (signed in)`;
  }
  return change.browser === null ? 'Patient link' : `Patient link, browser ${change.browser}`;
}

/**
 * The answer history of the data view: every change of an answer, newest first, so an admin can see who
 * changed what before the test was submitted.
 */
export function AnswerHistoryTable({ history }: { history: TAnswerHistory }) {
  return (
    <>
      <Text size="xs" c="dimmed" mb={6}>
        Every change of an answer, newest first: the question, the answer before and after (— means not answered), when,
        and who: the patient link (each browser numbered in the order it first answered) or a signed-in user who opened
        the link.
        {history.total > history.items.length &&
          ` Showing the newest ${history.items.length} of ${history.total} changes.`}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing={4} aria-label="Answer history" data-testid="answer-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th>Answer</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.items.length === 0 && <EmptyTableRow columns={4}>No answers yet</EmptyTableRow>}
            {history.items.map((change, index) => (
              <Table.Tr key={`${change.at}-${change.item}-${index}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.at)}</Table.Td>
                <Table.Td>{change.item}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${change.from ?? '—'} → ${change.to}`}</Table.Td>
                <Table.Td>{changedBy(change)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
