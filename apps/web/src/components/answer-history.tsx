import { Table, Text } from '@mantine/core';
import type { TAnswerChange, TAnswerHistory } from '@pid5/contract';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import type { Translate } from '../i18n/translate';
import { EmptyTableRow } from './empty-table-row';
import { TableScrollRegion } from './table-scroll-region';

/** Who made a change: the signed-in user, or the patient link and which of its browsers. */
function changedBy(change: TAnswerChange, t: Translate<StaffKey>): string {
  if (change.user) {
    return t('answerHistory.signedIn', { username: change.user.username });
  }
  return change.browser === null
    ? t('answerHistory.patientLink')
    : t('answerHistory.patientLinkBrowser', { browser: change.browser });
}

/**
 * The answer history of the data view: every change of an answer, newest first, so an admin can see who
 * changed what before the test was submitted.
 */
export function AnswerHistoryTable({ history }: { history: TAnswerHistory }) {
  const { t, formatDateTime } = useStaffText();
  return (
    <>
      <Text size="xs" c="dimmed" mb={6}>
        {t('answerHistory.intro')}
        {history.total > history.items.length &&
          ` ${t('answerHistory.newestOf', { shown: history.items.length, total: history.total })}`}
      </Text>
      <TableScrollRegion label={t('answerHistory.label')} minWidth={520}>
        <Table striped verticalSpacing={4} aria-label={t('answerHistory.label')} data-testid="answer-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('answerHistory.when')}</Table.Th>
              <Table.Th>{t('answerHistory.question')}</Table.Th>
              <Table.Th>{t('answerHistory.answer')}</Table.Th>
              <Table.Th>{t('answerHistory.by')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.items.length === 0 && <EmptyTableRow columns={4}>{t('answerHistory.none')}</EmptyTableRow>}
            {history.items.map((change, index) => (
              <Table.Tr key={`${change.at}-${change.item}-${index}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.at)}</Table.Td>
                <Table.Td>{change.item}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{`${change.from ?? '—'} → ${change.to}`}</Table.Td>
                <Table.Td>{changedBy(change, t)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </>
  );
}
