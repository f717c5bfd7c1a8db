import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSystemClients } from './system-clients';

// FHIR_CLIENTS (decision 0057): read inline or from a file, and every mistake an operator can make stops the start with
// a message naming it.

const PUBLIC_RSA = { kty: 'RSA', alg: 'RS384', kid: 'k1', n: 'sXch', e: 'AQAB' };
const SECRET_HASH = 'a'.repeat(64);

describe('loadSystemClients', () => {
  it('reads inline JSON and a file, by client id; unset means no clients', () => {
    const clients = [
      { clientId: 'ehr', scopes: ['system/Observation.read'], jwks: { keys: [PUBLIC_RSA] } },
      { clientId: 'lab', scopes: ['system/QuestionnaireResponse.read'], clientSecretSha256: SECRET_HASH },
    ];
    expect([...loadSystemClients(JSON.stringify(clients)).keys()]).toEqual(['ehr', 'lab']);
    const file = join(mkdtempSync(join(tmpdir(), 'pid5-clients-')), 'clients.json');
    writeFileSync(file, JSON.stringify(clients));
    expect(loadSystemClients(file).get('lab')?.clientSecretSha256).toBe(SECRET_HASH);
    expect(loadSystemClients(null).size).toBe(0);
  });

  it.each([
    ['not JSON', '[{', /FHIR_CLIENTS: not valid JSON/],
    ['a missing file', '/nonexistent/clients.json', /FHIR_CLIENTS \/nonexistent\/clients.json: cannot read/],
    [
      'an unknown scope',
      JSON.stringify([{ clientId: 'a', scopes: ['system/Patient.read'], clientSecretSha256: SECRET_HASH }]),
      /0\.scopes\.0: a scope is one of system\/Observation\.read, system\/QuestionnaireResponse\.read/,
    ],
    [
      'both ways of authenticating',
      JSON.stringify([
        {
          clientId: 'a',
          scopes: ['system/Observation.read'],
          clientSecretSha256: SECRET_HASH,
          jwks: { keys: [PUBLIC_RSA] },
        },
      ]),
      /exactly one of jwks \(private_key_jwt\) or clientSecretSha256/,
    ],
    [
      'a private key',
      JSON.stringify([
        { clientId: 'a', scopes: ['system/Observation.read'], jwks: { keys: [{ ...PUBLIC_RSA, d: 'x' }] } },
      ]),
      /a private key .* register the public key only/,
    ],
    [
      'an algorithm SMART does not name',
      JSON.stringify([
        { clientId: 'a', scopes: ['system/Observation.read'], jwks: { keys: [{ ...PUBLIC_RSA, alg: 'RS256' }] } },
      ]),
      /alg must be RS384 or ES384/,
    ],
    [
      'a secret in the clear',
      JSON.stringify([{ clientId: 'a', scopes: ['system/Observation.read'], clientSecretSha256: 'hunter2' }]),
      /the SHA-256 of the secret, 64 lowercase hex digits/,
    ],
    [
      'the same client twice',
      JSON.stringify([
        { clientId: 'a', scopes: ['system/Observation.read'], clientSecretSha256: SECRET_HASH },
        { clientId: 'a', scopes: ['system/Observation.read'], clientSecretSha256: SECRET_HASH },
      ]),
      /each clientId once/,
    ],
    [
      'an unknown field',
      JSON.stringify([
        { clientId: 'a', scopes: ['system/Observation.read'], clientSecretSha256: SECRET_HASH, secret: 'x' },
      ]),
      /Unrecognized key/,
    ],
  ])('refuses %s, naming it', (_what, value, message) => {
    expect(() => loadSystemClients(value)).toThrow(message);
  });
});
