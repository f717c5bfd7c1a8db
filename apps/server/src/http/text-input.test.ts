import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-input';

describe('findUnstorableText', () => {
  it('names the first string or key the database cannot store, as the error handler names fields', () => {
    expect(findUnstorableText({ country: 'a\u0000b' })).toBe('country');
    expect(findUnstorableText({ dsmCodes: ['F41.1', '\udc00'] })).toBe('dsmCodes.1');
    expect(findUnstorableText({ answers: [{ item: 1, note: { text: '\ud800' } }] })).toBe('answers.0.note.text');
    expect(findUnstorableText({ nested: { 'a\u0000': 1 } })).toBe('nested');
    expect(findUnstorableText('\u0000')).toBe('');
  });

  it('passes everything else, however deep', () => {
    expect(findUnstorableText({ patientId: 'PT-1 😀', age: 3, list: [null, true, 'x'] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    let deep: unknown = 'ok';
    for (let i = 0; i < 100_000; i++) {
      deep = [deep];
    }
    expect(findUnstorableText(deep)).toBeNull();
  });
});
