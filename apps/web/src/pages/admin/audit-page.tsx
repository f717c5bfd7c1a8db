import { Anchor, Button, Container, Group, NativeSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, PATIENT_ID_MAX, parsePageNumber, type TAuditAction } from '@pid5/contract';
import { useAdminUsers, useAuditLog } from '../../api/admin';
import { BackButton } from '../../components/back-button';
import { EmptyTableRow } from '../../components/empty-table-row';
import { LoadErrorAlert } from '../../components/load-states';
import { PagedListFooter } from '../../components/page-controls';
import { AUDIT_ACTION_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { describeAuditDetails } from '../../lib/audit-details';
import { filterSearchParams } from '../../lib/search-params';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { TableScrollRegion } from '../../components/table-scroll-region';

const isAuditAction = (text: string): text is TAuditAction => (AUDIT_ACTIONS as readonly string[]).includes(text);

/** A test number as typed in the filter (the server's ids are positive integers). */
const isAssessmentId = (text: string) => /^[1-9][0-9]{0,14}$/.test(text);

/** `/admin/audit`: who viewed or changed what, and when (DESIGN.md "Data model" and "Screens"). Filters live in the URL. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const { t, formatDateTime } = useStaffText();
  const actionParam = params.get('action') ?? '';
  const action = isAuditAction(actionParam) ? actionParam : '';
  const actor = params.get('actor') ?? '';
  const assessmentParam = params.get('assessmentId') ?? '';
  const assessmentId = isAssessmentId(assessmentParam) ? assessmentParam : '';
  const patientId = (params.get('patientId') ?? '').trim();
  const page = parsePageNumber(params.get('page'));
  const [assessmentText, setAssessmentText] = useState(assessmentId);
  const [patientText, setPatientText] = useState(patientId);

  const users = useAdminUsers();
  const log = useAuditLog({ action, actor, assessmentId, patientId, page });

  const update = (
    changes: Partial<Record<'action' | 'actor' | 'assessmentId' | 'patientId', string>> & { page?: number },
  ) => {
    setParams(filterSearchParams({ action, actor, assessmentId, patientId, page: 1, ...changes }, { page: 1 }));
  };

  const isAssessmentIdValid = assessmentText === '' || isAssessmentId(assessmentText.trim());
  const actorOptions = [
    { value: '', label: t('audit.everyone') },
    { value: 'patient', label: t('audit.patients') },
    ...(users.data?.items ?? []).map((user) => ({ value: user.id, label: user.username })),
  ];

  return (
    <Container size="xl">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('audit.title')} />

        <Paper withBorder p="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <NativeSelect
              label={t('audit.action')}
              value={action}
              onChange={(event) => update({ action: event.currentTarget.value })}
              data={[
                { value: '', label: t('audit.allActions') },
                ...AUDIT_ACTIONS.map((value) => ({ value, label: t(AUDIT_ACTION_TEXT[value]) })),
              ]}
              w={240}
            />
            <NativeSelect
              label={t('audit.actor')}
              value={actor}
              onChange={(event) => update({ actor: event.currentTarget.value })}
              data={
                actor && !actorOptions.some((o) => o.value === actor)
                  ? [...actorOptions, { value: actor, label: actor }]
                  : actorOptions
              }
              w={240}
            />
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (isAssessmentIdValid) {
                  update({ assessmentId: assessmentText.trim(), patientId: patientText.trim() });
                }
              }}
            >
              <Group align="flex-end" gap="xs">
                <TextInput
                  label={t('audit.assessmentId')}
                  inputMode="numeric"
                  value={assessmentText}
                  onChange={(event) => setAssessmentText(event.currentTarget.value)}
                  error={isAssessmentIdValid ? undefined : t('audit.enterTestNumber')}
                  w={160}
                />
                <TextInput
                  label={t('audit.patientId')}
                  description={t('audit.patientIdDescription')}
                  value={patientText}
                  maxLength={PATIENT_ID_MAX}
                  onChange={(event) => setPatientText(event.currentTarget.value)}
                  w={200}
                />
                <Button type="submit" variant="default">
                  {t('audit.filter')}
                </Button>
              </Group>
            </form>
            {(action || actor || assessmentId || patientId) && (
              <Button
                variant="subtle"
                onClick={() => {
                  setAssessmentText('');
                  setPatientText('');
                  setParams(new URLSearchParams());
                }}
              >
                {t('audit.clear')}
              </Button>
            )}
          </Group>
        </Paper>

        <LoadErrorAlert error={log.error} />

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
                <Table.Tr key={event.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.at)}</Table.Td>
                  <Table.Td>
                    {event.actorName ?? (event.actor === 'patient' ? t('audit.patient') : event.actor)}
                  </Table.Td>
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
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>

        <PagedListFooter
          label={t('audit.pages')}
          list={log.data}
          count={(count) => t('audit.count', { count })}
          page={page}
          onChange={(next) => update({ page: next })}
        />
      </Stack>
    </Container>
  );
}
