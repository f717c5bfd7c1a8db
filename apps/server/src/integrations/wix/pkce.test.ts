import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertVerifierLength, codeChallengeS256, createCodeVerifier, createState } from './pkce';

describe('PKCE (RFC 7636)', () => {
  it('derives the S256 challenge of the RFC 7636 Appendix B example', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes 43-character verifiers from the unreserved alphabet by default, and any length from 43 to 128', () => {
    for (const length of [undefined, 43, 64, 128] as const) {
      const verifier = createCodeVerifier(length);
      expect(verifier).toHaveLength(length ?? 43);
      expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
      expect(codeChallengeS256(verifier)).toBe(createHash('sha256').update(verifier).digest('base64url'));
    }
    expect(new Set(Array.from({ length: 50 }, () => createCodeVerifier())).size).toBe(50);
  });

  it("refuses other lengths with the spec's message", () => {
    expect(() => createCodeVerifier(42)).toThrow('Expected a length between 43 and 128. Received 42.');
    expect(() => createCodeVerifier(129)).toThrow('Expected a length between 43 and 128. Received 129.');
    expect(() => codeChallengeS256('too-short')).toThrow('Expected a length between 43 and 128. Received 9.');
    expect(() => assertVerifierLength(43)).not.toThrow();
    expect(() => assertVerifierLength(128)).not.toThrow();
  });

  it('draws every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const sample = Array.from({ length: 400 }, () => createCodeVerifier(128)).join('');
    for (const c of sample) {
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(66);
    const expected = sample.length / 66;
    for (const n of counts.values()) {
      expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
    }
  });

  it('makes 256-bit base64url states', () => {
    const state = createState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createState()).not.toBe(state);
  });
});
