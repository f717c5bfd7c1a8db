import { useState, type FormEvent } from 'react';
import { useLocalLogin, useLocalRegister } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useStaffText } from '../../i18n/staff-language';

export type LocalAccountMode = 'login' | 'register';

/**
 * The local-account form's state and its submit: log in, or register and then log in with the same credentials;
 * each failure as a message a person can act on (the server's own for too many attempts).
 */
export function useLocalAccount() {
  const { t } = useStaffText();
  const [mode, setModeState] = useState<LocalAccountMode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const login = useLocalLogin();
  const register = useLocalRegister();

  const setMode = (next: LocalAccountMode) => {
    setModeState(next);
    setMessage(null);
  };

  const logIn = async () => {
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
  };

  const registerAndLogIn = async () => {
    try {
      await register.mutateAsync({ username, password });
      // docs/product-spec.md §4: after registering, log in with the same credentials, then show the login form.
      await login.mutateAsync({ username, password });
      setModeState('login');
      window.location.assign('/login-local');
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
      // Too many registrations from this address: the server's message says when to try again.
      const tooMany = error instanceof ApiError && error.status === 429 ? error.message : undefined;
      setMessage({ kind: 'error', text: tooMany ?? fieldMessage ?? t('login.registerFailed') });
    }
  };

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
    await (mode === 'login' ? logIn() : registerAndLogIn());
  };

  return {
    mode,
    setMode,
    username,
    setUsername,
    password,
    setPassword,
    message,
    submit,
    isPending: login.isPending || register.isPending,
  };
}
