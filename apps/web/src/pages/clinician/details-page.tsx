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
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ANONYMOUS_REPORT_NAME, REPORT_NAME_MAX, downloadPath, type TAssessmentDetails } from '@pid5/contract';
import { downloadReport, isMissingAssessment, useAssessment, useExtendAssessment } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { BackButton } from '../../components/back-button';
import { DIAGNOSIS_CATALOGUE_LANGUAGE } from '../../components/diagnosis-picker';
import { InvitationPanel } from '../../components/invitation-panel';
import { LabelledField } from '../../components/labelled-field';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { ResultsPanel } from '../../components/results-panel';
import { RetestSeriesPanel } from '../../components/retest-series-panel';
import { ScoreReportButton } from '../../components/score-report-button';
import { Section } from '../../components/section';
import { TestLanguageField } from '../../components/test-language-select';
import { choiceName, countryNameIn, FORM_TEXT, GENDER_TEXT, RACE_TEXT } from '../../i18n/choice-wording';
import { StaffRichText, useStaffText, type StaffKey } from '../../i18n/staff-language';
import type { Translate } from '../../i18n/translate';
import { PatientPanel } from './patient-panel';
import { newTestForPatient } from './patient-prefill';
import { StaffPageHeading } from '../../components/staff-page-heading';

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
  const isComplete = details.answeredCount >= details.itemCount;
  const { t, formatDate, language } = useStaffText();
  const formText = FORM_TEXT[details.form];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <StaffPageHeading title={t('details.title')} />
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
      </Group>

      {/* A submitted test's link only says so: nothing to send any more. */}
      {details.testLink !== null && !details.finishedAt && (
        <TestLinkPanel testLink={details.testLink} description={testLinkDescription(details, t)} />
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <LabelledField label={t('details.field.patientId')}>
            <span style={{ overflowWrap: 'anywhere' }}>{details.patientId}</span>
          </LabelledField>
          <LabelledField label={t('details.field.form')}>
            {t('details.field.formValue', { form: t(formText.label), minutes: t(formText.minutes) })}
          </LabelledField>
          <TestLanguageField language={details.language} />
          <LabelledField label={t('details.field.answered')}>
            {t('details.answeredOf', { answered: details.answeredCount, total: details.itemCount })}
            {details.finishedAt && (
              <Badge color="teal" ml="xs">
                {t('details.completed')}
              </Badge>
            )}
          </LabelledField>
          <LabelledField label={t('details.field.created')}>{formatDate(details.createdAt)}</LabelledField>
          <LabelledField label={t('details.field.finished')}>
            {details.finishedAt ? formatDate(details.finishedAt) : t('details.notFinished')}
          </LabelledField>
          <LabelledField label={t('details.field.due')}>
            {formatDate(details.dueAt)}
            {details.isExpired && (
              <Badge color="red" ml="xs">
                {t('details.expired')}
              </Badge>
            )}
          </LabelledField>
          {isAdminView && details.clinician && (
            <LabelledField label={t('details.field.clinicianId')}>
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

      <Section title={t('details.demographics')}>
        <Group gap="xs">
          <InfoChip label={t('details.race')} value={choiceName(details.race, RACE_TEXT, t)} />
          <InfoChip label={t('details.age')} value={details.age === null ? null : String(details.age)} />
          <InfoChip label={t('details.gender')} value={choiceName(details.gender, GENDER_TEXT, t)} />
          <InfoChip label={t('details.postalCode')} value={details.postalCode} />
          <InfoChip
            label={t('details.country')}
            value={
              details.country && details.countryCode ? countryNameIn(details.countryCode, language) : details.country
            }
          />
        </Group>
      </Section>

      <Section title={t('details.diagnoses')}>
        {details.diagnoses.length === 0 ? (
          <Text c="dimmed">{t('details.none')}</Text>
        ) : (
          <Group gap="xs">
            {details.diagnoses.map((diagnosis) => {
              // The catalogue's descriptions are English whatever the page's language (diagnoses.SOURCE.md).
              const description = diagnosis.description ? (
                <span lang={DIAGNOSIS_CATALOGUE_LANGUAGE}>{diagnosis.description}</span>
              ) : (
                t('details.noDescription')
              );
              return (
                <Tooltip
                  key={diagnosis.code}
                  label={description}
                  multiline
                  maw={360}
                  events={{ hover: true, focus: true, touch: true }}
                >
                  {/* Focusable so that the tooltip shows by keyboard; the description is also in its text for
                      screen readers (an aria-label on a plain element may not be read). */}
                  <Badge
                    size="lg"
                    variant={diagnosis.isPrimary ? 'filled' : 'default'}
                    color="teal"
                    tabIndex={0}
                    data-primary={diagnosis.isPrimary || undefined}
                    style={{ textTransform: 'none', cursor: 'help' }}
                  >
                    {diagnosis.code}
                    {diagnosis.isPrimary ? ` · ${t('details.primary')}` : ''}
                    <VisuallyHidden>: {description}</VisuallyHidden>
                  </Badge>
                </Tooltip>
              );
            })}
          </Group>
        )}
      </Section>

      <PatientPanel assessmentId={details.id} />

      {details.finishedAt && <ResultsPanel assessmentId={details.id} />}
    </Stack>
  );
}

/** What the link can still do: be sent, or (expired) work again once extended, unless extensions are used up. */
function testLinkDescription(details: TAssessmentDetails, t: Translate<StaffKey>): string {
  if (!details.isExpired) {
    return t('details.link.send');
  }
  return details.extension.refusal === 'limit-reached' ? t('details.link.expiredFinal') : t('details.link.expired');
}

function TestLinkPanel({ testLink, description }: { testLink: string; description: string }) {
  const { t } = useStaffText();
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('details.link.label')}
          description={description}
          value={testLink}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
          // Line height and padding so an underscore of the code is never cut off at the input's bottom edge.
          styles={{ input: { fontFamily: 'monospace', lineHeight: 1.8, paddingBlock: 4 } }}
        />
        <CopyButton value={testLink} timeout={2000}>
          {({ copied, copy }) => (
            <Button onClick={copy} variant={copied ? 'filled' : 'default'} color={copied ? 'teal' : undefined}>
              {copied ? t('details.link.copied') : t('details.link.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}

function InfoChip({ label, value }: { label: string; value: string | null }) {
  const { t } = useStaffText();
  return (
    <Badge size="lg" variant="default" style={{ textTransform: 'none', fontWeight: 500 }}>
      {t('details.infoChip', { label, value: value ?? t('details.none') })}
    </Badge>
  );
}

/** Admins download straight away as 'Anonymous'; clinicians choose the name on the report first (docs/product-spec.md §2). */
function ReportButton({ id, isAdminView, isSubmitted }: { id: number; isAdminView: boolean; isSubmitted: boolean }) {
  const { t } = useStaffText();
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
      await downloadReport(id, reportName, t('reports.downloadFailed'));
      setIsDialogOpen(false);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('reports.downloadFailed'));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <>
      {/* Every answer is in but the patient has not submitted: the scores are frozen only at submission. */}
      <Tooltip label={t('details.download.unavailable')} disabled={isSubmitted}>
        {/* Busy, it ignores presses but stays focusable (a disabled button drops the focus to the page, 2.4.3). */}
        <Button
          onClick={() => {
            if (!isLoading) {
              if (isAdminView) {
                void download(ANONYMOUS_REPORT_NAME);
              } else {
                showDialog(true);
              }
            }
          }}
          disabled={!isSubmitted}
          aria-disabled={isLoading || undefined}
        >
          {isLoading && isAdminView ? t('details.download.loading') : t('details.download.patientReport')}
        </Button>
      </Tooltip>
      {error && !isDialogOpen && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Modal opened={isDialogOpen} onClose={() => showDialog(false)} title={t('details.download.dialogTitle')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void download(name.trim() || ANONYMOUS_REPORT_NAME);
          }}
        >
          <Stack>
            <TextInput
              label={t('details.download.name')}
              // Says what an empty name means; what is sent then stays the contract's ANONYMOUS_REPORT_NAME, for the server.
              placeholder={t('details.download.anonymous')}
              // The placeholder alone is pale and gone once typing starts: the same said as the field's description.
              description={t('details.download.nameHint', { anonymous: t('details.download.anonymous') })}
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
                {t('details.download.close')}
              </Button>
              <Button type="submit" disabled={isLoading}>
                {isLoading ? t('details.download.loading') : t('details.download.patientReport')}
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
  const { t, formatDate } = useStaffText();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { extension } = details;
  const newDueAt = extension.dueAt;
  const isUnused = details.answeredCount === 0;
  const limit = formatDate(extension.limit);
  const note = extend.isSuccess
    ? t('details.extend.done', { date: formatDate(extend.data.dueAt) })
    : details.isExpired
      ? newDueAt
        ? t('details.extend.expired')
        : t('details.extend.expiredAtLimit', { limit })
      : extension.refusal === 'limit-reached'
        ? t('details.extend.atLimit', { limit })
        : '';
  return (
    <Stack mt="md" gap="xs">
      <Group gap="sm">
        {newDueAt && !extend.isSuccess && (
          <Button variant="default" onClick={() => setIsConfirmOpen(true)} loading={extend.isPending}>
            {t('details.extend.button')}
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
          {t(newDueAt ? 'details.extend.unusedExtendable' : 'details.extend.unused', { limit })}
        </Text>
      )}
      <Modal
        opened={isConfirmOpen}
        onClose={() => setIsConfirmOpen(false)}
        title={t('details.extend.confirmTitle')}
        centered
      >
        <Text size="sm">
          <StaffRichText
            id="details.extend.confirmText"
            values={{ newDue: newDueAt ? formatDate(newDueAt) : '', due: formatDate(details.dueAt), limit }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setIsConfirmOpen(false)}>
            {t('details.extend.cancel')}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              setIsConfirmOpen(false);
              extend.mutate();
            }}
          >
            {t('details.extend.confirm', { date: newDueAt ? formatDate(newDueAt) : '' })}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
