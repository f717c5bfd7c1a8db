import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts a value under a key derived from a secret that the database never holds (the session
 * cookie token, of which only a SHA-256 is stored). A copy of the database therefore cannot be
 * used to act as a member at the institute's provider (AES-256-GCM, key from HKDF-SHA256).
 */
const SALT = 'pid5/session-provider-tokens';

function keyFor(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), SALT, purpose, 32));
}

export function sealWithSecret(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

/** The plaintext, or null when the sealed value is malformed or was sealed with another secret. */
export function openWithSecret(secret: string, purpose: string, sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) {
    return null;
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
