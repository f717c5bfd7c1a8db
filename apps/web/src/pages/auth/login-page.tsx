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
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { LoginErrorKey } from '@pid5/contract';
import { useAuthMethods, useLocalLogin, useLocalRegister, useMe } from '../../api/auth';
import { ApiError } from '../../api/client';
import { LanguageMenu } from '../../components/app-header';
import { useStaffText, type StaffKey } from '../../i18n/staff-language';
import { StaffPageHeading } from '../../components/staff-page-heading';

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
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const login = useLocalLogin();
  const register = useLocalRegister();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!username.trim() || !password) {
      setMessage({
        kind: 'error',
        text: mode === 'login' ? t('login.enterCredentials') : t('login.chooseCredentials'),
      });
      return;
    }
    if (mode === 'login') {
      try {
        await login.mutateAsync({ username, password });
        window.location.assign('/login-local');
      } catch (error) {
        setMessage({
          kind: 'error',
          text:
            error instanceof ApiError && error.status === 401
              ? t('login.mismatch')
              : error instanceof ApiError && error.status === 429
                ? error.message
                : t('login.serverDown'),
        });
      }
      return;
    }
    try {
      await register.mutateAsync({ username, password });
      // docs/product-spec.md §4: after registering, log in with the same credentials, then show the login form.
      await login.mutateAsync({ username, password });
      setMode('login');
      window.location.assign('/login-local');
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      // Too many registrations from this address: the server's message says when to try again.
      const tooMany = error instanceof ApiError && error.status === 429 ? error.message : undefined;
      setMessage({
        kind: 'error',
        text: tooMany ?? fieldMessage ?? t('login.registerFailed'),
      });
    }
  };

  return (
    <>
      <Divider label={t('login.orLocal')} labelPosition="center" />
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as 'login' | 'register');
          setMessage(null);
        }}
        data={[
          { label: t('login.logIn'), value: 'login' },
          { label: t('login.register'), value: 'register' },
        ]}
        aria-label={t('login.modeLabel')}
      />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('login.username')}
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            description={mode === 'register' ? t('login.passwordHint') : undefined}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
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
          {message && (
            <Text role="alert" c={message.kind === 'error' ? 'red.8' : 'teal.8'} size="sm">
              {message.text}
            </Text>
          )}
          <Button type="submit" variant="light" loading={login.isPending || register.isPending}>
            {mode === 'login' ? t('login.logIn') : t('login.register')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
