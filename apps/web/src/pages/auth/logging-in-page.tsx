import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../api/auth';
import { useStaffText } from '../../i18n/staff-language';

/**
 * `/login-callback` and `/login-local`: 'Logging in...' while the session is confirmed.
 * A provider configured to return to /login-callback is forwarded to the server's callback.
 */
export default function LoggingInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const isProviderReturn = location.pathname === '/login-callback' && location.search.includes('state=');
  const me = useMe();
  const { t } = useStaffText();

  useEffect(() => {
    if (isProviderReturn) {
      window.location.replace(`/auth/callback${location.search}`);
      return;
    }
    if (me.isPending) {
      return;
    }
    void navigate(me.data ? '/dashboard' : '/login?error=not_logged_in', { replace: true });
  }, [isProviderReturn, location.search, me.isPending, me.data, navigate]);

  return (
    <Center mih="100vh" component="main">
      <Stack align="center">
        <Loader aria-hidden />
        <Text size="lg">{t('loggingIn.text')}</Text>
      </Stack>
    </Center>
  );
}
