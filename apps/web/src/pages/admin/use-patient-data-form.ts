import { useMemo, useState, type FormEvent } from 'react';
import { ZPatientDataQuery, fieldErrors, type TPatientDataQuery } from '@pid5/contract';
import { downloadPatientData, useAdminUsers } from '../../api/admin';
import { ApiError } from '../../api/client';
import { clinicianLabel } from '../../components/clinician-select';
import type { Outcome } from '../../components/outcome-text';
import { translateFieldErrors } from '../../i18n/contract-messages';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';

/** A failed download or erasure in words: what failed, and the server's reason. */
export function patientDataFailure(what: string, error: unknown, t: Translate<StaffKey>): string {
  return t('patients.failure', { what, reason: error instanceof Error ? error.message : t('patients.unknownError') });
}

/**
 * `/admin/patients`'s form: the clinician and patient chosen, their messages, downloading the patient's data, asking
 * to erase it (the patient `confirming`, for the dialog), and the outcome of either.
 */
export function usePatientDataForm() {
  const { users, options, clinicianName } = useClinicianChoices();
  const { t } = useStaffText();
  const [clinicianId, setClinicianId] = useState<string | null>(null);
  const [patientId, setPatientId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const [confirming, setConfirming] = useState<TPatientDataQuery | null>(null);

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
      setOutcome({ kind: 'error', text: patientDataFailure(t('patients.downloadFailed'), error, t) });
    } finally {
      setIsDownloading(false);
    }
  };

  return {
    users,
    options,
    clinicianId,
    chooseClinician: (value: string | null) => {
      setClinicianId(value);
      setErrors(({ clinicianId: _c, ...rest }) => rest);
    },
    patientId,
    typePatientId: (value: string) => {
      setPatientId(value);
      setErrors(({ patientId: _p, ...rest }) => rest);
    },
    errors,
    outcome,
    isDownloading,
    download,
    confirming,
    clinicianName,
    askToErase: () => {
      const patient = chosenPatient();
      if (patient) {
        setConfirming(patient);
      }
    },
    cancelErase: () => setConfirming(null),
    erased: (count: number) => {
      setConfirming(null);
      setPatientId('');
      setOutcome({ kind: 'success', text: t('patients.erased', { count }) });
    },
    eraseFailed: (error: unknown) => {
      setConfirming(null);
      if (error instanceof ApiError) {
        setErrors(translateFieldErrors(error.fields, t));
      }
      setOutcome({ kind: 'error', text: patientDataFailure(t('patients.eraseFailed'), error, t) });
    },
  };
}

/** The clinicians to choose from, disabled accounts marked, and a clinician's name by id (the id while unknown). */
function useClinicianChoices() {
  const users = useAdminUsers();
  const { t } = useStaffText();
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
  return { users, options, clinicianName };
}
