import { describe, expect, it } from 'vitest';
import {
  InstituteLoginError,
  isUnreachableError,
  PROVIDER_MESSAGES,
  tokenFetchFailedMessage,
  verifierLengthMessage,
} from './login-errors';

describe("the spec's provider messages (§5, §8)", () => {
  it('are word for word', () => {
    expect(PROVIDER_MESSAGES.missingCodeOrState).toBe('Missing code or _state');
    expect(PROVIDER_MESSAGES.invalidState).toBe('Invalid _state');
    expect(PROVIDER_MESSAGES.noContactId).toBe('You do not have access to this page');
    expect(verifierLengthMessage(12)).toBe('Expected a length between 43 and 128. Received 12.');
    expect(tokenFetchFailedMessage('Bad Request', 'abc-123')).toBe(
      'Failed to fetch tokens from OAuth API: Bad Request. request id: abc-123',
    );
    expect(tokenFetchFailedMessage('Unauthorized', null)).toBe(
      'Failed to fetch tokens from OAuth API: Unauthorized. request id: null',
    );
  });

  it('carry the /login?error= key and an optional next stop', () => {
    const error = new InstituteLoginError('no_access', 'no contact', { redirectTo: 'https://site/logout' });
    expect(error).toMatchObject({ key: 'no_access', redirectTo: 'https://site/logout', message: 'no contact' });
    expect(new InstituteLoginError('callback', 'x').redirectTo).toBeNull();
  });
});

describe('isUnreachableError', () => {
  it('recognises timeouts, refused connections and failed fetches, also as causes', () => {
    expect(isUnreachableError(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isUnreachableError(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isUnreachableError(
        new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ENOTFOUND' }) }),
      ),
    ).toBe(true);
    expect(isUnreachableError(new Error('wrapped', { cause: new DOMException('aborted', 'AbortError') }))).toBe(true);
  });

  it('does not mistake an answer for an outage', () => {
    expect(isUnreachableError(new Error('invalid_grant'))).toBe(false);
    expect(isUnreachableError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isUnreachableError(null)).toBe(false);
  });
});
