import {
  Alert,
  Badge,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
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
import { formatDate } from '../../lib/dates';

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
  if (details.isPending || results.isPending) {
    return <LoadingBlock label="Loading test data" />;
  }
  const error = details.error ?? results.error;
  if (error) {
    return (
      <LoadErrorAlert
        error={error}
        title="Test data not available"
        explanation={
          isMissingAssessment(error)
            ? 'This test does not exist, or it is not visible in your current view (switch to Admin Mode to see every test).'
            : undefined
        }
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
  return (
    <Section title="Answer History">
      {history.isPending ? (
        <LoadingBlock label="Loading the answer history" />
      ) : history.error ? (
        <LoadErrorAlert error={history.error} title="Answer history not available" />
      ) : (
        <AnswerHistoryTable history={history.data} />
      )}
    </Section>
  );
}

function DataViewContent({ details, results }: { details: TAssessmentDetails; results: TAssessmentResults }) {
  const primary = details.diagnoses.filter((d) => d.isPrimary);
  const others = details.diagnoses.filter((d) => !d.isPrimary);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Test Data{' '}
          <Text span c="dimmed" fz="lg">
            {details.patientId}
          </Text>
        </Title>
        {results.status === 'completed' && <ScoreReportButton id={details.id} isSubmitted />}
      </Group>
      {results.status === 'in-progress' && (
        <Alert color="yellow" title="Unfinished test">
          {results.answered} of {results.itemCount} questions answered. The charts show scores computed from the answers
          so far.
        </Alert>
      )}

      {results.facets.length > 0 && (
        <Section title="Subscales">
          <FacetScoreChart results={results} title="Subscales (trait facets)" />
        </Section>
      )}
      <Section title="Domains">
        <div style={{ maxWidth: 450, margin: '0 auto' }}>
          <DomainScoreChart results={results} title="Domains" />
        </div>
      </Section>

      <Section
        title="Raw Test Data"
        action={
          results.responses && (
            <CopyButton value={results.responses} timeout={2000}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          )
        }
      >
        <Text size="xs" c="dimmed" mb={6}>
          One character per question, question 1 first: 0-3 is the answer, 9 means not answered.
        </Text>
        <Code
          block
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', letterSpacing: 1 }}
          data-testid="raw-responses"
        >
          {results.responses ?? 'Not available in this view.'}
        </Code>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Demographics">
          <SimpleGrid cols={2} spacing="sm">
            <LabelledField label="Date Created">{formatDate(details.createdAt)}</LabelledField>
            <LabelledField label="Date Completed">
              {details.finishedAt ? formatDate(details.finishedAt) : 'Not Finished'}
            </LabelledField>
            <LabelledField label="Age">{details.age ?? 'None'}</LabelledField>
            <LabelledField label="Gender">{details.gender ?? 'None'}</LabelledField>
            <LabelledField label="Race">{details.race ?? 'None'}</LabelledField>
            <LabelledField label="ZIP Code">{details.postalCode ?? 'None'}</LabelledField>
          </SimpleGrid>
        </Section>
        <Section title="DSM Diagnoses">
          {details.diagnoses.length === 0 ? (
            <Text c="dimmed">None</Text>
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
                    {diagnosis.description ?? 'No description'}
                    {diagnosis.isPrimary && (
                      <Text span c="teal.9" fw={700}>
                        {' '}
                        (Primary)
                      </Text>
                    )}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>

      <Section title="Scores">
        <ResultsView results={results} showCharts={false} showStatus={false} showZ />
      </Section>

      <AnswerHistorySection id={details.id} />
    </Stack>
  );
}
