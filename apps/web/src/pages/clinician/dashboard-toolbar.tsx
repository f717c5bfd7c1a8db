import { Button, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  ASSESSMENT_FORM_CHOICES,
  ASSESSMENT_SORTS,
  ASSESSMENT_STATUS_FILTERS,
  SEARCH_MAX,
  downloadPath,
  parseAssessmentForm,
  parseAssessmentSort,
  parseAssessmentStatusFilter,
} from '@pid5/contract';
import { FORM_TEXT, SORT_TEXT, STATUS_FILTER_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import type { useDashboardQuery } from './use-dashboard-query';

/**
 * The dashboard's filters (search, form, sort, status) and its actions: the tests left, Create Test, and the exports
 * of what the table lists.
 */
export function DashboardToolbar({
  query,
  available,
}: {
  query: ReturnType<typeof useDashboardQuery>;
  /** Purchased tests left; undefined while loading. */
  available: number | undefined;
}) {
  const { t } = useStaffText();
  const navigate = useNavigate();
  const { form, sort, status, update, exportFilters, isFiltered } = query;
  const canCreate = available !== undefined && available > 0;
  const noTestsLeft = available !== undefined && available <= 0;
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('dashboard.filters.search')}
            placeholder={t('dashboard.filters.searchPlaceholder')}
            aria-label={t('dashboard.filters.searchPlaceholder')}
            type="search"
            maxLength={SEARCH_MAX}
            value={query.searchText}
            onChange={(event) => query.setSearchText(event.currentTarget.value)}
            w={240}
          />
          <NativeSelect
            label={t('dashboard.filters.form')}
            value={form ?? ''}
            onChange={(event) => update({ form: parseAssessmentForm(event.currentTarget.value) ?? '', page: 1 })}
            data={[
              { value: '', label: t('dashboard.filters.allForms') },
              ...ASSESSMENT_FORM_CHOICES.map((choice) => ({
                value: choice.id,
                label: t(FORM_TEXT[choice.id].label),
              })),
            ]}
            w={180}
          />
          <NativeSelect
            label={t('dashboard.filters.sortBy')}
            value={sort}
            onChange={(event) => update({ sort: parseAssessmentSort(event.currentTarget.value), page: 1 })}
            data={ASSESSMENT_SORTS.map((value) => ({ value, label: t(SORT_TEXT[value]) }))}
            w={240}
          />
          <NativeSelect
            label={t('dashboard.filters.status')}
            value={status}
            onChange={(event) => update({ status: parseAssessmentStatusFilter(event.currentTarget.value), page: 1 })}
            data={ASSESSMENT_STATUS_FILTERS.map((value) => ({
              value,
              label: t(STATUS_FILTER_TEXT[value]),
            }))}
            w={160}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Text fw={600} data-testid="tests-available">
            {t('dashboard.testsAvailable', { available: available ?? '…' })}
          </Text>
          <Button
            onClick={() => void navigate('/createtest')}
            disabled={!canCreate}
            aria-describedby={noTestsLeft ? 'no-tests-help' : undefined}
          >
            {t('dashboard.createTest')}
          </Button>
          <Button
            component="a"
            href={downloadPath('exportCsv', {}, exportFilters)}
            download
            variant="default"
            title={isFiltered ? t('dashboard.csvFilteredTitle') : t('dashboard.csvAllTitle')}
            data-testid="download-csv"
          >
            {isFiltered ? t('dashboard.csvFiltered') : t('dashboard.csv')}
          </Button>
          <Button
            component="a"
            href={downloadPath('exportFhirNdjson', {}, exportFilters)}
            download
            variant="default"
            title={isFiltered ? t('dashboard.fhirNdjsonFilteredTitle') : t('dashboard.fhirNdjsonTitle')}
            data-testid="download-fhir-ndjson"
          >
            {isFiltered ? t('dashboard.fhirNdjsonFiltered') : t('dashboard.fhirNdjson')}
          </Button>
          <Button component="a" href={downloadPath('exportDictionary')} download variant="subtle">
            {t('dashboard.csvDictionary')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
