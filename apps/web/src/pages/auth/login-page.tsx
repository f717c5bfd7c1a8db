import {
  Alert,
  Button,
  Center,
  Divider,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LOGIN_ERROR_MESSAGES, type LoginErrorKey } from '@pid5/contract';
import { useAuthMethods, useLocalLogin, useLocalRegister, useMe } from '../../api/auth';
import { ApiError } from '../../api/client';

function loginErrorText(key: string | null): string | null {
  return key && key in LOGIN_ERROR_MESSAGES ? LOGIN_ERROR_MESSAGES[key as LoginErrorKey] : null;
}

/** `/login` and `/`: the institute login, and local accounts where the installation enables them. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const me = useMe();
  const methods = useAuthMethods();
  const errorText = loginErrorText(params.get('error'));

  if (me.data) {
    return <Navigate to="/dashboard" replace />;
  }
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <Stack>
          <Center>
            <img src="/logo.svg" alt="" width={48} height={48} />
          </Center>
          <Title order={1} size="h3" ta="center">
            Please login through the institute
          </Title>
          {errorText && (
            <Alert color="red" role="alert" title="Login failed">
              {errorText}
            </Alert>
          )}
          <Button component="a" href="/auth/login" size="md" fullWidth>
            Login
          </Button>
          {methods.data?.localAccounts && <LocalAccountForms />}
        </Stack>
      </Paper>
    </Center>
  );
}

function LocalAccountForms() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const login = useLocalLogin();
  const register = useLocalRegister();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!username.trim() || !password) {
      setMessage({
        kind: 'error',
        text: mode === 'login' ? 'Enter your username and password!' : 'Choose a username and password!',
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
              ? "Oops! The username and password didn't match. Try again!"
              : error instanceof ApiError && error.status === 429
                ? error.message
                : 'Oops! Something went wrong! Is the server running?',
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
      setMessage({
        kind: 'error',
        text: fieldMessage ?? "Oops! That didn't work. The username might already be taken. Try again!",
      });
    }
  };

  return (
    <>
      <Divider label="or with a username and password" labelPosition="center" />
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as 'login' | 'register');
          setMessage(null);
        }}
        data={[
          { label: 'Log in', value: 'login' },
          { label: 'Register', value: 'register' },
        ]}
        aria-label="Log in or register"
      />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            description={mode === 'register' ? 'At least 10 characters.' : undefined}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          {message && (
            <Text role="alert" c={message.kind === 'error' ? 'red.8' : 'teal.8'} size="sm">
              {message.text}
            </Text>
          )}
          <Button type="submit" variant="light" loading={login.isPending || register.isPending}>
            {mode === 'login' ? 'Log in' : 'Register'}
          </Button>
        </Stack>
      </form>
    </>
  );
}
