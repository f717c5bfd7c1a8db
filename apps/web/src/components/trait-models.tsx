import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type {
  TAmpdResult,
  TAssessmentResults,
  TBfmResult,
  TBfmUnavailable,
  TGermanNormGroup,
  TGermanNormReading,
} from '@pid5/contract';
import {
  AMPD_WORD_KEYS,
  BFM_WORD_KEYS,
  GERMAN_NORM_FALLBACK_KEYS,
  GERMAN_NORM_WORD_KEYS,
  ampdUnavailableKey,
  bfmUnavailableKey,
  germanGroupKey,
  type AmpdDisorderKey,
  type BfmDomainKey,
} from '@pid5/instrument';
import { levelName, localDecimals, scaleName } from '../i18n/result-wording';
import { useStaffText, type StaffKey } from '../i18n/staff-language';
import { TableScrollRegion } from './table-scroll-region';
import type { Translate } from '../i18n/translate';

// The German norms as published, the ICD-11 trait domains (PID5BF+M) and the AMPD trait profiles on the staff pages
// (docs/decisions/0073-german-norms-as-published.md, 0074, 0075). Each piece is fed by the API's shape alone, so the results of a PID5BF+M test
// show the same ICD-11 section as a full-form test's.

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

/** A German T with its 95 % interval and the extrapolation flag as such: "59,8 (50,6–65,7)". */
export function GermanTCell({ de }: { de: TGermanNormReading | null | undefined }) {
  const { t, language } = useStaffText();
  if (!de) {
    return <>—</>;
  }
  const [low, high] = de.intervalText.split('\u2013');
  return (
    <span data-de-t={de.tText}>
      {localDecimals(language, de.tText)}{' '}
      <Text span size="xs" c="dimmed" title={t(GERMAN_NORM_WORD_KEYS.interval, { low: low ?? '', high: high ?? '' })}>
        {t('results.deNorms.intervalShort', {
          low: localDecimals(language, low ?? ''),
          high: localDecimals(language, high ?? ''),
        })}
      </Text>
      {de.extrapolated && (
        <>
          {' '}
          <Badge size="xs" variant="outline" color="gray" title={t(GERMAN_NORM_WORD_KEYS.extrapolated)}>
            {t('results.deNorms.extrapolatedShort')}
          </Badge>
        </>
      )}
    </span>
  );
}

/** The German percentile (percentage, one decimal). */
export function GermanPercentileCell({ de }: { de: TGermanNormReading | null | undefined }) {
  const { language } = useStaffText();
  return <>{de ? localDecimals(language, de.percentileText) : '—'}</>;
}

/** The German group's name: "German women aged 35-49", or "German adults". */
export function germanGroupName(t: Translate<StaffKey>, group: TGermanNormGroup): string {
  return t(germanGroupKey({ gender: group.gender, ageGroup: group.ageGroup as never }));
}

/** Which German group was read, and why all adults when they were. */
export function GermanGroupText({ group }: { group: TGermanNormGroup }) {
  const { t } = useStaffText();
  const name = germanGroupName(t, group);
  return (
    <>
      {t('results.deNorms.groupRead', { group: name })}
      {group.fallbacks.map((fallback) => ` ${t(GERMAN_NORM_FALLBACK_KEYS[fallback])}`).join('')}
    </>
  );
}

/** Under the scores: what T (DE) is, the group read and the credit the tables' licence asks for. */
export function GermanNormsNote({ results }: { results: TAssessmentResults }) {
  const { t } = useStaffText();
  if (!results.germanNorms) {
    return null;
  }
  return (
    <Text size="xs" c="dimmed" data-testid="german-norms-note">
      {t(GERMAN_NORM_WORD_KEYS.note)} <GermanGroupText group={results.germanNorms.group} />{' '}
      {t(GERMAN_NORM_WORD_KEYS.source)}
    </Text>
  );
}

/**
 * The six ICD-11 trait domains (PID5BF+M) with German T and interval, no US norms (said so), labelled as qualifiers
 * that support, not replace, the diagnosis; for a form that cannot give them, why not.
 */
export function Icd11TraitDomainsSection({
  bfm,
  unavailable,
  form,
}: {
  bfm: TBfmResult | null | undefined;
  unavailable: TBfmUnavailable | null | undefined;
  form: TAssessmentResults['form'] | 'BFM';
}) {
  const { t, formatScore } = useStaffText();
  const unavailableKey = bfmUnavailableKey(form);
  if (!bfm && !(unavailable && unavailableKey)) {
    return null;
  }
  return (
    <Stack gap="xs" component="section" aria-label={t(BFM_WORD_KEYS.title)} data-testid="icd11-trait-domains">
      <Title order={3} size="h5">
        {t(BFM_WORD_KEYS.title)}
      </Title>
      {!bfm ? (
        <Text size="sm" data-testid="icd11-unavailable">
          {unavailableKey && unavailable
            ? t(unavailableKey, { present: unavailable.present, needed: unavailable.needed })
            : null}
        </Text>
      ) : (
        <>
          <Alert color="blue" variant="light" p="xs" role="note">
            <Text size="sm">{t(BFM_WORD_KEYS.caveat)}</Text>
          </Alert>
          <TableScrollRegion label={t(BFM_WORD_KEYS.title)} minWidth={520}>
            <Table striped fz="sm" verticalSpacing={4}>
              <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
                {t(BFM_WORD_KEYS.title)}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('results.traitModels.col.scale')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('results.traitModels.col.score')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('results.traitModels.col.usT')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t(GERMAN_NORM_WORD_KEYS.columnT)}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t(GERMAN_NORM_WORD_KEYS.columnPercentile)}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...bfm.domains, { ...bfm.total, key: 'Total' }].map((scale) => (
                  <Table.Tr key={scale.key} data-bfm-scale={scale.key}>
                    <Table.Th scope="row" fw={scale.key === 'Total' ? 400 : 500}>
                      {scale.key === 'Total'
                        ? t(BFM_WORD_KEYS.total)
                        : t(BFM_WORD_KEYS.domain[scale.key as BfmDomainKey] as StaffKey)}
                    </Table.Th>
                    <Table.Td ta="right" style={NUMBERS}>
                      {formatScore(scale.score)}
                    </Table.Td>
                    <Table.Td ta="right" c="dimmed">
                      {t('results.bfm.noUsT')}
                    </Table.Td>
                    <Table.Td ta="right" style={NUMBERS}>
                      <GermanTCell de={scale.de} />
                    </Table.Td>
                    <Table.Td ta="right" style={NUMBERS}>
                      <GermanPercentileCell de={scale.de} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <Text size="xs" c="dimmed">
            {t(BFM_WORD_KEYS.noUsNorms)} {bfm.administeredAs === 'FULL' ? t(BFM_WORD_KEYS.fromFullForm) : ''}{' '}
            <GermanGroupText group={bfm.group} /> {t(GERMAN_NORM_WORD_KEYS.source)}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The threshold in words: "the Moderate level (US percentile ≥ 93)". */
export function useAmpdThresholdText(threshold: TAmpdResult['threshold']): string {
  const { t, formatNumber } = useStaffText();
  return threshold.level
    ? t(AMPD_WORD_KEYS.thresholdLevel, { level: levelName(t, threshold.level) })
    : t(AMPD_WORD_KEYS.thresholdPercentile, { percentile: formatNumber(threshold.percentileAtLeast * 100) });
}

/**
 * The six AMPD trait profiles (Criterion B only): mean T of the assigned facets (US, German beside it), the count at
 * or above the threshold with the manual's minimum and required facets, the trait rule; never a diagnosis.
 */
export function AmpdProfilesSection({
  ampd,
  form,
}: {
  ampd: TAmpdResult | null | undefined;
  form: TAssessmentResults['form'] | 'BFM';
}) {
  const { t, formatNumber } = useStaffText();
  const unavailableKey = ampdUnavailableKey(form);
  const thresholdText = useAmpdThresholdText(
    ampd?.threshold ?? { norms: 'US', percentileAtLeast: 0.93, level: 'Moderate' },
  );
  if (!ampd && !unavailableKey) {
    return null;
  }
  return (
    <Stack gap="xs" component="section" aria-label={t(AMPD_WORD_KEYS.title)} data-testid="ampd-profiles">
      <Title order={3} size="h5">
        {t(AMPD_WORD_KEYS.title)}
      </Title>
      {!ampd ? (
        <Text size="sm" data-testid="ampd-unavailable">
          {unavailableKey ? t(unavailableKey) : null}
        </Text>
      ) : (
        <>
          <Alert color="orange" variant="light" p="xs" role="note">
            <Text size="sm" fw={600}>
              {t(AMPD_WORD_KEYS.caveat)}
            </Text>
          </Alert>
          <TableScrollRegion label={t(AMPD_WORD_KEYS.title)} minWidth={640}>
            <Table striped fz="sm" verticalSpacing={4}>
              <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden' }}>
                {t(AMPD_WORD_KEYS.title)}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('results.ampd.col.disorder')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('results.ampd.col.meanUsT')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('results.ampd.col.meanDeT')}
                  </Table.Th>
                  <Table.Th scope="col">{t('results.ampd.col.count')}</Table.Th>
                  <Table.Th scope="col">{t('results.ampd.col.rule')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ampd.profiles.map((profile) => (
                  <AmpdProfileRow key={profile.key} profile={profile} thresholdText={thresholdText} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
          <Text size="xs" c="dimmed">
            {t('results.ampd.facetsLegend')}{' '}
            {t('results.ampd.thresholdNote', {
              threshold: thresholdText,
              norms: ampd.threshold.norms,
              percentile: formatNumber(ampd.threshold.percentileAtLeast * 100),
            })}{' '}
            {t(AMPD_WORD_KEYS.noShareOfSample)}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * One disorder's row: its facets (required starred, those at or above the threshold bold), the mean T (US, German),
 * the count and the trait rule.
 */
function AmpdProfileRow({
  profile,
  thresholdText,
}: {
  profile: TAmpdResult['profiles'][number];
  thresholdText: string;
}) {
  const { t, formatNumber } = useStaffText();
  const mean = (value: number | null, lowerBound = false) =>
    value === null ? '—' : `${lowerBound ? '≥ ' : ''}${formatNumber(value, 1)}`;
  return (
    <Table.Tr data-ampd={profile.key}>
      <Table.Th scope="row" fw={500}>
        {t(AMPD_WORD_KEYS.disorder[profile.key as AmpdDisorderKey] as StaffKey)}
        <Text size="xs" c="dimmed" fw={400}>
          {profile.facets.map((facet, index) => (
            <span key={facet.key}>
              {index > 0 ? ', ' : ''}
              <span style={{ fontWeight: facet.atOrAboveThreshold ? 700 : 400 }} title={scaleName(t, facet.key)}>
                {facet.key}
                {facet.isRequired ? '*' : ''}
                {facet.atOrAboveThreshold ? ' ≥' : ''}
                {facet.atOrAboveThreshold === null ? ' —' : ''}
              </span>
            </span>
          ))}
        </Text>
      </Table.Th>
      <Table.Td ta="right" style={NUMBERS}>
        {mean(profile.meanUsT, profile.meanUsTIsLowerBound)}
      </Table.Td>
      <Table.Td ta="right" style={NUMBERS}>
        {mean(profile.meanDeT)}
        {profile.meanDeT !== null && profile.meanDeTIncludesExtrapolated ? (
          <>
            {' '}
            <Badge size="xs" variant="outline" color="gray" title={t(GERMAN_NORM_WORD_KEYS.extrapolated)}>
              {t('results.deNorms.extrapolatedShort')}
            </Badge>
          </>
        ) : null}
      </Table.Td>
      <Table.Td>
        {t(AMPD_WORD_KEYS.count, {
          count: profile.countAtOrAbove,
          total: profile.assignedCount,
          threshold: thresholdText,
        })}
        <Text size="xs" c="dimmed">
          {t(AMPD_WORD_KEYS.criterion, { minimum: profile.minimumCount, total: profile.assignedCount })}
          {profile.required.map((r) => ` ${t(AMPD_WORD_KEYS.required, { facets: r.anyOf.join('/') })}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        {profile.traitRule === 'undetermined'
          ? t(AMPD_WORD_KEYS.traitRule.undetermined as StaffKey, { count: profile.unscoredFacets.length })
          : t(AMPD_WORD_KEYS.traitRule[profile.traitRule] as StaffKey)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The ICD-11 trait domains of two full-form tests side by side: each German T with its interval. */
export function Icd11Comparison({ icd11 }: { icd11: { first: TBfmResult; second: TBfmResult } }) {
  const { t } = useStaffText();
  const rows = [...icd11.first.domains, { ...icd11.first.total, key: 'Total' }];
  const laterOf = (key: string) =>
    key === 'Total' ? icd11.second.total.de : icd11.second.domains.find((d) => d.key === key)?.de;
  return (
    <Stack gap="xs" data-testid="icd11-comparison">
      <Text size="sm">{t(BFM_WORD_KEYS.caveat)}</Text>
      <Table striped fz="sm" aria-label={t(BFM_WORD_KEYS.title)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('results.traitModels.col.scale')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('results.compare.earlierDeT')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('results.compare.laterDeT')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-bfm-scale={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.key === 'Total'
                  ? t(BFM_WORD_KEYS.total)
                  : t(BFM_WORD_KEYS.domain[row.key as BfmDomainKey] as StaffKey)}
              </Table.Th>
              <Table.Td ta="right" style={NUMBERS}>
                <GermanTCell de={row.de} />
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                <GermanTCell de={laterOf(row.key)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {t('results.compare.bfmNote')}
      </Text>
    </Stack>
  );
}
