import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadPath, type TPatientAdministration, type TPatientTimeline } from '@pid5/contract';
import { verdictLabelKey } from '@pid5/instrument';
import { patientCsvUrl, usePatientTimeline, useSharePatient } from '../../api/patients';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import { FORM_LABELS } from './patient-panel-keys';
import { PatientTrendChart } from './patient-trend-chart';
import { TableScrollRegion } from '../../components/table-scroll-region';

// The patient of the test on the details page (DESIGN.md "Patients over time"): every administration of that
// patient the signed-in user may see, newest first, with links and a comparison with this test; the long CSV; and
// sharing the patient with a colleague (owner or admin), or a note that it is shared with you (read only).

const STATUS_LABELS: Record<TPatientAdministration['status'], StaffKey> = {
  'not-started': 'patientPanel.status.notStarted',
  'in-progress': 'patientPanel.status.inProgress',
  completed: 'patientPanel.status.completed',
  expired: 'patientPanel.status.expired',
};

const VERDICT_COLORS = { valid: 'teal', caution: 'yellow', 'not-interpretable': 'red' } as const;

export function PatientPanel({ assessmentId }: { assessmentId: number }) {
  const timeline = usePatientTimeline(assessmentId);
  const { t } = useStaffText();
  if (timeline.isPending) {
    return (
      <Section title={t('patientPanel.title')}>
        <LoadingBlock label={t('patientPanel.loading')} />
      </Section>
    );
  }
  if (timeline.isError) {
    return (
      <Section title={t('patientPanel.title')}>
        <LoadErrorAlert error={timeline.error} title={t('patientPanel.loadFailed')} />
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
  const { t, formatDate } = useStaffText();
  const current = timeline.administrations.find((a) => a.id === currentId);
  const canCompare = current?.status === 'completed';
  return (
    <Section
      title={t('patientPanel.title')}
      action={
        <Group gap="md">
          <Anchor href={patientCsvUrl(currentId)} download size="sm">
            {t('patientPanel.csv')}
          </Anchor>
          <Anchor
            href={downloadPath('getPatientFhirBundle', { id: currentId })}
            download
            size="sm"
            title={t('patientPanel.fhirTitle')}
          >
            {t('patientPanel.fhir')}
          </Anchor>
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t('patientPanel.intro', { patientId: timeline.patientId, owner: timeline.owner.username })}
      </Text>
      <TableScrollRegion label={t('patientPanel.tableLabel')} minWidth={640}>
        <Table striped aria-label={t('patientPanel.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('patientPanel.col.created')}</Table.Th>
              <Table.Th>{t('patientPanel.col.form')}</Table.Th>
              <Table.Th>{t('patientPanel.col.status')}</Table.Th>
              <Table.Th>{t('patientPanel.col.completed')}</Table.Th>
              <Table.Th>{t('patientPanel.col.validity')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('patientPanel.col.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timeline.administrations.map((a) => (
              <Table.Tr key={a.id} aria-current={a.id === currentId ? 'page' : undefined}>
                <Table.Td>{formatDate(a.createdAt)}</Table.Td>
                <Table.Td>{t(FORM_LABELS[a.form])}</Table.Td>
                <Table.Td>{t(STATUS_LABELS[a.status])}</Table.Td>
                <Table.Td>{a.finishedAt ? formatDate(a.finishedAt) : '—'}</Table.Td>
                <Table.Td>
                  {a.validity ? (
                    <Badge color={VERDICT_COLORS[a.validity.verdict]} variant="light" title={a.validity.summary}>
                      {t(verdictLabelKey(a.validity.verdict, a.form))}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>
                  {a.id === currentId ? (
                    <Text size="sm" fw={600}>
                      {t('patientPanel.thisTest')}
                    </Text>
                  ) : (
                    <Group gap="sm" wrap="nowrap">
                      <Anchor component={Link} to={`/details/${a.id}`} size="sm">
                        {t('patientPanel.open')}
                      </Anchor>
                      {canCompare && a.status === 'completed' && (
                        <Anchor component={Link} to={`/compare/${currentId}/${a.id}`} size="sm">
                          {t('patientPanel.compare')}
                        </Anchor>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <PatientTrendChart administrations={timeline.administrations} />
    </Section>
  );
}

function SharingSection({ timeline, assessmentId }: { timeline: TPatientTimeline; assessmentId: number }) {
  const { t, formatDate } = useStaffText();
  const [granteeId, setGranteeId] = useState<string | null>(null);
  const share = useSharePatient(assessmentId, 'share');
  const shareField = useRef<HTMLInputElement>(null);
  const revoke = useSharePatient(assessmentId, 'revoke');

  if (timeline.access === 'shared') {
    return (
      <Alert color="blue" title={t('patientPanel.sharedTitle')}>
        {t('patientPanel.sharedText', { owner: timeline.owner.username })}
      </Alert>
    );
  }
  const sharedIds = new Set(timeline.shares.map((s) => s.grantee.id));
  const options = timeline.colleagues
    .filter((c) => !sharedIds.has(c.id))
    .map((c) => ({ value: c.id, label: c.username }));
  const failure = share.error ?? revoke.error;

  return (
    <Section title={t('patientPanel.sharing')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('patientPanel.sharingIntro')}
        </Text>
        {timeline.shares.length === 0 ? (
          <Text size="sm">{t('patientPanel.notShared')}</Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {timeline.shares.map((s) => (
              <Group key={s.grantee.id} component="li" gap="sm">
                <Text size="sm">
                  {t('patientPanel.sharedWith', { username: s.grantee.username, date: formatDate(s.createdAt) })}
                </Text>
                <Button
                  size="compact-sm"
                  variant="default"
                  // The button goes with the share it ended: the focus goes to the field to share again (2.4.3).
                  onClick={() => revoke.mutate(s.grantee.id, { onSuccess: () => shareField.current?.focus() })}
                  loading={revoke.isPending && revoke.variables === s.grantee.id}
                >
                  {t('patientPanel.stopSharing', { username: s.grantee.username })}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group align="flex-end" gap="sm">
          <Select
            ref={shareField}
            label={t('patientPanel.shareWith')}
            placeholder={options.length === 0 ? t('patientPanel.noColleague') : t('patientPanel.chooseColleague')}
            data={options}
            value={granteeId}
            onChange={setGranteeId}
            searchable
            // At most 8 names, found by typing, in a list that never scrolls: options listed by the field (arrow keys,
            // aria-activedescendant) are not focusable, so a scrolling list would be a region the keyboard cannot
            // scroll on its own (axe scrollable-region-focusable), and an institute has hundreds of colleagues.
            limit={8}
            maxDropdownHeight={400}
            // The list opens in the page's main landmark, next to its field, not in a portal outside every landmark.
            comboboxProps={{ withinPortal: false }}
            disabled={options.length === 0}
            style={{ minWidth: 240 }}
          />
          <Button
            disabled={granteeId === null}
            loading={share.isPending}
            onClick={() => {
              if (granteeId !== null) {
                // The Share button is disabled once the field is empty: the focus goes back to the field (2.4.3).
                share.mutate(granteeId, {
                  onSuccess: () => {
                    setGranteeId(null);
                    shareField.current?.focus();
                  },
                });
              }
            }}
          >
            {t('patientPanel.share')}
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
