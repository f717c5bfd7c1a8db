import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, guardCsvCell, readStoredScore } from './export-csv';
import { containsPattern } from './assessments.repo';
import { pageCountFor } from './assessments.service';

describe('guardCsvCell (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['P-001', 'P-001'],
    ['a=b', 'a=b'],
    ['', ''],
    [" '=already", " '=already"],
  ])('%j → %j', (input, expected) => {
    expect(guardCsvCell(input)).toBe(expected);
  });
});

describe('readStoredScore', () => {
  it('reads numbers from the stored shape and nothing else', () => {
    const scores = { facets: { Anx: { score: 1.25, srf: -0.5, irf: null } }, domains: { NegAf: { score: 'x' } } };
    expect(readStoredScore(scores, 'facets', 'Anx', 'score')).toBe(1.25);
    expect(readStoredScore(scores, 'facets', 'Anx', 'srf')).toBe(-0.5);
    expect(readStoredScore(scores, 'facets', 'Anx', 'irf')).toBeNull();
    expect(readStoredScore(scores, 'domains', 'NegAf', 'score')).toBeNull();
    expect(readStoredScore(null, 'facets', 'Anx', 'score')).toBeNull();
    expect(readStoredScore('garbage', 'facets', 'Anx', 'score')).toBeNull();
  });
});

describe('CSV columns', () => {
  it('has 19 fixed columns then score, SRF and IRF for 25 facets and 5 domains', () => {
    expect(CSV_HEADERS).toHaveLength(19 + 30 * 3);
    expect(CSV_HEADERS.slice(19, 22)).toEqual(['Anh Score', 'Anh SRF', 'Anh IRF']);
    expect(CSV_HEADERS.at(-1)).toBe('Psych IRF');
  });
});

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('abc')).toBe('%abc%');
    expect(containsPattern('50%_x')).toBe('%50\\%\\_x%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});

describe('pageCountFor', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(10)).toBe(1);
    expect(pageCountFor(11)).toBe(2);
    expect(pageCountFor(25)).toBe(3);
  });
});
