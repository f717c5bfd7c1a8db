import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TAssessmentDetails } from '@pid5/contract';
import { DIAGNOSIS_CATALOGUE_LANGUAGE } from '../../components/diagnosis-picker';
import { Section } from '../../components/section';
import { choiceName, countryNameIn, GENDER_TEXT, RACE_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';

// What the test records about the patient: demographics as chips, diagnoses as badges (the primary marked).

function InfoChip({ label, value }: { label: string; value: string | null }) {
  const { t } = useStaffText();
  return (
    <Badge size="lg" variant="default" style={{ textTransform: 'none', fontWeight: 500 }}>
      {t('details.infoChip', { label, value: value ?? t('details.none') })}
    </Badge>
  );
}

export function DemographicsSection({ details }: { details: TAssessmentDetails }) {
  const { t, language } = useStaffText();
  return (
    <Section title={t('details.demographics')}>
      <Group gap="xs">
        <InfoChip label={t('details.race')} value={choiceName(details.race, RACE_TEXT, t)} />
        <InfoChip label={t('details.age')} value={details.age === null ? null : String(details.age)} />
        <InfoChip label={t('details.gender')} value={choiceName(details.gender, GENDER_TEXT, t)} />
        <InfoChip label={t('details.postalCode')} value={details.postalCode} />
        <InfoChip
          label={t('details.country')}
          value={
            details.country && details.countryCode ? countryNameIn(details.countryCode, language) : details.country
          }
        />
      </Group>
    </Section>
  );
}

export function DiagnosesSection({ diagnoses }: { diagnoses: TAssessmentDetails['diagnoses'] }) {
  const { t } = useStaffText();
  return (
    <Section title={t('details.diagnoses')}>
      {diagnoses.length === 0 ? (
        <Text c="dimmed">{t('details.none')}</Text>
      ) : (
        <Group gap="xs">
          {diagnoses.map((diagnosis) => (
            <DiagnosisBadge key={diagnosis.code} diagnosis={diagnosis} />
          ))}
        </Group>
      )}
    </Section>
  );
}

function DiagnosisBadge({ diagnosis }: { diagnosis: TAssessmentDetails['diagnoses'][number] }) {
  const { t } = useStaffText();
  // The catalogue's descriptions are English whatever the page's language (diagnoses.SOURCE.md).
  const description = diagnosis.description ? (
    <span lang={DIAGNOSIS_CATALOGUE_LANGUAGE}>{diagnosis.description}</span>
  ) : (
    t('details.noDescription')
  );
  return (
    <Tooltip label={description} multiline maw={360} events={{ hover: true, focus: true, touch: true }}>
      {/* Focusable so that the tooltip shows by keyboard; the description is also in its text for
          screen readers (an aria-label on a plain element may not be read). */}
      <Badge
        size="lg"
        variant={diagnosis.isPrimary ? 'filled' : 'default'}
        color="teal"
        tabIndex={0}
        data-primary={diagnosis.isPrimary || undefined}
        style={{ textTransform: 'none', cursor: 'help' }}
      >
        {diagnosis.code}
        {diagnosis.isPrimary ? ` · ${t('details.primary')}` : ''}
        <VisuallyHidden>: {description}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
