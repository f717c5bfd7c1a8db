import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { hashLinkCode } from './respondent.service';

describe('hashLinkCode', () => {
  it('hashes a well-formed code (22 base64url characters) with SHA-256', () => {
    expect(hashLinkCode('AbCdEfGhIjKlMnOpQr_-09')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses any other shape as LINK_NOT_FOUND before the database is asked', () => {
    for (const code of [
      '',
      'short',
      'A'.repeat(21),
      'A'.repeat(23),
      `${'A'.repeat(21)}=`,
      `${'A'.repeat(21)}/`,
      '1 OR 1=1 ---------------',
    ]) {
      let error: unknown;
      try {
        hashLinkCode(code);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('LINK_NOT_FOUND');
      expect((error as AppError).statusCode).toBe(404);
    }
  });
});
