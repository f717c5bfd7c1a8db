import { Alert, Anchor, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate, useOutletContext } from 'react-router';
import type { TMe } from '@pid5/contract';
import { useCredits } from '../../api/assessments';
import { LoadErrorAlert } from '../../components/load-states';
import { NoTestsHelp } from '../../components/no-tests-help';
import { PagedListFooter } from '../../components/page-controls';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { StaffRichText, useStaffText } from '../../i18n/staff-language';
import { AssessmentsTable } from './dashboard-table';
import { DashboardToolbar } from './dashboard-toolbar';
import { useDashboardQuery } from './use-dashboard-query';

/**
 * `/dashboard`: the assessments table (docs/product-spec.md §2), clinician and admin variants. Search, the form filter, sort
 * and page live in the URL.
 */
export default function DashboardPage() {
  const me = useOutletContext<TMe>();
  const { t } = useStaffText();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useDashboardQuery();
  const { list, page } = query;
  const credits = useCredits();
  const isAdminView = me.role === 'admin' && me.viewMode === 'admin';
  const created = (location.state as { createdId?: number; patientId?: string } | null) ?? null;

  const available = credits.data?.available;
  const noTestsLeft = available !== undefined && available <= 0;

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

        <DashboardToolbar query={query} available={available} />

        {noTestsLeft && (
          <Text size="sm" id="no-tests-help" data-testid="no-tests-help">
            <NoTestsHelp me={me} />
          </Text>
        )}

        <LoadErrorAlert error={list.error} />

        <AssessmentsTable
          list={list}
          label={isAdminView ? t('dashboard.titleAll') : t('dashboard.title')}
          isAdminView={isAdminView}
        />

        <PagedListFooter
          label={t('dashboard.pages')}
          list={list.data}
          count={(count) => t('dashboard.count', { count })}
          page={page}
          onChange={(next) => query.update({ page: next })}
        />
      </Stack>
    </Container>
  );
}
