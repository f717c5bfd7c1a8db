import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import type { TAssessmentDetails } from '@pid5/contract';
import { LabelledField } from '../../components/labelled-field';
import { TestLanguageField } from '../../components/test-language-select';
import { FORM_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { ExtendButton } from './details-extend-button';

/** The test at a glance: patient, form, language, progress, dates (and the clinician, in the admin view); extending. */
export function DetailsSummary({ details }: { details: TAssessmentDetails }) {
  const { t, formatDate } = useStaffText();
  const formText = FORM_TEXT[details.form];
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <LabelledField label={t('details.field.patientId')}>
          <span style={{ overflowWrap: 'anywhere' }}>{details.patientId}</span>
        </LabelledField>
        <LabelledField label={t('details.field.form')}>
          {t('details.field.formValue', { form: t(formText.label), minutes: t(formText.minutes) })}
        </LabelledField>
        <TestLanguageField language={details.language} />
        <LabelledField label={t('details.field.answered')}>
          {t('details.answeredOf', { answered: details.answeredCount, total: details.itemCount })}
          {details.finishedAt && (
            <Badge color="teal" ml="xs">
              {t('details.completed')}
            </Badge>
          )}
        </LabelledField>
        <LabelledField label={t('details.field.created')}>{formatDate(details.createdAt)}</LabelledField>
        <LabelledField label={t('details.field.finished')}>
          {details.finishedAt ? formatDate(details.finishedAt) : t('details.notFinished')}
        </LabelledField>
        <LabelledField label={t('details.field.due')}>
          {formatDate(details.dueAt)}
          {details.isExpired && (
            <Badge color="red" ml="xs">
              {t('details.expired')}
            </Badge>
          )}
        </LabelledField>
        {details.view === 'admin' && details.clinician && (
          <LabelledField label={t('details.field.clinicianId')}>
            {details.clinician.username}{' '}
            <Text span size="xs" c="dimmed">
              ({details.clinician.id})
            </Text>
          </LabelledField>
        )}
      </SimpleGrid>
      {/* A colleague reading a shared patient (no link) reads only. */}
      {!details.finishedAt && details.testLink !== null && <ExtendButton details={details} />}
    </Paper>
  );
}
