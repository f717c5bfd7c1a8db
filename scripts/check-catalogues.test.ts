import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script, tested through its exports
import { catalogueProblems } from './check-catalogues.mjs';

const problems = (catalogues: unknown, used: string[]) => catalogueProblems(catalogues, new Set(used)) as string[];

describe('the catalogue check', () => {
  const en = { page: { 'page.title': 'Title', 'page.count': '{n, plural, one {# test} other {# tests}}' } };

  it('passes matching, used catalogues', () => {
    const de = { page: { 'page.title': 'Titel', 'page.count': '{n, plural, one {# Test} other {# Tests}}' } };
    expect(problems({ en, de }, ['page.title', 'page.count'])).toEqual([]);
  });

  it('names a missing translation, a stale key, a changed argument and an unused key', () => {
    const de = { page: { 'page.count': '{count} Tests', 'page.old': 'Alt' } };
    expect(problems({ en, de }, ['page.count'])).toEqual([
      'de/page.json: page.title has no translation',
      'de/page.json: page.count uses {count}, English {n}',
      'de/page.json: page.old is not in English (a stale key?)',
      'en/page.json: page.title is not used anywhere in apps/ or packages/',
    ]);
  });

  it('names a message that is not ICU and a key in two areas', () => {
    const twice = { page: { 'page.title': 'Title {name' }, other: { 'page.title': 'Again' } };
    const found = problems({ en: twice }, ['page.title']);
    expect(found).toContain('page.title: in both page and other');
    expect(found.some((p) => p.startsWith('en/page.json: page.title is not valid ICU'))).toBe(true);
  });
});
