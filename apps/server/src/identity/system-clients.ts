import { z } from 'zod';
import { DataFileError, readJsonFile } from '../lib/read-json-file';

// The machine clients registered for the FHIR read API (FHIR_CLIENTS; decision 0057): each one's id, how it
// proves who it is (a public JWK Set for signed assertions, or the SHA-256 of a generated secret), and the scopes it
// may be granted. Read and checked once at start; a problem stops the start naming it.

/** The scopes the read API knows (SMART v1 system scopes): one per resource type it serves to machine clients. */
export const SYSTEM_SCOPES = ['system/Observation.read', 'system/QuestionnaireResponse.read'] as const;
export type SystemScope = (typeof SYSTEM_SCOPES)[number];

export function isSystemScope(scope: string): scope is SystemScope {
  return (SYSTEM_SCOPES as readonly string[]).includes(scope);
}

/**
 * The SMART v2 names of the same grants: `rs` (read and search) is what a v1 `.read` scope allows. A v2 scope that
 * asks for less (`.r`, `.s`) or more (`c`, `u`, `d`) is not offered: the API's reads and searches go together.
 */
export const SMART_V2_SCOPES: Readonly<Record<string, SystemScope>> = {
  'system/Observation.rs': 'system/Observation.read',
  'system/QuestionnaireResponse.rs': 'system/QuestionnaireResponse.read',
};

/** Every scope name a client may ask for or be registered with: the v1 names and their v2 equivalents. */
export const ACCEPTED_SCOPES = [...SYSTEM_SCOPES, ...Object.keys(SMART_V2_SCOPES)];

/** The grant a scope name (v1 or v2) stands for, or null when it is none the API offers. */
export function canonicalScope(scope: string): SystemScope | null {
  return isSystemScope(scope) ? scope : (SMART_V2_SCOPES[scope] ?? null);
}

/** The signing algorithms a client's assertion may use (SMART Backend Services: RS384 and ES384). */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;

const ZPublicJwk = z
  .object({
    kty: z.enum(['RSA', 'EC'], { error: 'kty must be RSA (for RS384) or EC (for ES384)' }),
    alg: z.enum(ASSERTION_ALGORITHMS, { error: 'alg must be RS384 or ES384' }).optional(),
    kid: z.string().max(200).optional(),
  })
  .loose()
  // A private key in the server's configuration would be a key the client no longer holds alone.
  .refine((key) => !('d' in key), 'a private key (it has "d"): register the public key only');

const ZSystemClient = z
  .object({
    clientId: z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/, 'clientId: 1-64 letters, digits, ".", "_", "~" or "-"'),
    scopes: z
      .array(
        z
          .string()
          .refine((scope) => canonicalScope(scope) !== null, `a scope is one of ${ACCEPTED_SCOPES.join(', ')}`)
          .transform((scope) => canonicalScope(scope)!),
      )
      .min(1, 'scopes: at least one'),
    jwks: z.object({ keys: z.array(ZPublicJwk).min(1, 'jwks.keys: at least one key') }).optional(),
    clientSecretSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'clientSecretSha256: the SHA-256 of the secret, 64 lowercase hex digits')
      .optional(),
  })
  .strict()
  .refine(
    (client) => (client.jwks === undefined) !== (client.clientSecretSha256 === undefined),
    'exactly one of jwks (private_key_jwt) or clientSecretSha256 (client_secret_basic)',
  );

export type SystemClient = z.infer<typeof ZSystemClient>;

const ZSystemClients = z
  .array(ZSystemClient)
  .refine((clients) => new Set(clients.map((c) => c.clientId)).size === clients.length, 'each clientId once');

/**
 * FHIR_CLIENTS: inline JSON (it starts with `[`) or the path of a JSON file, an array of clients; none when unset.
 * Throws a DataFileError listing every problem.
 */
export function loadSystemClients(value: string | null): ReadonlyMap<string, SystemClient> {
  if (value === null) {
    return new Map();
  }
  let raw: unknown;
  if (value.startsWith('[')) {
    try {
      raw = JSON.parse(value);
    } catch (error) {
      throw new DataFileError(`FHIR_CLIENTS: not valid JSON (${(error as Error).message})`);
    }
  } else {
    raw = readJsonFile({ setting: 'FHIR_CLIENTS', file: value, what: 'FHIR client registrations' });
  }
  const parsed = ZSystemClients.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the list)'}: ${issue.message}`);
    throw new DataFileError(`FHIR_CLIENTS: ${problems.join('; ')}`);
  }
  return new Map(parsed.data.map((client) => [client.clientId, client]));
}
