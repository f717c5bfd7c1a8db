import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoItemSet } from '@pid5/instrument';
import { DataFileError } from '../../lib/read-json-file';
import { parseConfig, type ConfigError } from '../../config';
import { loadItemSet, loadItemSets } from './load-item-set';

const dir = mkdtempSync(join(tmpdir(), 'item-set-'));

function writeJson(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const validSet = {
  id: 'institute-de-1',
  title: 'Licensed German items',
  language: 'de',
  source: 'Licensed from the publisher',
  licenceNote: 'For use by the institute only',
  answerLabels: ['Trifft gar nicht zu', 'Trifft eher nicht zu', 'Trifft eher zu', 'Trifft genau zu'],
  items: Array.from({ length: 220 }, (_, i) => ({ number: 220 - i, text: `Aussage ${220 - i}` })),
};

describe('loadItemSet', () => {
  it('uses the demonstration set when no file is configured, with the spec answer labels', () => {
    const itemSet = loadItemSet({ file: undefined });
    expect(itemSet.id).toBe(demoItemSet.id);
    expect(itemSet.isDemo).toBe(true);
    expect(itemSet.items).toHaveLength(220);
    expect(itemSet.answerLabels).toEqual([
      'Very False or Often False',
      'Sometimes or Somewhat False',
      'Sometimes or Somewhat True',
      'Very True or Often True',
    ]);
  });

  it("loads an institute's file (any order, its own answer labels), sorted by item number", () => {
    const itemSet = loadItemSet({ file: writeJson('valid.json', validSet) });
    expect(itemSet).toMatchObject({ id: 'institute-de-1', language: 'de', isDemo: false });
    expect(itemSet.answerLabels[3]).toBe('Trifft genau zu');
    expect(itemSet.items[0]).toEqual({ number: 1, text: 'Aussage 1' });
    expect(itemSet.items[219]).toEqual({ number: 220, text: 'Aussage 220' });
  });

  it('accepts a file saved with a byte-order mark', () => {
    const file = writeJson('bom.json', `\uFEFF${JSON.stringify(validSet)}`);
    expect(loadItemSet({ file }).id).toBe('institute-de-1');
  });

  it('refuses a missing file, naming it', () => {
    const file = join(dir, 'nope.json');
    expect(() => loadItemSet({ file })).toThrow(DataFileError);
    expect(() => loadItemSet({ file })).toThrow(`ITEM_SET_FILE ${file}: cannot read the item set (file not found)`);
  });

  it('refuses a file that is not JSON', () => {
    const file = writeJson('broken.json', '{ "id": ');
    expect(() => loadItemSet({ file })).toThrow(/^ITEM_SET_FILE .*broken\.json: not valid JSON/);
  });

  it('refuses a malformed item set, naming the problems', () => {
    const items = validSet.items
      .filter((item) => item.number !== 17)
      .map((item) => (item.number === 3 ? { ...item, text: '' } : item));
    const file = writeJson('bad.json', { ...validSet, items });
    expect(() => loadItemSet({ file })).toThrow(
      /ITEM_SET_FILE .*bad\.json: Invalid item set: .*item 3: text is empty.*missing item 17/,
    );
  });
});

describe('loadItemSets (one item set per language)', () => {
  const german = { ...validSet, id: 'institute-de-2' };
  const english = {
    ...validSet,
    id: 'institute-en-1',
    language: 'en-GB',
    answerLabels: undefined,
    items: validSet.items.map((item) => ({ ...item, text: `Statement ${item.number}` })),
  };

  it('loads our demonstration sets in English and German when no file is configured', () => {
    const sets = loadItemSets({ file: undefined, files: [], defaultLanguage: 'en' });
    expect(sets.languages).toEqual(['en', 'de']);
    expect(sets.get('en')?.id).toBe('demo-en-1');
    expect(sets.get('de')).toMatchObject({ id: 'demo-de-1', language: 'de', isDemo: true });
    expect(sets.get('de')?.answerLabels[0]).toBe('Trifft überhaupt nicht zu');
    expect(sets.default.id).toBe('demo-en-1');
    expect(loadItemSets({ file: undefined, files: [], defaultLanguage: 'de' }).default.id).toBe('demo-de-1');
    expect(sets.usesDemonstrationItems).toBe(true);
  });

  it('loads exactly the files of ITEM_SET_FILES, each for the language it is listed under (en-GB serves en)', () => {
    const sets = loadItemSets({
      file: undefined,
      files: [
        { language: 'de', file: writeJson('files-de.json', german) },
        { language: 'en', file: writeJson('files-en.json', english) },
      ],
      defaultLanguage: 'de',
    });
    expect(sets.languages).toEqual(['en', 'de']);
    expect(sets.get('en')?.id).toBe('institute-en-1');
    expect(sets.get('de')?.id).toBe('institute-de-2');
    expect(sets.defaultLanguage).toBe('de');
  });

  it('keeps ITEM_SET_FILE working: its own language says which it serves, and no demonstration set is added', () => {
    const sets = loadItemSets({ file: writeJson('single-de.json', german), files: [], defaultLanguage: null });
    expect(sets.languages).toEqual(['de']);
    // DEFAULT_TEST_LANGUAGE unset: English where loaded, else the first language loaded.
    expect(sets.defaultLanguage).toBe('de');
    expect(sets.get('en')).toBeUndefined();
    // A test in a language no longer loaded is shown in the default language's set.
    expect(sets.forTest('en').id).toBe('institute-de-2');
    expect(sets.usesDemonstrationItems).toBe(false);
  });

  it('refuses to start naming every problem of every file', () => {
    const broken = writeJson('files-broken.json', { ...german, items: [] });
    const wrongLanguage = writeJson('files-wrong-language.json', english);
    const missing = join(dir, 'files-missing.json');
    const load = () =>
      loadItemSets({
        file: writeJson('files-french.json', { ...german, language: 'fr' }),
        files: [
          { language: 'de', file: broken },
          { language: 'de', file: wrongLanguage },
          { language: 'en', file: missing },
        ],
        defaultLanguage: 'en',
      });
    expect(load).toThrow(DataFileError);
    let message = '';
    try {
      load();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^ITEM_SET_FILES .*files-broken\.json: Invalid item set: expected 220 items, got 0/),
      expect.stringMatching(
        /^ITEM_SET_FILES .*files-wrong-language\.json: listed for de, but its language is "en-GB" \(en\); list it under its own language$/,
      ),
      `ITEM_SET_FILES ${missing}: cannot read the item set (file not found)`,
      expect.stringMatching(
        /^ITEM_SET_FILE .*files-french\.json: its language "fr" is not a language of the product \(en, de\)$/,
      ),
    ]);
  });

  it('refuses a second set for one language, and a default language without a set', () => {
    expect(() =>
      loadItemSets({
        file: writeJson('again-de.json', german),
        files: [{ language: 'de', file: writeJson('first-de.json', german) }],
        defaultLanguage: 'de',
      }),
    ).toThrow(/^ITEM_SET_FILE .*again-de\.json: a second item set for de \(one item set per language\)$/);
    expect(() =>
      loadItemSets({
        file: undefined,
        files: [{ language: 'de', file: writeJson('only-de.json', german) }],
        defaultLanguage: 'en',
      }),
    ).toThrow(
      'DEFAULT_TEST_LANGUAGE en: no item set is loaded for it (loaded: de); add one to ITEM_SET_FILES or choose a loaded language',
    );
  });
});

describe('ITEM_SET_FILES, DEFAULT_TEST_LANGUAGE and PATIENT_LANGUAGE_SWITCH (config)', () => {
  const parse = (env: Record<string, string>) => parseConfig({ NODE_ENV: 'test', ...env });

  it('reads language:path entries, and defaults to English with switching on', () => {
    const config = parse({ ITEM_SET_FILES: ' en:/etc/pid5/a.json , DE:C:\\items\\b.json' });
    expect(config.itemSetFiles).toEqual([
      { language: 'en', file: '/etc/pid5/a.json' },
      { language: 'de', file: 'C:\\items\\b.json' },
    ]);
    expect(config).toMatchObject({ defaultTestLanguage: null, patientLanguageSwitch: true });
    expect(
      loadItemSets({ file: undefined, files: [], defaultLanguage: config.defaultTestLanguage }).defaultLanguage,
    ).toBe('en');
    expect(parse({}).itemSetFiles).toEqual([]);
    expect(parse({ DEFAULT_TEST_LANGUAGE: 'de', PATIENT_LANGUAGE_SWITCH: 'false' })).toMatchObject({
      defaultTestLanguage: 'de',
      patientLanguageSwitch: false,
    });
  });

  it('names every bad entry: no language, an unknown language, a language twice', () => {
    const problems = (() => {
      try {
        parse({ ITEM_SET_FILES: '/etc/pid5/a.json,fr:/b.json,en:/c.json,en:/d.json', DEFAULT_TEST_LANGUAGE: 'fr' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      'ITEM_SET_FILES: "/etc/pid5/a.json" is not language:path (e.g. en:/etc/pid5/items-en.json,de:/etc/pid5/items-de.json)',
      'ITEM_SET_FILES: "fr" in "fr:/b.json" is not a language of the product (en, de)',
      'ITEM_SET_FILES: en is named more than once (one item set per language)',
      'DEFAULT_TEST_LANGUAGE: one of en, de',
    ]);
  });
});
