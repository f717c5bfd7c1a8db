import { Alert, Badge, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  type TAssessmentResults,
  type TDomainResult,
  type TFacetResult,
  type TTotalResult,
  type TValidityScaleResult,
  type TValidityVerdict,
} from '@pid5/contract';
import { FORM_NAME_KEYS, GERMAN_NORM_WORD_KEYS, VALIDITY_STATUS_KEYS, verdictLabelKey } from '@pid5/instrument';
import { ApiError } from '../api/client';
import { useResults } from '../api/results';
import { levelName, levelWording, scaleName, usPercentileText } from '../i18n/result-wording';
import { StaffRichText, useStaffText, type StaffKey } from '../i18n/staff-language';
import { DomainTChart, FacetTChart } from './charts/score-charts';
import { LoadErrorAlert, LoadingBlock } from './load-states';
import { Section } from './section';
import { TableScrollRegion } from './table-scroll-region';
import {
  AmpdProfilesSection,
  GermanNormsNote,
  GermanPercentileCell,
  GermanTCell,
  Icd11TraitDomainsSection,
} from './trait-models';

/**
 * Results of a completed test for the details page: both charts, the scores of all 30 scales with levels, and the
 * validity indices in plain words. Numbers are printed with the contract's `formatScore`, as in the PDF report.
 */
export function ResultsPanel({ assessmentId }: { assessmentId: number }) {
  const results = useResults(assessmentId);
  const { t } = useStaffText();
  return (
    <Section title={t('resultsPanel.title')}>
      {results.isPending ? (
        <LoadingBlock label={t('resultsPanel.loading')} />
      ) : results.isError ? (
        <LoadErrorAlert
          error={results.error}
          explanation={isNotReady(results.error) ? t('resultsPanel.notReady') : undefined}
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
}: {
  results: TAssessmentResults;
  showCharts?: boolean;
  showStatus?: boolean;
}) {
  const { t } = useStaffText();
  return (
    <Stack gap="lg">
      <Text size="sm" fw={600} data-testid="form-given">
        {t('resultsPanel.formGiven', { form: t(FORM_NAME_KEYS[results.form]) })}
      </Text>
      <ValidityVerdictAlert results={results} />
      {showStatus && <ResultsStatus results={results} />}
      {results.form === 'BFM' ? (
        // The PID5BF+M: its six trait domains with German T only; no PID-5 domains, facets or US norms.
        <>
          <Icd11TraitDomainsSection bfm={results.bfm} unavailable={null} form={results.form} />
          <GermanNormsNote results={results} />
          <ValiditySummary results={results} />
        </>
      ) : (
        <Pid5Scales results={results} showCharts={showCharts} />
      )}
    </Stack>
  );
}

/** The PID-5 forms' domains, facets, German T, ICD-11 domains (full form) and AMPD profiles. */
function Pid5Scales({ results, showCharts }: { results: TAssessmentResults; showCharts: boolean }) {
  const { t } = useStaffText();
  return (
    <>
      <Stack gap="xs" component="section" aria-label={t('resultsPanel.domainsRegion')}>
        <Title order={3} size="h5">
          {t('resultsPanel.domainsHeading')}
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
              caption={results.total ? t('resultsPanel.domainAndTotalScores') : t('resultsPanel.domainScores')}
              verdict={results.validityVerdict}
              form={results.form}
            />
          </Grid.Col>
        </Grid>
      </Stack>
      {results.facets.length > 0 && (
        <Stack gap="xs" component="section" aria-label={t('resultsPanel.facetsRegion')}>
          <Title order={3} size="h5">
            {t('resultsPanel.facetsHeading')}
          </Title>
          {showCharts && <FacetTChart results={results} />}
          <ScoresTable
            scales={results.facets}
            caption={t('resultsPanel.facetScores')}
            verdict={results.validityVerdict}
            form={results.form}
          />
        </Stack>
      )}
      {showCharts && (
        <Text size="xs" c="dimmed" data-testid="t-chart-caption">
          {t('chart.tCaption')}
        </Text>
      )}
      <GermanNormsNote results={results} />
      <Icd11TraitDomainsSection bfm={results.bfm} unavailable={results.bfmUnavailable} form={results.form} />
      <AmpdProfilesSection ampd={results.ampd} form={results.form} />
      <ValiditySummary results={results} />
      <NormsNote results={results} />
    </>
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
  const { t } = useStaffText();
  const verdict = results.validityVerdict;
  const isConcern = verdict.verdict !== 'valid';
  return (
    <Alert
      color={VERDICT_COLOR[verdict.verdict]}
      variant={isConcern ? 'filled' : 'light'}
      title={t('resultsPanel.verdictTitle', { verdict: t(verdictLabelKey(verdict.verdict, results.form)) })}
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
              {t('resultsPanel.whatToDo', { action: verdict.action })}
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
  const { t } = useStaffText();
  if (results.status === 'completed') {
    return (
      <Text size="sm" c="dimmed">
        {results.scoresSource === 'recomputed' ? t('resultsPanel.recomputed') : t('resultsPanel.asRecorded')}
        {results.normTables && <> {t('resultsPanel.tablesNote', { tables: results.normTables.label })}</>}
      </Text>
    );
  }
  return (
    <Alert color="yellow" title={t('resultsPanel.unfinishedTitle')}>
      {t('resultsPanel.unfinished', { answered: results.answered, itemCount: results.itemCount })}
    </Alert>
  );
}

/** The level's words with its scale's own printed percentile, in the page's language (the server's are English). */
const LEVEL_TITLE_KEYS = {
  Mild: 'resultsPanel.levelTitle.Mild',
  Moderate: 'resultsPanel.levelTitle.Moderate',
  High: 'resultsPanel.levelTitle.High',
} as const;

function LevelCell({ scale, verdict }: { scale: ScaleRow; verdict: TValidityVerdict }) {
  const { t, formatNumber } = useStaffText();
  const percentileWording = (percentile: number): string => {
    if (percentile >= 1) {
      return t('resultsPanel.percentileAbove');
    }
    if (percentile <= 0) {
      return t('resultsPanel.percentileBelow');
    }
    // As printed: a proportion with three decimals is a percentile with one.
    const decimals = Math.max(0, (String(percentile).split('.')[1]?.length ?? 0) - 2);
    return t('resultsPanel.percentileAbout', { value: formatNumber(percentile * 100, decimals) });
  };
  if (scale.level && verdict.verdict === 'not-interpretable') {
    // The level is still data, but the profile may not be read: no colour that invites interpretation.
    return (
      <Text span size="sm" c="dimmed" title={t('resultsPanel.notInterpretable')}>
        ({levelName(t, scale.level)})
      </Text>
    );
  }
  if (scale.level) {
    const color = scale.level === 'High' ? 'red' : scale.level === 'Moderate' ? 'orange' : 'yellow';
    return (
      <Badge
        color={color}
        variant="light"
        title={
          scale.us
            ? t(LEVEL_TITLE_KEYS[scale.level], { percentile: percentileWording(scale.us.percentile) })
            : undefined
        }
      >
        {levelName(t, scale.level)}
      </Badge>
    );
  }
  if (scale.isScored && verdict.verdict === 'not-interpretable') {
    // Bracketed and grey like a level: a profile that may not be read has no finding either way.
    return (
      <Text span size="sm" c="dimmed" title={t('resultsPanel.notInterpretable')}>
        ({levelWording(t, scale)})
      </Text>
    );
  }
  return (
    <Text span size="sm" c={scale.isScored ? undefined : 'dimmed'}>
      {levelWording(t, scale)}
    </Text>
  );
}

/** What a raw score is the mean of, per form. */
const SCORE_MEANING: Record<TAssessmentResults['form'], StaffKey> = {
  FULL: 'resultsPanel.meaning.FULL',
  SF: 'resultsPanel.meaning.SF',
  BF: 'resultsPanel.meaning.BF',
  BFM: 'resultsPanel.meaning.BFM',
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
 * Abbreviation, name, mean score 0-3, US T and percentile (printed tables), level, then the German T with its 95 %
 * interval and percentile as published (for the patient's group); facets (and the brief form's domains and total)
 * also their answered items. Both z (US and the derived German one) stay in the data (API, CSV).
 */
export function ScoresTable({
  scales,
  caption,
  verdict,
  form,
}: {
  scales: readonly ScaleRow[];
  caption: string;
  verdict: TValidityVerdict;
  form: TAssessmentResults['form'];
}) {
  const { t, formatScore, language } = useStaffText();
  const hasGerman = scales.some((scale) => scale.de !== undefined);
  const hasItems = scales.some((scale) => 'nItems' in scale);
  return (
    <TableScrollRegion label={caption} minWidth={520}>
      <Table striped highlightOnHover fz="sm" verticalSpacing={4}>
        <caption style={VISUALLY_HIDDEN}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('resultsPanel.col.abbr')}</Table.Th>
            <Table.Th scope="col">{t('resultsPanel.col.scale')}</Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title={t(SCORE_MEANING[form])}>{t('resultsPanel.col.score')}</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title={t('resultsPanel.col.usTTitle')}>{t('resultsPanel.col.usT')}</abbr>
            </Table.Th>
            <Table.Th scope="col" ta="right">
              <abbr title={t('resultsPanel.col.usPercentileTitle')}>{t('resultsPanel.col.usPercentile')}</abbr>
            </Table.Th>
            <Table.Th scope="col">{t('resultsPanel.col.level')}</Table.Th>
            {hasGerman && (
              <>
                <Table.Th scope="col" ta="right">
                  <abbr title={t(GERMAN_NORM_WORD_KEYS.note)}>{t(GERMAN_NORM_WORD_KEYS.columnT)}</abbr>
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(GERMAN_NORM_WORD_KEYS.columnPercentile)}
                </Table.Th>
              </>
            )}
            {hasItems && (
              <Table.Th scope="col" ta="right">
                {t('resultsPanel.col.answered')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scales.map((scale) => (
            <Table.Tr key={scale.key} data-scale={scale.key}>
              <Table.Td fw={700}>{scale.key}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {scaleName(t, scale.key, scale.name)}
              </Table.Th>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatScore(scale.score)}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {scale.us?.tText ?? '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {scale.us ? usPercentileText(t, language, scale.us) : '—'}
              </Table.Td>
              <Table.Td>
                <LevelCell scale={scale} verdict={verdict} />
              </Table.Td>
              {hasGerman && (
                <>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <GermanTCell de={scale.de} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <GermanPercentileCell de={scale.de} />
                  </Table.Td>
                </>
              )}
              {hasItems && (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {'nItems' in scale
                    ? t('resultsPanel.answeredOf', { answered: scale.answered, total: scale.nItems })
                    : ''}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/** Only a flagged line's status is coloured as a concern; its words are the instrument's (`results`). */
const VALIDITY_BADGE_COLOR: Record<TValidityScaleResult['status'], string> = {
  ok: 'teal',
  flagged: 'orange',
  indeterminate: 'gray',
  'not-computed': 'gray',
  'not-read': 'gray',
  'not-published': 'gray',
  'not-recorded': 'gray',
};

/** The badge says the line's status, and only a flagged line is coloured as a concern. */
function ValidityBadge({ scale }: { scale: TValidityScaleResult }) {
  const { t } = useStaffText();
  return (
    <Badge color={VALIDITY_BADGE_COLOR[scale.status]} variant="light" style={{ overflow: 'visible' }}>
      {t(VALIDITY_STATUS_KEYS[scale.status])}
    </Badge>
  );
}

function ValiditySummary({ results }: { results: TAssessmentResults }) {
  const { t } = useStaffText();
  return (
    <Stack gap="xs" component="section" aria-label={t('resultsPanel.validityRegion')}>
      <Title order={3} size="h5">
        {t('resultsPanel.validityHeading')}
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
                {scale.directionText} {scale.cutoffs ? t('resultsPanel.cutoff', { cutoffs: scale.cutoffs }) : ''}{' '}
                {t('resultsPanel.source', { source: scale.source })}
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
  // A PID5BF+M result has German norms only: GermanNormsNote and the ICD-11 section say where they come from.
  return results.norms && results.normTables ? (
    <UsNormsNote results={results} norms={results.norms} tables={results.normTables} />
  ) : null;
}

function UsNormsNote({
  results,
  norms: { srf, irf },
  tables,
}: {
  results: TAssessmentResults;
  norms: NonNullable<TAssessmentResults['norms']>;
  tables: NonNullable<TAssessmentResults['normTables']>;
}) {
  const { t, formatNumber } = useStaffText();
  const itemSet = results.itemSet.title ?? results.itemSet.id ?? t('resultsPanel.notRecorded');
  const strong = { 0: <strong /> };
  return (
    <Stack gap={4} component="section" aria-label={t('resultsPanel.normsRegion')}>
      <Title order={3} size="h6">
        {t('resultsPanel.normsRegion')}
      </Title>
      <Text size="xs" c="dimmed">
        <StaffRichText
          id="resultsPanel.normsUsT"
          // The tables' source and the German tables' licence notice are English (bibliographic text, 3.1.2).
          values={{ label: tables.label, sample: tables.sample, source: <span lang="en">{tables.source}</span> }}
          components={strong}
        />
      </Text>
      <Text size="xs" c="dimmed">
        <StaffRichText id="resultsPanel.normsUsZ" values={{ note: srf.note }} components={strong} />
      </Text>
      <Text size="xs" c="dimmed">
        <StaffRichText
          id="resultsPanel.normsGermanT"
          values={{
            label: irf.label,
            citation: irf.citation,
            sample: irf.sampleN ? t('resultsPanel.sampleSize', { n: formatNumber(irf.sampleN) }) : '',
            version: results.germanNorms?.version ?? '',
            attribution: results.germanNorms ? <span lang="en">{results.germanNorms.attribution}</span> : '',
          }}
          components={strong}
        />
      </Text>
      <Text size="xs" c="dimmed">
        <StaffRichText
          id="resultsPanel.versions"
          // The set's title is in the test's language, which may not be the page's (3.1.2).
          values={{
            itemSet: results.itemSet.title ? (
              <span lang={results.itemSet.language ?? undefined}>{itemSet}</span>
            ) : (
              itemSet
            ),
            scoring: results.instrument.version,
            norms: results.normsVersion,
          }}
          components={{}}
        />
      </Text>
    </Stack>
  );
}
