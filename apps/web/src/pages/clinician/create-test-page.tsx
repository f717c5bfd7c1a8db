import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { BackButton } from '../../components/back-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CreateTestInvitationField } from '../../components/create-test-invitation';
import { DiagnosisPicker } from '../../components/diagnosis-picker';
import { NoTestsHelp } from '../../components/no-tests-help';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { useStaffText } from '../../i18n/staff-language';
import { CreateTestTermsDialog } from './create-test-terms-dialog';
import { DemographicFields, DiagnosisFields, PatientIdField, QuestionnaireFields } from './create-test-fields';
import { useCreateTest } from './use-create-test';

/** `/createtest` (docs/product-spec.md §2 Create Test, §4, §5). The server checks the same rules with the same schema. */
export default function CreateTestPage() {
  const { t } = useStaffText();
  const page = useCreateTest();
  const { form, me } = page;

  return (
    <Container size="md">
      <Stack gap="md">
        <BackButton onClick={() => page.setOpenPanel('leave')} />
        <StaffPageHeading title={t('createTest.title')} />
        {page.fromPatient && (
          <Alert color="blue" title={t('createTest.prefillTitle')}>
            {t('createTest.prefillText', { id: page.fromPatient.fromAssessmentId })}
          </Alert>
        )}
        {page.noTestsLeft && (
          <Alert color="yellow" role="status" title={t('createTest.noTests')}>
            <NoTestsHelp me={me} />
          </Alert>
        )}
        {page.failure && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            onClose={page.dismissFailure}
            closeButtonLabel={t('createTest.dismiss')}
          >
            {page.failure}
          </Alert>
        )}
        <form noValidate onSubmit={page.submit}>
          <Stack gap="lg">
            <QuestionnaireFields
              form={form}
              chosenForm={page.chosenForm}
              languages={me.institute.testLanguages}
              chosenLanguage={page.chosenLanguage}
              onLanguageChange={page.setTestLanguage}
            />
            <DemographicFields form={form} me={me} />
            <PatientIdField form={form} />
            <DiagnosisFields form={form} descriptions={page.descriptions} onOpenPicker={page.openPicker} />
            <CreateTestInvitationField
              value={page.patientEmail}
              error={page.patientEmailError}
              onChange={page.setPatientEmail}
            />
            <Group justify="flex-end">
              <Button type="submit" size="md" disabled={!page.canCreate}>
                {t('createTest.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>

      <DiagnosisPicker
        key={page.pickerSession}
        opened={page.openPanel === 'picker'}
        onClose={page.closePicker}
        returnFocusTo="create-dsmCodes"
        catalogue={page.diagnoses.data?.items ?? []}
        isLoading={page.diagnoses.isPending}
        loadError={page.diagnoses.isError ? t('createTest.diagnosesFailed') : null}
        selected={form.values.dsmCodes}
        onChange={(codes) => form.setFieldValue('dsmCodes', codes)}
      />

      <CreateTestTermsDialog
        opened={page.openPanel === 'terms'}
        terms={page.terms}
        isCreating={page.isCreating}
        onExit={() => page.setOpenPanel(null)}
        onAgree={() => void page.agreeAndCreate()}
      />

      <ConfirmDialog
        opened={page.openPanel === 'leave'}
        title={t('createTest.leaveTitle')}
        text={t('createTest.leaveText')}
        onYes={page.leave}
        onNo={() => page.setOpenPanel(null)}
      />
    </Container>
  );
}
