import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes, base64url (256-bit session tokens, 128-bit patient link codes). */
export function createRandomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as their SHA-256 so a copy of the database cannot be replayed as sessions (links: link-codes.ts). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
