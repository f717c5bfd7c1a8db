import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileCatalogue } from './compile-catalogue';
import { pseudoCatalogue, pseudoText } from './pseudo-locale';

describe('compiled catalogues', () => {
  const compiled = compileCatalogue({
    left: '{count, plural, one {# statement is} other {# statements are}} left',
    hello: 'Hello {name}',
  });

  it('are read by the runtime with plurals and arguments filled in', () => {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en', messages: compiled });
    expect(i18n._('left', { count: 1 })).toBe('1 statement is left');
    expect(i18n._('left', { count: 3 })).toBe('3 statements are left');
    expect(i18n._('hello', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('refuse a message that is not ICU, naming its key', () => {
    expect(() => compileCatalogue({ broken: 'Hello {name' })).toThrow(/broken is not valid ICU/);
  });

  it('make a pseudo-locale that wraps every message and keeps its arguments working', () => {
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale: 'en-XA', messages: pseudoCatalogue(compiled) });
    const text = i18n._('left', { count: 2 });
    expect(text.startsWith('⟦') && text.endsWith('⟧')).toBe(true);
    expect(text).toContain('2 ');
    expect(text).not.toContain('statements');
    expect(i18n._('hello', { name: 'Ada' })).toMatch(/^⟦.*Ada⟧$/);
  });

  it('leave the markup tags of a rich message alone', () => {
    expect(pseudoText('Read <0>the terms</0>')).toMatch(/^.*<0>.*<\/0>$/);
  });
});
