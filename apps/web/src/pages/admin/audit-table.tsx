import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TAuditEvent } from '@pid5/contract';
import { EmptyTableRow } from '../../components/empty-table-row';
import { TableScrollRegion } from '../../components/table-scroll-region';
import { AUDIT_ACTION_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { describeAuditDetails } from '../../lib/audit-details';
import { isAuditAction, type AuditQuery } from './use-audit-query';

/** The audit log's page of events, newest first as the server lists them; dimmed while the next page loads. */
export function AuditTable({ log }: { log: AuditQuery['log'] }) {
  const { t } = useStaffText();
  return (
    <TableScrollRegion label={t('audit.title')} minWidth={860}>
      <Table striped verticalSpacing="xs" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.col.time')}</Table.Th>
            <Table.Th>{t('audit.col.actor')}</Table.Th>
            <Table.Th>{t('audit.col.action')}</Table.Th>
            <Table.Th>{t('audit.col.assessment')}</Table.Th>
            <Table.Th>{t('audit.col.ip')}</Table.Th>
            <Table.Th>{t('audit.col.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data?.items.length === 0 && <EmptyTableRow columns={6}>{t('audit.none')}</EmptyTableRow>}
          {(log.data?.items ?? []).map((event) => (
            <AuditEventRow key={event.id} event={event} />
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function AuditEventRow({ event }: { event: TAuditEvent }) {
  const { t, formatDateTime } = useStaffText();
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</Table.Td>
      <Table.Td>{event.actorName ?? (event.actor === 'patient' ? t('audit.patient') : event.actor)}</Table.Td>
      <Table.Td>{isAuditAction(event.action) ? t(AUDIT_ACTION_TEXT[event.action]) : event.action}</Table.Td>
      <Table.Td>
        {event.assessmentId !== null && (
          <Anchor component={Link} to={`/details/${event.assessmentId}`}>
            {event.assessmentId}
          </Anchor>
        )}
      </Table.Td>
      <Table.Td>{event.ip ?? ''}</Table.Td>
      <Table.Td>
        {event.details && (
          <Stack gap={0} data-testid="audit-details">
            {describeAuditDetails(event.details, { t, formatDateTime }).map((line) => (
              <Text key={line} size="xs" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
