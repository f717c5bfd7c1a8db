import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

// Countries and postal codes: the country is an ISO 3166-1 alpha-2 code from i18n-iso-countries (English
// names), and the postal code is checked per country by postcode-validator, on the form and on the server alike.
// The United States keep the spec's rule (exactly 5 digits, docs/product-spec.md §5) and its message.

countries.registerLocale(english);

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'US', 'GB', 'NL'. */
  code: string;
  /** The English short name, e.g. 'United Kingdom'. */
  name: string;
}

/** Every ISO 3166-1 country, by English name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** An upper-case ISO 3166-1 alpha-2 code of a listed country. */
export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** The English name of a code, or null for anything else (e.g. a free-text country kept from before codes). */
export function countryName(code: string): string | null {
  return BY_CODE.get(code)?.name ?? null;
}

/** How a stored country reads: a code's name, else the stored text as it is. */
export function displayCountry(stored: string): string {
  return countryName(stored) ?? stored;
}

/** The list with `first` (the institute's default country) at the top, the others by name. */
export function countriesWithFirst(first: string): Country[] {
  const top = BY_CODE.get(first);
  return top ? [top, ...COUNTRIES.filter((country) => country !== top)] : [...COUNTRIES];
}

/**
 * Every name a country goes by, lower-cased: its alpha-2 and alpha-3 codes and every English name i18n-iso-countries
 * lists for it ('us', 'usa', 'united states', 'united states of america'). A name two countries share ('congo')
 * names neither. Migration 0009 holds the same list, generated from this package.
 */
const BY_NAME: ReadonlyMap<string, string> = (() => {
  const byName = new Map<string, string | null>();
  for (const { code } of COUNTRIES) {
    const names = [
      code,
      countries.alpha2ToAlpha3(code) ?? '',
      ...(countries.getName(code, 'en', { select: 'all' }) ?? []),
    ];
    for (const name of names) {
      const key = name.trim().toLowerCase();
      if (key !== '') {
        byName.set(key, byName.has(key) && byName.get(key) !== code ? null : code);
      }
    }
  }
  return new Map([...byName].filter((entry): entry is [string, string] => entry[1] !== null));
})();

/** The code a text names (see BY_NAME), ignoring case and surrounding spaces; null otherwise. */
export function countryCodeFor(text: string): string | null {
  return BY_NAME.get(text.trim().toLowerCase()) ?? null;
}

export const US_POSTAL_CODE_MESSAGE = 'Please enter exactly 5 digits';

/** Whether the country has postal codes that postcode-validator knows (the US always: the spec's rule). */
export function hasPostalCodes(countryCode: string): boolean {
  return countryCode === 'US' || postcodeValidatorExistsForCountry(countryCode);
}

/**
 * What is wrong with a postal code for a country, or null when it is right. US: exactly 5 digits (docs/product-spec.md §5).
 * Countries postcode-validator has a rule for: that rule. Others (e.g. a country without postal codes): any text of
 * at most 20 letters, digits, spaces and dashes, or none.
 */
export function postalCodeProblem(countryCode: string, postalCode: string): string | null {
  const code = postalCode.trim();
  if (countryCode === 'US') {
    return /^[0-9]{5}$/.test(code) ? null : US_POSTAL_CODE_MESSAGE;
  }
  const name = countryName(countryCode) ?? countryCode;
  if (postcodeValidatorExistsForCountry(countryCode)) {
    if (code === '') {
      return `Please enter a postal code for ${name}`;
    }
    return postcodeValidator(code, countryCode) ? null : `Please enter a valid postal code for ${name}`;
  }
  return /^[\p{L}\p{N} -]{0,20}$/u.test(code) ? null : 'Postal codes are at most 20 letters, digits, spaces or dashes';
}
