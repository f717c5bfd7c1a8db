import { Container, Stack } from '@mantine/core';
import { BackButton } from '../../components/back-button';
import { LoadErrorAlert } from '../../components/load-states';
import { PagedListFooter } from '../../components/page-controls';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { useStaffText } from '../../i18n/staff-language';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { useAuditQuery } from './use-audit-query';

/** `/admin/audit`: who viewed or changed what, and when (DESIGN.md "Data model" and "Screens"). Filters live in the URL. */
export default function AuditPage() {
  const { t } = useStaffText();
  const query = useAuditQuery();

  return (
    <Container size="xl">
      <Stack gap="md">
        <BackButton to="/dashboard" />
        <StaffPageHeading title={t('audit.title')} />
        <AuditFilters query={query} />
        <LoadErrorAlert error={query.log.error} />
        <AuditTable log={query.log} />
        <PagedListFooter
          label={t('audit.pages')}
          list={query.log.data}
          count={(count) => t('audit.count', { count })}
          page={query.page}
          onChange={(next) => query.update({ page: next })}
        />
      </Stack>
    </Container>
  );
}
