import { Alert, Badge, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  formatLevel,
  formatScore,
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
  type TTotalResult,
  type TValidityScaleResult,
  type TValidityVerdict,
} from '@pid5/contract';
import { ApiError } from '../api/client';
import { useResults } from '../api/results';
import { DomainTChart, FacetTChart, T_CHART_CAPTION } from './charts/score-charts';
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

/** The brief form's domains with their item counts, then its total; the other forms' domains as they are. */
function domainRows(results: TAssessmentResults): ScaleRow[] {
  const domains = results.domains.map((domain): ScaleRow =>
    domain.items ? { ...domain, ...domain.items, name: domain.name, key: domain.key } : domain,
  );
  return results.total ? [...domains, results.total] : domains;
}

/**
 * The results without the fetching (the data view shows the same below its charts). Per form: the full and
 * short forms have both charts and tables; the brief form the domain chart and a table of its domains and total.
 */
export function ResultsView({
  results,
  showCharts = true,
  showStatus = true,
  showZ = false,
}: {
  results: TAssessmentResults;
  showCharts?: boolean;
  showStatus?: boolean;
  /** The German z column: the admin data view's (z stays in the data view, the API and the CSV). */
  showZ?: boolean;
}) {
  return (
    <Stack gap="lg">
      <Text size="sm" fw={600} data-testid="form-given">
        Form given: {results.formName}.
      </Text>
      <ValidityVerdictAlert results={results} />
      {showStatus && <ResultsStatus results={results} />}
      <Stack gap="xs" component="section" aria-label="Trait domains">
        <Title order={3} size="h5">
          Trait Domains
        </Title>
        <Grid gutter="lg" align="flex-start">
          {showCharts && (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <DomainTChart results={results} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: showCharts ? 7 : 12 }}>
            <ScoresTable
              scales={domainRows(results)}
              caption={results.total ? 'Domain and total scores' : 'Domain scores'}
              verdict={results.validityVerdict}
              form={results.form}
              showZ={showZ}
            />
          </Grid.Col>
        </Grid>
      </Stack>
      {results.facets.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Personality trait facets">
          <Title order={3} size="h5">
            Personality Trait Facets
          </Title>
          {showCharts && <FacetTChart results={results} />}
          <ScoresTable
            scales={results.facets}
            caption="Facet scores"
            verdict={results.validityVerdict}
            form={results.form}
            showZ={showZ}
          />
        </Stack>
      )}
      {showCharts && (
        <Text size="xs" c="dimmed" data-testid="t-chart-caption">
          {T_CHART_CAPTION}
        </Text>
      )}
      <ValiditySummary results={results} />
      <NormsNote results={results} />
    </Stack>
  );
}

const VERDICT_COLOR: Record<TValidityVerdict['verdict'], string> = {
  valid: 'teal',
  caution: 'orange',
  'not-interpretable': 'red',
};

/**
 * The validity verdict, before any score (DESIGN.md "Validity verdict"): a clinician cannot miss that a
 * protocol is not interpretable. Reasons and what to do come from the instrument, in its words.
 */
export function ValidityVerdictAlert({ results }: { results: TAssessmentResults }) {
  const verdict = results.validityVerdict;
  const isConcern = verdict.verdict !== 'valid';
  return (
    <Alert
      color={VERDICT_COLOR[verdict.verdict]}
      variant={isConcern ? 'filled' : 'light'}
      title={`Response validity: ${verdict.label}`}
      role={isConcern ? 'alert' : 'note'}
      data-verdict={verdict.verdict}
    >
      <Stack gap={6}>
        <Text size="sm" c="inherit">
          {verdict.summary}
        </Text>
        {isConcern && (
          <>
            <Text size="sm" fw={700} c="inherit">
              What to do: {verdict.action}
            </Text>
            {verdict.reasons.length > 0 && (
              <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
                {verdict.reasons.map((reason) => (
                  <Text key={reason.code} size="sm" component="li" c="inherit">
                    {reason.text} {reason.action}
                  </Text>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}

function ResultsStatus({ results }: { results: TAssessmentResults }) {
  if (results.status === 'completed') {
    return (
      <Text size="sm" c="dimmed">
        {results.scoresSource === 'recomputed'
          ? 'Scores computed again from the answers recorded at submission, with the current scoring (the stored scores predate T scores, percentiles and the validity verdict). '
          : 'Scores as recorded when the test was submitted. '}
        T scores and percentiles are read from the published US tables ({results.normTables.label}); a level is shown
        from the 84th (Mild), 93rd (Moderate) or 98th (High) US percentile.
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

function LevelCell({ scale, verdict }: { scale: ScaleRow; verdict: TValidityVerdict }) {
  if (scale.level && verdict.verdict === 'not-interpretable') {
    // The level is still data, but the profile may not be read: no colour that invites interpretation.
    return (
      <Text span size="sm" c="dimmed" title="Not interpretable: see Response validity">
        ({scale.level})
      </Text>
    );
  }
  if (scale.level) {
    const color = scale.level === 'High' ? 'red' : scale.level === 'Moderate' ? 'orange' : 'yellow';
    return (
      <Badge color={color} variant="light" title={scale.levelDescription ?? undefined}>
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

/** What a raw score is the mean of, per form. */
const SCORE_MEANING: Record<TAssessmentResults['form'], string> = {
  FULL: 'Mean answer on the 0-3 scale (facets: of their items; domains: mean of their three primary facets)',
  SF: 'Mean answer on the 0-3 scale (facets: of their 4 items; domains: mean of their three primary facets)',
  BF: 'Mean answer on the 0-3 scale (domains: of their 5 items; total: of all 25 items)',
};

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Abbreviation, name, mean score 0-3, US T and percentile (printed tables), level, German z; facets (and the brief
 * form's domains and total) also their answered items. The US z stays in the data (API, CSV); the table shows the T.
 */
export function ScoresTable({
  scales,
  caption,
  verdict,
  form,
  showZ = false,
}: {
  scales: readonly ScaleRow[];
  caption: string;
  verdict: TValidityVerdict;
  form: TAssessmentResults['form'];
  showZ?: boolean;
}) {
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
              <abbr title={SCORE_MEANING[form]}>Score</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title="T score from the published US table (mean 50, SD 10)">US T</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title="Percentile from the published US table: the share of the US norm sample scoring at or below">
                US %ile
              </abbr>
            </Table.Th>
            {showZ && (
              <Table.Th scope="col" ta="right">
                <abbr title="Standardised score against the German general-population norms">German z</abbr>
              </Table.Th>
            )}
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
                {scale.us?.tText ?? '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {scale.us?.percentileText ?? '—'}
              </Table.Td>
              {showZ && (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatScore(scale.irf)}
                </Table.Td>
              )}
              <Table.Td>
                <LevelCell scale={scale} verdict={verdict} />
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

const VALIDITY_BADGE: Record<TValidityScaleResult['status'], { label: string; color: string }> = {
  ok: { label: 'No concern', color: 'teal' },
  flagged: { label: 'Concern', color: 'orange' },
  indeterminate: { label: 'Neither', color: 'gray' },
  'not-computed': { label: 'Not computed', color: 'gray' },
  'not-read': { label: 'Not read', color: 'gray' },
  'not-published': { label: 'Not published', color: 'gray' },
};

/** The badge says the line's status, and only a flagged line is coloured as a concern. */
function ValidityBadge({ scale }: { scale: TValidityScaleResult }) {
  const badge = VALIDITY_BADGE[scale.status];
  return (
    <Badge color={badge.color} variant="light" style={{ overflow: 'visible' }}>
      {badge.label}
    </Badge>
  );
}

function ValiditySummary({ results }: { results: TAssessmentResults }) {
  return (
    <Stack gap="xs" component="section" aria-label="Response validity">
      <Title order={3} size="h5">
        Response Validity
      </Title>
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
              {scale.statement}{' '}
              <Text span c="dimmed" size="xs">
                {scale.directionText} {scale.cutoffs ? `Cut-off: ${scale.cutoffs}.` : ''} Source: {scale.source}.
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
      {results.validityVerdict.notes.map((note) => (
        <Text key={note} size="sm" c="dimmed">
          {note}
        </Text>
      ))}
    </Stack>
  );
}

/** Where every number comes from (issue: norms explained where a clinician reads them). */
function NormsNote({ results }: { results: TAssessmentResults }) {
  const { srf, irf } = results.norms;
  const tables = results.normTables;
  const itemSet = results.itemSet.title ?? results.itemSet.id ?? 'not recorded';
  return (
    <Stack gap={4} component="section" aria-label="About the norms">
      <Title order={3} size="h6">
        About the norms
      </Title>
      <Text size="xs" c="dimmed">
        <strong>US T and percentile</strong>: {tables.label}. {tables.sample} Read from the printed table row with the
        nearest raw score; T and percentile come from the same row (never computed from z). Source: {tables.source}.
      </Text>
      <Text size="xs" c="dimmed">
        <strong>US z</strong> (data and CSV only): {srf.note}
      </Text>
      <Text size="xs" c="dimmed">
        <strong>German z</strong>: {irf.label} ({irf.citation}
        {irf.sampleN ? `, N = ${irf.sampleN.toLocaleString('en')}` : ''}). {irf.note} This set publishes no T tables
        used here, so only z is shown.
      </Text>
      <Text size="xs" c="dimmed">
        Items: {itemSet}. Scoring {results.instrument.version}; norms {results.normsVersion}.
      </Text>
    </Stack>
  );
}
