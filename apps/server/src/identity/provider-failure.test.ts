import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import {
  causeOfOAuthError,
  describeForLog,
  describeProviderFailure,
  LOGIN_ERROR_KEY_FOR,
  urlForLog,
} from './provider-failure';

// Errors shaped as openid-client 6 throws them (its own classes where it exports them); the integration tests
// (oidc-failures.int.test.ts) meet the real ones from the bundled provider.

describe('causeOfOAuthError (RFC 6749 §4.1.2.1, §5.2; OpenID Connect Core §3.1.2.6)', () => {
  it.each([
    ['access_denied', 'sign-in'],
    ['login_required', 'sign-in'],
    ['invalid_grant', 'sign-in'],
    ['invalid_client', 'configuration'],
    ['unauthorized_client', 'configuration'],
    ['invalid_request', 'configuration'],
    ['invalid_scope', 'configuration'],
    ['unsupported_response_type', 'configuration'],
    ['server_error', 'unreachable'],
    ['temporarily_unavailable', 'unreachable'],
  ] as const)('%s → %s', (error, cause) => {
    expect(causeOfOAuthError(error)).toBe(cause);
  });

  it('picks the contract message for each cause', () => {
    expect(LOGIN_ERROR_KEY_FOR).toEqual({
      unreachable: 'unavailable',
      configuration: 'not_set_up',
      'sign-in': 'sign_in_again',
    });
  });
});

describe('urlForLog', () => {
  it('keeps scheme, host and path only', () => {
    expect(urlForLog('https://user:pw@sso.example/realms/x/token?code=abc#frag')).toBe(
      'https://sso.example/realms/x/token',
    );
    expect(urlForLog('not a url')).toBeNull();
    expect(urlForLog(null)).toBeNull();
  });
});

/** openid-client's ClientError as its errorHandler builds it (the code is set from the options at run time). */
function clientError(message: string, cause: unknown, code?: string): oidc.ClientError {
  return Object.assign(new oidc.ClientError(message, { cause }), code ? { code } : {});
}

function responseFrom(url: string, status: number): Response {
  const response = new Response('{}', { status });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

describe('describeProviderFailure', () => {
  it("a token endpoint's error answer: URL, status, error and description, once", () => {
    const error = new oidc.ResponseBodyError('server responded with an error in the response body', {
      cause: { error: 'unauthorized_client', error_description: 'Client is not allowed' },
      response: responseFrom('https://sso.example/api/oidc/token?x=1', 403),
    });
    const failure = describeProviderFailure('token exchange', error);
    expect(failure).toMatchObject({
      step: 'token exchange',
      cause: 'configuration',
      url: 'https://sso.example/api/oidc/token',
      status: 403,
      error: 'unauthorized_client',
      errorDescription: 'Client is not allowed',
    });
    const line = describeForLog(failure);
    expect(line).toBe(
      'institute login failed at token exchange: https://sso.example/api/oidc/token: HTTP 403: ' +
        'unauthorized_client (Client is not allowed) - the provider refuses our configuration',
    );
    expect(line.split('server responded').length).toBe(1);
  });

  it('a 401 with a WWW-Authenticate challenge (invalid_client)', () => {
    const error = new oidc.WWWAuthenticateChallengeError('server responded with a challenge', {
      cause: [{ scheme: 'basic', parameters: { error: 'invalid_client', error_description: 'bad secret' } }],
      response: responseFrom('https://sso.example/token', 401),
    });
    expect(describeProviderFailure('token exchange', error)).toMatchObject({
      cause: 'configuration',
      status: 401,
      error: 'invalid_client',
      errorDescription: 'bad secret',
    });
  });

  it('an ID token signed with an algorithm we do not accept: the provider refuses our configuration', () => {
    const check = Object.assign(new Error('unexpected JWT "alg" header parameter'), {
      code: 'OAUTH_INVALID_RESPONSE',
      cause: { header: { alg: 'HS256' }, expected: 'RS256', reason: 'default value' },
    });
    const error = clientError('invalid response encountered', check, 'OAUTH_INVALID_RESPONSE');
    const failure = describeProviderFailure('ID token check', error, 'https://sso.example/jwks');
    expect(failure).toMatchObject({
      step: 'ID token check',
      cause: 'configuration',
      detail: 'unexpected JWT "alg" header parameter',
    });
    expect(describeForLog(failure)).toBe(
      'institute login failed at ID token check: https://sso.example/jwks: unexpected JWT "alg" header parameter - ' +
        'the provider refuses our configuration',
    );
  });

  it('an ID token for another sign-in (nonce) is the sign-in, not the set-up', () => {
    const check = Object.assign(new Error('unexpected ID Token "nonce" claim value'), {
      code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
    });
    const error = clientError('unexpected JWT claim value encountered', check);
    expect(describeProviderFailure('ID token check', error).cause).toBe('sign-in');
  });

  it('a 5xx, a refused connection and a timeout are outages', () => {
    const notConform = clientError(
      'unexpected HTTP response status code',
      responseFrom('https://sso.example/.well-known/openid-configuration', 503),
      'OAUTH_RESPONSE_IS_NOT_CONFORM',
    );
    expect(describeProviderFailure('discovery', notConform)).toMatchObject({ cause: 'unreachable', status: 503 });
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(describeProviderFailure('discovery', refused, 'http://127.0.0.1:9/x?y=1')).toMatchObject({
      cause: 'unreachable',
      url: 'http://127.0.0.1:9/x',
      detail: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    const timeout = new oidc.ClientError('operation timed out', {
      cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
    });
    expect(describeProviderFailure('userinfo', timeout).cause).toBe('unreachable');
  });

  it('a discovery 404 is our configuration (a wrong issuer)', () => {
    const notFound = clientError(
      'unexpected HTTP response status code',
      responseFrom('https://sso.example/wrong/.well-known/openid-configuration', 404),
      'OAUTH_RESPONSE_IS_NOT_CONFORM',
    );
    expect(describeProviderFailure('discovery', notFound)).toMatchObject({
      cause: 'configuration',
      status: 404,
      url: 'https://sso.example/wrong/.well-known/openid-configuration',
      detail: 'unexpected HTTP response status code',
    });
  });

  it('a discovery document for another issuer name: our configuration, with the name the provider uses', () => {
    const mismatch = clientError(
      'discovered metadata issuer does not match the expected issuer',
      { expected: 'https://10.0.0.5/realms/x', body: { issuer: 'https://sso.example/realms/x' }, attribute: 'issuer' },
      'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
    );
    expect(describeProviderFailure('discovery', mismatch, 'https://10.0.0.5/realms/x')).toMatchObject({
      cause: 'configuration',
      detail:
        'discovered metadata issuer does not match the expected issuer (the provider names itself https://sso.example/realms/x)',
    });
  });
});
