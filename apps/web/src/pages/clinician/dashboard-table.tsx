import { Badge, Button, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ASSESSMENTS_PAGE_SIZE, FORM_ITEM_COUNTS, type TAssessmentListItem } from '@pid5/contract';
import type { useAssessments } from '../../api/assessments';
import { EmptyTableRow } from '../../components/empty-table-row';
import { TableScrollRegion } from '../../components/table-scroll-region';
import { FORM_TEXT } from '../../i18n/choice-wording';
import { useStaffText } from '../../i18n/staff-language';
import { daysLeft, isToday } from '../../lib/dates';

/** The dashboard's table of tests, one page of them; the admin's view adds the Clinician column. */
export function AssessmentsTable({
  list,
  label,
  isAdminView,
}: {
  list: ReturnType<typeof useAssessments>;
  label: string;
  isAdminView: boolean;
}) {
  const { t } = useStaffText();
  const columnCount = isAdminView ? 8 : 7;
  return (
    <TableScrollRegion label={label} minWidth={720}>
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
