import {
  Alert,
  Button,
  Container,
  Group,
  Modal,
  NumberInput,
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
import { useNavigate } from 'react-router';
import {
  COUNTRY_MAX,
  GENDERS,
  PATIENT_ID_MAX,
  RACES,
  ZCreateAssessmentRequest,
  fieldErrors,
  type Gender,
  type Race,
  type TCreateAssessmentRequest,
} from '@pid5/contract';
import { useCreateAssessment, useCredits, useDiagnoses, useTerms } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DiagnosisPicker } from '../../components/diagnosis-picker';
import { Section } from '../../components/section';
import { numberOrEmpty } from '../../lib/number-input';

interface FormValues {
  age: number | '';
  gender: Gender;
  race: Race;
  country: string;
  postalCode: string;
  patientId: string;
}

const EMPTY_FORM: FormValues = {
  age: '',
  gender: 'Unspecified',
  race: 'Unspecified',
  country: '',
  postalCode: '',
  patientId: '',
};

/** Where each field's message is shown; dsmCodes and primaryDsm share the diagnoses section. */
const FIELD_ORDER = ['age', 'gender', 'race', 'country', 'postalCode', 'patientId', 'dsmCodes', 'primaryDsm'] as const;

/** `/createtest` (spec §2 Create Test, §4, §5). The server checks the same rules with the same schema. */
export default function CreateTestPage() {
  const navigate = useNavigate();
  const credits = useCredits();
  const diagnoses = useDiagnoses();
  const create = useCreateAssessment();

  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [dsmCodes, setDsmCodes] = useState<string[]>([]);
  const [primaryDsm, setPrimaryDsm] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  // Each opening starts a fresh picker (empty search, all entries shown).
  const [pickerSession, setPickerSession] = useState(0);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [isConfirmingBack, setIsConfirmingBack] = useState(false);
  const terms = useTerms(isTermsOpen);

  const descriptions = useMemo(
    () => new Map((diagnoses.data?.items ?? []).map((d) => [d.code, d.description])),
    [diagnoses.data],
  );
  const isPanelOpen = isPickerOpen || isTermsOpen || isConfirmingBack;
  const noTestsLeft = credits.data !== undefined && credits.data.available === 0;
  const canCreate = dsmCodes.length > 0 && primaryDsm !== null && !isPanelOpen && !noTestsLeft;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };

  const payload = (termsId: number): Record<keyof TCreateAssessmentRequest, unknown> => ({
    age: values.age === '' ? undefined : values.age,
    gender: values.gender,
    race: values.race,
    country: values.country,
    postalCode: values.postalCode,
    patientId: values.patientId,
    dsmCodes,
    primaryDsm: primaryDsm ?? '',
    termsId,
  });

  /** Checks the form with the shared schema; returns whether it is ready for the terms. */
  const validate = (): boolean => {
    const result = ZCreateAssessmentRequest.safeParse(payload(1));
    if (result.success) {
      setErrors({});
      return true;
    }
    const found = fieldErrors(result.error);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(`create-${first}`)?.focus();
    }
    return false;
  };

  const openTerms = () => {
    setFailure(null);
    if (validate()) {
      setIsTermsOpen(true);
    }
  };

  const closePicker = () => {
    setIsPickerOpen(false);
    // Spec §4: a primary that is no longer selected is cleared when the picker closes.
    if (primaryDsm !== null && !dsmCodes.includes(primaryDsm)) {
      setPrimaryDsm(null);
    }
    setErrors(({ dsmCodes: _d, primaryDsm: _p, ...rest }) => rest);
  };

  const agreeAndCreate = async () => {
    if (!terms.data) {
      return;
    }
    const parsed = ZCreateAssessmentRequest.safeParse(payload(terms.data.id));
    if (!parsed.success) {
      setIsTermsOpen(false);
      setErrors(fieldErrors(parsed.error));
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.data);
      setValues(EMPTY_FORM);
      setDsmCodes([]);
      setPrimaryDsm(null);
      setIsTermsOpen(false);
      void navigate('/dashboard', { state: { createdId: created.id, patientId: parsed.data.patientId } });
    } catch (error) {
      setIsTermsOpen(false);
      const reason = error instanceof Error ? error.message : 'Something went wrong';
      setFailure(`Create test failed: ${reason}`);
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([name, message]) => [name.split('.')[0] ?? name, message]),
        );
        setErrors(fields);
        if (error.code === 'STALE_TERMS') {
          void terms.refetch();
        }
      }
    }
  };

  return (
    <Container size="md">
      <Stack gap="md">
        <BackButton onClick={() => setIsConfirmingBack(true)} />
        <Title order={1} size="h2">
          Create Test
        </Title>
        {noTestsLeft && (
          <Alert color="yellow" role="status" title="No tests available">
            You have no tests left. Ask an administrator for more tests before creating one.
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
            event.preventDefault();
            if (canCreate) {
              openTerms();
            }
          }}
        >
          <Stack gap="lg">
            <Section title="Demographics">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  id="create-age"
                  label="Age"
                  required
                  min={1}
                  max={120}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={values.age}
                  onChange={(value) => set('age', numberOrEmpty(value))}
                  error={errors.age}
                />
                <Select
                  id="create-gender"
                  label="Gender"
                  data={GENDERS}
                  value={values.gender}
                  onChange={(value) => set('gender', (value ?? 'Unspecified') as Gender)}
                  allowDeselect={false}
                  error={errors.gender}
                />
                <Select
                  id="create-race"
                  label="Race"
                  data={RACES}
                  value={values.race}
                  onChange={(value) => set('race', (value ?? 'Unspecified') as Race)}
                  allowDeselect={false}
                  error={errors.race}
                />
                <TextInput
                  id="create-country"
                  label="Country"
                  required
                  maxLength={COUNTRY_MAX}
                  autoComplete="off"
                  value={values.country}
                  onChange={(event) => set('country', event.currentTarget.value)}
                  error={errors.country}
                />
                <TextInput
                  id="create-postalCode"
                  label="Postal Code"
                  required
                  inputMode="numeric"
                  maxLength={5}
                  autoComplete="off"
                  value={values.postalCode}
                  onChange={(event) => set('postalCode', event.currentTarget.value)}
                  error={errors.postalCode}
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
                value={values.patientId}
                onChange={(event) => set('patientId', event.currentTarget.value)}
                error={errors.patientId}
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
                    setIsPickerOpen(true);
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
                            onClick={() => {
                              setPrimaryDsm(code);
                              setErrors(({ primaryDsm: _p, ...rest }) => rest);
                            }}
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
              {(errors.dsmCodes ?? errors.primaryDsm) && (
                <Text c="red.8" size="sm" role="alert" mt="xs">
                  {errors.dsmCodes ?? errors.primaryDsm}
                </Text>
              )}
            </Section>

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
        opened={isPickerOpen}
        onClose={closePicker}
        catalogue={diagnoses.data?.items ?? []}
        isLoading={diagnoses.isPending}
        loadError={diagnoses.isError ? 'The diagnosis list could not be loaded. Close this and try again.' : null}
        selected={dsmCodes}
        onChange={setDsmCodes}
      />

      <Modal
        opened={isTermsOpen}
        onClose={() => setIsTermsOpen(false)}
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
            // The body is sanitised on the server when it is stored (DESIGN.md §9).
            <Typography>
              <div data-testid="terms-body" dangerouslySetInnerHTML={{ __html: terms.data.bodyHtml }} />
            </Typography>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsTermsOpen(false)} disabled={create.isPending}>
              Exit
            </Button>
            <Button onClick={() => void agreeAndCreate()} loading={create.isPending} disabled={!terms.data}>
              Agree and Create Test
            </Button>
          </Group>
        </Stack>
      </Modal>

      <ConfirmDialog
        opened={isConfirmingBack}
        title="Are you sure you want to go back to the dashboard?"
        text="Test creation will be cancelled and information entered on this page cannot be recovered."
        onYes={() => void navigate('/dashboard')}
        onNo={() => setIsConfirmingBack(false)}
      />
    </Container>
  );
}
