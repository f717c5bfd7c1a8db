import { describe, expect, it } from 'vitest';
import {
  ZCreateAssessmentRequest,
  fieldErrors,
  matchesDiagnosis,
  parseAssessmentSort,
  parsePageNumber,
} from './assessments';

describe('parseAssessmentSort', () => {
  it('accepts the four sorts and falls back to newest first', () => {
    expect(parseAssessmentSort('answered-asc')).toBe('answered-asc');
    expect(parseAssessmentSort('answered-desc')).toBe('answered-desc');
    expect(parseAssessmentSort('created-asc')).toBe('created-asc');
    expect(parseAssessmentSort('created-desc')).toBe('created-desc');
    expect(parseAssessmentSort(null)).toBe('created-desc');
    expect(parseAssessmentSort('')).toBe('created-desc');
    expect(parseAssessmentSort('CREATED-ASC')).toBe('created-desc');
    expect(parseAssessmentSort('__proto__')).toBe('created-desc');
  });
});

describe('parsePageNumber', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    [null, 1],
    ['0', 1],
    ['-2', 1],
    ['1.5', 1],
    ['abc', 1],
    ['1e400', 1],
  ])('%j → %j', (input, expected) => {
    expect(parsePageNumber(input)).toBe(expected);
  });
});

describe('ZCreateAssessmentRequest', () => {
  const valid = {
    age: 40,
    gender: 'Unspecified',
    race: 'Unspecified',
    country: ' Canada ',
    postalCode: '12345',
    patientId: ' P-1 ',
    dsmCodes: ['F41.1'],
    primaryDsm: 'F41.1',
    termsId: 1,
  };

  it('trims text and accepts the boundaries', () => {
    const parsed = ZCreateAssessmentRequest.parse({ ...valid, age: 1 });
    expect(parsed).toMatchObject({ country: 'Canada', patientId: 'P-1', age: 1 });
    expect(ZCreateAssessmentRequest.safeParse({ ...valid, age: 120 }).success).toBe(true);
    expect(ZCreateAssessmentRequest.safeParse({ ...valid, patientId: 'x'.repeat(64) }).success).toBe(true);
  });

  it('reports every field problem at once, the primary outside the selection included', () => {
    const result = ZCreateAssessmentRequest.safeParse({ ...valid, postalCode: '1234', age: 0, primaryDsm: 'F32.0' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      age: 'Please enter an age between 1 and 120',
      postalCode: 'Please enter exactly 5 digits',
      primaryDsm: 'The primary diagnosis must be one of the chosen diagnoses',
    });
  });
});

describe('matchesDiagnosis', () => {
  const d = { code: 'F60.3', description: 'Borderline personality disorder' };
  it('matches case-insensitively on code and description', () => {
    expect(matchesDiagnosis(d, 'borderline')).toBe(true);
    expect(matchesDiagnosis(d, 'f60')).toBe(true);
    expect(matchesDiagnosis(d, '  ')).toBe(true);
    expect(matchesDiagnosis(d, 'anxiety')).toBe(false);
  });
});
