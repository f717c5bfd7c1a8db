import { createHash, randomBytes } from 'node:crypto';
import { verifierLengthMessage } from '../../auth/login-errors';

/** RFC 7636 §4.1: the code verifier's unreserved characters. */
const VERIFIER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const VERIFIER_MIN_LENGTH = 43;
export const VERIFIER_MAX_LENGTH = 128;

/** Throws the spec's message (§5 Provider rules) unless the verifier has 43 to 128 characters. */
export function assertVerifierLength(length: number): void {
  if (!Number.isInteger(length) || length < VERIFIER_MIN_LENGTH || length > VERIFIER_MAX_LENGTH) {
    throw new RangeError(verifierLengthMessage(length));
  }
}

/**
 * A random code verifier. Unlike the Wix SDK (a random byte modulo 66, which favours some
 * characters), bytes that would bias the draw are rejected, so every character is equally likely.
 */
export function createCodeVerifier(length = VERIFIER_MIN_LENGTH): string {
  assertVerifierLength(length);
  const limit = 256 - (256 % VERIFIER_ALPHABET.length);
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && verifier.length < length) {
        verifier += VERIFIER_ALPHABET[byte % VERIFIER_ALPHABET.length];
      }
    }
  }
  return verifier;
}

/** The S256 challenge: base64url(SHA-256(ASCII(verifier))), no padding (RFC 7636 §4.2). */
export function codeChallengeS256(verifier: string): string {
  assertVerifierLength(verifier.length);
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** An OAuth `state`: 256 random bits, base64url (43 characters, like the SDK's). */
export function createState(): string {
  return randomBytes(32).toString('base64url');
}
