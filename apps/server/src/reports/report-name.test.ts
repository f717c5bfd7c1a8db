import { describe, expect, it } from 'vitest';
import { cleanReportName, countCharacters, resolveReportName } from './report-name';

describe('report names', () => {
  it.each([
    ['  Jane Doe  ', 'Jane Doe'],
    ['Zoë Ångström Жанна', 'Zoë Ångström Жанна'],
    ['Ελένη Παπαδοπούλου', 'Ελένη Παπαδοπούλου'],
    ["Seán O'Brien-Núñez", "Seán O'Brien-Núñez"],
    ['<b>Eve</b> <script>alert(1)</script>', '<b>Eve</b> <script>alert(1)</script>'],
    ['Jane\u0000\u0007\u001b[31mDoe', 'Jane [31mDoe'],
    ['Jane\r\nDoe\t', 'Jane Doe'],
    ['Jane\u202eeoD\u202c', 'Jane eoD'],
    ['\u2066Jane\u2069 \u200fDoe', 'Jane Doe'],
    ['Jane\u2028Doe\u0085', 'Jane Doe'],
    ['Jane    Doe', 'Jane Doe'],
    ['Zoe\u0308', 'Zoë'],
    ['   ', ''],
    ['\u0000\u0001', ''],
  ])('cleans %j to %j', (raw, expected) => {
    expect(cleanReportName(raw)).toBe(expected);
  });

  it("prints 'Anonymous' when nothing is left, when no name is given, and always for admins", () => {
    expect(resolveReportName({ requested: ' \t\n ', isAdminView: false })).toBe('Anonymous');
    expect(resolveReportName({ requested: undefined, isAdminView: false })).toBe('Anonymous');
    expect(resolveReportName({ requested: 'Jane Doe', isAdminView: true })).toBe('Anonymous');
    expect(resolveReportName({ requested: ' Jane Doe ', isAdminView: false })).toBe('Jane Doe');
  });

  it('allows 100 characters as a person counts them and refuses more', () => {
    expect(countCharacters('e\u0301'.repeat(100))).toBe(100);
    expect(resolveReportName({ requested: 'e\u0301'.repeat(100), isAdminView: false })).toHaveLength(100);
    expect(resolveReportName({ requested: `  ${'a'.repeat(100)}  `, isAdminView: false })).toBe('a'.repeat(100));
    expect(() => resolveReportName({ requested: 'a'.repeat(101), isAdminView: false })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', statusCode: 400 }),
    );
  });
});
