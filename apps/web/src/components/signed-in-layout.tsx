import { Alert, AppShell, Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../api/auth';
import { useStaffText } from '../i18n/staff-language';
import { AppHeader } from './app-header';

/** Signed-in pages: the header above, and a visitor without a session is sent to /login. */
export default function SignedInLayout() {
  const me = useMe();
  const { t } = useStaffText();
  useEffect(() => {
    // The sticky header is 64 px: a control scrolled to by Tab or Shift+Tab stops below it, never behind (2.4.11).
    const root = document.documentElement.style;
    root.scrollPaddingTop = 'calc(64px + 1rem)';
    root.scrollPaddingBottom = '1rem';
    return () => {
      root.scrollPaddingTop = '';
      root.scrollPaddingBottom = '';
    };
  }, []);
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('staff.loading')} />
      </Center>
    );
  }
  if (!me.data) {
    return <Navigate to={me.isError ? '/login?error=not_logged_in' : '/login'} replace />;
  }
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <AppHeader me={me.data} />
      </AppShell.Header>
      <AppShell.Main>
        {me.data.institute.demonstrationItemsInProduction && (
          <Alert color="red" mb="md" role="alert">
            {t('staff.demonstrationItemsInProduction')}
          </Alert>
        )}
        <Outlet context={me.data} />
      </AppShell.Main>
    </AppShell>
  );
}
