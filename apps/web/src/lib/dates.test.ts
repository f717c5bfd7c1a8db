import { describe, expect, it } from 'vitest';
import { daysLeft } from './dates';

const now = new Date('2026-01-15T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3_600_000).toISOString();

describe('daysLeft', () => {
  it('is 30 for a test created now', () => {
    expect(daysLeft(at(30 * 24), now)).toBe(30);
  });

  it('rounds to the nearest whole day', () => {
    expect(daysLeft(at(29 * 24 + 13), now)).toBe(30);
    expect(daysLeft(at(29 * 24 + 11), now)).toBe(29);
    expect(daysLeft(at(12), now)).toBe(1);
    expect(daysLeft(at(11), now)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(daysLeft(at(0), now)).toBe(0);
    expect(daysLeft(at(-1), now)).toBe(0);
    expect(daysLeft(at(-24 * 400), now)).toBe(0);
  });

  it('treats an unreadable date as 0 days', () => {
    expect(daysLeft('not a date', now)).toBe(0);
  });
});
