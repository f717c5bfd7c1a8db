import { Alert, Anchor, Container, Group, List, Stack, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { type TAdministrationComparison, type TComparedScale } from '@pid5/contract';
import { BFM_WORD_KEYS, LEVELS, T_AXIS_LABEL_KEY, T_Y_DOMAIN, type Level } from '@pid5/instrument';
import { ApiError } from '../../api/client';
import { useComparison } from '../../api/patients';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { GermanTCell, germanGroupName, Icd11Comparison } from '../../components/trait-models';
import { levelName, scaleName } from '../../i18n/result-wording';
import { StaffRichText, useStaffText } from '../../i18n/staff-language';
import { FORM_LABELS } from './patient-panel';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { TableScrollRegion } from '../../components/table-scroll-region';

// `/compare/{id}/{otherId}`: two completed tests of one patient. Validity first, then the profile of each
// in US T (two bars per scale: the earlier outlined, the later solid, legible in greyscale), then the table of
// scores, differences and reliable change (Jacobson & Truax 1991) with the source of every reliability used, and why
// there is no mark where there is none. The server decides everything shown (DESIGN.md "Scoring (packages/instrument)").

export default function PatientComparePage() {
  const { id, otherId } = useParams();
  const comparison = useComparison(id, otherId);
  const { t } = useStaffText();
  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to={`/details/${id ?? ''}`} />
        <StaffPageHeading title={t('compare.title')} />
        {comparison.isPending ? (
          <LoadingBlock label={t('compare.loading')} />
        ) : comparison.isError ? (
          <LoadErrorAlert
            error={comparison.error}
            title={t('compare.cannot')}
            explanation={
              comparison.error instanceof ApiError && comparison.error.status === 404 ? t('compare.missing') : undefined
            }
          />
        ) : (
          <ComparisonView comparison={comparison.data} />
        )}
      </Stack>
    </Container>
  );
}

/** The comparison as its own PDF; the browser's time zone for the date printed on it. */
function comparisonPdfUrl(id: number, otherId: number): string {
  const query = new URLSearchParams({ with: String(otherId), tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return `/api/assessments/${id}/compare.pdf?${query.toString()}`;
}

const VERDICT_COLORS = { valid: 'teal', caution: 'yellow', 'not-interpretable': 'red' } as const;

function signed(value: number | null, format: (v: number) => string): string {
  if (value === null) {
    return '—';
  }
  return value > 0 ? `+${format(value)}` : value < 0 ? `\u2212${format(Math.abs(value))}` : format(0);
}

/** A published value's own count of decimals (r = 0.6 stays 0.6, in German 0,6). */
function decimalsOf(value: number): number {
  return (String(value).split('.')[1] ?? '').length;
}

function formatT(reading: TComparedScale['first']): string {
  if (reading.t === null) {
    return '—';
  }
  return reading.capped === 'above' ? `≥ ${reading.t}` : reading.capped === 'below' ? `≤ ${reading.t}` : `${reading.t}`;
}

function ComparisonView({ comparison }: { comparison: TAdministrationComparison }) {
  const { t, formatDate, formatNumber, formatScore } = useStaffText();
  const { first, second } = comparison;
  const worst = [first.validity.verdict, second.validity.verdict].includes('not-interpretable')
    ? 'not-interpretable'
    : [first.validity.verdict, second.validity.verdict].includes('caution')
      ? 'caution'
      : 'valid';
  // Distinct reasons for a missing reliable-change mark, numbered once; sources of the marks given, once each.
  const reasons = [
    ...new Set(comparison.scales.flatMap((s) => (s.noReliableChangeReason ? [s.noReliableChangeReason] : []))),
  ];
  const sources = new Map(
    comparison.scales.flatMap((s) => (s.reliableChange ? [[s.reliableChange.source.id, s.reliableChange.source]] : [])),
  );

  return (
    <Stack gap="md">
      <Text>
        <StaffRichText
          id="compare.intro"
          values={{
            patientId: comparison.patientId,
            firstDate: formatDate(first.finishedAt),
            firstForm: t(FORM_LABELS[first.form]),
            secondDate: formatDate(second.finishedAt),
            secondForm: t(FORM_LABELS[second.form]),
          }}
          components={{ 0: <strong /> }}
        />
      </Text>

      <Alert color={VERDICT_COLORS[worst]} title={t('compare.validity')} role="status">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {comparison.validityStatement}
          </Text>
          <Text size="sm">
            {t('compare.earlierValidity', { date: formatDate(first.finishedAt), summary: first.validity.summary })}
          </Text>
          <Text size="sm">
            {t('compare.laterValidity', { date: formatDate(second.finishedAt), summary: second.validity.summary })}
          </Text>
        </Stack>
      </Alert>

      <Text size="sm">{comparison.formsStatement}</Text>

      <Section title={t('compare.profile')}>
        <ComparisonChart scales={comparison.scales} />
      </Section>

      <Section title={t('compare.scores')}>
        <TableScrollRegion label={t('compare.tableLabel')} minWidth={760}>
          <Table striped aria-label={t('compare.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('compare.col.scale')}</Table.Th>
                <Table.Th>{t('compare.col.earlierScore')}</Table.Th>
                <Table.Th>{t('compare.col.earlierT')}</Table.Th>
                <Table.Th>{t('compare.col.laterScore')}</Table.Th>
                <Table.Th>{t('compare.col.laterT')}</Table.Th>
                <Table.Th>{t('results.compare.earlierDeT')}</Table.Th>
                <Table.Th>{t('results.compare.laterDeT')}</Table.Th>
                <Table.Th>{t('compare.col.scoreDifference')}</Table.Th>
                <Table.Th>{t('compare.col.tDifference')}</Table.Th>
                <Table.Th>{t('compare.col.reliableChange')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparison.scales.map((scale) => (
                <Table.Tr key={scale.key}>
                  <Table.Th scope="row" fw={scale.kind === 'facet' ? 400 : 700}>
                    {scaleName(t, scale.key, scale.name)}
                  </Table.Th>
                  <Table.Td>{formatScore(scale.first.score)}</Table.Td>
                  <Table.Td>{formatT(scale.first)}</Table.Td>
                  <Table.Td>{formatScore(scale.second.score)}</Table.Td>
                  <Table.Td>{formatT(scale.second)}</Table.Td>
                  <Table.Td data-de-first={scale.key}>
                    <GermanTCell de={scale.first.de} />
                  </Table.Td>
                  <Table.Td data-de-second={scale.key}>
                    <GermanTCell de={scale.second.de} />
                  </Table.Td>
                  <Table.Td>{signed(scale.scoreDifference, (v) => formatNumber(v, 2))}</Table.Td>
                  <Table.Td>{signed(scale.tDifference, (v) => String(v))}</Table.Td>
                  <Table.Td>
                    {scale.reliableChange ? (
                      <Text size="sm" fw={scale.reliableChange.isReliable ? 700 : 400}>
                        {scale.reliableChange.isReliable
                          ? scale.reliableChange.direction === 'higher'
                            ? t('compare.reliablyHigher')
                            : t('compare.reliablyLower')
                          : t('compare.noReliableChange')}{' '}
                        {t('compare.rci', {
                          rci: signed(scale.reliableChange.rci, (v) => formatNumber(v, 2)),
                          r: formatNumber(scale.reliableChange.r, decimalsOf(scale.reliableChange.r)),
                        })}
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('compare.notAssessed')}
                        <sup>{reasons.indexOf(scale.noReliableChangeReason ?? '') + 1}</sup>
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
        {comparison.germanGroups && (
          <Text size="xs" c="dimmed" mt="xs" data-testid="compare-german-groups">
            {t('results.compare.germanGroups', {
              first: germanGroupName(t, comparison.germanGroups.first),
              second: germanGroupName(t, comparison.germanGroups.second),
            })}
          </Text>
        )}
        {reasons.length > 0 && (
          <List type="ordered" size="sm" mt="sm" aria-label={t('compare.whyNoMark')}>
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        )}
      </Section>

      {comparison.icd11 && (
        <Section title={t(BFM_WORD_KEYS.title)}>
          <Icd11Comparison icd11={comparison.icd11} />
        </Section>
      )}

      <Section title={t('compare.howDecided')}>
        <Stack gap="xs">
          <Text size="sm">{comparison.rciRule}</Text>
          <Text size="sm">{comparison.reliabilityRule}</Text>
          {sources.size === 0 ? (
            <Text size="sm">{t('compare.noReliability')}</Text>
          ) : (
            <List size="sm" aria-label={t('compare.reliabilitiesUsed')}>
              {[...sources.values()].map((source) => (
                <List.Item key={source.id}>
                  {/* The published reference and its sample, in the source's language (English, 3.1.2). */}
                  <span lang="en">{source.citation}</span>.{' '}
                  {source.kind === 'retest'
                    ? t('compare.retest', { interval: source.interval ?? '' })
                    : t('compare.internalConsistency')}
                  , <span lang="en">{source.sample}</span>
                  {source.n === null ? '' : `, N = ${formatNumber(source.n)}`}.
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Section>

      <Group>
        <Anchor href={comparisonPdfUrl(first.id, second.id)} download size="sm">
          {t('compare.pdf')}
        </Anchor>
        <Anchor href={`/api/assessments/${first.id}/patient.csv`} download size="sm">
          {t('compare.csv')}
        </Anchor>
      </Group>
    </Stack>
  );
}

const [T_MIN, T_MAX] = T_Y_DOMAIN;

/** Each level's line across a bar: dotted Mild, dashed Moderate, solid High (as the profile charts draw them). */
const LEVEL_DASH: Record<Level, string | undefined> = { Mild: '2 2', Moderate: '5 2', High: undefined };

/**
 * Two horizontal bars per scale in US T (axis T 30-100, titled): the earlier outlined (white fill), the later solid
 * grey; T 50 marked; across each bar, where each level begins on that scale's table of the form given.
 */
function ComparisonChart({ scales }: { scales: readonly TComparedScale[] }) {
  const { t } = useStaffText();
  const rowHeight = 22;
  const left = 190;
  const width = 720;
  const plot = width - left - 20;
  const top = 40;
  const height = top + scales.length * rowHeight + 24;
  const x = (value: number) => left + ((Math.min(Math.max(value, T_MIN), T_MAX) - T_MIN) / (T_MAX - T_MIN)) * plot;
  const ticks = [30, 40, 50, 60, 70, 80, 90, 100];
  const levelLines = (scale: TComparedScale, side: 'first' | 'second', y1: number, y2: number) =>
    LEVELS.flatMap((level) => {
      const start = scale[side].levelStarts?.[level] ?? null;
      return start === null
        ? []
        : [
            <line
              key={`${side}-${level}`}
              data-level-line={level}
              x1={x(start)}
              x2={x(start)}
              y1={y1}
              y2={y2}
              stroke="#1f2933"
              strokeWidth={1.5}
              strokeDasharray={LEVEL_DASH[level]}
            />,
          ];
    });
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={t('compare.chartLabel')}>
        <rect x={left} y={4} width={12} height={10} fill="#ffffff" stroke="#222222" />
        <text x={left + 16} y={13} fontSize={11}>
          {t('compare.earlier')}
        </text>
        <rect x={left + 70} y={4} width={12} height={10} fill="#555555" />
        <text x={left + 86} y={13} fontSize={11}>
          {t('compare.later')}
        </text>
        {LEVELS.map((level, index) => (
          <g key={level}>
            <line
              x1={left + 150 + index * 110}
              x2={left + 150 + index * 110}
              y1={3}
              y2={15}
              stroke="#1f2933"
              strokeWidth={1.5}
              strokeDasharray={LEVEL_DASH[level]}
            />
            <text x={left + 156 + index * 110} y={13} fontSize={11}>
              {t('compare.levelBegins', { level: levelName(t, level) })}
            </text>
          </g>
        ))}
        <text x={left - 6} y={top - 6} fontSize={11} textAnchor="end">
          {t(T_AXIS_LABEL_KEY)}
        </text>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={top} y2={height - 20} stroke={tick === 50 ? '#888888' : '#dddddd'} />
            <text x={x(tick)} y={height - 6} fontSize={10} textAnchor="middle">
              {tick}
            </text>
          </g>
        ))}
        {scales.map((scale, index) => {
          const y = top + index * rowHeight;
          return (
            <g key={scale.key}>
              <text
                x={left - 6}
                y={y + 15}
                fontSize={11}
                textAnchor="end"
                fontWeight={scale.kind === 'facet' ? 400 : 700}
              >
                {scaleName(t, scale.key, scale.name)}
              </text>
              {scale.first.t !== null && (
                <rect x={left} y={y + 3} width={x(scale.first.t) - left} height={8} fill="#ffffff" stroke="#222222" />
              )}
              {scale.second.t !== null && (
                <rect x={left} y={y + 12} width={x(scale.second.t) - left} height={8} fill="#555555" />
              )}
              {levelLines(scale, 'first', y + 1, y + 11.5)}
              {levelLines(scale, 'second', y + 11.5, y + 22)}
            </g>
          );
        })}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        {t('compare.caption', { min: T_MIN, max: T_MAX })}
      </Text>
    </figure>
  );
}
