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
  Title,
  Tooltip,
  Typography,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useOutletContext } from 'react-router';
import {
  ASSESSMENT_FORM_CHOICES,
  DEFAULT_ASSESSMENT_FORM,
  countriesWithFirst,
  AGE_MAX,
  AGE_MIN,
  GENDERS,
  hasPostalCodes,
  PATIENT_ID_MAX,
  RACES,
  type AssessmentForm,
  type TMe,
} from '@pid5/contract';
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
import { numberOrEmpty } from '../../lib/number-input';
import { EMPTY_CREATE_TEST, parseCreateTest, useCreateTestForm } from './create-test-form';
import { readNewTestForPatient } from './patient-prefill';

/** Where each field's message is shown; dsmCodes and primaryDsm share the diagnoses section. */
const FIELD_ORDER = ['age', 'gender', 'race', 'country', 'postalCode', 'patientId', 'dsmCodes', 'primaryDsm'] as const;

/** The one dialog open over the form, if any: the diagnosis picker, the terms, or 'leave without creating?'. */
type Panel = 'picker' | 'terms' | 'leave';

/** `/createtest` (docs/product-spec.md §2 Create Test, §4, §5). The server checks the same rules with the same schema. */
export default function CreateTestPage() {
  const navigate = useNavigate();
  const credits = useCredits();
  const diagnoses = useDiagnoses();
  const create = useCreateAssessment();
  const me = useOutletContext<TMe>();
  // "New test for this patient": filled in from an earlier test of the patient, all of it editable.
  const location = useLocation();
  const [fromPatient] = useState(() => readNewTestForPatient(location.state));
  // The institute's default country to begin with (a prefilled test keeps its own).
  const form = useCreateTestForm(
    fromPatient?.prefill ?? { ...EMPTY_CREATE_TEST, country: me.institute.defaultCountry },
  );
  const countryChoices = useMemo(
    () => countriesWithFirst(me.institute.defaultCountry).map(({ code, name }) => ({ value: code, label: name })),
    [me.institute.defaultCountry],
  );
  const { dsmCodes, primaryDsm } = form.values;

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
  const canCreate = dsmCodes.length > 0 && primaryDsm !== null && openPanel === null && !noTestsLeft;

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
    if (!terms.data) {
      return;
    }
    const parsed = parseCreateTest({ ...form.values, form: chosenForm }, terms.data.id);
    if ('errors' in parsed) {
      setOpenPanel(null);
      form.setErrors(parsed.errors);
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.request);
      const invitationError = patientEmail.trim() ? await sendCreatedTestInvitation(created.id, patientEmail) : null;
      form.reset();
      setPatientEmail('');
      setOpenPanel(null);
      if (invitationError) {
        void navigate(`/details/${created.id}`, { state: { invitationError } });
        return;
      }
      void navigate('/dashboard', { state: { createdId: created.id, patientId: parsed.request.patientId } });
    } catch (error) {
      setOpenPanel(null);
      const reason = error instanceof Error ? error.message : 'Something went wrong';
      setFailure(`Create test failed: ${reason}`);
      if (error instanceof ApiError) {
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.fields).map(([name, message]) => [name.split('.')[0] ?? name, message]),
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
        <Title order={1} size="h2">
          Create Test
        </Title>
        {fromPatient && (
          <Alert color="blue" title="A new test for the same patient">
            Filled in from test {fromPatient.fromAssessmentId}: the patient ID, demographics and diagnoses. Change
            anything that is different now; keep the patient ID to see both tests on the patient’s timeline.
          </Alert>
        )}
        {noTestsLeft && (
          <Alert color="yellow" role="status" title="No tests available">
            <NoTestsHelp me={me} />
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)} closeButtonLabel="Dismiss">
            {failure}
          </Alert>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            if (canCreate) {
              setFailure(null);
              // Right: on to the terms. Wrong: the messages show under the fields.
              const emailError = createTestEmailError(patientEmail);
              setPatientEmailError(emailError);
              form.onSubmit(() => setOpenPanel(emailError ? null : 'terms'), focusFirstError)(event);
            } else {
              event.preventDefault();
            }
          }}
        >
          <Stack gap="lg">
            <Section title="Questionnaire">
              <Radio.Group
                id="create-form"
                label="Form"
                description="One purchased test is used whichever form you choose."
                value={chosenForm}
                onChange={(value) => form.setFieldValue('form', value as AssessmentForm)}
                error={form.errors.form}
              >
                <Stack gap="xs" mt="xs">
                  {ASSESSMENT_FORM_CHOICES.map((choice) => (
                    <Radio
                      key={choice.id}
                      value={choice.id}
                      label={`${choice.label}, ${choice.minutesLabel}`}
                      description={choice.description}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            </Section>

            <Section title="Demographics">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  id="create-age"
                  label="Age"
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
                  label="Gender"
                  data={GENDERS}
                  allowDeselect={false}
                  {...form.getInputProps('gender')}
                />
                <Select
                  id="create-race"
                  label="Race"
                  data={RACES}
                  allowDeselect={false}
                  {...form.getInputProps('race')}
                />
                {/* An ISO 3166 country, searchable, the institute's default first. */}
                <Select
                  id="create-country"
                  label="Country"
                  required
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No country matches"
                  // Mantine keeps a closed list's options in the page, and this form redraws them, all 250, at every
                  // keystroke in any field: most of the component tests' time. Drawn only while the list is open.
                  comboboxProps={{ keepMounted: false }}
                  data={countryChoices}
                  {...form.getInputProps('country')}
                />
                <TextInput
                  id="create-postalCode"
                  label="Postal Code"
                  description={hasPostalCodes(form.values.country) ? undefined : 'Optional for this country'}
                  required={hasPostalCodes(form.values.country)}
                  inputMode={form.values.country === 'US' ? 'numeric' : 'text'}
                  maxLength={form.values.country === 'US' ? 5 : 20}
                  autoComplete="off"
                  {...form.getInputProps('postalCode')}
                />
              </SimpleGrid>
            </Section>

            <Section title="Patient Identifier">
              <TextInput
                id="create-patientId"
                label="Patient Identifier"
                description="Your own reference for this patient. Do not use the patient's name."
                required
                maxLength={PATIENT_ID_MAX}
                autoComplete="off"
                {...form.getInputProps('patientId')}
              />
            </Section>

            <Section
              title="DSM-5 Diagnoses"
              action={
                <Button
                  id="create-dsmCodes"
                  variant="light"
                  onClick={() => {
                    setPickerSession((n) => n + 1);
                    setOpenPanel('picker');
                  }}
                >
                  {dsmCodes.length === 0 ? 'Choose Diagnoses' : 'Edit Diagnoses'}
                </Button>
              }
            >
              {dsmCodes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No diagnoses chosen.
                </Text>
              ) : (
                <Stack gap="xs">
                  <Text size="sm" c="dimmed" id="primary-hint">
                    Click a diagnosis to make it the primary diagnosis.
                  </Text>
                  <Group gap="xs" role="radiogroup" aria-label="Primary diagnosis" aria-describedby="primary-hint">
                    {dsmCodes.map((code, index) => {
                      const isPrimary = code === primaryDsm;
                      return (
                        <Tooltip key={code} label={descriptions.get(code) ?? 'No description'} multiline maw={360}>
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
                Primary Diagnosis:{' '}
                {primaryDsm ? `${primaryDsm} — ${descriptions.get(primaryDsm) ?? 'No description'}` : 'None'}
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
                Create Test
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>

      <DiagnosisPicker
        key={pickerSession}
        opened={openPanel === 'picker'}
        onClose={closePicker}
        catalogue={diagnoses.data?.items ?? []}
        isLoading={diagnoses.isPending}
        loadError={diagnoses.isError ? 'The diagnosis list could not be loaded. Close this and try again.' : null}
        selected={dsmCodes}
        onChange={(codes) => form.setFieldValue('dsmCodes', codes)}
      />

      <Modal
        opened={openPanel === 'terms'}
        onClose={() => setOpenPanel(null)}
        title="Terms and Conditions"
        size="lg"
        centered
        closeOnClickOutside={!create.isPending}
      >
        <Stack>
          {terms.isPending && <Text c="dimmed">Loading the terms and conditions…</Text>}
          {terms.isError && (
            <Alert color="red" role="alert">
              The terms and conditions could not be loaded. Please try again.
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
              Exit
            </Button>
            <Button onClick={() => void agreeAndCreate()} loading={create.isPending} disabled={!terms.data}>
              Agree and Create Test
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={openPanel === 'leave'}
        title="Are you sure you want to go back to the dashboard?"
        text="Test creation will be cancelled and information entered on this page cannot be recovered."
        onYes={() => void navigate('/dashboard')}
        onNo={() => setOpenPanel(null)}
      />
    </Container>
  );
}
