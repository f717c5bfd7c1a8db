import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../config';
import { retentionCutoff } from './patient-retention';

// RETENTION_YEARS is read at start (a bad value stops the start, saying what is wanted) and counts calendar years.

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (error) {
    return error instanceof ConfigError ? error.problems : [String(error)];
  }
}

describe('RETENTION_YEARS', () => {
  it('is off unless set, and a whole number of years from 1', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).retentionYears).toBeNull();
    expect(parseConfig({ NODE_ENV: 'test', RETENTION_YEARS: '10' }).retentionYears).toBe(10);
  });

  it.each(['0', '-3', '1.5', 'ten', '1000'])('refuses %s, saying what is wanted', (value) => {
    const found = problems({ RETENTION_YEARS: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^RETENTION_YEARS: (a whole number of years, at least 1|at most 200 years)/);
  });

  it('counts calendar years back from now', () => {
    expect(retentionCutoff(new Date('2030-06-15T10:00:00Z'), 10).toISOString()).toBe('2020-06-15T10:00:00.000Z');
    // 29 February in a year without one: the day after 28 February.
    expect(retentionCutoff(new Date('2028-02-29T00:00:00Z'), 1).toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});
