import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl (link codes never reach the logs)', () => {
  it.each([
    ['/api/patient/AbCdEf0123456789_-xyZ/answers/12', '/api/patient/[code]/answers/12'],
    ['/api/patient/AbCdEf0123456789_-xyZ', '/api/patient/[code]'],
    ['/test/AbCdEf0123456789_-xyZ?x=1', '/test/[code]?x=1'],
    ['/consent/AbCdEf0123456789_-xyZ', '/consent/[code]'],
    ['/api/assessments/12', '/api/assessments/12'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
