import { createHash, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../db/database';
import { clientAssertionIds } from '../db/schema';
import type { Clock } from '../lib/clock';
import { ASSERTION_ALGORITHMS, type SystemClient } from './system-clients';

// How a machine client proves who it is at the token endpoint (decision 0057): a signed assertion (private_key_jwt,
// RFC 7523, each accepted once) or its secret (client_secret_basic). Issuing and verifying tokens: system-tokens.ts.

/** An assertion may not live longer than this (SMART Backend Services: exp at most five minutes ahead). */
const MAX_ASSERTION_SECONDS = 300;
/** Clock difference tolerated between the client's clock and ours when checking an assertion. */
const CLOCK_SKEW_SECONDS = 30;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A refusal of the token endpoint as RFC 6749 §5.2 words it: the error code, a description, the HTTP status. */
export class TokenRequestError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
    readonly status: 400 | 401 = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
  }
}

/** The token endpoint's form, already checked for its shape (the route's schema). */
export interface TokenRequest {
  grantType: string;
  scope: string | undefined;
  clientId: string | undefined;
  clientAssertionType: string | undefined;
  clientAssertion: string | undefined;
  /** The Authorization header, for client_secret_basic. */
  authorization: string | undefined;
}

/** The registered client a token request authenticates as, or a TokenRequestError saying why not. */
export function createClientAuthentication(options: {
  clients: ReadonlyMap<string, SystemClient>;
  /** The token endpoint's URL: an assertion's required audience. */
  tokenUrl: string;
  db: Db;
  clock: Clock;
}): (request: TokenRequest) => Promise<SystemClient> {
  const { clients, tokenUrl, db, clock } = options;
  const keySets = new Map(
    [...clients.values()].flatMap((client) =>
      client.jwks ? [[client.clientId, createLocalJWKSet(client.jwks as Parameters<typeof createLocalJWKSet>[0])]] : [],
    ),
  );

  /** The client behind a signed assertion (private_key_jwt, RFC 7523), each assertion accepted once. */
  async function clientFromAssertion(assertion: string, clientIdField: string | undefined): Promise<SystemClient> {
    let claimedId: unknown;
    try {
      claimedId = decodeJwt(assertion).iss;
    } catch {
      throw new TokenRequestError('invalid_client', 'client_assertion is not a JWT.');
    }
    const client = typeof claimedId === 'string' ? clients.get(claimedId) : undefined;
    const keySet = client ? keySets.get(client.clientId) : undefined;
    if (!client || !keySet) {
      throw new TokenRequestError('invalid_client', 'The assertion names no client registered with a public key.');
    }
    if (clientIdField !== undefined && clientIdField !== client.clientId) {
      throw new TokenRequestError('invalid_client', "client_id differs from the assertion's issuer.");
    }
    let payload: { exp?: number; jti?: string };
    try {
      ({ payload } = await jwtVerify(assertion, keySet, {
        algorithms: [...ASSERTION_ALGORITHMS],
        issuer: client.clientId,
        subject: client.clientId,
        audience: tokenUrl,
        requiredClaims: ['exp', 'jti'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: clock.now(),
      }));
    } catch (error) {
      throw new TokenRequestError('invalid_client', assertionProblem(error, tokenUrl));
    }
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    if (payload.exp! > nowSeconds + MAX_ASSERTION_SECONDS + CLOCK_SKEW_SECONDS) {
      throw new TokenRequestError('invalid_client', 'The assertion expires more than 5 minutes from now (exp).');
    }
    if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 200) {
      throw new TokenRequestError('invalid_client', 'The assertion needs a jti of 1-200 characters.');
    }
    await acceptAssertionOnce({ db, clock }, client.clientId, { jti: payload.jti, exp: payload.exp! });
    return client;
  }

  async function authenticate(request: TokenRequest): Promise<SystemClient> {
    if (request.clientAssertion !== undefined || request.clientAssertionType !== undefined) {
      if (request.authorization !== undefined) {
        throw new TokenRequestError('invalid_request', 'Use one client authentication: an assertion or Basic.');
      }
      if (request.clientAssertionType !== JWT_BEARER || request.clientAssertion === undefined) {
        throw new TokenRequestError(
          'invalid_request',
          `client_assertion_type must be ${JWT_BEARER}, with client_assertion.`,
        );
      }
      return clientFromAssertion(request.clientAssertion, request.clientId);
    }
    if (request.authorization !== undefined) {
      return clientFromBasic(clients, request.authorization);
    }
    throw new TokenRequestError(
      'invalid_client',
      'No client authentication: send a signed client_assertion (private_key_jwt) or Basic credentials.',
    );
  }

  return authenticate;
}

/** The client behind client_secret_basic (RFC 6749 §2.3.1: both parts form-urlencoded), or a 401. */
function clientFromBasic(clients: ReadonlyMap<string, SystemClient>, authorization: string): SystemClient {
  const encoded = /^Basic ([A-Za-z0-9+/=]{1,1000})$/i.exec(authorization)?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) {
    throw new TokenRequestError('invalid_client', 'The Authorization header is not Basic client_id:client_secret.');
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return '';
    }
  };
  const client = clients.get(decode(decoded.slice(0, colon)));
  const given = createHash('sha256')
    .update(decode(decoded.slice(colon + 1)))
    .digest();
  // Compared in constant time, and an unknown client costs the same hash: the answer says nothing about which failed.
  const expected = Buffer.from(client?.clientSecretSha256 ?? '0'.repeat(64), 'hex');
  if (!client?.clientSecretSha256 || !timingSafeEqual(given, expected)) {
    throw new TokenRequestError('invalid_client', 'Unknown client or wrong client secret.');
  }
  return client;
}
/**
 * Records the assertion's jti until it expires (expired ones are dropped first); an assertion whose jti is already
 * there was used before and is refused.
 */
async function acceptAssertionOnce(
  { db, clock }: { db: Db; clock: Clock },
  clientId: string,
  assertion: { jti: string; exp: number },
): Promise<void> {
  await db.delete(clientAssertionIds).where(lt(clientAssertionIds.expiresAt, clock.now()));
  const kept = await db
    .insert(clientAssertionIds)
    .values({ clientId, jti: assertion.jti, expiresAt: new Date((assertion.exp + CLOCK_SKEW_SECONDS) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: clientAssertionIds.jti });
  if (kept.length === 0) {
    throw new TokenRequestError('invalid_client', 'This assertion (its jti) was used before; sign a new one.');
  }
}

/** Why jose refused an assertion, in words an integrator can act on (never the assertion itself). */
function assertionProblem(error: unknown, tokenUrl: string): string {
  if (error instanceof joseErrors.JWTExpired) {
    return 'The assertion has expired (exp).';
  }
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return error.claim === 'aud'
      ? `The assertion's aud must be the token endpoint, ${tokenUrl}.`
      : `The assertion's ${error.claim} claim is not valid (${error.reason}).`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    return `The assertion must be signed with ${ASSERTION_ALGORITHMS.join(' or ')}.`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return "The assertion's signature does not verify with the client's registered keys.";
  }
  return 'The assertion is not valid.';
}
