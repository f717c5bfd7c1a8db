import { describe, expect, it } from 'vitest';
import { openWithSecret, sealWithSecret } from './seal';

describe('sealing with a secret the database never holds', () => {
  it('opens with the same secret and purpose only', () => {
    const sealed = sealWithSecret('cookie-token', 'provider-tokens', '{"accessToken":"abc"}');
    expect(sealed).not.toContain('abc');
    expect(openWithSecret('cookie-token', 'provider-tokens', sealed)).toBe('{"accessToken":"abc"}');
    expect(openWithSecret('other-token', 'provider-tokens', sealed)).toBeNull();
    expect(openWithSecret('cookie-token', 'other-purpose', sealed)).toBeNull();
  });

  it('refuses tampered or malformed values', () => {
    const sealed = sealWithSecret('t', 'p', 'hello');
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = `${v}.${iv}.${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}.${tag}`;
    expect(openWithSecret('t', 'p', flipped)).toBeNull();
    expect(openWithSecret('t', 'p', 'not sealed')).toBeNull();
    expect(sealWithSecret('t', 'p', 'hello')).not.toBe(sealed); // a fresh IV every time
  });
});
