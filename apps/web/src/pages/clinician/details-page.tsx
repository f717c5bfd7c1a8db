import { Button, Container, Group, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { downloadPath, type TAssessmentDetails } from '@pid5/contract';
import { isMissingAssessment, useAssessment } from '../../api/assessments';
import { BackButton } from '../../components/back-button';
import { InvitationPanel } from '../../components/invitation-panel';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { ResultsPanel } from '../../components/results-panel';
import { RetestSeriesPanel } from '../../components/retest-series-panel';
import { ScoreReportButton } from '../../components/score-report-button';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { useStaffText } from '../../i18n/staff-language';
import { DemographicsSection, DiagnosesSection } from './details-patient-sections';
import { ReportButton } from './details-report-button';
import { DetailsSummary } from './details-summary';
import { TestLinkPanel, testLinkDescription } from './details-test-link';
import { PatientPanel } from './patient-panel';
import { newTestForPatient } from './patient-prefill';

/** `/details/{id}` (docs/product-spec.md §2 Test details, clinician and admin views). The view comes from the server session. */
export default function DetailsPage() {
  const { id } = useParams();
  const details = useAssessment(id);
  const { t } = useStaffText();

  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        {details.isPending ? (
          <LoadingBlock label={t('details.loading')} />
        ) : details.isError ? (
          <LoadErrorAlert
            error={details.error}
            title={t('details.notAvailable')}
            explanation={isMissingAssessment(details.error) ? t('details.missing') : undefined}
          />
        ) : (
          <DetailsView details={details.data} />
        )}
      </Stack>
    </Container>
  );
}

function DetailsView({ details }: { details: TAssessmentDetails }) {
  const isAdminView = details.view === 'admin';
  const { t } = useStaffText();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <StaffPageHeading title={t('details.title')} />
        <DetailsActions details={details} />
      </Group>

      {/* A submitted test's link only says so: nothing to send any more. */}
      {details.testLink !== null && !details.finishedAt && (
        <TestLinkPanel testLink={details.testLink} description={testLinkDescription(details, t)} />
      )}

      <DetailsSummary details={details} />

      {/* The owner's (or the admin view's) messages to the patient; a colleague reading a shared patient has no link. */}
      {details.testLink !== null && <InvitationPanel assessmentId={details.id} />}
      {!isAdminView && details.finishedAt && details.testLink !== null && (
        <RetestSeriesPanel assessmentId={details.id} />
      )}

      <DemographicsSection details={details} />
      <DiagnosesSection diagnoses={details.diagnoses} />

      <PatientPanel assessmentId={details.id} />

      {details.finishedAt && <ResultsPanel assessmentId={details.id} />}
    </Stack>
  );
}

/** The test's downloads and next steps, as far as it has come and as far as the view allows. */
function DetailsActions({ details }: { details: TAssessmentDetails }) {
  const isAdminView = details.view === 'admin';
  const isComplete = details.answeredCount >= details.itemCount;
  const { t } = useStaffText();
  return (
    <Group gap="xs">
      {isComplete && (
        <ReportButton id={details.id} isAdminView={isAdminView} isSubmitted={details.finishedAt !== null} />
      )}
      {/* Re-testing: the owner, in the clinician view; the new test is theirs, so the same patient. */}
      {!isAdminView && details.finishedAt && details.testLink !== null && (
        <Button component={Link} to="/createtest" state={newTestForPatient(details)} variant="light">
          {t('details.newTestForPatient')}
        </Button>
      )}
      {isComplete && <ScoreReportButton id={details.id} isSubmitted={details.finishedAt !== null} />}
      {/* The same results for an EHR: a plain link, the server names the file (docs/operations.md "Exchanging results (FHIR)"). */}
      {details.finishedAt && (
        <Button component="a" href={downloadPath('getFhirBundle', { id: details.id })} download variant="default">
          {t('details.download.fhir')}
        </Button>
      )}
      {isAdminView && details.finishedAt && (
        <Button component={Link} to={`/dataview/${details.id}`} variant="light">
          {t('details.viewData')}
        </Button>
      )}
    </Group>
  );
}
