import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_ACTIONS, PATIENT_ID_MAX } from '@pid5/contract';
import { AUDIT_ACTION_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { isAssessmentId, type AuditQuery } from './use-audit-query';

/**
 * The audit log's filters: action and actor apply when chosen; the test number and patient when the filter is
 * submitted (a test number not a number says so instead); Clear drops them all.
 */
export function AuditFilters({ query }: { query: AuditQuery }) {
  const { t } = useStaffText();
  const { action, actor, update, users } = query;
  const [assessmentText, setAssessmentText] = useState(query.assessmentId);
  const [patientText, setPatientText] = useState(query.patientId);
  const isAssessmentIdValid = assessmentText === '' || isAssessmentId(assessmentText.trim());
  const actorOptions = [
    { value: '', label: t('audit.everyone') },
    { value: 'patient', label: t('audit.patients') },
    ...(users.data?.items ?? []).map((user) => ({ value: user.id, label: user.username })),
  ];

  return (
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
          // An actor the URL names that the list lacks stays chosen, shown as its own value.
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
        {query.isFiltered && (
          <Button
            variant="subtle"
            onClick={() => {
              setAssessmentText('');
              setPatientText('');
              query.clear();
            }}
          >
            {t('audit.clear')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
