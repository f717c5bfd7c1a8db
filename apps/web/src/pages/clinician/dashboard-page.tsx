import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import {
  ASSESSMENT_FORM_CHOICES,
  ASSESSMENT_STATUS_FILTERS,
  ASSESSMENT_SORTS,
  ASSESSMENTS_PAGE_SIZE,
  DEFAULT_ASSESSMENT_SORT,
  FORM_ITEM_COUNTS,
  SEARCH_MAX,
  downloadPath,
  parseAssessmentForm,
  parseAssessmentSort,
  parseAssessmentStatusFilter,
  parsePageNumber,
  type AssessmentSort,
  type AssessmentStatusFilter,
  type TAssessmentListItem,
  type TMe,
} from '@pid5/contract';
import { useAssessments, useCredits } from '../../api/assessments';
import { EmptyTableRow } from '../../components/empty-table-row';
import { LoadErrorAlert } from '../../components/load-states';
import { NoTestsHelp } from '../../components/no-tests-help';
import { PagedListFooter } from '../../components/page-controls';
import { daysLeft, isToday } from '../../lib/dates';
import { FORM_TEXT, SORT_TEXT, STATUS_FILTER_TEXT } from '../../i18n/choice-wording';
import { StaffRichText, useStaffText } from '../../i18n/staff-language';
import { filterSearchParams } from '../../lib/search-params';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { TableScrollRegion } from '../../components/table-scroll-region';

const SEARCH_DELAY_MS = 300;

/**
 * `/dashboard`: the assessments table (docs/product-spec.md §2), clinician and admin variants. Search, the form filter, sort
 * and page live in the URL.
 */
export default function DashboardPage() {
  const me = useOutletContext<TMe>();
  const { t } = useStaffText();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const sort = parseAssessmentSort(params.get('sort'));
  const status = parseAssessmentStatusFilter(params.get('status'));
  const page = parsePageNumber(params.get('page'));
  const form = parseAssessmentForm(params.get('form'));

  const list = useAssessments({ search, sort, status, page, form: form ?? undefined });
  // The export lists what the table lists (every page of it): the same search, status and form.
  const exportFilters = Object.fromEntries(
    filterSearchParams({ search: search.trim(), status, form: form ?? '' }, { status: 'all' }),
  );
  const isFiltered = Object.keys(exportFilters).length > 0;
  const credits = useCredits();
  const isAdminView = me.role === 'admin' && me.viewMode === 'admin';
  const created = (location.state as { createdId?: number; patientId?: string } | null) ?? null;

  const update = (changes: {
    search?: string;
    sort?: AssessmentSort;
    status?: AssessmentStatusFilter;
    page?: number;
    form?: string;
  }) => {
    const query = filterSearchParams(
      { search, form: form ?? '', sort, status, page, ...changes },
      { sort: DEFAULT_ASSESSMENT_SORT, status: 'all', page: 1 },
    );
    setParams(query, { replace: changes.page === undefined });
  };

  // The search box updates the URL after a short pause; a search always starts again at page 1.
  const [searchText, setSearchText] = useState(search);
  const lastSent = useRef(search);
  useEffect(() => {
    if (search !== lastSent.current) {
      // The URL changed from outside (back button, a link): show its search.
      lastSent.current = search;
      setSearchText(search);
    }
  }, [search]);
  useEffect(() => {
    if (searchText.trim() === lastSent.current) {
      return;
    }
    const timer = setTimeout(() => {
      lastSent.current = searchText.trim();
      update({ search: searchText.trim(), page: 1 });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `update` reads the current URL each render.
  }, [searchText]);

  // A page number past the end (an old link) moves to the last page the server answered with.
  const servedPage = list.data?.page;
  useEffect(() => {
    if (servedPage !== undefined && servedPage !== page && !list.isPlaceholderData) {
      update({ page: servedPage });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the served page differs.
  }, [servedPage, page, list.isPlaceholderData]);

  const available = credits.data?.available;
  const canCreate = available !== undefined && available > 0;
  const noTestsLeft = available !== undefined && available <= 0;
  const columnCount = isAdminView ? 8 : 7;

  return (
    <Container size="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <StaffPageHeading title={isAdminView ? t('dashboard.titleAll') : t('dashboard.title')} />
          {/* One group at the right: with three children, space-between left this link floating in the middle. */}
          <Group gap="xs">
            {/* Patients colleagues shared with this user: not in this list, which holds their own tests. */}
            <Button component={Link} to="/shared" variant="subtle" size="xs">
              {t('dashboard.sharedWithMe')}
            </Button>
            {me.role === 'admin' && (
              <>
                <Button component={Link} to="/admin/credits" variant="light" size="xs">
                  {t('dashboard.grantTests')}
                </Button>
                <Button component={Link} to="/admin/audit" variant="light" size="xs">
                  {t('dashboard.auditLog')}
                </Button>
                <Button component={Link} to="/admin/patients" variant="light" size="xs">
                  {t('dashboard.patientData')}
                </Button>
              </>
            )}
          </Group>
        </Group>

        {created?.createdId !== undefined && (
          <Alert
            color="teal"
            role="status"
            title={t('dashboard.created.title')}
            withCloseButton
            closeButtonLabel={t('dashboard.created.dismiss')}
            onClose={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
          >
            <StaffRichText
              id={created.patientId ? 'dashboard.created.text' : 'dashboard.created.textNoId'}
              values={{ patientId: created.patientId ?? '' }}
              components={{ 0: <Anchor component={Link} to={`/details/${created.createdId}`} inherit /> }}
            />
          </Alert>
        )}

        <Paper withBorder p="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('dashboard.filters.search')}
                placeholder={t('dashboard.filters.searchPlaceholder')}
                aria-label={t('dashboard.filters.searchPlaceholder')}
                type="search"
                maxLength={SEARCH_MAX}
                value={searchText}
                onChange={(event) => setSearchText(event.currentTarget.value)}
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
                onChange={(event) =>
                  update({ status: parseAssessmentStatusFilter(event.currentTarget.value), page: 1 })
                }
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

        {noTestsLeft && (
          <Text size="sm" id="no-tests-help" data-testid="no-tests-help">
            <NoTestsHelp me={me} />
          </Text>
        )}

        <LoadErrorAlert error={list.error} />

        <TableScrollRegion label={isAdminView ? t('dashboard.titleAll') : t('dashboard.title')} minWidth={720}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-busy={list.isFetching}
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.col.patientId')}</Table.Th>
                <Table.Th>{t('dashboard.col.answered')}</Table.Th>
                <Table.Th>{t('dashboard.col.form')}</Table.Th>
                <Table.Th>{t('dashboard.col.created')}</Table.Th>
                <Table.Th>{t('dashboard.col.due')}</Table.Th>
                <Table.Th>{t('dashboard.col.daysLeft')}</Table.Th>
                {isAdminView && <Table.Th>{t('dashboard.col.clinician')}</Table.Th>}
                <Table.Th>{t('dashboard.col.action')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending ? (
                <SkeletonRows columns={columnCount} />
              ) : list.data && list.data.items.length > 0 ? (
                list.data.items.map((item) => <AssessmentRow key={item.id} item={item} isAdminView={isAdminView} />)
              ) : (
                <EmptyTableRow columns={columnCount}>{t('dashboard.none')}</EmptyTableRow>
              )}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>

        <PagedListFooter
          label={t('dashboard.pages')}
          list={list.data}
          count={(count) => t('dashboard.count', { count })}
          page={page}
          onChange={(next) => update({ page: next })}
        />
      </Stack>
    </Container>
  );
}

function AssessmentRow({ item, isAdminView }: { item: TAssessmentListItem; isAdminView: boolean }) {
  const { t, formatDate } = useStaffText();
  const navigate = useNavigate();
  const itemCount = FORM_ITEM_COUNTS[item.form];
  const isComplete = item.answeredCount >= itemCount || item.finishedAt !== null;
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.patientId}</Table.Td>
      <Table.Td>
        {isComplete ? (
          // At its full width: a narrow column would cut a longer word (German) short.
          <Badge color="teal" variant="filled" style={{ textTransform: 'none', minWidth: 'max-content' }}>
            {t('dashboard.row.completed')}
          </Badge>
        ) : (
          t('dashboard.row.answeredOf', { answered: item.answeredCount, total: itemCount })
        )}
      </Table.Td>
      <Table.Td>{t(FORM_TEXT[item.form].short)}</Table.Td>
      <Table.Td>{formatDate(item.createdAt)}</Table.Td>
      <Table.Td>{formatDate(item.dueAt)}</Table.Td>
      <Table.Td>
        <DaysLeft item={item} />
      </Table.Td>
      {isAdminView && <Table.Td>{item.clinician?.username ?? ''}</Table.Td>}
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={() => void navigate(`/details/${item.id}`)}
          aria-label={t('dashboard.row.detailsFor', { patientId: item.patientId })}
        >
          {t('dashboard.row.details')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Days Left (docs/product-spec.md §4), with the state a 0 hides: an expired test shows an Expired badge, a test due later
 * today 'Due today'; a completed test has nothing left to count down ('—').
 */
function DaysLeft({ item }: { item: TAssessmentListItem }) {
  const { t } = useStaffText();
  if (item.status === 'completed') {
    // The dash for the eye, the words for a screen reader (an aria-label on a plain span may not be read).
    return (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>{t('dashboard.row.noDaysLeft')}</VisuallyHidden>
      </>
    );
  }
  if (item.status === 'expired') {
    return (
      <Badge color="red" variant="filled" style={{ textTransform: 'none' }}>
        {t('dashboard.row.expired')}
      </Badge>
    );
  }
  if (isToday(item.dueAt, new Date())) {
    return <>{t('dashboard.row.dueToday')}</>;
  }
  return <>{daysLeft(item.dueAt, new Date())}</>;
}

function SkeletonRows({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: ASSESSMENTS_PAGE_SIZE }, (_, row) => (
        <Table.Tr key={row} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
