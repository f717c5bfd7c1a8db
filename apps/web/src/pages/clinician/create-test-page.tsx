import {
  Alert,
  Button,
  Container,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
  Typography,
} from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import {
  ASSESSMENT_FORM_CHOICES,
  DEFAULT_ASSESSMENT_FORM,
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
import { useCreateAssessment, useCredits, useDiagnoses, useTerms } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  CreateTestInvitationField,
  createTestEmailError,
  sendCreatedTestInvitation,
} from '../../components/create-test-invitation';
import { DiagnosisPicker } from '../../components/diagnosis-picker';
import { NoTestsHelp } from '../../components/no-tests-help';
import { Section } from '../../components/section';
import { TestLanguageSelect } from '../../components/test-language-select';
import { translateFieldErrors } from '../../i18n/contract-messages';
import {
  countryChoices as countriesIn,
  countryNameIn,
  FORM_TEXT,
  GENDER_TEXT,
  RACE_TEXT,
} from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { numberOrEmpty } from '../../lib/number-input';
import { EMPTY_CREATE_TEST, parseCreateTest, useCreateTestForm } from './create-test-form';
import { readNewTestForPatient } from './patient-prefill';
import { StaffPageHeading } from '../../components/staff-page-heading';

/** Where each field's message is shown; dsmCodes and primaryDsm share the diagnoses section. */
const FIELD_ORDER = ['age', 'gender', 'race', 'country', 'postalCode', 'patientId', 'dsmCodes', 'primaryDsm'] as const;

/** The one dialog open over the form, if any: the diagnosis picker, the terms, or 'leave without creating?'. */
type Panel = 'picker' | 'terms' | 'leave';

/** A random key for one intent to create; none where the browser offers no randomUUID (an insecure origin). */
function newRequestKey(): string | undefined {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

/** `/createtest` (docs/product-spec.md §2 Create Test, §4, §5). The server checks the same rules with the same schema. */
export default function CreateTestPage() {
  const navigate = useNavigate();
  const { t, language } = useStaffText();
  const credits = useCredits();
  const diagnoses = useDiagnoses();
  const create = useCreateAssessment();
  // One key per intent (the server returns the first test for a repeated key) and one request at a time: a double
  // click on "Agree and Create Test" creates one test, uses one purchased test and sends one invitation.
  const [requestKey] = useState(newRequestKey);
  const creating = useRef(false);
  const me = useOutletContext<TMe>();
  // "New test for this patient": filled in from an earlier test of the patient, all of it editable.
  const location = useLocation();
  const [fromPatient] = useState(() => readNewTestForPatient(location.state));
  // The institute's default country to begin with (a prefilled test keeps its own).
  const inLanguage = (errors: Record<string, unknown>, country: string) =>
    translateFieldErrors(errors as Record<string, string>, t, {
      countryCode: country,
      countryInLanguage: (code) => countryNameIn(code, language),
    });
  const form = useCreateTestForm(
    fromPatient?.prefill ?? { ...EMPTY_CREATE_TEST, country: me.institute.defaultCountry },
    (errors, values) => inLanguage(errors, values.country),
  );
  const countryChoices = useMemo(
    () => countriesIn(me.institute.defaultCountry, language).map(({ code, name }) => ({ value: code, label: name })),
    [me.institute.defaultCountry, language],
  );
  const { dsmCodes, primaryDsm } = form.values;
  // The test's language: a re-test's own, else the institute's default; only the languages the server offers.
  const [testLanguage, setTestLanguage] = useState<Language | null>(fromPatient?.language ?? null);
  const chosenLanguage =
    testLanguage && me.institute.testLanguages.includes(testLanguage) ? testLanguage : me.institute.defaultTestLanguage;

  const [openPanel, setOpenPanel] = useState<Panel | null>(null);
  // Each opening starts a fresh picker (empty search, all entries shown).
  const [pickerSession, setPickerSession] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [patientEmail, setPatientEmail] = useState('');
  const [patientEmailError, setPatientEmailError] = useState<string | null>(null);
  const terms = useTerms(openPanel === 'terms');

  const descriptions = useMemo(
    () => new Map((diagnoses.data?.items ?? []).map((d) => [d.code, d.description])),
    [diagnoses.data],
  );
  const noTestsLeft = credits.data !== undefined && credits.data.available === 0;
  // The form shown chosen: the clinician's choice, else the institute's default (DEFAULT_FORM), else Full.
  const chosenForm: AssessmentForm = form.values.form ?? credits.data?.defaultForm ?? DEFAULT_ASSESSMENT_FORM;
  // Always pressable while tests are left: pressing it with something missing says what, under each field.
  const canCreate = openPanel === null && !noTestsLeft;

  /** The form is wrong: its messages are shown; focus goes to the first field with one. */
  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) {
      document.getElementById(`create-${first}`)?.focus();
    }
  };

  const closePicker = () => {
    setOpenPanel(null);
    // docs/product-spec.md §4: a primary that is no longer selected is cleared when the picker closes.
    if (primaryDsm !== null && !dsmCodes.includes(primaryDsm)) {
      form.setFieldValue('primaryDsm', null);
    }
    form.clearFieldError('dsmCodes');
    form.clearFieldError('primaryDsm');
  };

  const agreeAndCreate = async () => {
    if (!terms.data || creating.current) {
      return;
    }
    const parsed = parseCreateTest({ ...form.values, form: chosenForm }, terms.data.id);
    if ('errors' in parsed) {
      setOpenPanel(null);
      form.setErrors(inLanguage(parsed.errors, form.values.country));
      return;
    }
    creating.current = true;
    try {
      const created = await create.mutateAsync({ ...parsed.request, language: chosenLanguage, requestKey });
      const invitationError = patientEmail.trim()
        ? await sendCreatedTestInvitation(created.id, patientEmail, t('messages.notQueued'))
        : null;
      form.reset();
      setPatientEmail('');
      setOpenPanel(null);
      if (invitationError) {
        void navigate(`/details/${created.id}`, { state: { invitationError } });
        return;
      }
      void navigate('/dashboard', { state: { createdId: created.id, patientId: parsed.request.patientId } });
    } catch (error) {
      creating.current = false;
      setOpenPanel(null);
      const reason = error instanceof Error ? error.message : t('createTest.somethingWrong');
      setFailure(t('createTest.failed', { reason }));
      if (error instanceof ApiError) {
        form.setErrors(
          inLanguage(
            Object.fromEntries(
              Object.entries(error.fields).map(([name, message]) => [name.split('.')[0] ?? name, message]),
            ),
            form.values.country,
          ),
        );
        if (error.code === 'STALE_TERMS') {
          void terms.refetch();
        }
      }
    }
  };

  return (
    <Container size="md">
      <Stack gap="md">
        <BackButton onClick={() => setOpenPanel('leave')} />
        <StaffPageHeading title={t('createTest.title')} />
        {fromPatient && (
          <Alert color="blue" title={t('createTest.prefillTitle')}>
            {t('createTest.prefillText', { id: fromPatient.fromAssessmentId })}
          </Alert>
        )}
        {noTestsLeft && (
          <Alert color="yellow" role="status" title={t('createTest.noTests')}>
            <NoTestsHelp me={me} />
          </Alert>
        )}
        {failure && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            onClose={() => setFailure(null)}
            closeButtonLabel={t('createTest.dismiss')}
          >
            {failure}
          </Alert>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            if (canCreate) {
              setFailure(null);
              // Right: on to the terms. Wrong: the messages show under the fields.
              const emailError = createTestEmailError(t, patientEmail);
              setPatientEmailError(emailError);
              form.onSubmit(() => setOpenPanel(emailError ? null : 'terms'), focusFirstError)(event);
            } else {
              event.preventDefault();
            }
          }}
        >
          <Stack gap="lg">
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
                languages={me.institute.testLanguages}
                value={chosenLanguage}
                onChange={setTestLanguage}
                error={form.errors.language}
              />
            </Section>

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
                  description={
                    form.values.country && form.values.country !== 'US' ? t('createTest.raceOutsideUs') : undefined
                  }
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

            <Section
              title={t('createTest.diagnoses')}
              action={
                <Button
                  id="create-dsmCodes"
                  variant="light"
                  onClick={() => {
                    setPickerSession((n) => n + 1);
                    setOpenPanel('picker');
                  }}
                >
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
                  <Group
                    gap="xs"
                    role="radiogroup"
                    aria-label={t('createTest.primaryGroup')}
                    aria-describedby="primary-hint"
                  >
                    {dsmCodes.map((code, index) => {
                      const isPrimary = code === primaryDsm;
                      return (
                        <Tooltip
                          key={code}
                          label={descriptions.get(code) ?? t('createTest.noDescription')}
                          multiline
                          maw={360}
                        >
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

            <CreateTestInvitationField value={patientEmail} error={patientEmailError} onChange={setPatientEmail} />

            <Group justify="flex-end">
              <Button type="submit" size="md" disabled={!canCreate}>
                {t('createTest.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>

      <DiagnosisPicker
        key={pickerSession}
        opened={openPanel === 'picker'}
        onClose={closePicker}
        returnFocusTo="create-dsmCodes"
        catalogue={diagnoses.data?.items ?? []}
        isLoading={diagnoses.isPending}
        loadError={diagnoses.isError ? t('createTest.diagnosesFailed') : null}
        selected={dsmCodes}
        onChange={(codes) => form.setFieldValue('dsmCodes', codes)}
      />

      <Modal
        opened={openPanel === 'terms'}
        onClose={() => setOpenPanel(null)}
        title={t('createTest.termsTitle')}
        size="lg"
        centered
        closeOnClickOutside={!create.isPending}
      >
        <Stack>
          {terms.isPending && <Text c="dimmed">{t('createTest.termsLoading')}</Text>}
          {terms.isError && (
            <Alert color="red" role="alert">
              {t('createTest.termsFailed')}
            </Alert>
          )}
          {terms.data && (
            // The body is sanitised on the server when it is stored (DESIGN.md "Security and reliability").
            <Typography>
              <div data-testid="terms-body" dangerouslySetInnerHTML={{ __html: terms.data.bodyHtml }} />
            </Typography>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpenPanel(null)} disabled={create.isPending}>
              {t('createTest.exit')}
            </Button>
            <Button onClick={() => void agreeAndCreate()} loading={create.isPending} disabled={!terms.data}>
              {t('createTest.agree')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={openPanel === 'leave'}
        title={t('createTest.leaveTitle')}
        text={t('createTest.leaveText')}
        onYes={() => void navigate('/dashboard')}
        onNo={() => setOpenPanel(null)}
      />
    </Container>
  );
}
