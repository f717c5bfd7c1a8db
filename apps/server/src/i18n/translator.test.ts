import { describe, expect, it } from 'vitest';
import { NOT_SCORED_LABEL, NO_LEVEL_LABEL, VALIDITY_STATUS_LABELS } from '@pid5/contract';
import { DOMAINS, FACETS, LEVEL_KEYS, LEVELS, VALIDITY_STATUS_KEYS, scaleNameKey } from '@pid5/instrument';
import { isMessageKey, loadServerCatalogues, translator } from './translator';
import { requestLanguage } from './request-language';

describe('the server translator', () => {
  it('compiles every catalogue and speaks English and German, with ICU values', () => {
    loadServerCatalogues();
    expect(translator('en')('report.title')).toBe('Personality Profile');
    expect(translator('de')('report.title')).toBe('Persönlichkeitsprofil');
    expect(translator('de')('report.page', { page: 2, pages: 7 })).toBe('Seite 2 von 7');
    expect(translator('en')('results.scale.Anx')).toBe('Anxiousness');
    expect(translator('de')('results.scale.Anx')).toBe('Ängstlichkeit');
  });

  it('knows its keys and nothing else', () => {
    expect(isMessageKey('report.title')).toBe(true);
    expect(isMessageKey('Please try again.')).toBe(false);
    expect(isMessageKey('toString')).toBe(false);
  });
});

describe("a request's language", () => {
  it('is the pid5_lang cookie, else the first Accept-Language the product speaks, else English', () => {
    expect(requestLanguage({ headers: {}, cookies: { pid5_lang: 'de' } })).toBe('de');
    expect(requestLanguage({ headers: { 'accept-language': 'de-DE' }, cookies: { pid5_lang: 'en' } })).toBe('en');
    expect(requestLanguage({ headers: { 'accept-language': 'fr-FR, de-AT;q=0.8, en;q=0.5' } })).toBe('de');
    expect(requestLanguage({ headers: { 'accept-language': 'de-CH' }, cookies: { pid5_lang: 'xx' } })).toBe('de');
    expect(requestLanguage({ headers: { 'accept-language': 'fr, ja' } })).toBe('en');
    expect(requestLanguage({ headers: {} })).toBe('en');
  });
});

describe("the results area's English", () => {
  it('says what the instrument and the contract say: scale names, level words, validity statuses', () => {
    const t = translator('en');
    for (const scale of [...FACETS, ...DOMAINS]) {
      expect(t(scaleNameKey(scale.key))).toBe(scale.name);
    }
    for (const level of LEVELS) {
      expect(t(LEVEL_KEYS[level])).toBe(level);
    }
    expect(t(LEVEL_KEYS.none)).toBe(NO_LEVEL_LABEL);
    expect(t(LEVEL_KEYS.notScored)).toBe(NOT_SCORED_LABEL);
    for (const [status, label] of Object.entries(VALIDITY_STATUS_LABELS)) {
      expect(t(VALIDITY_STATUS_KEYS[status as keyof typeof VALIDITY_STATUS_KEYS])).toBe(label);
    }
  });
});
