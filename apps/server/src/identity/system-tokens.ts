import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database';
import { clientAssertionIds } from '../db/schema';
import type { Clock } from '../lib/clock';
import { ASSERTION_ALGORITHMS, canonicalScope, type SystemClient, type SystemScope } from './system-clients';

// OAuth 2.0 client credentials for machine clients, SMART Backend Services style (decision 0057): a registered
// client proves who it is (a signed assertion, private_key_jwt, or its secret, client_secret_basic) and gets a short
// access token for the FHIR read API. The token is a JWT signed with a key derived from APP_SECRET (nothing stored):
// every server process with the same secret verifies it, and it names the client and the scopes granted.

/** How long an access token lives. Short: a stolen token is worth minutes, and a removed client is out at once. */
export const ACCESS_TOKEN_SECONDS = 300;
/** An assertion may not live longer than this (SMART Backend Services: exp at most five minutes ahead). */
const MAX_ASSERTION_SECONDS = 300;
/** Clock difference tolerated between the client's clock and ours when checking an assertion. */
const CLOCK_SKEW_SECONDS = 30;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const TOKEN_ALGORITHM = 'HS256';

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

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** Who a verified access token names: the registered client, and the scopes it was granted (and still has). */
export interface SystemIdentity {
  clientId: string;
  scopes: readonly SystemScope[];
}

export interface SystemTokens {
  /** The token endpoint's URL (an assertion's `aud`), advertised in the CapabilityStatement and smart-configuration. */
  readonly tokenUrl: string;
  issue(request: TokenRequest): Promise<IssuedToken>;
  /** The client a bearer token names, or null when it is not one of ours, expired, or its client is gone. */
  verify(token: string): Promise<SystemIdentity | null>;
  /** Signs the FHIR search cursors (base64url HMAC-SHA256 with a key derived from APP_SECRET for them alone). */
  readonly cursors: { mac(text: string): string };
}

export function createSystemTokens(options: {
  clients: ReadonlyMap<string, SystemClient>;
  appSecret: string;
  /** PUBLIC_URL: the issuer of our tokens, and the token endpoint's origin. */
  publicUrl: string;
  /** The FHIR base (FHIR_CANONICAL_BASE): our tokens' audience. */
  audience: string;
  db: Db;
  clock: Clock;
}): SystemTokens {
  const { clients, clock, db } = options;
  const issuer = options.publicUrl.replace(/\/$/, '');
  const tokenUrl = `${issuer}/auth/token`;
  // Derived, not the secret itself: a token key can never be used as a link-code key or the other way round.
  const signingKey = createHmac('sha256', options.appSecret).update('pid5 fhir access token v1').digest();
  const keySets = new Map(
    [...clients.values()].flatMap((client) =>
      client.jwks ? [[client.clientId, createLocalJWKSet(client.jwks as Parameters<typeof createLocalJWKSet>[0])]] : [],
    ),
  );

  /** The client behind client_secret_basic (RFC 6749 §2.3.1: both parts form-urlencoded), or a 401. */
  function clientFromBasic(authorization: string): SystemClient {
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
    await db.delete(clientAssertionIds).where(lt(clientAssertionIds.expiresAt, clock.now()));
    const kept = await db
      .insert(clientAssertionIds)
      .values({
        clientId: client.clientId,
        jti: payload.jti,
        expiresAt: new Date((payload.exp! + CLOCK_SKEW_SECONDS) * 1000),
      })
      .onConflictDoNothing()
      .returning({ jti: clientAssertionIds.jti });
    if (kept.length === 0) {
      throw new TokenRequestError('invalid_client', 'This assertion (its jti) was used before; sign a new one.');
    }
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
      return clientFromBasic(request.authorization);
    }
    throw new TokenRequestError(
      'invalid_client',
      'No client authentication: send a signed client_assertion (private_key_jwt) or Basic credentials.',
    );
  }

  const cursorKey = createHmac('sha256', options.appSecret).update('pid5 fhir search cursor v1').digest();

  return {
    tokenUrl,
    cursors: { mac: (text) => createHmac('sha256', cursorKey).update(text).digest('base64url') },

    async issue(request) {
      if (request.grantType !== 'client_credentials') {
        throw new TokenRequestError('unsupported_grant_type', 'grant_type must be client_credentials.');
      }
      const client = await authenticate(request);
      // RFC 6749 §3.3: the server may grant less than asked; what is granted is said in the answer's `scope`.
      const asked = (request.scope ?? '').split(' ').filter(Boolean);
      if (asked.length === 0) {
        throw new TokenRequestError('invalid_scope', `Ask for a scope: ${client.scopes.join(' ')}.`);
      }
      // Asked by its v1 or v2 name, granted by the name asked (the answer's scope repeats it).
      const granted = asked.filter((scope, index) => {
        const grant = canonicalScope(scope);
        return grant !== null && client.scopes.includes(grant) && asked.indexOf(scope) === index;
      });
      if (granted.length === 0) {
        throw new TokenRequestError(
          'invalid_scope',
          `None of these scopes is allowed for this client: ${client.scopes.join(' ')}.`,
        );
      }
      const now = Math.floor(clock.now().getTime() / 1000);
      const accessToken = await new SignJWT({ scope: granted.join(' ') })
        .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(options.audience)
        .setSubject(client.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(signingKey);
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: granted.join(' '),
      };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, signingKey, {
          algorithms: [TOKEN_ALGORITHM],
          issuer,
          audience: options.audience,
          typ: 'at+jwt',
          requiredClaims: ['exp', 'sub'],
          currentDate: clock.now(),
        });
        const client = clients.get(payload.sub!);
        if (!client || typeof payload.scope !== 'string') {
          return null;
        }
        // Only the scopes the client still has: a registration changed since the token was made counts at once.
        const scopes = [
          ...new Set(
            payload.scope
              .split(' ')
              .map(canonicalScope)
              .filter((scope): scope is SystemScope => scope !== null && client.scopes.includes(scope)),
          ),
        ];
        return { clientId: client.clientId, scopes };
      } catch {
        return null;
      }
    },
  };
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
