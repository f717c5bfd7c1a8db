import { Anchor, Container, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSharedWithMe } from '../../api/patients';
import { BackButton } from '../../components/back-button';
import { EmptyTableRow } from '../../components/empty-table-row';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { formatDate } from '../../lib/dates';

/**
 * `/shared`: the patients colleagues have shared with the signed-in user, read only. Each opens the
 * patient's newest test, whose details page lists the patient's other tests.
 */
export default function PatientSharedPage() {
  const shared = useSharedWithMe();
  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <Title order={1} size="h2">
          Shared with me
        </Title>
        <Text size="sm" c="dimmed">
          Patients other clinicians have shared with you. You can read their tests, results and reports; only the
          clinician who shared them can create, extend or share their tests.
        </Text>
        {shared.isPending ? (
          <LoadingBlock label="Loading the patients shared with you" />
        ) : shared.isError ? (
          <LoadErrorAlert error={shared.error} title="The shared patients could not be loaded" />
        ) : (
          <Table striped aria-label="Patients shared with you">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Patient ID</Table.Th>
                <Table.Th>Shared by</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th>Tests</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shared.data.items.length === 0 ? (
                <EmptyTableRow columns={4}>No patient has been shared with you.</EmptyTableRow>
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
