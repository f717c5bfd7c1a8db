import { describe, expect, it } from 'vitest';
import { createLinkCodes, linkCodeOf } from './link-codes';
import { hashToken } from './tokens';

describe('patient link codes', () => {
  const codes = createLinkCodes('a-test-secret-that-is-long-enough-0123');

  it('are 128-bit base64url codes whose hash is stored, re-derivable from the nonce', () => {
    const link = codes.create();
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(link.code, 'base64url')).toHaveLength(16);
    expect(link.codeHash).toBe(hashToken(link.code));
    expect(codes.codeFor(link.nonce)).toBe(link.code);
    expect(link.nonce).not.toBe(link.code);
  });

  it('cannot be derived without the secret', () => {
    const link = codes.create();
    expect(createLinkCodes('another-secret-that-is-long-enough-456').codeFor(link.nonce)).not.toBe(link.code);
  });

  it('are different for every test', () => {
    const made = new Set(Array.from({ length: 1000 }, () => codes.create().code));
    expect(made.size).toBe(1000);
  });

  it('falls back to a stored code for rows made before nonces', () => {
    expect(linkCodeOf({ linkNonce: null, testCode: 'legacy-code' }, codes)).toBe('legacy-code');
    const link = codes.create();
    expect(linkCodeOf({ linkNonce: link.nonce, testCode: null }, codes)).toBe(link.code);
  });
});
