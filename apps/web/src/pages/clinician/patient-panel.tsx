import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadPath, type TPatientAdministration, type TPatientTimeline } from '@pid5/contract';
import { patientCsvUrl, usePatientTimeline, useSharePatient } from '../../api/patients';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { formatDate } from '../../lib/dates';
import { FORM_LABELS } from './patient-panel-labels';
import { PatientTrendChart } from './patient-trend-chart';

// The patient of the test on the details page (DESIGN.md "Patients over time"): every administration of that
// patient the signed-in user may see, newest first, with links and a comparison with this test; the long CSV; and
// sharing the patient with a colleague (owner or admin), or a note that it is shared with you (read only).

export { FORM_LABELS } from './patient-panel-labels';

const STATUS_LABELS: Record<TPatientAdministration['status'], string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

const VERDICT_COLORS = { valid: 'teal', caution: 'yellow', 'not-interpretable': 'red' } as const;

export function PatientPanel({ assessmentId }: { assessmentId: number }) {
  const timeline = usePatientTimeline(assessmentId);
  if (timeline.isPending) {
    return (
      <Section title="This patient's tests">
        <LoadingBlock label="Loading the patient's tests" />
      </Section>
    );
  }
  if (timeline.isError) {
    return (
      <Section title="This patient's tests">
        <LoadErrorAlert error={timeline.error} title="The patient's tests could not be loaded" />
      </Section>
    );
  }
  return (
    <>
      <TimelineSection timeline={timeline.data} currentId={assessmentId} />
      <SharingSection timeline={timeline.data} assessmentId={assessmentId} />
    </>
  );
}

function TimelineSection({ timeline, currentId }: { timeline: TPatientTimeline; currentId: number }) {
  const current = timeline.administrations.find((a) => a.id === currentId);
  const canCompare = current?.status === 'completed';
  return (
    <Section
      title="This patient's tests"
      action={
        <Group gap="md">
          <Anchor href={patientCsvUrl(currentId)} download size="sm">
            Download scores (CSV)
          </Anchor>
          <Anchor
            href={downloadPath('getPatientFhirBundle', { id: currentId })}
            download
            size="sm"
            title="Every submitted test of this patient as one FHIR R4 Bundle, for a health record"
          >
            Download all tests (FHIR)
          </Anchor>
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        Every test with patient ID “{timeline.patientId}” of {timeline.owner.username}, newest first. Another
        clinician’s patient with the same ID is a different patient.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="This patient's tests, newest first">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Created</Table.Th>
              <Table.Th>Form</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Completed</Table.Th>
              <Table.Th>Validity</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timeline.administrations.map((a) => (
              <Table.Tr key={a.id} aria-current={a.id === currentId ? 'page' : undefined}>
                <Table.Td>{formatDate(a.createdAt)}</Table.Td>
                <Table.Td>{FORM_LABELS[a.form]}</Table.Td>
                <Table.Td>{STATUS_LABELS[a.status]}</Table.Td>
                <Table.Td>{a.finishedAt ? formatDate(a.finishedAt) : '—'}</Table.Td>
                <Table.Td>
                  {a.validity ? (
                    <Badge color={VERDICT_COLORS[a.validity.verdict]} variant="light" title={a.validity.summary}>
                      {a.validity.label}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  {a.id === currentId ? (
                    <Text size="sm" fw={600}>
                      This test
                    </Text>
                  ) : (
                    <Group gap="sm" wrap="nowrap">
                      <Anchor component={Link} to={`/details/${a.id}`} size="sm">
                        Open
                      </Anchor>
                      {canCompare && a.status === 'completed' && (
                        <Anchor component={Link} to={`/compare/${currentId}/${a.id}`} size="sm">
                          Compare with this test
                        </Anchor>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PatientTrendChart administrations={timeline.administrations} />
    </Section>
  );
}

function SharingSection({ timeline, assessmentId }: { timeline: TPatientTimeline; assessmentId: number }) {
  const [granteeId, setGranteeId] = useState<string | null>(null);
  const share = useSharePatient(assessmentId, 'share');
  const revoke = useSharePatient(assessmentId, 'revoke');

  if (timeline.access === 'shared') {
    return (
      <Alert color="blue" title="Shared with you">
        {timeline.owner.username} shared this patient with you. You can read every test of this patient; only{' '}
        {timeline.owner.username} (or an admin) can create, extend or share them.
      </Alert>
    );
  }
  const sharedIds = new Set(timeline.shares.map((s) => s.grantee.id));
  const options = timeline.colleagues
    .filter((c) => !sharedIds.has(c.id))
    .map((c) => ({ value: c.id, label: c.username }));
  const failure = share.error ?? revoke.error;

  return (
    <Section title="Sharing">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A colleague you share this patient with can read all of this patient’s tests (details without the test link,
          results, reports, comparisons) but cannot create, extend or share them. Every share is recorded.
        </Text>
        {timeline.shares.length === 0 ? (
          <Text size="sm">Not shared with anyone.</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {timeline.shares.map((s) => (
              <Group key={s.grantee.id} component="li" gap="sm">
                <Text size="sm">
                  Shared with {s.grantee.username} since {formatDate(s.createdAt)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => revoke.mutate(s.grantee.id)}
                  loading={revoke.isPending && revoke.variables === s.grantee.id}
                >
                  Stop sharing with {s.grantee.username}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" gap="sm">
          <Select
            label="Share with a colleague"
            placeholder={options.length === 0 ? 'No colleague to add' : 'Choose a colleague'}
            data={options}
            value={granteeId}
            onChange={setGranteeId}
            searchable
            disabled={options.length === 0}
            style={{ minWidth: 240 }}
          />
          <Button
            disabled={granteeId === null}
            loading={share.isPending}
            onClick={() => {
              if (granteeId !== null) {
                share.mutate(granteeId, { onSuccess: () => setGranteeId(null) });
              }
            }}
          >
            Share
          </Button>
        </Group>
        {failure && (
          <Text c="red.8" size="sm" role="alert">
            {failure.message}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
