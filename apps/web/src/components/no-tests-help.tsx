import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { TMe } from '@pid5/contract';
import { StaffRichText, useStaffText } from '../i18n/staff-language';

/**
 * Why Create Test is disabled and what to do: an admin grants tests (to themselves too); a clinician
 * buys them in the institute's store when one is configured (TESTS_STORE_URL, e.g. the Wix store), else asks.
 */
export function NoTestsHelp({ me }: { me: TMe }) {
  const { t } = useStaffText();
  if (me.role === 'admin') {
    return (
      <StaffRichText id="noTests.admin" components={{ 0: <Anchor component={Link} to="/admin/credits" inherit /> }} />
    );
  }
  if (me.institute.testsStoreUrl) {
    return (
      <StaffRichText
        id="noTests.store"
        components={{
          0: <Anchor href={me.institute.testsStoreUrl} target="_blank" rel="noopener noreferrer" inherit />,
        }}
      />
    );
  }
  return <>{t('noTests.askAdmin')}</>;
}
