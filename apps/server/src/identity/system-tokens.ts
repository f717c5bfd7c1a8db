import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { createClientAuthentication, TokenRequestError, type TokenRequest } from './client-authentication';
import { canonicalScope, type SystemClient, type SystemScope } from './system-clients';

// OAuth 2.0 client credentials for machine clients, SMART Backend Services style (decision 0057): a registered
// client proves who it is (a signed assertion, private_key_jwt, or its secret, client_secret_basic) and gets a short
// access token for the FHIR read API. The token is a JWT signed with a key derived from APP_SECRET (nothing stored):
// every server process with the same secret verifies it, and it names the client and the scopes granted.

/** How long an access token lives. Short: a stolen token is worth minutes, and a removed client is out at once. */
export const ACCESS_TOKEN_SECONDS = 300;

const TOKEN_ALGORITHM = 'HS256';

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
  const authenticate = createClientAuthentication({ clients, tokenUrl, db, clock });

  const cursorKey = createHmac('sha256', options.appSecret).update('pid5 fhir search cursor v1').digest();

  return {
    tokenUrl,
    cursors: { mac: (text) => createHmac('sha256', cursorKey).update(text).digest('base64url') },

    async issue(request) {
      if (request.grantType !== 'client_credentials') {
        throw new TokenRequestError('unsupported_grant_type', 'grant_type must be client_credentials.');
      }
      const client = await authenticate(request);
      const granted = grantedScopes(request.scope, client);
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

/**
 * The scopes a client is granted of those it asked for, each by the name asked (v1 or v2; the answer's scope repeats
 * it). RFC 6749 §3.3: the server may grant less than asked; none at all is a refusal.
 */
function grantedScopes(scope: string | undefined, client: SystemClient): string[] {
  const asked = (scope ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) {
    throw new TokenRequestError('invalid_scope', `Ask for a scope: ${client.scopes.join(' ')}.`);
  }
  const granted = asked.filter((name, index) => {
    const grant = canonicalScope(name);
    return grant !== null && client.scopes.includes(grant) && asked.indexOf(name) === index;
  });
  if (granted.length === 0) {
    throw new TokenRequestError(
      'invalid_scope',
      `None of these scopes is allowed for this client: ${client.scopes.join(' ')}.`,
    );
  }
  return granted;
}
