import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PATIENT_ID_MAX } from '@pid5/contract';
import { BackButton } from '../../components/back-button';
import { ClinicianSelect } from '../../components/clinician-select';
import { LoadErrorAlert } from '../../components/load-states';
import { OutcomeText } from '../../components/outcome-text';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { useStaffText } from '../../i18n/staff-language';
import { ErasePatientDialog } from './erase-patient-dialog';
import { usePatientDataForm } from './use-patient-data-form';

/**
 * `/admin/patients`: everything stored about one patient (a clinician and the exact patient identifier), downloaded
 * as JSON, or erased after the identifier is typed again (DESIGN.md "Erasure, access and retention").
 */
export default function PatientsPage() {
  const { t } = useStaffText();
  const page = usePatientDataForm();

  return (
    <Container size="md">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('patients.title')} />
        <Text size="sm">{t('patients.intro')}</Text>
        <LoadErrorAlert error={page.users.error} />

        <Paper withBorder p="md" component="form" onSubmit={(event) => void page.download(event)} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ClinicianSelect
              options={page.options}
              isLoading={page.users.isPending}
              value={page.clinicianId}
              onChange={page.chooseClinician}
              error={page.errors.clinicianId}
            />
            <TextInput
              label={t('patients.patientId')}
              maxLength={PATIENT_ID_MAX}
              value={page.patientId}
              onChange={(event) => page.typePatientId(event.currentTarget.value)}
              required
              error={page.errors.patientId}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={page.isDownloading}>
              {t('patients.download')}
            </Button>
            <Button color="red" variant="outline" onClick={page.askToErase}>
              {t('patients.erase')}
            </Button>
          </Group>
          <OutcomeText mt="sm" outcome={page.outcome} />
        </Paper>
      </Stack>

      <ErasePatientDialog
        patient={page.confirming}
        clinicianName={page.clinicianName}
        onClose={page.cancelErase}
        onErased={page.erased}
        onFailed={page.eraseFailed}
      />
    </Container>
  );
}
