import {
  Badge,
  Button,
  Container,
  CopyButton,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ANONYMOUS_REPORT_NAME,
  REPORT_NAME_MAX,
  downloadPath,
  getFormChoice,
  type TAssessmentDetails,
} from '@pid5/contract';
import {
  downloadReport,
  isMissingAssessment,
  REPORT_DOWNLOAD_FAILED,
  useAssessment,
  useExtendAssessment,
} from '../../api/assessments';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { InvitationPanel } from '../../components/invitation-panel';
import { LabelledField } from '../../components/labelled-field';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { ResultsPanel } from '../../components/results-panel';
import { RetestSeriesPanel } from '../../components/retest-series-panel';
import { ScoreReportButton } from '../../components/score-report-button';
import { Section } from '../../components/section';
import { formatDate } from '../../lib/dates';
import { PatientPanel } from './patient-panel';
import { newTestForPatient } from './patient-prefill';

/** `/details/{id}` (docs/product-spec.md §2 Test details, clinician and admin views). The view comes from the server session. */
export default function DetailsPage() {
  const { id } = useParams();
  const details = useAssessment(id);

  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        {details.isPending ? (
          <LoadingBlock label="Loading test details" />
        ) : details.isError ? (
          <LoadErrorAlert
            error={details.error}
            title="Test not available"
            explanation={
              isMissingAssessment(details.error) ? 'This test does not exist, or it is not one of yours.' : undefined
            }
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
  const isComplete = details.answeredCount >= details.itemCount;
  const formChoice = getFormChoice(details.form);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Test Details
        </Title>
        <Group gap="xs">
          {isComplete && (
            <ReportButton id={details.id} isAdminView={isAdminView} isSubmitted={details.finishedAt !== null} />
          )}
          {/* Re-testing: the owner, in the clinician view; the new test is theirs, so the same patient. */}
          {!isAdminView && details.finishedAt && details.testLink !== null && (
            <Button component={Link} to="/createtest" state={newTestForPatient(details)} variant="light">
              New test for this patient
            </Button>
          )}
          {isComplete && <ScoreReportButton id={details.id} isSubmitted={details.finishedAt !== null} />}
          {/* The same results for an EHR: a plain link, the server names the file (README "Exchanging results (FHIR)"). */}
          {details.finishedAt && (
            <Button component="a" href={downloadPath('getFhirBundle', { id: details.id })} download variant="default">
              Download FHIR (JSON)
            </Button>
          )}
          {isAdminView && details.finishedAt && (
            <Button component={Link} to={`/dataview/${details.id}`} variant="light">
              View Data
            </Button>
          )}
        </Group>
      </Group>

      {/* A submitted test's link only says so: nothing to send any more. */}
      {details.testLink !== null && !details.finishedAt && (
        <TestLinkPanel testLink={details.testLink} description={testLinkDescription(details)} />
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <LabelledField label="Patient ID">
            <span style={{ overflowWrap: 'anywhere' }}>{details.patientId}</span>
          </LabelledField>
          <LabelledField label="Form">
            {formChoice.label}, {formChoice.minutesLabel}
          </LabelledField>
          <LabelledField label="Questions Completed">
            {details.answeredCount} of {details.itemCount}
            {details.finishedAt && (
              <Badge color="teal" ml="xs">
                Completed
              </Badge>
            )}
          </LabelledField>
          <LabelledField label="Date Created">{formatDate(details.createdAt)}</LabelledField>
          <LabelledField label="Date Completed">
            {details.finishedAt ? formatDate(details.finishedAt) : 'Not Finished'}
          </LabelledField>
          <LabelledField label="Due Date">
            {formatDate(details.dueAt)}
            {details.isExpired && (
              <Badge color="red" ml="xs">
                Expired
              </Badge>
            )}
          </LabelledField>
          {isAdminView && details.clinician && (
            <LabelledField label="Clinician ID">
              {details.clinician.username}{' '}
              <Text span size="xs" c="dimmed">
                ({details.clinician.id})
              </Text>
            </LabelledField>
          )}
        </SimpleGrid>
        {/* A colleague reading a shared patient (no link) reads only. */}
        {!details.finishedAt && details.testLink !== null && <ExtendButton details={details} />}
      </Paper>

      {/* The owner's (or the admin view's) messages to the patient; a colleague reading a shared patient has no link. */}
      {details.testLink !== null && <InvitationPanel assessmentId={details.id} />}
      {!isAdminView && details.finishedAt && details.testLink !== null && (
        <RetestSeriesPanel assessmentId={details.id} />
      )}

      <Section title="Demographics">
        <Group gap="xs">
          <InfoChip label="Race" value={details.race} />
          <InfoChip label="Age" value={details.age === null ? null : String(details.age)} />
          <InfoChip label="Gender" value={details.gender} />
          <InfoChip label="Postal Code" value={details.postalCode} />
          <InfoChip label="Country" value={details.country} />
        </Group>
      </Section>

      <Section title="DSM Diagnoses">
        {details.diagnoses.length === 0 ? (
          <Text c="dimmed">None</Text>
        ) : (
          <Group gap="xs">
            {details.diagnoses.map((diagnosis) => (
              <Tooltip
                key={diagnosis.code}
                label={diagnosis.description ?? 'No description'}
                multiline
                maw={360}
                events={{ hover: true, focus: true, touch: true }}
              >
                <Badge
                  size="lg"
                  variant={diagnosis.isPrimary ? 'filled' : 'default'}
                  color="teal"
                  tabIndex={0}
                  aria-label={`${diagnosis.code}${diagnosis.isPrimary ? ' (primary)' : ''}: ${diagnosis.description ?? 'No description'}`}
                  data-primary={diagnosis.isPrimary || undefined}
                  style={{ textTransform: 'none', cursor: 'help' }}
                >
                  {diagnosis.code}
                  {diagnosis.isPrimary ? ' · Primary' : ''}
                </Badge>
              </Tooltip>
            ))}
          </Group>
        )}
      </Section>

      <PatientPanel assessmentId={details.id} />

      {details.finishedAt && <ResultsPanel assessmentId={details.id} />}
    </Stack>
  );
}

/** What the link can still do: be sent, or (expired) work again once extended, unless extensions are used up. */
function testLinkDescription(details: TAssessmentDetails): string {
  if (!details.isExpired) {
    return 'Send this link to the patient. It opens this test only.';
  }
  return details.extension.refusal === 'limit-reached'
    ? 'This link has expired, and the test cannot be extended again.'
    : 'This link has expired. Once the test is extended, the same link works again.';
}

function TestLinkPanel({ testLink, description }: { testLink: string; description: string }) {
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Test Link"
          description={description}
          value={testLink}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <CopyButton value={testLink} timeout={2000}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}

function InfoChip({ label, value }: { label: string; value: string | null }) {
  return (
    <Badge size="lg" variant="default" style={{ textTransform: 'none', fontWeight: 500 }}>
      {label}: {value ?? 'None'}
    </Badge>
  );
}

/** Admins download straight away as 'Anonymous'; clinicians choose the name on the report first (docs/product-spec.md §2). */
function ReportButton({ id, isAdminView, isSubmitted }: { id: number; isAdminView: boolean; isSubmitted: boolean }) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [name, setName] = useState('');
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // An error belongs to the attempt it came from: opening or closing the dialog starts afresh.
  const showDialog = (isOpen: boolean) => {
    setError(null);
    setIsDialogOpen(isOpen);
  };

  const download = async (reportName: string) => {
    setIsLoading(true);
    setError(null);
    try {
      await downloadReport(id, reportName);
      setIsDialogOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : REPORT_DOWNLOAD_FAILED);
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      {/* Every answer is in but the patient has not submitted: the scores are frozen only at submission. */}
      <Tooltip label="Available once the patient submits the test" disabled={isSubmitted}>
        <Button
          onClick={() => (isAdminView ? void download(ANONYMOUS_REPORT_NAME) : showDialog(true))}
          disabled={isLoading || !isSubmitted}
        >
          {isLoading && isAdminView ? 'Getting PDF' : 'Download PDF'}
        </Button>
      </Tooltip>
      {error && !isDialogOpen && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Modal
        opened={isDialogOpen}
        onClose={() => showDialog(false)}
        title="Enter the name you would like on the report"
        centered
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void download(name.trim() || ANONYMOUS_REPORT_NAME);
          }}
        >
          <Stack>
            <TextInput
              label="Name on the report"
              placeholder={ANONYMOUS_REPORT_NAME}
              value={name}
              maxLength={REPORT_NAME_MAX}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus
            />
            {error && (
              <Text c="red.8" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => showDialog(false)}>
                Close
              </Button>
              <Button type="submit" disabled={isLoading}>
                {isLoading ? 'Getting PDF' : 'Download PDF'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/**
 * Extending (DESIGN.md "Assessment lifecycle"): offered only when the server says an extension is possible now (expired, or
 * due within 7 days, and below the limit of 90 days after the first due date); asks first, naming the new due date.
 * An expired test says what happened to the purchased test it used (DESIGN.md "Data model": not returned).
 */
function ExtendButton({ details }: { details: TAssessmentDetails }) {
  const extend = useExtendAssessment(details.id);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { extension } = details;
  const newDueAt = extension.dueAt;
  const isUnused = details.answeredCount === 0;
  const limit = formatDate(extension.limit);
  const note = extend.isSuccess
    ? `Extended: now due ${formatDate(extend.data.dueAt)}.`
    : details.isExpired
      ? newDueAt
        ? 'This test has expired. Extend it to let the patient continue.'
        : `This test has expired and has reached its extension limit (${limit}, 90 days after its first due date). Create a new test if the patient should still take it.`
      : extension.refusal === 'limit-reached'
        ? `This test cannot be extended further: its due date is the latest allowed (${limit}).`
        : '';
  return (
    <Stack mt="md" gap="xs">
      <Group gap="sm">
        {newDueAt && !extend.isSuccess && (
          <Button variant="default" onClick={() => setIsConfirmOpen(true)} loading={extend.isPending}>
            Extend due date
          </Button>
        )}
        <Text size="sm" c="dimmed" role="status">
          {note}
        </Text>
        {extend.isError && (
          <Text c="red.8" size="sm" role="alert">
            {extend.error.message}
          </Text>
        )}
      </Group>
      {details.isExpired && isUnused && (
        <Text size="sm" data-testid="expired-credit-note">
          The patient did not start this test. The purchased test it used is not returned when a test expires
          {newDueAt ? ': extend the link instead, and the patient can still take it' : ''}. Tests can be extended until{' '}
          {limit}.
        </Text>
      )}
      <Modal opened={isConfirmOpen} onClose={() => setIsConfirmOpen(false)} title="Extend this test?" centered>
        <Text size="sm">
          The new due date will be <strong>{newDueAt ? formatDate(newDueAt) : ''}</strong> (now{' '}
          {formatDate(details.dueAt)}). A test can be extended until {limit}, 90 days after its first due date.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setIsConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setIsConfirmOpen(false);
              extend.mutate();
            }}
          >
            Extend to {newDueAt ? formatDate(newDueAt) : ''}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
