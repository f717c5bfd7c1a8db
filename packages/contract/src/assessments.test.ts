import { describe, expect, it } from 'vitest';
import {
  ZCreateAssessmentRequest,
  fieldErrors,
  matchesDiagnosis,
  parseAssessmentSort,
  parsePageNumber,
} from './assessments';
import { COUNTRIES, countriesWithFirst, countryCodeFor, displayCountry } from './countries';

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
    postalCode: 'K1A 0B1',
    patientId: ' P-1 ',
    dsmCodes: ['F41.1'],
    primaryDsm: 'F41.1',
    termsId: 1,
  };

  it('trims text and accepts the boundaries', () => {
    const parsed = ZCreateAssessmentRequest.parse({ ...valid, age: 18 });
    expect(parsed).toMatchObject({ country: 'CA', patientId: 'P-1', age: 18 });
    expect(ZCreateAssessmentRequest.safeParse({ ...valid, age: 120 }).success).toBe(true);
    expect(ZCreateAssessmentRequest.safeParse({ ...valid, patientId: 'x'.repeat(64) }).success).toBe(true);
  });

  it('refuses an age below 18 for every form, saying the PID-5 is an adult self-report', () => {
    for (const form of ['FULL', 'SF', 'BF'] as const) {
      for (const age of [1, 12, 17]) {
        const result = ZCreateAssessmentRequest.safeParse({ ...valid, form, age });
        expect(result.success, `${form} ${age}`).toBe(false);
        expect(fieldErrors(result.error!).age).toBe(
          'The PID-5 is an adult self-report: the patient must be 18 or older',
        );
      }
    }
  });

  it('reports every field problem at once, the primary outside the selection included', () => {
    const result = ZCreateAssessmentRequest.safeParse({
      ...valid,
      country: 'US',
      postalCode: '1234',
      age: 0,
      primaryDsm: 'F32.0',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      age: 'The PID-5 is an adult self-report: the patient must be 18 or older',
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

describe('countries and postal codes', () => {
  const valid = {
    age: 40,
    gender: 'Unspecified',
    race: 'Unspecified',
    patientId: 'P-1',
    dsmCodes: ['F41.1'],
    primaryDsm: 'F41.1',
    termsId: 1,
  };
  const check = (country: string, postalCode: string) => {
    const result = ZCreateAssessmentRequest.safeParse({ ...valid, country, postalCode });
    return result.success ? result.data.country : fieldErrors(result.error);
  };

  it.each([
    ['US', '12345', 'US'],
    ['GB', 'SW1A 1AA', 'GB'],
    ['NL', '1012 AB', 'NL'],
    ['CA', 'K1A 0B1', 'CA'],
    ['DE', '10115', 'DE'],
    ['United Kingdom', 'EC1A 1BB', 'GB'],
    ['usa', '02139', 'US'],
    ['HK', '', 'HK'], // no postal codes in Hong Kong
  ])('accepts %s with %j as %s', (country, postalCode, code) => {
    expect(check(country, postalCode)).toBe(code);
  });

  it('keeps the spec rule and message for the United States', () => {
    expect(check('US', '1234')).toEqual({ postalCode: 'Please enter exactly 5 digits' });
    expect(check('US', '12345-6789')).toEqual({ postalCode: 'Please enter exactly 5 digits' });
    expect(check('US', 'SW1A 1AA')).toEqual({ postalCode: 'Please enter exactly 5 digits' });
  });

  it("checks other countries' postal codes by their own rule, naming the country", () => {
    expect(check('NL', '12345')).toEqual({ postalCode: 'Please enter a valid postal code for Netherlands' });
    expect(check('GB', '12345')).toEqual({ postalCode: 'Please enter a valid postal code for United Kingdom' });
    expect(check('CA', '')).toEqual({ postalCode: 'Please enter a postal code for Canada' });
  });

  it('refuses a country that is not on the list, with the postal code unjudged', () => {
    expect(check('Atlantis', '12345')).toEqual({ country: 'Please choose a country from the list' });
    expect(check('', '12345')).toEqual({ country: 'Please choose a country' });
  });

  it('reports the postal code together with other field problems', () => {
    const result = ZCreateAssessmentRequest.safeParse({ ...valid, age: 0, country: 'NL', postalCode: 'x' });
    expect(result.success).toBe(false);
    expect(Object.keys(fieldErrors(result.error!)).sort()).toEqual(['age', 'postalCode']);
  });

  it('lists the institute default first and reads stored countries', () => {
    expect(countriesWithFirst('NL')[0]).toEqual({ code: 'NL', name: 'Netherlands' });
    expect(countriesWithFirst('NL').filter((c) => c.code === 'NL')).toHaveLength(1);
    expect(COUNTRIES).toHaveLength(countriesWithFirst('US').length);
    expect(displayCountry('GB')).toBe('United Kingdom');
    expect(displayCountry('Atlantis')).toBe('Atlantis');
    expect(countryCodeFor(' the netherlands ')).toBe('NL');
    expect(countryCodeFor('deu')).toBe('DE');
  });
});
