import { describe, expect, it } from 'vitest';
import { isoFromMs } from './iso-time';

describe('isoFromMs', () => {
  it('writes exactly what Date.toISOString writes', () => {
    const edges = [
      0,
      -1,
      1,
      999,
      1000,
      86_399_999,
      86_400_000,
      -86_400_000,
      -86_400_001,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 10, 24, 4, 41, 12, 123),
      Date.UTC(1969, 11, 31, 23, 59, 59, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      Date.UTC(-1, 5, 1, 12),
      -8.64e15,
      8.64e15,
    ];
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Random times over two centuries, and runs within one day (the cached day) in and out of order.
    const randoms = Array.from({ length: 20_000 }, () => Math.round((random() - 0.5) * 6.4e12));
    const sameDay = Array.from({ length: 2_000 }, () => Date.UTC(2026, 0, 1) + Math.floor(random() * 86_400_000));
    for (const ms of [...edges, ...randoms, ...sameDay, ...edges]) {
      expect(isoFromMs(ms), String(ms)).toBe(new Date(ms).toISOString());
    }
  });
});
