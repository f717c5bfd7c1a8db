import { Anchor, Container, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSharedWithMe } from '../../api/patients';
import { BackButton } from '../../components/back-button';
import { EmptyTableRow } from '../../components/empty-table-row';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { useStaffText } from '../../i18n/staff-language';
import { StaffPageHeading } from '../../components/staff-page-heading';

/**
 * `/shared`: the patients colleagues have shared with the signed-in user, read only. Each opens the
 * patient's newest test, whose details page lists the patient's other tests.
 */
export default function PatientSharedPage() {
  const shared = useSharedWithMe();
  const { t, formatDate } = useStaffText();
  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('shared.title')} />
        <Text size="sm" c="dimmed">
          {t('shared.intro')}
        </Text>
        {shared.isPending ? (
          <LoadingBlock label={t('shared.loading')} />
        ) : shared.isError ? (
          <LoadErrorAlert error={shared.error} title={t('shared.loadFailed')} />
        ) : (
          <Table striped aria-label={t('shared.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shared.col.patientId')}</Table.Th>
                <Table.Th>{t('shared.col.sharedBy')}</Table.Th>
                <Table.Th>{t('shared.col.since')}</Table.Th>
                <Table.Th>{t('shared.col.tests')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shared.data.items.length === 0 ? (
                <EmptyTableRow columns={4}>{t('shared.none')}</EmptyTableRow>
              ) : (
                shared.data.items.map((item) => (
                  <Table.Tr key={`${item.owner.id} ${item.patientId}`}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {item.latestAssessmentId === null ? (
                        item.patientId
                      ) : (
                        <Anchor component={Link} to={`/details/${item.latestAssessmentId}`}>
                          {item.patientId}
                        </Anchor>
                      )}
                    </Table.Td>
                    <Table.Td>{item.owner.username}</Table.Td>
                    <Table.Td>{formatDate(item.sharedAt)}</Table.Td>
                    <Table.Td>{item.administrations}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Container>
  );
}
