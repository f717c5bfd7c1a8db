import { Alert, Anchor, Container, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatScore, type TAdministrationComparison, type TComparedScale } from '@pid5/contract';
import { LEVELS, T_AXIS_LABEL, T_Y_DOMAIN, type Level } from '@pid5/instrument';
import { ApiError } from '../../api/client';
import { useComparison } from '../../api/patients';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { formatDate } from '../../lib/dates';
import { FORM_LABELS } from './patient-panel';

// `/compare/{id}/{otherId}`: two completed tests of one patient. Validity first, then the profile of each
// in US T (two bars per scale: the earlier outlined, the later solid, legible in greyscale), then the table of
// scores, differences and reliable change (Jacobson & Truax 1991) with the source of every reliability used, and why
// there is no mark where there is none. The server decides everything shown (DESIGN.md "Scoring (packages/instrument)").

export default function PatientComparePage() {
  const { id, otherId } = useParams();
  const comparison = useComparison(id, otherId);
  return (
    <Container size="lg">
      <Stack gap="md">
        <BackButton to={`/details/${id ?? ''}`} />
        <Title order={1} size="h2">
          Compare two tests
        </Title>
        {comparison.isPending ? (
          <LoadingBlock label="Loading the comparison" />
        ) : comparison.isError ? (
          <LoadErrorAlert
            error={comparison.error}
            title="These tests cannot be compared"
            explanation={
              comparison.error instanceof ApiError && comparison.error.status === 404
                ? 'One of these tests does not exist, or it is not one you may see.'
                : undefined
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

function formatT(reading: TComparedScale['first']): string {
  if (reading.t === null) {
    return '—';
  }
  return reading.capped === 'above' ? `≥ ${reading.t}` : reading.capped === 'below' ? `≤ ${reading.t}` : `${reading.t}`;
}

function ComparisonView({ comparison }: { comparison: TAdministrationComparison }) {
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
        Patient ID <strong>{comparison.patientId}</strong>: {formatDate(first.finishedAt)} ({FORM_LABELS[first.form]})
        compared with {formatDate(second.finishedAt)} ({FORM_LABELS[second.form]}).
      </Text>

      <Alert color={VERDICT_COLORS[worst]} title="Validity" role="status">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {comparison.validityStatement}
          </Text>
          <Text size="sm">
            Earlier ({formatDate(first.finishedAt)}): {first.validity.summary}
          </Text>
          <Text size="sm">
            Later ({formatDate(second.finishedAt)}): {second.validity.summary}
          </Text>
        </Stack>
      </Alert>

      <Text size="sm">{comparison.formsStatement}</Text>

      <Section title="Profile in US T scores">
        <ComparisonChart scales={comparison.scales} />
      </Section>

      <Section title="Scores and change">
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label="Scores of both tests, their differences and reliable change">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Scale</Table.Th>
                <Table.Th>Earlier score</Table.Th>
                <Table.Th>Earlier T</Table.Th>
                <Table.Th>Later score</Table.Th>
                <Table.Th>Later T</Table.Th>
                <Table.Th>Score difference</Table.Th>
                <Table.Th>T difference</Table.Th>
                <Table.Th>Reliable change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {comparison.scales.map((scale) => (
                <Table.Tr key={scale.key}>
                  <Table.Th scope="row" fw={scale.kind === 'facet' ? 400 : 700}>
                    {scale.name}
                  </Table.Th>
                  <Table.Td>{formatScore(scale.first.score)}</Table.Td>
                  <Table.Td>{formatT(scale.first)}</Table.Td>
                  <Table.Td>{formatScore(scale.second.score)}</Table.Td>
                  <Table.Td>{formatT(scale.second)}</Table.Td>
                  <Table.Td>{signed(scale.scoreDifference, (v) => v.toFixed(2))}</Table.Td>
                  <Table.Td>{signed(scale.tDifference, (v) => String(v))}</Table.Td>
                  <Table.Td>
                    {scale.reliableChange ? (
                      <Text size="sm" fw={scale.reliableChange.isReliable ? 700 : 400}>
                        {scale.reliableChange.isReliable
                          ? `Reliably ${scale.reliableChange.direction}`
                          : 'No reliable change'}{' '}
                        (RCI {signed(scale.reliableChange.rci, (v) => v.toFixed(2))}; r = {scale.reliableChange.r})
                      </Text>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not assessed<sup>{reasons.indexOf(scale.noReliableChangeReason ?? '') + 1}</sup>
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {reasons.length > 0 && (
          <List type="ordered" size="sm" mt="sm" aria-label="Why there is no reliable-change mark">
            {reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="How reliable change is decided">
        <Stack gap="xs">
          <Text size="sm">{comparison.rciRule}</Text>
          <Text size="sm">{comparison.reliabilityRule}</Text>
          {sources.size === 0 ? (
            <Text size="sm">No reliability was used in this comparison.</Text>
          ) : (
            <List size="sm" aria-label="Reliabilities used">
              {[...sources.values()].map((source) => (
                <List.Item key={source.id}>
                  {source.citation}.{' '}
                  {source.kind === 'retest' ? `Test-retest (${source.interval ?? ''})` : 'Internal consistency'},{' '}
                  {source.sample}
                  {source.n === null ? '' : `, N = ${source.n}`}.
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Section>

      <Group>
        <Anchor href={comparisonPdfUrl(first.id, second.id)} download size="sm">
          Download the comparison (PDF)
        </Anchor>
        <Anchor href={`/api/assessments/${first.id}/patient.csv`} download size="sm">
          Download all of this patient’s scores (CSV)
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
  const rowHeight = 22;
  const left = 190;
  const width = 720;
  const plot = width - left - 20;
  const top = 40;
  const height = top + scales.length * rowHeight + 24;
  const x = (t: number) => left + ((Math.min(Math.max(t, T_MIN), T_MAX) - T_MIN) / (T_MAX - T_MIN)) * plot;
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
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label="Profile of both tests in US T scores: the earlier test outlined, the later test solid, with each scale's level lines (the table below has the values)"
      >
        <rect x={left} y={4} width={12} height={10} fill="#ffffff" stroke="#222222" />
        <text x={left + 16} y={13} fontSize={11}>
          Earlier
        </text>
        <rect x={left + 70} y={4} width={12} height={10} fill="#555555" />
        <text x={left + 86} y={13} fontSize={11}>
          Later
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
              {level} begins
            </text>
          </g>
        ))}
        <text x={left - 6} y={top - 6} fontSize={11} textAnchor="end">
          {T_AXIS_LABEL}
        </text>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={top} y2={height - 20} stroke={t === 50 ? '#888888' : '#dddddd'} />
            <text x={x(t)} y={height - 6} fontSize={10} textAnchor="middle">
              {t}
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
                {scale.name}
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
        T 50 is the US norm sample’s average; bars are cut at T {T_MIN} and {T_MAX}. The short lines across each bar are
        where Mild (dotted), Moderate (dashed) and High (solid) begin on that scale’s table of the form given: levels
        follow the printed percentile, so each scale has its own.
      </Text>
    </figure>
  );
}
