import { describe, expect, it } from 'vitest';
import { demoReportInput } from '../../test/report-input';
import { pdfWords } from '../../test/results-test-helpers';
import {
  cleanReportName,
  countCharacters,
  resolveReportName,
  unprintableCharacters,
  visualWordOrder,
} from './report-name';
import { renderReportPdf } from './report-pdf';

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

  it('refuses a name with characters the report font has no glyph for, naming them, instead of printing boxes', () => {
    expect(unprintableCharacters('Zoë Ångström Жанна Ελένη דוד כהן محمد علي')).toEqual([]);
    expect(unprintableCharacters('王小明 Wang 小')).toEqual(['王', '小', '明']);
    expect(() => resolveReportName({ requested: '王小明 Wang', isAdminView: false })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        message: expect.stringMatching(/^The report cannot print 王 小 明: its font covers Latin, Greek, Cyrillic/),
      }),
    );
  });

  it.each([
    ['Jane Doe', ['Jane', 'Doe']],
    ['דוד כהן', ['כהן', 'דוד']],
    ['محمد علي', ['علي', 'محمد']],
    ['Ali محمد علي', ['Ali', 'علي', 'محمد']],
    ['محمد علي Smith Jones', ['Smith', 'Jones', 'علي', 'محمد']],
    ['דוד 2 כהן', ['כהן', '2', 'דוד']],
    ['Jane 2 Doe', ['Jane', '2', 'Doe']],
  ])('puts the words of %j in page order, left to right: %j', (name, expected) => {
    expect(visualWordOrder(name)).toEqual(expected);
  });
});

describe('the name line of the report', () => {
  async function nameLine(name: string): Promise<{ text: string; x: number }[]> {
    const words = await pdfWords(await renderReportPdf(demoReportInput({ name })));
    const label = words.find((word) => word.text === 'Name:');
    expect(label).toBeDefined();
    return words.filter((word) => word.y === label?.y && word.text !== 'Name:').sort((a, b) => a.x - b.x);
  }

  // pdftotext gives the glyphs of a right-to-left word in page order, i.e. reversed.
  const reversed = (word: string) => [...word].reverse().join('');

  it('prints a Hebrew name as separate words, the first one on the right', async () => {
    const words = await nameLine('דוד כהן');
    expect(words.map((word) => word.text)).toEqual([reversed('כהן'), reversed('דוד')]);
  });

  it('prints an Arabic name after a Latin one with each word apart, in reading order', async () => {
    const words = await nameLine('Ali محمد علي');
    expect(words).toHaveLength(3);
    expect(words[0]?.text).toBe('Ali');
  });

  it('prints a left-to-right name as typed', async () => {
    const words = await nameLine('Zoë Ångström Жанна');
    expect(words.map((word) => word.text)).toEqual(['Zoë', 'Ångström', 'Жанна']);
  });
});
