import { createHmac } from 'node:crypto';
import { createRandomToken, hashToken } from './tokens';

/**
 * Patient link codes (DESIGN.md "Roles and identity"): 128 random-looking bits that are the patient's only credential.
 * The database keeps a random nonce per test and the SHA-256 of the code; the code itself is
 * HMAC(APP_SECRET, nonce), so the server can show the link to the clinician again, while a copy of
 * the database alone (without the secret) cannot produce a working link.
 */
export interface LinkCodes {
  /** A new code for a new test: the code to show, the nonce and hash to store. */
  create(): { code: string; nonce: string; codeHash: string };
  /** The code of a stored test, from its nonce. */
  codeFor(nonce: string): string;
  /** The tag that proves a link session id was issued by this server (link-session cookies: `id.tag`). */
  linkSessionTag(id: string): string;
}

export function createLinkCodes(secret: string): LinkCodes {
  const codeFor = (nonce: string) =>
    createHmac('sha256', secret).update(`patient-link:${nonce}`).digest().subarray(0, 16).toString('base64url');
  return {
    create() {
      const nonce = createRandomToken(16);
      const code = codeFor(nonce);
      return { code, nonce, codeHash: hashToken(code) };
    },
    codeFor,
    linkSessionTag: (id) =>
      createHmac('sha256', secret).update(`link-session:${id}`).digest().subarray(0, 16).toString('base64url'),
  };
}

/** The link code of an assessment row: derived from its nonce (rows made before nonces kept the code itself). */
export function linkCodeOf(row: { linkNonce: string | null; testCode: string | null }, linkCodes: LinkCodes): string {
  if (row.linkNonce) {
    return linkCodes.codeFor(row.linkNonce);
  }
  return row.testCode ?? '';
}
