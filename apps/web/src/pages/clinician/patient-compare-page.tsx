import { Alert, Anchor, Container, Group, List, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { type TAdministrationComparison } from '@pid5/contract';
import { BFM_WORD_KEYS } from '@pid5/instrument';
import { ApiError } from '../../api/client';
import { useComparison } from '../../api/patients';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert, LoadingBlock } from '../../components/load-states';
import { Section } from '../../components/section';
import { Icd11Comparison } from '../../components/trait-models';
import { StaffRichText, useStaffText } from '../../i18n/staff-language';
import { FORM_LABELS } from './patient-panel-keys';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { ComparisonChart } from './patient-compare-chart';
import { ComparisonScores } from './patient-compare-table';

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

function ComparisonView({ comparison }: { comparison: TAdministrationComparison }) {
  const { t, formatDate } = useStaffText();
  const { first, second } = comparison;
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

      <ComparisonValidity comparison={comparison} />

      <Text size="sm">{comparison.formsStatement}</Text>

      <Section title={t('compare.profile')}>
        <ComparisonChart scales={comparison.scales} />
      </Section>

      <Section title={t('compare.scores')}>
        <ComparisonScores comparison={comparison} />
      </Section>

      {comparison.icd11 && (
        <Section title={t(BFM_WORD_KEYS.title)}>
          <Icd11Comparison icd11={comparison.icd11} />
        </Section>
      )}

      <HowChangeIsDecided comparison={comparison} />

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

/** The comparison's validity, coloured by the worse of the two tests' verdicts, then each test's own. */
function ComparisonValidity({ comparison }: { comparison: TAdministrationComparison }) {
  const { t, formatDate } = useStaffText();
  const { first, second } = comparison;
  const verdicts = [first.validity.verdict, second.validity.verdict];
  const worst = verdicts.includes('not-interpretable')
    ? 'not-interpretable'
    : verdicts.includes('caution')
      ? 'caution'
      : 'valid';
  return (
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
  );
}

/** The rules for reliable change and for the reliability used, and the source of each reliability used, once each. */
function HowChangeIsDecided({ comparison }: { comparison: TAdministrationComparison }) {
  const { t, formatNumber } = useStaffText();
  const sources = new Map(
    comparison.scales.flatMap((s) => (s.reliableChange ? [[s.reliableChange.source.id, s.reliableChange.source]] : [])),
  );
  return (
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
  );
}
