import { List, Table, Text } from '@mantine/core';
import type { TAdministrationComparison, TComparedScale } from '@pid5/contract';
import { GermanTCell, germanGroupName } from '../../components/trait-models';
import { scaleName } from '../../i18n/result-wording';
import { useStaffText } from '../../i18n/staff-language';
import { TableScrollRegion } from '../../components/table-scroll-region';

// The comparison's table: each scale's scores and T at both tests, the differences, and reliable change, with a
// numbered reason wherever there is no mark.

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

/** The table, the German norm groups where both tests have them, and why a scale has no reliable-change mark. */
export function ComparisonScores({ comparison }: { comparison: TAdministrationComparison }) {
  const { t } = useStaffText();
  // Distinct reasons for a missing reliable-change mark, numbered once.
  const reasons = [
    ...new Set(comparison.scales.flatMap((s) => (s.noReliableChangeReason ? [s.noReliableChangeReason] : []))),
  ];
  return (
    <>
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
              <ComparedScaleRow key={scale.key} scale={scale} reasons={reasons} />
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
    </>
  );
}

function ComparedScaleRow({ scale, reasons }: { scale: TComparedScale; reasons: readonly string[] }) {
  const { t, formatNumber, formatScore } = useStaffText();
  return (
    <Table.Tr>
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
        <ReliableChange scale={scale} reasons={reasons} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Reliably higher or lower, or no reliable change, with the RCI and r; else "not assessed" and its reason's number. */
function ReliableChange({ scale, reasons }: { scale: TComparedScale; reasons: readonly string[] }) {
  const { t, formatNumber } = useStaffText();
  const change = scale.reliableChange;
  if (!change) {
    return (
      <Text size="sm" c="dimmed">
        {t('compare.notAssessed')}
        <sup>{reasons.indexOf(scale.noReliableChangeReason ?? '') + 1}</sup>
      </Text>
    );
  }
  return (
    <Text size="sm" fw={change.isReliable ? 700 : 400}>
      {change.isReliable
        ? change.direction === 'higher'
          ? t('compare.reliablyHigher')
          : t('compare.reliablyLower')
        : t('compare.noReliableChange')}{' '}
      {t('compare.rci', {
        rci: signed(change.rci, (v) => formatNumber(v, 2)),
        r: formatNumber(change.r, decimalsOf(change.r)),
      })}
    </Text>
  );
}
