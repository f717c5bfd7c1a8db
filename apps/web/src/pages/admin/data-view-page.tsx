import {
  Alert,
  Badge,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { TAssessmentDetails, TAssessmentResults } from '@pid5/contract';
import { useAssessment } from '../../api/assessments';
import { ApiError } from '../../api/client';
import { useResults } from '../../api/results';
import { DomainScoreChart, FacetScoreChart } from '../../components/charts/score-charts';
import { LabelledField } from '../../components/labelled-field';
import { ResultsView } from '../../components/results-panel';
import { formatDate } from '../../lib/dates';

/**
 * `/dataview/{id}` (spec §2 Data view, admins): the two charts, the raw answer string, demographics and DSM
 * diagnoses. Unfinished tests show live scores from the answers so far (computed by the server).
 */
export default function DataViewPage() {
  const { id } = useParams();
  return (
    <Container size="lg">
      <Stack gap="md">
        <Group>
          <Button
            component={Link}
            to={`/details/${encodeURIComponent(id ?? '')}`}
            variant="subtle"
            leftSection={<span aria-hidden>←</span>}
          >
            Back
          </Button>
        </Group>
        <DataView id={id} />
      </Stack>
    </Container>
  );
}

function isMissing(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function DataView({ id }: { id: string | undefined }) {
  const details = useAssessment(id);
  const results = useResults(id);
  if (details.isPending || results.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading test data" />
      </Group>
    );
  }
  const error = details.error ?? results.error;
  if (error) {
    return (
      <Alert color={isMissing(error) ? 'yellow' : 'red'} role="alert" title="Test data not available">
        {isMissing(error)
          ? 'This test does not exist, or it is not visible in your current view (switch to Admin Mode to see every test).'
          : error.message}
      </Alert>
    );
  }
  if (!details.data || !results.data) {
    return null;
  }
  return <DataViewContent details={details.data} results={results.data} />;
}

function DataViewContent({ details, results }: { details: TAssessmentDetails; results: TAssessmentResults }) {
  const primary = details.diagnoses.filter((d) => d.isPrimary);
  const others = details.diagnoses.filter((d) => !d.isPrimary);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Test Data{' '}
        <Text span c="dimmed" fz="lg">
          {details.patientId}
        </Text>
      </Title>
      {results.status === 'in-progress' && (
        <Alert color="yellow" title="Unfinished test">
          {results.answered} of 220 questions answered. The charts show scores computed from the answers so far.
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="facet-chart-heading">
        <Title order={2} size="h4" id="facet-chart-heading" mb="sm">
          Subscales
        </Title>
        <FacetScoreChart results={results} title="Subscales (trait facets)" />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="domain-chart-heading">
        <Title order={2} size="h4" id="domain-chart-heading" mb="sm">
          Domains
        </Title>
        <div style={{ maxWidth: 450, margin: '0 auto' }}>
          <DomainScoreChart results={results} title="Domains" />
        </div>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="raw-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="raw-heading">
            Raw Test Data
          </Title>
          {results.responses && (
            <CopyButton value={results.responses} timeout={2000}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
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
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" component="section" aria-labelledby="dv-demographics-heading">
          <Title order={2} size="h4" id="dv-demographics-heading" mb="sm">
            Demographics
          </Title>
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
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="dv-dsm-heading">
          <Title order={2} size="h4" id="dv-dsm-heading" mb="sm">
            DSM Diagnoses
          </Title>
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
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="dv-scores-heading">
        <Title order={2} size="h4" id="dv-scores-heading" mb="sm">
          Scores
        </Title>
        <ResultsView results={results} showCharts={false} showStatus={false} />
      </Paper>
    </Stack>
  );
}
