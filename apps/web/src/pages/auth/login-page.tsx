import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { LoginErrorKey } from '@pid5/contract';
import { useAuthMethods, useMe } from '../../api/auth';
import { LanguageMenu } from '../../components/app-header';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import { StaffPageHeading } from '../../components/staff-page-heading';
import { useLocalAccount, type LocalAccountMode } from './use-local-account';

/** The contract's login failures (`/login?error=…`), in the page's language. */
const LOGIN_ERRORS: Record<LoginErrorKey, StaffKey> = {
  callback: 'login.error.callback',
  no_access: 'login.error.noAccess',
  auth: 'login.error.auth',
  login: 'login.error.login',
  not_logged_in: 'login.error.notLoggedIn',
  unavailable: 'login.error.unavailable',
  not_set_up: 'login.error.notSetUp',
  sign_in_again: 'login.error.signInAgain',
};

function loginErrorKey(key: string | null): StaffKey | null {
  return key && Object.hasOwn(LOGIN_ERRORS, key) ? LOGIN_ERRORS[key as LoginErrorKey] : null;
}

/** `/login` and `/`: the institute login, and local accounts where the installation enables them. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const methods = useAuthMethods();
  const { t } = useStaffText();
  const errorKey = loginErrorKey(params.get('error'));

  if (me.data) {
    return <Navigate to="/dashboard" replace />;
  }
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack>
          <Group justify="flex-end" mb={-16}>
            <LanguageMenu />
          </Group>
          <Center>
            <img src="/logo.svg" alt="" width={48} height={48} />
          </Center>
          <StaffPageHeading title={t('login.title')} size="h3" ta="center" />
          {errorKey && (
            <Alert color="red" role="alert" title={t('login.failed')}>
              {t(errorKey)}
            </Alert>
          )}
          <Button component="a" href="/auth/login" size="md" fullWidth>
            {t('login.button')}
          </Button>
          {methods.data?.localAccounts && <LocalAccountForms />}
        </Stack>
      </Paper>
    </Center>
  );
}

function LocalAccountForms() {
  const { t } = useStaffText();
  const form = useLocalAccount();
  const [isPasswordShown, setIsPasswordShown] = useState(false);

  return (
    <>
      <Divider label={t('login.orLocal')} labelPosition="center" />
      <SegmentedControl
        value={form.mode}
        onChange={(value) => form.setMode(value as LocalAccountMode)}
        data={[
          { label: t('login.logIn'), value: 'login' },
          { label: t('login.register'), value: 'register' },
        ]}
        aria-label={t('login.modeLabel')}
      />
      <form onSubmit={(event) => void form.submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            value={form.username}
            onChange={(e) => form.setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete={form.mode === 'login' ? 'current-password' : 'new-password'}
            description={form.mode === 'register' ? t('login.passwordHint') : undefined}
            value={form.password}
            onChange={(e) => form.setPassword(e.currentTarget.value)}
            // Mantine's eye is mouse-only (no Tab stop, no name): a named toggle button in the Tab order that Space
            // and Enter press too (2.1.1, 4.1.2); aria-pressed says whether the password shows.
            visible={isPasswordShown}
            onVisibilityChange={setIsPasswordShown}
            visibilityToggleButtonProps={{
              tabIndex: 0,
              'aria-label': t('login.showPassword'),
              onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  setIsPasswordShown((shown) => !shown);
                }
              },
            }}
          />
          {form.message && (
            <Text role="alert" c={form.message.kind === 'error' ? 'red.8' : 'teal.8'} size="sm">
              {form.message.text}
            </Text>
          )}
          <Button type="submit" variant="light" loading={form.isPending}>
            {form.mode === 'login' ? t('login.logIn') : t('login.register')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
