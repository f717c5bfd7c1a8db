import { Alert, Badge, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
  type TTotalResult,
  type TValidityScaleResult,
} from '@pid5/contract';
import { ApiError } from '../api/client';
import { useResults } from '../api/results';
import { DomainScoreChart, FacetScoreChart } from './charts/score-charts';
import { LoadErrorAlert, LoadingBlock } from './load-states';
import { Section } from './section';

/**
 * Results of a completed test for the details page: both charts, the scores of all 30 scales with levels, and the
 * validity indices in plain words. Numbers are printed with the contract's `formatScore`, as in the PDF report.
 */
export function ResultsPanel({ assessmentId }: { assessmentId: number }) {
  const results = useResults(assessmentId);
  return (
    <Section title="Results">
      {results.isPending ? (
        <LoadingBlock label="Loading results" />
      ) : results.isError ? (
        <LoadErrorAlert
          error={results.error}
          explanation={
            isNotReady(results.error)
              ? 'Results are available once the patient has answered all the questions and submitted the test.'
              : undefined
          }
        />
      ) : (
        <ResultsView results={results.data} />
      )}
    </Section>
  );
}

function isNotReady(error: Error): boolean {
  return error instanceof ApiError && error.code === 'TEST_INCOMPLETE';
}

/** A row of a scores table: a facet, a domain (the brief form's with its item counts), or the brief form's total. */
type ScaleRow = TFacetResult | TDomainResult | TTotalResult;

/** The brief form's domains with their item counts, then its total (issue 18); the other forms' domains as they are. */
function domainRows(results: TAssessmentResults): ScaleRow[] {
  const domains = results.domains.map((domain): ScaleRow =>
    domain.items ? { ...domain, ...domain.items, name: domain.name, key: domain.key } : domain,
  );
  return results.total ? [...domains, results.total] : domains;
}

/**
 * The results without the fetching (the data view shows the same below its charts). Per form (issue 18): the full and
 * short forms have both charts and tables; the brief form the domain chart and a table of its domains and total.
 */
export function ResultsView({
  results,
  showCharts = true,
  showStatus = true,
}: {
  results: TAssessmentResults;
  showCharts?: boolean;
  showStatus?: boolean;
}) {
  return (
    <Stack gap="lg">
      <Text size="sm" fw={600} data-testid="form-given">
        Form given: {results.formName}.
      </Text>
      {showStatus && <ResultsStatus results={results} />}
      <Stack gap="xs" component="section" aria-label="Trait domains">
        <Title order={3} size="h5">
          Trait Domains
        </Title>
        <Grid gutter="lg" align="flex-start">
          {showCharts && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <DomainScoreChart results={results} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: showCharts ? 7 : 12 }}>
            <ScoresTable
              scales={domainRows(results)}
              caption={results.total ? 'Domain and total scores' : 'Domain scores'}
            />
          </Grid.Col>
        </Grid>
      </Stack>
      {results.facets.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Personality trait facets">
          <Title order={3} size="h5">
            Personality Trait Facets
          </Title>
          {showCharts && <FacetScoreChart results={results} />}
          <ScoresTable scales={results.facets} caption="Facet scores" />
        </Stack>
      )}
      <ValiditySummary results={results} />
      <NormsNote results={results} />
    </Stack>
  );
}

function ResultsStatus({ results }: { results: TAssessmentResults }) {
  if (results.status === 'completed') {
    return (
      <Text size="sm" c="dimmed">
        Scores as recorded when the test was submitted. Bars and levels use the US general-population norms; a level is
        shown from the 84th (Mild), 93rd (Moderate) or 98th (High) percentile of the published US table.
      </Text>
    );
  }
  return (
    <Alert color="yellow" title="Unfinished test">
      {results.answered} of {results.itemCount} questions answered. These scores are computed from the answers so far
      and will change; facets with more than a quarter of their items unanswered are not scored.
    </Alert>
  );
}

function LevelCell({ scale }: { scale: ScaleRow }) {
  if (scale.level) {
    const color = scale.level === 'High' ? 'red' : scale.level === 'Moderate' ? 'orange' : 'yellow';
    return (
      <Badge color={color} variant="light">
        {scale.level}
      </Badge>
    );
  }
  return (
    <Text span size="sm" c={scale.isScored ? undefined : 'dimmed'}>
      {formatLevel(scale)}
    </Text>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Abbreviation, name, mean score 0-3, both standardised scores, level; facets also their answered items. */
export function ScoresTable({ scales, caption }: { scales: readonly ScaleRow[]; caption: string }) {
  const hasItems = scales.some((scale) => 'nItems' in scale);
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover fz="sm" verticalSpacing={4}>
        <caption style={VISUALLY_HIDDEN}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Abbr.</Table.Th>
            <Table.Th scope="col">Scale</Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title="Mean answer on the 0-3 scale (domains: mean of their three facets)">Score</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title="Standardised score against the US general-population norms">US z</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title="Standardised score against the German general-population norms">German z</abbr>
            </Table.Th>
            <Table.Th scope="col">Level</Table.Th>
            {hasItems && (
              <Table.Th scope="col" ta="right">
                Answered
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scales.map((scale) => (
            <Table.Tr key={scale.key} data-scale={scale.key}>
              <Table.Td fw={700}>{scale.key}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {scale.name}
              </Table.Th>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatScore(scale.score)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatScore(scale.srf)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatScore(scale.irf)}
              </Table.Td>
              <Table.Td>
                <LevelCell scale={scale} />
              </Table.Td>
              {hasItems && (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {'nItems' in scale ? `${scale.answered} of ${scale.nItems}` : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ValidityBadge({ scale }: { scale: TValidityScaleResult }) {
  if (scale.flag === 'not-published') {
    return (
      <Badge color="gray" variant="outline" style={{ overflow: 'visible' }}>
        Not published
      </Badge>
    );
  }
  if (!scale.isComputed) {
    return (
      <Badge color="gray" variant="light" style={{ overflow: 'visible' }}>
        Not computed
      </Badge>
    );
  }
  return scale.isConcern ? (
    <Badge color="orange" variant="light">
      Caution
    </Badge>
  ) : (
    <Badge color="teal" variant="light" style={{ overflow: 'visible' }}>
      No concern
    </Badge>
  );
}

function ValiditySummary({ results }: { results: TAssessmentResults }) {
  return (
    <Stack gap="xs" component="section" aria-label="Response validity">
      <Title order={3} size="h5">
        Response Validity
      </Title>
      <Text size="sm">{results.validity.summary}</Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {results.validity.scales.map((scale) => (
          <Group key={scale.key} component="li" gap="sm" wrap="nowrap" align="flex-start">
            <div style={{ flexShrink: 0, width: 112 }}>
              <ValidityBadge scale={scale} />
            </div>
            <Text size="sm">
              <Text span fw={600}>
                {scale.name}:
              </Text>{' '}
              {scale.statement}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function NormsNote({ results }: { results: TAssessmentResults }) {
  const { srf, irf } = results.norms;
  const itemSet = results.itemSet.title ?? results.itemSet.id ?? 'not recorded';
  return (
    <Text size="xs" c="dimmed">
      US z: {srf.shortLabel} ({srf.citation}
      {srf.sampleN ? `, N = ${srf.sampleN.toLocaleString()}` : ''}). German z: {irf.shortLabel} ({irf.citation}
      {irf.sampleN ? `, N = ${irf.sampleN.toLocaleString()}` : ''}). Items: {itemSet}. Scoring{' '}
      {results.instrument.version}; norms {results.normsVersion}.
    </Text>
  );
}
