import { Alert, Button, Container, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import {
  PATIENT_ID_MAX,
  ZErasePatientRequest,
  ZPatientDataQuery,
  fieldErrors,
  type TPatientDataQuery,
} from '@pid5/contract';
import { downloadPatientData, useAdminUsers, useErasePatient } from '../../api/admin';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { ClinicianSelect, clinicianLabel } from '../../components/clinician-select';
import { LoadErrorAlert } from '../../components/load-states';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';
import { StaffPageHeading } from '../../components/staff-page-heading';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

function failure(what: string, error: unknown, t: Translate<StaffKey>): string {
  return t('patients.failure', { what, reason: error instanceof Error ? error.message : t('patients.unknownError') });
}

/**
 * `/admin/patients`: everything stored about one patient (a clinician and the exact patient identifier), downloaded
 * as JSON, or erased after the identifier is typed again (DESIGN.md "Erasure, access and retention").
 */
export default function PatientsPage() {
  const users = useAdminUsers();
  const { t } = useStaffText();
  const erase = useErasePatient();
  const [clinicianId, setClinicianId] = useState<string | null>(null);
  const [patientId, setPatientId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const [confirming, setConfirming] = useState<TPatientDataQuery | null>(null);
  const [confirmation, setConfirmation] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();

  // Disabled accounts too: a former clinician's patients may still ask for their data or its erasure.
  const options = useMemo(
    () =>
      (users.data?.items ?? []).map((user) => ({
        value: user.id,
        label: clinicianLabel(user, user.isDisabled ? ` ${t('patients.disabled')}` : ''),
      })),
    [users.data, t],
  );
  const clinicianName = (id: string) => users.data?.items.find((user) => user.id === id)?.username ?? id;

  /** The patient the form names, or null after showing what to fix. */
  const chosenPatient = (): TPatientDataQuery | null => {
    setOutcome(null);
    const parsed = ZPatientDataQuery.safeParse({ clinicianId: clinicianId ?? '', patientId });
    if (!parsed.success) {
      setErrors(translateFieldErrors(fieldErrors(parsed.error), t));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  const download = async (event: FormEvent) => {
    event.preventDefault();
    const patient = chosenPatient();
    if (!patient) {
      return;
    }
    setIsDownloading(true);
    try {
      const tests = await downloadPatientData(patient);
      setOutcome({ kind: 'success', text: t('patients.downloaded', { count: tests }) });
    } catch (error) {
      setOutcome({ kind: 'error', text: failure(t('patients.downloadFailed'), error, t) });
    } finally {
      setIsDownloading(false);
    }
  };

  const askToErase = () => {
    const patient = chosenPatient();
    if (patient) {
      setConfirmation('');
      setConfirmError(undefined);
      setConfirming(patient);
    }
  };

  const confirmErase = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      return;
    }
    const parsed = ZErasePatientRequest.safeParse({ ...confirming, confirmPatientId: confirmation });
    if (!parsed.success) {
      const message = fieldErrors(parsed.error).confirmPatientId ?? parsed.error.issues[0]?.message;
      setConfirmError(message === undefined ? undefined : translateFieldErrors({ message }, t).message);
      return;
    }
    try {
      const erased = await erase.mutateAsync(parsed.data);
      setConfirming(null);
      setPatientId('');
      setOutcome({ kind: 'success', text: t('patients.erased', { count: erased.erasedTests }) });
    } catch (error) {
      setConfirming(null);
      if (error instanceof ApiError) {
        setErrors(translateFieldErrors(error.fields, t));
      }
      setOutcome({ kind: 'error', text: failure(t('patients.eraseFailed'), error, t) });
    }
  };

  return (
    <Container size="md">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('patients.title')} />
        <Text size="sm">{t('patients.intro')}</Text>
        <LoadErrorAlert error={users.error} />

        <Paper withBorder p="md" component="form" onSubmit={(event) => void download(event)} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ClinicianSelect
              options={options}
              isLoading={users.isPending}
              value={clinicianId}
              onChange={(value) => {
                setClinicianId(value);
                setErrors(({ clinicianId: _c, ...rest }) => rest);
              }}
              error={errors.clinicianId}
            />
            <TextInput
              label={t('patients.patientId')}
              maxLength={PATIENT_ID_MAX}
              value={patientId}
              onChange={(event) => {
                setPatientId(event.currentTarget.value);
                setErrors(({ patientId: _p, ...rest }) => rest);
              }}
              required
              error={errors.patientId}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={isDownloading}>
              {t('patients.download')}
            </Button>
            <Button color="red" variant="outline" onClick={askToErase}>
              {t('patients.erase')}
            </Button>
          </Group>
          <Text
            mt="sm"
            size="sm"
            role={outcome?.kind === 'error' ? 'alert' : 'status'}
            c={outcome?.kind === 'error' ? 'red.8' : 'teal.9'}
          >
            {outcome?.text ?? ''}
          </Text>
        </Paper>
      </Stack>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('patients.confirmTitle')}
        centered
      >
        {confirming && (
          <form onSubmit={(event) => void confirmErase(event)} noValidate>
            <Stack gap="sm">
              <Alert color="red" title={t('patients.cannotUndo')}>
                {t('patients.eraseText', {
                  patientId: confirming.patientId,
                  clinician: clinicianName(confirming.clinicianId),
                })}
              </Alert>
              <TextInput
                label={t('patients.confirmLabel')}
                value={confirmation}
                onChange={(event) => {
                  setConfirmation(event.currentTarget.value);
                  setConfirmError(undefined);
                }}
                error={confirmError}
                data-autofocus
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(null)}>
                  {t('patients.cancel')}
                </Button>
                <Button type="submit" color="red" loading={erase.isPending}>
                  {t('patients.confirmErase')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Container>
  );
}
