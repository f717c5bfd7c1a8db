import { Alert, Badge, Button, Code, Container, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import type { TAssessmentDetails, TAssessmentResults } from '@pid5/contract';
import { useAnswerHistory } from '../../api/answer-history';
import { isMissingAssessment, useAssessment } from '../../api/assessments';
import { useResults } from '../../api/results';
import { AnswerHistoryTable } from '../../components/answer-history';
import { BackButton } from '../../components/back-button';
import { DomainScoreChart, FacetScoreChart } from '../../components/charts/score-charts';
import { LabelledField } from '../../components/labelled-field';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { ResultsView } from '../../components/results-panel';
import { ScoreReportButton } from '../../components/score-report-button';
import { Section } from '../../components/section';
import { choiceName, GENDER_TEXT, RACE_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { StaffPageHeading } from '../../components/staff-page-heading';

/**
 * `/dataview/{id}` (docs/product-spec.md §2 Data view, admins): the two charts, the raw answer string and its history of changes,
 * demographics and DSM diagnoses. Unfinished tests show live scores from the answers so far (computed by the server).
 */
export default function DataViewPage() {
  const { id } = useParams();
  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to={`/details/${encodeURIComponent(id ?? '')}`} />
        <DataView id={id} />
      </Stack>
    </Container>
  );
}

function DataView({ id }: { id: string | undefined }) {
  const details = useAssessment(id);
  const results = useResults(id);
  const { t } = useStaffText();
  if (details.isPending || results.isPending) {
    return <LoadingBlock label={t('dataView.loading')} />;
  }
  const error = details.error ?? results.error;
  if (error) {
    return (
      <LoadErrorAlert
        error={error}
        title={t('dataView.notAvailable')}
        explanation={isMissingAssessment(error) ? t('dataView.missing') : undefined}
      />
    );
  }
  if (!details.data || !results.data) {
    return null;
  }
  return <DataViewContent details={details.data} results={results.data} />;
}

/** The answer history: loaded on its own, so the rest of the data view does not wait for it. */
function AnswerHistorySection({ id }: { id: number }) {
  const history = useAnswerHistory(id);
  const { t } = useStaffText();
  return (
    <Section title={t('dataView.history')}>
      {history.isPending ? (
        <LoadingBlock label={t('dataView.historyLoading')} />
      ) : history.error ? (
        <LoadErrorAlert error={history.error} title={t('dataView.historyFailed')} />
      ) : (
        <AnswerHistoryTable history={history.data} />
      )}
    </Section>
  );
}

function DataViewContent({ details, results }: { details: TAssessmentDetails; results: TAssessmentResults }) {
  const { t } = useStaffText();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <StaffPageHeading title={t('dataView.title')}>
          {t('dataView.title')}{' '}
          <Text span c="dimmed" fz="lg">
            {details.patientId}
          </Text>
        </StaffPageHeading>
        {results.status === 'completed' && <ScoreReportButton id={details.id} isSubmitted />}
      </Group>
      {results.status === 'in-progress' && (
        <Alert color="yellow" title={t('dataView.unfinishedTitle')}>
          {t('dataView.unfinished', { answered: results.answered, itemCount: results.itemCount })}
        </Alert>
      )}

      {results.facets.length > 0 && (
        <Section title={t('dataView.subscales')}>
          <FacetScoreChart results={results} title={t('dataView.subscalesChart')} />
        </Section>
      )}
      <Section title={t('dataView.domains')}>
        <div style={{ maxWidth: 450, margin: '0 auto' }}>
          <DomainScoreChart results={results} title={t('dataView.domains')} />
        </div>
      </Section>

      <RawAnswersSection responses={results.responses} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DemographicsSection details={details} />
        <DiagnosesSection diagnoses={details.diagnoses} />
      </SimpleGrid>

      <Section title={t('dataView.scores')}>
        <ResultsView results={results} showCharts={false} showStatus={false} />
      </Section>

      <AnswerHistorySection id={details.id} />
    </Stack>
  );
}

/** The answers as stored, one character per item, to copy. */
function RawAnswersSection({ responses }: { responses: TAssessmentResults['responses'] }) {
  const { t } = useStaffText();
  return (
    <Section
      title={t('dataView.raw')}
      action={
        responses && (
          <CopyButton value={responses} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy}>
                {copied ? t('dataView.copied') : t('dataView.copy')}
              </Button>
            )}
          </CopyButton>
        )
      }
    >
      <Text size="xs" c="dimmed" mb={6}>
        {t('dataView.rawHelp')}
      </Text>
      <Code
        block
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', letterSpacing: 1 }}
        data-testid="raw-responses"
      >
        {responses ?? t('dataView.rawNotAvailable')}
      </Code>
    </Section>
  );
}

/** When the test was created and finished, and what the clinician recorded about the patient. */
function DemographicsSection({ details }: { details: TAssessmentDetails }) {
  const { t, formatDate } = useStaffText();
  return (
    <Section title={t('dataView.demographics')}>
      <SimpleGrid cols={2} spacing="sm">
        <LabelledField label={t('dataView.created')}>{formatDate(details.createdAt)}</LabelledField>
        <LabelledField label={t('dataView.finished')}>
          {details.finishedAt ? formatDate(details.finishedAt) : t('dataView.notFinished')}
        </LabelledField>
        <LabelledField label={t('dataView.age')}>{details.age ?? t('dataView.none')}</LabelledField>
        <LabelledField label={t('dataView.gender')}>
          {choiceName(details.gender, GENDER_TEXT, t) ?? t('dataView.none')}
        </LabelledField>
        <LabelledField label={t('dataView.race')}>
          {choiceName(details.race, RACE_TEXT, t) ?? t('dataView.none')}
        </LabelledField>
        <LabelledField label={t('dataView.zip')}>{details.postalCode ?? t('dataView.none')}</LabelledField>
      </SimpleGrid>
    </Section>
  );
}

/** The recorded diagnoses, the primary ones first. */
function DiagnosesSection({ diagnoses }: { diagnoses: TAssessmentDetails['diagnoses'] }) {
  const { t } = useStaffText();
  const primary = diagnoses.filter((d) => d.isPrimary);
  const others = diagnoses.filter((d) => !d.isPrimary);
  return (
    <Section title={t('dataView.diagnoses')}>
      {diagnoses.length === 0 ? (
        <Text c="dimmed">{t('dataView.none')}</Text>
      ) : (
        <Stack gap="xs" style={{ maxHeight: 320, overflowY: 'auto' }}>
          {[...primary, ...others].map((diagnosis) => (
            <Group
              key={diagnosis.code}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-primary={diagnosis.isPrimary || undefined}
            >
              <Badge
                variant={diagnosis.isPrimary ? 'filled' : 'default'}
                color="teal"
                size="lg"
                style={{ textTransform: 'none', flexShrink: 0 }}
              >
                {diagnosis.code}
              </Badge>
              <Text size="sm" fw={diagnosis.isPrimary ? 700 : 400}>
                {diagnosis.description ?? t('dataView.noDescription')}
                {diagnosis.isPrimary && (
                  <Text span c="teal.9" fw={700}>
                    {' '}
                    {t('dataView.primary')}
                  </Text>
                )}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
