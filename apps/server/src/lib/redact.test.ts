import { describe, expect, it } from 'vitest';
import { redactError, redactUrl } from './redact';

describe('redactUrl (no link codes or typed values in the logs)', () => {
  it.each([
    ['/api/patient/AbCdEf0123456789_-xyZ/answers/12', '/api/patient/[code]/answers/12'],
    ['/api/patient/AbCdEf0123456789_-xyZ', '/api/patient/[code]'],
    ['/test/AbCdEf0123456789_-xyZ?x=1', '/test/[code]?[redacted]'],
    ['/consent/AbCdEf0123456789_-xyZ', '/consent/[code]'],
    ['/api/assessments/12', '/api/assessments/12'],
    [
      '/api/assessments/12/report.pdf?name=Jane%20Roe&tz=UTC',
      '/api/assessments/12/report.pdf?name=[redacted]&tz=[redacted]',
    ],
    [
      '/api/assessments?search=PT-1&sort=created-asc&page=2',
      '/api/assessments?search=[redacted]&sort=created-asc&page=2',
    ],
    ['/auth/callback?code=secret&state=xyz', '/auth/callback?code=[redacted]&state=[redacted]'],
    ['/api/assessments?Jane%20Roe=1&page=1', '/api/assessments?[redacted]&page=1'],
    ['/api/assessments?', '/api/assessments?'],
    // A doubled or encoded slash does not move a code out of its place; a typed id in a page address is redacted.
    ['/api/patient//AbCdEf0123456789_-xyZ/answers/3', '/api/patient/[code]/answers/3'],
    ['/api/patient/%2FAbCdEf0123456789_-xyZ', '/api/patient/[code]'],
    ['/details/Jane-Roe-1984', '/details/[redacted]'],
    ['/details/42', '/details/42'],
    ['/assets/index-4f3a2b1c.js', '/assets/index-4f3a2b1c.js'],
    ['/api/./patient/AbC', '/api/patient/[code]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

class DrizzleLikeError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    override readonly cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`);
  }
}

describe('redactError (no statement parameters or quoted values in the logs)', () => {
  it('keeps the SQLSTATE, constraint and call sites of a failed statement, and none of its values', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x_key"'), {
      code: '23505',
      constraint: 'x_key',
      table: 'assessments',
      detail: 'Key (patient_id)=(PT-SECRET) already exists.',
    });
    const error = new DrizzleLikeError('insert into assessments values ($1)', ['PT-SECRET'], cause);
    const logged = redactError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('PT-SECRET');
    expect(text).not.toContain('insert into');
    expect(logged).toMatchObject({
      type: 'DrizzleLikeError',
      cause: { type: 'Error', code: '23505', constraint: 'x_key', table: 'assessments' },
    });
    expect(logged.stack).toMatch(/^ {4}at /);
    expect(logged.message).toMatch(/^\[not logged/);
  });

  it('drops what a JSON syntax error quotes, and any field it does not know (a client error’s raw request)', () => {
    let syntaxError: unknown;
    try {
      JSON.parse('"PT-SECRET');
    } catch (error) {
      syntaxError = error;
    }
    expect(JSON.stringify(redactError(syntaxError))).not.toContain('PT-SECRET');
    const clientError = Object.assign(new Error('Parse Error: Invalid method'), {
      code: 'HPE_INVALID_METHOD',
      rawPacket: Buffer.from('GET /?name=PT-SECRET'),
    });
    expect(redactError(clientError)).toEqual({
      type: 'Error',
      message: 'Parse Error: Invalid method',
      code: 'HPE_INVALID_METHOD',
      stack: clientError.stack,
    });
  });
});
