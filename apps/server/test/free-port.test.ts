import { describe, expect, it } from 'vitest';
import { onFreePort } from './free-port';

// The test servers' start on a probed port (test-server.ts, server-process.ts): tried again only when the port was
// taken in between.

describe('onFreePort', () => {
  it('tries another port when the first was taken, and returns what the start returned', async () => {
    const ports: number[] = [];
    const result = await onFreePort(async (port) => {
      ports.push(port);
      if (ports.length === 1) {
        throw new Error(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`);
      }
      return 'started';
    });
    expect(result).toBe('started');
    expect(ports).toHaveLength(2);
    expect(ports.every((port) => port > 0)).toBe(true);
  });

  it('gives up after three taken ports', async () => {
    let tries = 0;
    await expect(
      onFreePort(async () => {
        tries++;
        throw new Error('listen EADDRINUSE');
      }),
    ).rejects.toThrow('EADDRINUSE');
    expect(tries).toBe(3);
  });

  it('fails at once on any other error', async () => {
    let tries = 0;
    await expect(
      onFreePort(async () => {
        tries++;
        throw new Error('server exited during start (code 1)');
      }),
    ).rejects.toThrow('code 1');
    expect(tries).toBe(1);
  });
});
