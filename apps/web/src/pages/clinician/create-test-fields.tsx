import { Button, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import {
  ASSESSMENT_FORM_CHOICES,
  AGE_MAX,
  AGE_MIN,
  GENDERS,
  hasPostalCodes,
  PATIENT_ID_MAX,
  RACES,
  type AssessmentForm,
  type TMe,
} from '@pid5/contract';
import type { Language } from '@pid5/i18n';
import { Section } from '../../components/section';
import { TestLanguageSelect } from '../../components/test-language-select';
import { countryChoices as countriesIn, FORM_TEXT, GENDER_TEXT, RACE_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { numberOrEmpty } from '../../lib/number-input';
import type { CreateTestForm } from './create-test-form';

// Create Test's sections, each drawing its fields from the one form state (use-create-test.ts holds it).

/** Which form of the questionnaire, and in which language. */
export function QuestionnaireFields({
  form,
  chosenForm,
  languages,
  chosenLanguage,
  onLanguageChange,
}: {
  form: CreateTestForm;
  chosenForm: AssessmentForm;
  languages: readonly Language[];
  chosenLanguage: Language;
  onLanguageChange: (language: Language) => void;
}) {
  const { t } = useStaffText();
  return (
    <Section title={t('createTest.questionnaire')}>
      <Radio.Group
        id="create-form"
        label={t('createTest.form')}
        description={t('createTest.formDescription')}
        value={chosenForm}
        onChange={(value) => form.setFieldValue('form', value as AssessmentForm)}
        error={form.errors.form}
      >
        <Stack gap="xs" mt="xs">
          {ASSESSMENT_FORM_CHOICES.map((choice) => (
            <Radio
              key={choice.id}
              value={choice.id}
              label={t('createTest.formChoice', {
                form: t(FORM_TEXT[choice.id].label),
                minutes: t(FORM_TEXT[choice.id].minutes),
              })}
              description={t(FORM_TEXT[choice.id].description)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <TestLanguageSelect
        languages={languages}
        value={chosenLanguage}
        onChange={onLanguageChange}
        error={form.errors.language}
      />
    </Section>
  );
}

/** Age, gender, race, country and postal code: what picks the norms and describes the patient. */
export function DemographicFields({ form, me }: { form: CreateTestForm; me: TMe }) {
  const { t, language } = useStaffText();
  const countryChoices = useMemo(
    () => countriesIn(me.institute.defaultCountry, language).map(({ code, name }) => ({ value: code, label: name })),
    [me.institute.defaultCountry, language],
  );
  return (
    <Section title={t('createTest.demographics')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          id="create-age"
          label={t('createTest.age')}
          required
          min={AGE_MIN}
          max={AGE_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('age')}
          onChange={(value) => form.setFieldValue('age', numberOrEmpty(value))}
        />
        <Select
          id="create-gender"
          label={t('createTest.gender')}
          data={GENDERS.map((value) => ({ value, label: t(GENDER_TEXT[value]) }))}
          allowDeselect={false}
          {...form.getInputProps('gender')}
        />
        <Select
          id="create-race"
          label={t('createTest.race')}
          // The categories are those of the US norm sample: said where the patient lives elsewhere.
          description={form.values.country && form.values.country !== 'US' ? t('createTest.raceOutsideUs') : undefined}
          data={RACES.map((value) => ({ value, label: t(RACE_TEXT[value]) }))}
          allowDeselect={false}
          {...form.getInputProps('race')}
        />
        {/* An ISO 3166 country, searchable, the institute's default first. */}
        <Select
          id="create-country"
          label={t('createTest.country')}
          required
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('createTest.noCountry')}
          // Mantine keeps a closed list's options in the page, and this form redraws them, all 250, at every
          // keystroke in any field: most of the component tests' time. Drawn only while the list is open.
          comboboxProps={{ keepMounted: false }}
          data={countryChoices}
          {...form.getInputProps('country')}
        />
        <TextInput
          id="create-postalCode"
          label={t('createTest.postalCode')}
          description={hasPostalCodes(form.values.country) ? undefined : t('createTest.postalOptional')}
          required={hasPostalCodes(form.values.country)}
          inputMode={form.values.country === 'US' ? 'numeric' : 'text'}
          maxLength={form.values.country === 'US' ? 5 : 20}
          autoComplete="off"
          {...form.getInputProps('postalCode')}
        />
      </SimpleGrid>
    </Section>
  );
}

/** The clinician's own identifier for the patient. */
export function PatientIdField({ form }: { form: CreateTestForm }) {
  const { t } = useStaffText();
  return (
    <Section title={t('createTest.patientIdSection')}>
      <TextInput
        id="create-patientId"
        label={t('createTest.patientId')}
        description={t('createTest.patientIdDescription')}
        required
        maxLength={PATIENT_ID_MAX}
        autoComplete="off"
        {...form.getInputProps('patientId')}
      />
    </Section>
  );
}

/** The chosen diagnoses (chosen in the picker) and which of them is primary. */
export function DiagnosisFields({
  form,
  descriptions,
  onOpenPicker,
}: {
  form: CreateTestForm;
  /** Each code's description, from the catalogue. */
  descriptions: ReadonlyMap<string, string>;
  onOpenPicker: () => void;
}) {
  const { t } = useStaffText();
  const { dsmCodes, primaryDsm } = form.values;
  return (
    <Section
      title={t('createTest.diagnoses')}
      action={
        <Button id="create-dsmCodes" variant="light" onClick={onOpenPicker}>
          {dsmCodes.length === 0 ? t('createTest.chooseDiagnoses') : t('createTest.editDiagnoses')}
        </Button>
      }
    >
      {dsmCodes.length === 0 ? (
        <Text size="sm">{t('createTest.noDiagnoses')}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" id="primary-hint">
            {t('createTest.primaryHint')}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={t('createTest.primaryGroup')} aria-describedby="primary-hint">
            {dsmCodes.map((code, index) => {
              const isPrimary = code === primaryDsm;
              return (
                <Tooltip key={code} label={descriptions.get(code) ?? t('createTest.noDescription')} multiline maw={360}>
                  <Button
                    id={index === 0 ? 'create-primaryDsm' : undefined}
                    role="radio"
                    aria-checked={isPrimary}
                    radius="xl"
                    size="compact-sm"
                    variant={isPrimary ? 'filled' : 'outline'}
                    leftSection={isPrimary ? <span aria-hidden>✓</span> : undefined}
                    onClick={() => form.setFieldValue('primaryDsm', code)}
                  >
                    {code}
                  </Button>
                </Tooltip>
              );
            })}
          </Group>
        </Stack>
      )}
      <Text mt="sm" fw={600} data-testid="primary-diagnosis">
        {t('createTest.primary', {
          diagnosis: primaryDsm
            ? t('createTest.primaryValue', {
                code: primaryDsm,
                description: descriptions.get(primaryDsm) ?? t('createTest.noDescription'),
              })
            : t('createTest.none'),
        })}
      </Text>
      {(form.errors.dsmCodes ?? form.errors.primaryDsm) && (
        <Text c="red.8" size="sm" role="alert" mt="xs">
          {form.errors.dsmCodes ?? form.errors.primaryDsm}
        </Text>
      )}
    </Section>
  );
}
