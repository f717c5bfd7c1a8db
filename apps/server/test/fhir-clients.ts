import { createHash, createHmac, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { TestServer } from './test-server';

// Machine clients of the FHIR read API for tests: key pairs, the FHIR_CLIENTS registration, signed assertions as an
// EHR would make them (SMART Backend Services), tokens from the real token endpoint over HTTP.

export interface KeyClient {
  clientId: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  alg: 'RS384' | 'ES384';
}

export async function keyClient(clientId: string, alg: 'RS384' | 'ES384' = 'RS384'): Promise<KeyClient> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { clientId, privateKey, publicJwk: { ...(await exportJWK(publicKey)), alg, kid: `${clientId}-1` }, alg };
}

/** FHIR_CLIENTS's entry for a key client. */
export function keyRegistration(client: KeyClient, scopes: string[]) {
  return { clientId: client.clientId, scopes, jwks: { keys: [client.publicJwk] } };
}

/** FHIR_CLIENTS's entry for a secret client: the SHA-256 of the secret, never the secret. */
export function secretRegistration(clientId: string, secret: string, scopes: string[]) {
  return { clientId, scopes, clientSecretSha256: createHash('sha256').update(secret).digest('hex') };
}

/** A client assertion (RFC 7523) signed with the client's key; `overrides` change claims to make bad ones. */
export async function signAssertion(
  server: TestServer,
  client: KeyClient,
  overrides: {
    aud?: string;
    expiresInSeconds?: number;
    jti?: string;
    iss?: string;
    key?: CryptoKey;
    alg?: string;
  } = {},
): Promise<string> {
  const now = Math.floor(server.clock.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: overrides.alg ?? client.alg, kid: client.publicJwk.kid!, typ: 'JWT' })
    .setIssuer(overrides.iss ?? client.clientId)
    .setSubject(overrides.iss ?? client.clientId)
    .setAudience(overrides.aud ?? `${server.config.publicUrl}/auth/token`)
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.expiresInSeconds ?? 240))
    .setJti(overrides.jti ?? randomUUID())
    .sign(overrides.key ?? client.privateKey);
}

/** POST /auth/token with a form body (and headers, e.g. Basic credentials). */
export function requestToken(server: TestServer, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.config.publicUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

export function assertionForm(assertion: string, scope: string): Record<string, string> {
  return {
    grant_type: 'client_credentials',
    scope,
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
  };
}

/** An access token for a key client from the token endpoint (fails the test if refused). */
export async function tokenFor(server: TestServer, client: KeyClient, scope: string): Promise<string> {
  const response = await requestToken(server, assertionForm(await signAssertion(server, client), scope));
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  if (response.status !== 200 || !body.access_token) {
    throw new Error(`token refused: ${response.status} ${body.error_description}`);
  }
  return body.access_token;
}

/**
 * An access token made outside the token endpoint with the server's own derivation of the key from APP_SECRET (or
 * another secret, for a forgery), to test what the API does with expired, foreign or wrong-audience tokens.
 */
export async function craftAccessToken(
  server: TestServer,
  claims: { sub: string; scope: string; aud?: string; expiresInSeconds?: number; secret?: string },
): Promise<string> {
  const secret = claims.secret ?? server.config.appSecret!;
  const key = createHmac('sha256', secret).update('pid5 fhir access token v1').digest();
  const now = Math.floor(server.clock.now().getTime() / 1000);
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(server.config.publicUrl.replace(/\/$/, ''))
    .setAudience(claims.aud ?? server.config.fhir.canonicalBase)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 300))
    .sign(key);
}

/** GET on the FHIR API with a bearer token (no cookie). */
export function fhirGet(server: TestServer, path: string, token?: string) {
  return fetch(`${server.config.publicUrl}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}
