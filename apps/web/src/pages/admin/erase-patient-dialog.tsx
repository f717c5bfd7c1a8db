import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ZErasePatientRequest, fieldErrors, type TPatientDataQuery } from '@pid5/contract';
import { useErasePatient } from '../../api/admin';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { useStaffText } from '../../i18n/staff-language';

interface EraseProps {
  /** The patient to erase; null while the dialog is closed. */
  patient: TPatientDataQuery | null;
  clinicianName: (id: string) => string;
  onClose: () => void;
  onErased: (erasedTests: number) => void;
  onFailed: (error: unknown) => void;
}

/** "Erase this patient?": erased only once the patient identifier is typed again; it cannot be undone. */
export function ErasePatientDialog({ patient, ...props }: EraseProps) {
  const { t } = useStaffText();
  return (
    <Modal opened={patient !== null} onClose={props.onClose} title={t('patients.confirmTitle')} centered>
      {/* Mounted per opening, so each starts with nothing typed. */}
      {patient && <ErasePatientForm patient={patient} {...props} />}
    </Modal>
  );
}

function ErasePatientForm({
  patient,
  clinicianName,
  onClose,
  onErased,
  onFailed,
}: EraseProps & { patient: TPatientDataQuery }) {
  const { t } = useStaffText();
  const erase = useErasePatient();
  const [confirmation, setConfirmation] = useState('');
  const [confirmError, setConfirmError] = useState<string | undefined>();

  const confirmErase = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZErasePatientRequest.safeParse({ ...patient, confirmPatientId: confirmation });
    if (!parsed.success) {
      const message = fieldErrors(parsed.error).confirmPatientId ?? parsed.error.issues[0]?.message;
      setConfirmError(message === undefined ? undefined : translateFieldErrors({ message }, t).message);
      return;
    }
    try {
      const erased = await erase.mutateAsync(parsed.data);
      onErased(erased.erasedTests);
    } catch (error) {
      onFailed(error);
    }
  };

  return (
    <form onSubmit={(event) => void confirmErase(event)} noValidate>
      <Stack gap="sm">
        <Alert color="red" title={t('patients.cannotUndo')}>
          {t('patients.eraseText', { patientId: patient.patientId, clinician: clinicianName(patient.clinicianId) })}
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
          <Button variant="default" onClick={onClose}>
            {t('patients.cancel')}
          </Button>
          <Button type="submit" color="red" loading={erase.isPending}>
            {t('patients.confirmErase')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
